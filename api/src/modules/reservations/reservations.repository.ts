/**
 * Every Drizzle query of the reservations module (the service holds the rules). Functions take the database or an
 * open transaction. The places of a slot are taken and given back by the orders module's conditional updates.
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { OrderStatus } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers, shops, users, type ShopMemberRow } from '../../platform/db/tables';
import { eventSlots, events } from '../catalog';
import { crmClients, type CrmClientRow } from '../clients';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../orders';
import { invoices, orderHistory, paymentAllocations, salesPayments } from '../sales';

export type EventRow = typeof events.$inferSelect;
export type SlotRow = typeof eventSlots.$inferSelect;

/** Orders whose reservations still hold their places. */
export const ACTIVE_STATUSES: OrderStatus[] = ['draft', 'pending', 'validated', 'invoiced'];
/** The lines of a booking: the participants and options, and the tourist tax they pay. */
const BOOKING_KINDS = ['reservation', 'touristTax'] as const;

export async function findClient(db: DbOrTx, shopId: number, id: number): Promise<CrmClientRow | undefined> {
  const [c] = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, id), eq(crmClients.shopId, shopId)));
  return c && c.status !== 'erased' ? c : undefined;
}

export async function findEvent(db: DbOrTx, shopId: number, id: number): Promise<EventRow | undefined> {
  const [e] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.shopId, shopId)));
  return e;
}

export async function findEvents(db: DbOrTx, shopId: number, eventId?: number): Promise<EventRow[]> {
  const conds = [eq(events.shopId, shopId)];
  if (eventId) conds.push(eq(events.id, eventId));
  return db
    .select()
    .from(events)
    .where(and(...conds))
    .orderBy(asc(events.title), asc(events.id));
}

/** The shop's slots starting in [from, to), with their event's title. */
export async function findSlotsBetween(db: DbOrTx, shopId: number, from: Date, to: Date, eventId?: number) {
  const conds = [eq(eventSlots.shopId, shopId), gte(eventSlots.startsAt, from), lt(eventSlots.startsAt, to)];
  if (eventId) conds.push(eq(eventSlots.eventId, eventId));
  return db
    .select({ slot: eventSlots, title: events.title, rates: events.rates })
    .from(eventSlots)
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(and(...conds))
    .orderBy(asc(eventSlots.startsAt), asc(events.title), asc(eventSlots.id));
}

export async function findSlot(db: DbOrTx, shopId: number, id: number) {
  const [row] = await db
    .select({ slot: eventSlots, title: events.title, rates: events.rates })
    .from(eventSlots)
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(and(eq(eventSlots.id, id), eq(eventSlots.shopId, shopId)));
  return row;
}

export async function findSlotsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ slot: eventSlots, title: events.title, rates: events.rates })
    .from(eventSlots)
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(inArray(eventSlots.id, ids));
}

const bookingColumns = {
  line: orderLines,
  order: {
    id: orders.id,
    number: orders.number,
    status: orders.status,
    paymentStatus: orders.paymentStatus,
    source: orders.source,
    clientId: orders.clientId,
    buyerName: orders.buyerName,
    buyerEmail: orders.buyerEmail,
    phone: orders.phone,
  },
  checkerFirstname: users.firstname,
  checkerLastname: users.lastname,
  checkerUsername: users.username,
};
export type BookingLineRow = Awaited<ReturnType<typeof findActiveBookingLines>>[number];

/** The reservation and tourist-tax lines of active orders on these slots, in order and line order. */
export async function findActiveBookingLines(db: DbOrTx, shopId: number, slotIds: number[]) {
  if (!slotIds.length) return [];
  return db
    .select(bookingColumns)
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(users, eq(users.id, orderLines.checkedInBy))
    .where(
      and(
        eq(orderLines.shopId, shopId),
        inArray(orderLines.slotId, slotIds),
        inArray(orderLines.kind, [...BOOKING_KINDS]),
        inArray(orders.status, ACTIVE_STATUSES),
      ),
    )
    .orderBy(asc(orders.id), asc(orderLines.position), asc(orderLines.id));
}

/** The reservation and tourist-tax lines of one order, whatever its status. */
export async function findOrderBookingLines(db: DbOrTx, orderId: number) {
  return db
    .select(bookingColumns)
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(users, eq(users.id, orderLines.checkedInBy))
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, [...BOOKING_KINDS])))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** An order of the shop (another shop's → undefined); `lock` = FOR UPDATE until the end of the transaction. */
export async function findOrder(db: DbOrTx, shopId: number, id: number, lock = false): Promise<OrderRow | undefined> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, shopId)));
  const [o] = lock ? await q.for('update') : await q;
  return o;
}

/** An order by id, whatever its shop (the sweep). */
export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
}

/** A reservation or tourist-tax line of the shop with its order id. */
export async function findBookingLine(db: DbOrTx, shopId: number, lineId: number): Promise<OrderLineRow | undefined> {
  const [l] = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.id, lineId), eq(orderLines.shopId, shopId), inArray(orderLines.kind, [...BOOKING_KINDS])));
  return l;
}

