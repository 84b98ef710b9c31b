import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { Link } from 'shared-kernel/router';
import { useUnreadTickets } from './tickets.queries';

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
