import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { notifications } from '../../platform/db/tables';

export async function listNotifications(db: DbOrTx, userId: number, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks as seen only the caller's notifications among `ids`; returns how many changed. */
export async function markSeen(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), eq(notifications.seen, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