/** The lines of one booking (an order's lines on a slot), locked. */
export async function lockBookingLines(tx: DbOrTx, orderId: number, slotId: number): Promise<OrderLineRow[]> {
  return tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.slotId, slotId), inArray(orderLines.kind, [...BOOKING_KINDS])))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
    .for('update');
}

export async function moveBookingLines(tx: DbOrTx, ids: number[], slotId: number, details: string): Promise<void> {
  if (ids.length) await tx.update(orderLines).set({ slotId, details, reminderSentAt: null }).where(inArray(orderLines.id, ids));
}

export async function setCheckIn(tx: DbOrTx, ids: number[], at: Date | null, by: number | null): Promise<void> {
  if (ids.length) await tx.update(orderLines).set({ checkedInAt: at, checkedInBy: by }).where(inArray(orderLines.id, ids));
}

/** Lines still holding places of an order (reservation lines, reserved > 0). */
export async function findHeldPlaces(tx: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'reservation'), sql`${orderLines.reserved} > 0`))
    .for('update');
}

export async function clearHeldPlaces(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(orderLines)
    .set({ reserved: 0 })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'reservation')));
}

export async function insertOrder(tx: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [o] = await tx.insert(orders).values(values).returning();
  return o;
}

export async function insertLines(tx: DbOrTx, values: Array<typeof orderLines.$inferInsert>): Promise<OrderLineRow[]> {
  if (!values.length) return [];
  return tx.insert(orderLines).values(values).returning();
}

export async function updateOrder(tx: DbOrTx, id: number, patch: Partial<typeof orders.$inferInsert>): Promise<OrderRow> {
  const [o] = await tx
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return o;
}

export async function addHistory(
  tx: DbOrTx,
  row: {
    shopId: number;
    orderId: number;
    userId: number | null;
    action: string;
    from: string | null;
    to: string | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(orderHistory).values({
    shopId: row.shopId,
    orderId: row.orderId,
    userId: row.userId,
    action: row.action,
    fromStatus: row.from,
    toStatus: row.to,
    note: row.note ?? null,
  });
}

/** The owner and iam members of a shop (who may hear of a new reservation; the caller filters on the right). */
export async function findShopStaff(tx: DbOrTx, shopId: number): Promise<ShopMemberRow[]> {
  return tx
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, ['owner', 'iam']), isNull(shopMembers.suspendedAt)));
}

export async function insertNotifications(
  tx: DbOrTx,
  rows: Array<{ userId: number; type: string; content: string; redirectLink: string }>,
): Promise<void> {
  if (rows.length) await tx.insert(notifications).values(rows);
}

/**
 * The invoices and deposit invoices of an order with what their credit notes already cover and the method of the
 * first payment that settled them (what a refund goes back through).
 */
export async function findOrderInvoices(db: DbOrTx, orderId: number) {
  // the outer row, named in full (drizzle writes a bare "id" in the select list)
  const self = sql.raw('"invoices"."id"');
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      totalTTC: invoices.totalTTC,
      paid: invoices.paid,
      credited: sql<number>`coalesce((select sum(c.total_ttc) from invoices c where c.related_invoice_id = ${self} and c.kind = 'credit'), 0)::int`,
      method: sql<string | null>`(select p.method from ${paymentAllocations} a join ${salesPayments} p on p.id = a.payment_id
        where a.invoice_id = ${self} and p.direction = 'in' order by p.id limit 1)`,
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ['invoice', 'deposit'])))
    .orderBy(asc(invoices.id));
  return rows.map((r) => ({ ...r, credited: Number(r.credited) }));
}

// ---------------------------------------------------------------- reminders

/** Bookings of active orders on slots starting in [from, to) whose reminder was not queued yet (a mail address known). */
export async function findDueReminders(db: DbOrTx, from: Date, to: Date, limit: number) {
  return db
    .selectDistinct({ orderId: orderLines.orderId, slotId: orderLines.slotId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(eventSlots, eq(eventSlots.id, orderLines.slotId))
    .where(
      and(
        eq(orderLines.kind, 'reservation'),
        isNull(orderLines.reminderSentAt),
        inArray(orders.status, ACTIVE_STATUSES),
        sql`${orders.buyerEmail} <> ''`,
        gte(eventSlots.startsAt, from),
        lt(eventSlots.startsAt, to),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.slotId))
    .limit(limit);
}

/** Marks the reminder of a booking as queued, once: the lines it marked (none when another sweep came first). */
export async function markReminded(tx: DbOrTx, orderId: number, slotId: number, at: Date): Promise<OrderLineRow[]> {
  return tx
    .update(orderLines)
    .set({ reminderSentAt: at })
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.slotId, slotId),
        eq(orderLines.kind, 'reservation'),
        isNull(orderLines.reminderSentAt),
      ),
    )
    .returning();
}

export async function findShopName(db: DbOrTx, shopId: number): Promise<string> {
  const [s] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return s?.name ?? '';
}
