import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { eventSlots, events } from '../catalog';

export async function findShopEvents(db: DbOrTx, shopId: number) {
  return db.select().from(events).where(eq(events.shopId, shopId)).orderBy(asc(events.id));
}

/** The slots of these events starting after `now`, soonest first. */
export async function findFutureSlots(db: DbOrTx, eventIds: number[], now: Date) {
  return db
    .select()
    .from(eventSlots)
    .where(and(inArray(eventSlots.eventId, eventIds), gt(eventSlots.startsAt, now)))
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}
