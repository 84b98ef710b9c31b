import type { AppNotification } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { isPgInt } from '../users/users.repository';
import { listNotifications, markSeen } from './notifications.repository';

export async function getNotifications(db: Db, userId: number, limit: number): Promise<AppNotification[]> {
  const rows = await listNotifications(db, userId, limit);
  return rows.map((n) => ({
    id: n.id,
    type: n.type,
    content: n.content,
    createdAt: n.createdAt.toISOString(),
    seen: n.seen,
    redirectLink: n.redirectLink ?? null,
  }));
}

export async function markNotificationsSeen(db: Db, userId: number, ids: number[]): Promise<{ success: true; updated: number }> {
  const valid = [...new Set(ids.filter(isPgInt))];
  return { success: true, updated: await markSeen(db, userId, valid) };
}
