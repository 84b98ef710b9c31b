import { useMemo, useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import type { AppNotification } from 'shared-kernel/contracts';
import { safeRedirectLink } from 'shared-kernel/domain';
import { useShellUi } from '../app/ui-store';
import { useMarkAsSeen, useNotifications } from './useNotifications';

type Filter = 'all' | 'unread';

/** Notification centre dialog (spec §2): max width 600, body 500 high, All / Unread, mark all read. */
export default function NotificationCentre() {
  const open = useShellUi((s) => s.notificationsOpen);
  const setOpen = useShellUi((s) => s.setNotificationsOpen);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useNotifications();
  const markAsSeen = useMarkAsSeen();
  const [filter, setFilter] = useState<Filter>('all');

  const list = useMemo(() => data ?? [], [data]);
  const unseenIds = useMemo(() => list.filter((n) => !n.seen).map((n) => n.id), [list]);
  const shown = filter === 'unread' ? list.filter((n) => !n.seen) : list;

  const openOne = async (n: AppNotification) => {
    if (!n.seen) {
      try {
        await markAsSeen.mutateAsync([n.id]);
      } catch {
        /* still follow the link */
      }
    }
    const to = safeRedirectLink(n.redirectLink ?? null);
    if (to) {
      setOpen(false);
      void navigate(to);
    }
  };

  return (
    <Modal
      open={open}
      title="Notifications"
      onCancel={() => setOpen(false)}
      footer={null}
      width="min(600px, 100vw)"
      styles={{ body: { height: 500, overflowY: 'auto' } }}
      destroyOnHidden
    >
      <div className="wz-notif__toolbar">
        <div role="group" aria-label="Filtre">
          <button type="button" className="wz-chip" aria-pressed={filter === 'all'} onClick={() => setFilter('all')}>
            Toutes
          </button>
          <button type="button" className="wz-chip" aria-pressed={filter === 'unread'} onClick={() => setFilter('unread')}>
            Non lues{unseenIds.length > 0 ? ` (${unseenIds.length})` : ''}
          </button>
        </div>
        <button
          type="button"
          className="wz-btn wz-btn--link"
          disabled={unseenIds.length === 0 || markAsSeen.isPending}
          onClick={() => markAsSeen.mutate(unseenIds)}
        >
          Tout marquer comme lu
        </button>
      </div>
      {isLoading ? (
        <p className="wz-notif__empty">Chargement…</p>
      ) : isError ? (
        <p className="wz-notif__empty">
          Impossible de charger les notifications.{' '}
          <button type="button" className="wz-btn wz-btn--link" onClick={() => void refetch()}>
            Réessayer
          </button>
        </p>
      ) : shown.length === 0 ? (
        <p className="wz-notif__empty">Aucune notification</p>
      ) : (
        <ul className="wz-notif__list" aria-label="Liste des notifications">
          {shown.map((n) => (
            <li key={n.id} className={n.seen ? 'wz-notif' : 'wz-notif wz-notif--unseen'}>
              <button type="button" onClick={() => void openOne(n)} aria-label={`${n.seen ? '' : 'Non lue : '}${n.content}`}>
                <span className="wz-notif__content">{n.content}</span>
                <span className="wz-notif__date">{dayjs(n.createdAt).isValid() ? dayjs(n.createdAt).format('DD/MM/YYYY HH:mm') : ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
