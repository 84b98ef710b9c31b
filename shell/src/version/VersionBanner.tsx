import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// the banner (and its icon) loads only once a new version is out
const VersionReloadButton = lazy(() => import('./VersionReloadButton'));

export const VERSION_POLL_MS = 5 * 60_000;

/** GET /version.json → { version } (null when unreachable or malformed). */
export async function fetchVersion(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return typeof body?.version === 'string' || typeof body?.version === 'number' ? String(body.version) : null;
  } catch {
    return null;
  }
}

/** Polls the deployed version every 5 min; once it differs from the first one seen, offers a reload. */
export function VersionBanner({
  intervalMs = VERSION_POLL_MS,
  reload = () => window.location.reload(),
}: {
  intervalMs?: number;
  reload?: () => void;
}) {
  const first = useRef<string | null>(null);
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    let alive = true;
    const check = async () => {
      const v = await fetchVersion();
      if (!alive || v === null) return;
      if (first.current === null) first.current = v;
      else if (v !== first.current) setOutdated(true);
    };
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [intervalMs]);

  if (!outdated) return null;
  return (
    <Suspense fallback={null}>
      <VersionReloadButton reload={reload} />
    </Suspense>
  );
}
