import { useEffect } from 'react';
import { releaseFirstPaint } from 'shared-kernel/runtime';
/** The area of a remote that could not be loaded; the rest of the shell keeps working. */
export function RemoteUnavailable({ onRetry, renderError }: { onRetry: () => void; renderError?: boolean }) {
  useEffect(releaseFirstPaint, []); // an error must be seen, not hidden behind a shop page's first paint
  return (
    <section className="wz-remote-unavailable" role="alert" aria-labelledby="wz-remote-unavailable-title">
      <h2 id="wz-remote-unavailable-title">Module indisponible</h2>
      <p>
        {renderError
          ? "Cette partie de l'application a rencontré une erreur. Le reste de l'application reste utilisable."
          : "Cette partie de l'application n'a pas pu être chargée (connexion interrompue ou mise à jour en cours). Le reste de l'application reste utilisable."}
      </p>
      <button type="button" className="wz-btn wz-btn--primary" onClick={onRetry}>
        Réessayer
      </button>
    </section>
  );
}
