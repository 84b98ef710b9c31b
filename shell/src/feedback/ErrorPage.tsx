import { useEffect } from 'react';
import { releaseFirstPaint } from 'shared-kernel/runtime';
/** Spec §8: generic error page, 'Retour à l'application' reloads. */
export function ErrorPage({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  useEffect(releaseFirstPaint, []); // an error must be seen, not hidden behind a shop page's first paint
  return (
    <main className="wz-error-page" role="alert">
      <h1>Une erreur est survenue</h1>
      <p>Nous sommes désolés, quelque chose s'est mal passé.</p>
      <button type="button" className="wz-btn wz-btn--primary" onClick={onReload}>
        Retour à l'application
      </button>
    </main>
  );
}
