import { useEffect } from 'react';
import { releaseFirstPaint } from 'shared-kernel/runtime';
/** /remotes.json could not be loaded: nothing to route to; offer a reload. */
export function BootError() {
  useEffect(releaseFirstPaint, []); // an error must be seen, not hidden behind a shop page's first paint
  return (
    <main className="wz-error-page" role="alert">
      <h1>Une erreur est survenue</h1>
      <p>L'application n'a pas pu démarrer (serveur injoignable).</p>
      <button type="button" className="wz-btn wz-btn--primary" onClick={() => window.location.reload()}>
        Retour à l'application
      </button>
    </main>
  );
}
