import { useQuery } from '@tanstack/react-query';
import type { Maintenance } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

export const MAINTENANCE_POLL_MS = 10 * 60_000;
export const MAINTENANCE_BANNER_POLL_MS = 60_000;

const isDevelopment = () => process.env.NODE_ENV === 'development';

/** GET /v1/maintenances every 10 min, every 60 s while a banner shows; skipped in development. */
export function useMaintenance(enabled = !isDevelopment()) {
  return useQuery({
    queryKey: ['maintenance'],
    queryFn: async () => (await api.get<Maintenance | null>('/maintenances', { silent: true })) ?? null,
    enabled,
    refetchInterval: (query) => (query.state.data?.banner ? MAINTENANCE_BANNER_POLL_MS : MAINTENANCE_POLL_MS),
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 30_000,
  });
}
