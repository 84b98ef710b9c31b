/** Product visual: the first image, or a light inline drawing (no emoji font needed, no request). */
export function Visual({ src, kind, color }: { src?: string; kind: string; color?: string | null }) {
  if (src)
    return (
      <div className="wzs-visual">
        <img src={src} alt="" loading="lazy" style={{ maxWidth: '100%', maxHeight: '100%' }} />
      </div>
    );
  const fill =
    (
      {
        red: '#5b0f24',
        white: '#e8d9a0',
        rose: '#f2a7b3',
        grey: '#e9d6cf',
        orange: '#e59a4c',
        yellow: '#e6c35c',
        golden: '#d9a441',
        amber: '#b5651d',
        tawny: '#9c4a1a',
        brown: '#4a2a14',
        clairet: '#c2405a',
      } as Record<string, string>
    )[color ?? ''] ?? '#6d1a36';
  return (
    <div className="wzs-visual" aria-hidden="true">
      {kind === 'bottle' ? (
        <svg viewBox="0 0 40 120" width="40%" height="80%">
          <path d="M16 4h8v28c0 4 8 8 8 18v62c0 3-2 4-4 4H12c-2 0-4-1-4-4V50c0-10 8-14 8-18z" fill={fill} />
          <rect x="10" y="64" width="20" height="26" rx="2" fill="#fff" opacity=".85" />
        </svg>
      ) : (
        <svg viewBox="0 0 100 80" width="60%" height="60%">
          <rect x="8" y="24" width="84" height="50" rx="4" fill={fill} />
          <rect x="4" y="14" width="92" height="14" rx="3" fill={fill} opacity=".8" />
          <rect x="46" y="14" width="8" height="60" fill="#fff" opacity=".7" />
        </svg>
      )}
    </div>
  );
}
