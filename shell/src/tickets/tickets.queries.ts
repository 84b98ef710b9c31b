// The header's unread-messages count: GET /v1/tickets/unread-count → { count } (the caller's conversations; owner:
// the shop's side).
import { useQuery } from '@tanstack/react-query';
import { api, useSession } from 'shared-kernel/runtime';

/** Messages not read yet, for a signed-in user: 0 while unknown; refreshed every minute. */
export function useUnreadTickets(): number {
  const userId = useSession((s) => s.user?.id ?? null);
  const jwt = useSession((s) => s.jwt);
  const { data } = useQuery({
    queryKey: ['tickets', 'unread', userId],
    queryFn: () => api.get<{ count: number }>('/tickets/unread-count', { silent: true }),
    enabled: userId !== null && !!jwt,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
  return data?.count ?? 0;
}
