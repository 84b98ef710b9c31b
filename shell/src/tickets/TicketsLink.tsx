import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'shared-kernel/router';
import { api, useSession } from 'shared-kernel/runtime';

/** GET /v1/tickets/unread-count: messages of the caller's conversations not read yet (owner: the shop's side). */
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

/** The header's Messagerie icon (owners and buyers) with the number of unread messages. */
export function TicketsLink({ label }: { label: string }) {
  const count = useUnreadTickets();
  return (
    <Link className="wz-icon-btn wz-badge-host" to="/tickets" aria-label={count > 0 ? `${label}, ${count} non lus` : label}>
      <MessageOutlined aria-hidden />
      {count > 0 && (
        <span className="wz-badge" data-testid="tickets-unread" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
export default TicketsLink;
