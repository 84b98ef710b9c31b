import { useEffect } from 'react';
import { api, useSession } from 'shared-kernel/runtime';

export const DOCUMENTS_POLL_MS = 30_000;

/** While authenticated in the dashboard layout: GET /v1/documents/to-download every 30 s, open each URL in a new tab. */
export function useDocumentsPolling(intervalMs = DOCUMENTS_POLL_MS): void {
  const jwt = useSession((s) => s.jwt);
  const hasUser = useSession((s) => s.user !== null);
  useEffect(() => {
    if (!jwt || !hasUser) return;
    let alive = true;
    const poll = async () => {
      try {
        const urls = await api.get<string[]>('/documents/to-download', { silent: true });
        if (!alive || !Array.isArray(urls)) return;
        for (const url of urls) if (typeof url === 'string' && url) window.open(url, '_blank', 'noopener');
      } catch {
        /* next round */
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [jwt, hasUser, intervalMs]);
}
