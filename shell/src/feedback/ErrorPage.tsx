/** Spec §8: generic error page, 'Retour à l'application' reloads. */
export function ErrorPage({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
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
