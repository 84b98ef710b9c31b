import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { useShellUi } from '../app/ui-store';
import { useUnreadCount } from './useNotifications';

/** Bell with the unread count; opens the notification centre. */
export function NotificationBell({ withLabel }: { withLabel?: boolean }) {
  const count = useUnreadCount();
  const open = useShellUi((s) => s.setNotificationsOpen);
  const label = count > 0 ? `Notifications, ${count} non lues` : 'Notifications';
  return (
    <button type="button" className="wz-icon-btn wz-badge-host" aria-label={label} onClick={() => open(true)}>
      <BellOutlined aria-hidden />
      {count > 0 && (
        <span className="wz-badge" data-testid="notification-count" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
      {withLabel && <span className="wz-bottom-bar__label">Notifications</span>}
    </button>
  );
}
export default NotificationBell;
