import type { AppNotification } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { isPgInt } from '../../platform/db/ids';
import { listNotifications, markSeen } from './notifications.repository';

export function createNotificationsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The caller's notifications, newest first. */
    async list(userId: number, limit: number): Promise<AppNotification[]> {
      const rows = await listNotifications(db, userId, limit);
      return rows.map((n) => ({
        id: n.id,
        type: n.type,
        content: n.content,
        createdAt: n.createdAt.toISOString(),
        seen: n.seen,
        redirectLink: n.redirectLink ?? null,
      }));
    },
    /** Marks the caller's notifications among `ids` as seen (other users' ids are ignored). */
    async markSeen(userId: number, ids: number[]): Promise<{ success: true; updated: number }> {
      const valid = [...new Set(ids.filter(isPgInt))];
      return { success: true, updated: await markSeen(db, userId, valid) };
    },
  };
}
