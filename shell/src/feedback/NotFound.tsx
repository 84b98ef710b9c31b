/** Spec §2: unknown route → 404 'This page could not be found'. */
export function NotFound() {
  return (
    <main className="wz-not-found" aria-labelledby="wz-404-title">
      <h1 className="wz-not-found__code">404</h1>
      <div className="wz-not-found__sep" aria-hidden />
      <h2 id="wz-404-title" className="wz-not-found__text">
        This page could not be found
      </h2>
    </main>
  );
}
