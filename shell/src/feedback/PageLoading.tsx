/** Light loading placeholder (no antd Spin on the critical path). */
export function PageLoading({ full }: { full?: boolean }) {
  return (
    <div
      className={full ? 'wz-page-loading wz-page-loading--full' : 'wz-page-loading'}
      role="progressbar"
      aria-busy="true"
      aria-label="Chargement"
    >
      <span className="wz-spinner" aria-hidden />
    </div>
  );
}
