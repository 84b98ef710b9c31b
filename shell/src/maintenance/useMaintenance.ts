import { useEffect, useState } from 'react';
import type { Maintenance } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

export const MAINTENANCE_POLL_MS = 10 * 60_000;
export const MAINTENANCE_BANNER_POLL_MS = 60_000;

const isDevelopment = () => process.env.NODE_ENV === 'development';

/**
 * GET /v1/maintenances every 10 min, every 60 s while a banner shows, not while the tab is hidden; skipped in
 * development. A plain effect, not react-query: it runs on every page, public ones included, which load no
 * react-query. A failed request keeps the last answer.
 */
export function useMaintenance(enabled = !isDevelopment()): { data: Maintenance | null | undefined } {
  const [data, setData] = useState<Maintenance | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: Maintenance | null | undefined;
    const schedule = () => {
      if (!stopped) timer = setTimeout(poll, last?.banner ? MAINTENANCE_BANNER_POLL_MS : MAINTENANCE_POLL_MS);
    };
    const poll = () => {
      if (typeof document !== 'undefined' && document.hidden) return schedule();
      api
        .get<Maintenance | null>('/maintenances', { silent: true })
        .then((m) => {
          if (stopped) return;
          last = m ?? null;
          setData(last);
        })
        .catch(() => undefined)
        .finally(schedule);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled]);
  return { data };
}
