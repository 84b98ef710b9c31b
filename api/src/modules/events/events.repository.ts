import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { containsPattern, orderByOf } from '../../platform/list-query';
import { eventSlots, events, slotBookableAfter } from '../catalog';
import type { EventsListQuery } from './events.schemas';

export type EventRow = typeof events.$inferSelect;
export type EventInsert = typeof events.$inferInsert;
export type SlotRow = typeof eventSlots.$inferSelect;

/** The events shown on the shop's public pages (online). */
export async function findShopEvents(db: DbOrTx, shopId: number) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.shopId, shopId), eq(events.online, true)))
    .orderBy(asc(events.id));
}

/** The slots of these events still taking bookings at `now` (catalog.slots: a whole day until it ends), soonest first. */
export async function findFutureSlots(db: DbOrTx, eventIds: number[], now: Date) {
  if (!eventIds.length) return [];
  return db
    .select()
    .from(eventSlots)
    .where(and(inArray(eventSlots.eventId, eventIds), slotBookableAfter(now)))
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}

// ---------------------------------------------------------------- back office

export async function listShopEvents(db: DbOrTx, shopId: number, q: EventsListQuery): Promise<{ rows: EventRow[]; total: number }> {
  const conds: SQL[] = [eq(events.shopId, shopId)];
  if (q.q) conds.push(ilike(events.title, containsPattern(q.q)));
  if (q.filters.online !== undefined) conds.push(eq(events.online, q.filters.online));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(...orderByOf(q.sort, { title: sql`lower(${events.title})`, createdAt: events.createdAt }, events.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** One event of the shop (another shop's → undefined); `lock` = FOR UPDATE until the end of the transaction. */
export async function findShopEvent(db: DbOrTx, shopId: number, id: number, lock = false): Promise<EventRow | undefined> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.shopId, shopId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertEvent(db: DbOrTx, values: EventInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row;
}

export async function updateEvent(db: DbOrTx, shopId: number, id: number, values: Partial<EventInsert>): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set(values)
    .where(and(eq(events.id, id), eq(events.shopId, shopId)))
    .returning();
  return row;
}

export async function findEventSlots(db: DbOrTx, eventId: number): Promise<SlotRow[]> {
  return db.select().from(eventSlots).where(eq(eventSlots.eventId, eventId)).orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}

export async function insertSlots(db: DbOrTx, values: Array<typeof eventSlots.$inferInsert>): Promise<SlotRow[]> {
  if (!values.length) return [];
  const out: SlotRow[] = [];
  // a few hundred rows per statement
  for (let i = 0; i < values.length; i += 200)
    out.push(
      ...(await db
        .insert(eventSlots)
        .values(values.slice(i, i + 200))
        .returning()),
    );
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
}

export async function findSlot(db: DbOrTx, eventId: number, slotId: number): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.id, slotId), eq(eventSlots.eventId, eventId)));
  return row;
}

/**
 * Deletes a slot nobody holds a place of (places_left = places), in one conditional statement: a booking taking a
 * place at the same time either comes first (nothing deleted) or finds no slot. false when it was booked.
 */
export async function deleteEmptySlot(db: DbOrTx, eventId: number, slotId: number): Promise<boolean> {
  const done = await db
    .delete(eventSlots)
    .where(and(eq(eventSlots.id, slotId), eq(eventSlots.eventId, eventId), sql`${eventSlots.placesLeft} >= ${eventSlots.places}`))
    .returning({ id: eventSlots.id });
  return done.length > 0;
}
