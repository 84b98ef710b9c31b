/**
 * Every Drizzle query of the orders module (the other files hold the rules). Functions take the database or an open
 * transaction (`DbOrTx`): their callers decide what runs in one transaction.
 */
import { and, asc, count, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from 'shared-kernel/domain';
import type { SortSpec } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { orderByOf } from '../../platform/list-query';
import { notifications, shopMembers, shops, type ShopRow } from '../../platform/db/tables';
import { eventSlots, events, productFormats } from '../catalog';
import {
  orderCounters,
  orderLines,
  orders,
  shopCheckoutSettings,
  type CheckoutSettingsRow,
  type OrderLineRow,
  type OrderRow,
} from './orders.tables';

export type ShopSummary = { id: number; name: string; urlShop: string };
export type OrderInsert = typeof orders.$inferInsert;
export type OrderLineInsert = typeof orderLines.$inferInsert;

const shopSummary = { id: shops.id, name: shops.name, urlShop: shops.urlShop };

export async function findShopSummary(db: DbOrTx, shopId: number): Promise<ShopSummary> {
  const [s] = await db.select(shopSummary).from(shops).where(eq(shops.id, shopId));
  return s;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return o;
}

/** The order row locked until the end of the transaction. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return o;
}

export async function findByIdempotencyKey(db: DbOrTx, buyerId: number, key: string): Promise<OrderRow | undefined> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return o;
}

export async function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** The reservation lines of some orders with their event (title, rates), in line order. */
export async function findReservationLines(db: DbOrTx, orderIds: number[]) {
  return db
    .select({
      orderId: orderLines.orderId,
      eventId: orderLines.eventId,
      slotId: orderLines.slotId,
      details: orderLines.details,
      label: orderLines.label,
      quantity: orderLines.quantity,
      reserved: orderLines.reserved,
      title: events.title,
      rates: events.rates,
    })
    .from(orderLines)
    .leftJoin(events, eq(events.id, orderLines.eventId))
    .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'reservation')))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
}

export interface OrderListFilter {
  /** the seller view (a shop's orders) or the buyer view (the orders a user placed) */
  shopId?: number;
  buyerId?: number;
  /** with shopId: only the orders credited to this sales agent (orders.agent_id) */
  agentId?: number;
  status?: OrderStatus;
  kind?: 'order' | 'reservation';
  /** order, quote or sample; a client file's orders */
  subType?: 'order' | 'quote' | 'sample';
  clientId?: number;
  /** search on the number, the quote number and the buyer's name */
  q?: string;
}

/** A page of orders with their shop, newest first, and the total. */
export async function listOrders(
  db: DbOrTx,
  f: OrderListFilter,
  page: { pageSize: number; offset: number; sort: SortSpec<'createdAt' | 'number' | 'totalTTC'> },
) {
  const conds: SQL[] = [f.shopId !== undefined ? eq(orders.shopId, f.shopId) : eq(orders.buyerId, f.buyerId!)];
  if (f.agentId !== undefined) conds.push(eq(orders.agentId, f.agentId));
  if (f.status) conds.push(eq(orders.status, f.status));
  if (f.kind === 'order') conds.push(eq(orders.hasProducts, true));
  if (f.kind === 'reservation') conds.push(eq(orders.hasReservations, true));
  if (f.subType) conds.push(eq(orders.subType, f.subType));
  if (f.clientId !== undefined) conds.push(eq(orders.clientId, f.clientId));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${orders.number} ilike ${like} or ${orders.quoteNumber} ilike ${like} or ${orders.buyerName} ilike ${like})`);
  }
  const where = and(...conds);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db
      .select({ o: orders, shop: shopSummary })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(...orderByOf(page.sort, { createdAt: orders.createdAt, number: orders.number, totalTTC: orders.totalTTC }, orders.id))
      .limit(page.pageSize)
      .offset(page.offset),
  ]);
  return { rows, total: Number(n) };
}

// ------------------------------------------------------------------ dashboard figures

/** Orders that count as sales: accepted by the shop (validated) or already invoiced. */
export const SALE_STATUSES: OrderStatus[] = ['validated', 'invoiced'];

/** Sum of the sales of a shop created in [from, to): TTC, HT (cents) and their number. */
export async function salesTotals(db: DbOrTx, shopId: number, from: Date, to: Date) {
  const [r] = await db
    .select({
      ttc: sql<string>`coalesce(sum(${orders.totalTTC}), 0)`,
      ht: sql<string>`coalesce(sum(${orders.totalHT}), 0)`,
      n: count(),
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.status, SALE_STATUSES), gte(orders.createdAt, from), lt(orders.createdAt, to)));
  return { totalTTC: Number(r.ttc), totalHT: Number(r.ht), count: Number(r.n) };
}

/** Orders of a shop in a status, as the orders list counts them (kind=order: with products; bookings are listed apart). */
export async function countShopOrders(db: DbOrTx, shopId: number, status: OrderStatus): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.status, status), eq(orders.hasProducts, true)));
  return Number(n);
}

/** Active orders (not closed) whose booked slots start at or after `from`: one row per order and slot, soonest first. */
export async function findUpcomingReservations(db: DbOrTx, f: { shopId: number } | { buyerId: number }, from: Date, limit: number) {
  const owner = 'shopId' in f ? eq(orders.shopId, f.shopId) : eq(orders.buyerId, f.buyerId);
  return db
    .select({
      orderId: orders.id,
      number: orders.number,
      buyerName: orders.buyerName,
      shopName: shops.name,
      eventTitle: events.title,
      slotName: eventSlots.name,
      startsAt: eventSlots.startsAt,
      places: sql<string>`coalesce(sum(${orderLines.reserved}), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(eventSlots, eq(eventSlots.id, orderLines.slotId))
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(owner, eq(orderLines.kind, 'reservation'), inArray(orders.status, ['pending', ...SALE_STATUSES]), gte(eventSlots.startsAt, from)),
    )
    .groupBy(orders.id, shops.name, events.title, eventSlots.id)
    .orderBy(asc(eventSlots.startsAt), asc(orders.id))
    .limit(limit);
}

// ------------------------------------------------------------------ writing

export async function updateOrder(tx: DbOrTx, id: number, patch: Partial<OrderInsert>): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

export async function setPaymentStatus(tx: DbOrTx, id: number, paymentStatus: PaymentStatus): Promise<void> {
  await tx.update(orders).set({ paymentStatus }).where(eq(orders.id, id));
}

/** confirmed_at set once: false when it already was (another caller confirmed the order). */
export async function markConfirmed(tx: DbOrTx, id: number): Promise<boolean> {
  const [won] = await tx
    .update(orders)
    .set({ confirmedAt: new Date() })
    .where(and(eq(orders.id, id), sql`${orders.confirmedAt} is null`))
    .returning({ id: orders.id });
  return !!won;
}

/** The owner and iam members of a shop (who hear about its new orders). */
export async function findShopStaffIds(tx: DbOrTx, shopId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, ['owner', 'iam'])));
  return rows.map((r) => r.userId);
}

export async function insertNotifications(
  tx: DbOrTx,
  rows: Array<{ userId: number; type: string; content: string; redirectLink: string }>,
): Promise<void> {
  if (rows.length) await tx.insert(notifications).values(rows);
}

/** Why a pending order may be closed: a grouped order past its expiry, or an order not paid (yet). */
export type CloseCondition = 'due' | 'unpaid';
const closeConditions: Record<CloseCondition, () => SQL> = {
  due: () =>
    and(
      eq(orders.grouped, true),
      sql`${orders.expiresAt} is not null`,
      lte(orders.expiresAt, new Date()),
      sql`${orders.paymentStatus} <> 'paid'`,
    )!,
  unpaid: () => sql`${orders.paymentStatus} in ('pending', 'requiresAction', 'error', 'cancelled', 'missing')`,
};

/** pending → `to` when still pending (and `condition` holds); undefined otherwise. */
export async function closePending(
  tx: DbOrTx,
  id: number,
  to: 'aborted' | 'expired',
  condition?: CloseCondition,
): Promise<OrderRow | undefined> {
  const conds = [eq(orders.id, id), eq(orders.status, 'pending')];
  if (condition) conds.push(closeConditions[condition]());
  const [row] = await tx
    .update(orders)
    .set({ status: to, closedAt: new Date(), updatedAt: new Date() })
    .where(and(...conds))
    .returning();
  return row;
}

export async function findDueGroupedIds(db: DbOrTx, limit: number): Promise<number[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), closeConditions.due()))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return due.map((d) => d.id);
}

/** pending → validated; undefined when the order was no longer pending. */
export async function validatePending(tx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [r] = await tx
    .update(orders)
    .set({ status: 'validated', validatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning();
  return r;
}

/** The lines still holding stock or places. */
export async function findHoldingLines(tx: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.reserved} > 0`));
}

export async function giveBackStock(tx: DbOrTx, formatId: number, n: number): Promise<void> {
  await tx
    .update(productFormats)
    .set({ stock: sql`${productFormats.stock} + ${n}` })
    .where(eq(productFormats.id, formatId));
}

export async function giveBackPlaces(tx: DbOrTx, slotId: number, n: number): Promise<void> {
  await tx
    .update(eventSlots)
    .set({ placesLeft: sql`least(${eventSlots.places}, ${eventSlots.placesLeft} + ${n})` })
    .where(eq(eventSlots.id, slotId));
}

export async function clearHeld(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.update(orderLines).set({ reserved: 0 }).where(eq(orderLines.orderId, orderId));
}

/** The next number of a gapless per-shop, per-series, per-year counter (updated in the caller's transaction). */
export async function nextCounterValue(tx: DbOrTx, shopId: number, series: string, year: number): Promise<number> {
  const [counter] = await tx
    .insert(orderCounters)
    .values({ shopId, series, year, value: 1 })
    .onConflictDoUpdate({
      target: [orderCounters.shopId, orderCounters.series, orderCounters.year],
      set: { value: sql`${orderCounters.value} + 1` },
    })
    .returning({ value: orderCounters.value });
  return counter.value;
}

/**
 * The sales agent an order of `buyerId` is credited to: the agent assigned to the buyer's client file in the shop
 * (crm_clients.agent_user_id, while still an agent of the shop), else none. Read by table name: the clients module
 * reads the orders (last order, total spent), so importing it here would be a cycle.
 */
export async function agentOfBuyer(tx: DbOrTx, shopId: number, buyerId: number): Promise<number | null> {
  const res = (await tx.execute(sql`select c.agent_user_id as id from crm_clients c
    join shop_members m on m.user_id = c.agent_user_id and m.shop_id = c.shop_id and m.kind = 'agent'
    where c.shop_id = ${shopId} and c.user_id = ${buyerId} and c.status = 'active'
    order by c.id limit 1`)) as unknown as { rows: Array<{ id: number | null }> };
  return res.rows[0]?.id ?? null;
}

export async function insertOrder(tx: DbOrTx, values: OrderInsert): Promise<OrderRow> {
  const agentId =
    values.agentId !== undefined ? values.agentId : values.buyerId ? await agentOfBuyer(tx, values.shopId, values.buyerId) : null;
  const [order] = await tx
    .insert(orders)
    .values({ ...values, agentId })
    .returning();
  return order;
}

export async function insertOrderLines(tx: DbOrTx, lines: OrderLineInsert[]): Promise<void> {
  if (lines.length) await tx.insert(orderLines).values(lines);
}

/** Takes `n` units of a format's stock, never below zero: false when there are not enough. */
export async function takeStock(tx: DbOrTx, formatId: number, n: number): Promise<boolean> {
  const done = await tx
    .update(productFormats)
    .set({ stock: sql`${productFormats.stock} - ${n}` })
    .where(and(eq(productFormats.id, formatId), gte(productFormats.stock, n)))
    .returning({ id: productFormats.id });
  return done.length > 0;
}

export async function stockOf(tx: DbOrTx, formatId: number): Promise<number | undefined> {
  const [f] = await tx.select({ stock: productFormats.stock }).from(productFormats).where(eq(productFormats.id, formatId));
  return f?.stock;
}

/** Takes `n` places of a slot, never below zero: false when there are not enough. */
export async function takePlaces(tx: DbOrTx, slotId: number, n: number): Promise<boolean> {
  const done = await tx
    .update(eventSlots)
    .set({ placesLeft: sql`${eventSlots.placesLeft} - ${n}` })
    .where(and(eq(eventSlots.id, slotId), gte(eventSlots.placesLeft, n)))
    .returning({ id: eventSlots.id });
  return done.length > 0;
}

export async function placesLeftOf(tx: DbOrTx, slotId: number): Promise<number | undefined> {
  const [s] = await tx.select({ left: eventSlots.placesLeft }).from(eventSlots).where(eq(eventSlots.id, slotId));
  return s?.left;
}

// ---------------------------------------------------------------- delivery settings (settings section `delivery`)

/** The shop's checkout settings row, created empty when missing, locked until the end of the transaction. */
export async function lockCheckoutSettingsRow(tx: DbOrTx, shopId: number): Promise<CheckoutSettingsRow> {
  await tx.insert(shopCheckoutSettings).values({ shopId }).onConflictDoNothing({ target: shopCheckoutSettings.shopId });
  const [row] = await tx.select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, shopId)).for('update');
  return row;
}

export async function updateCheckoutSettingsRow(
  tx: DbOrTx,
  shopId: number,
  patch: Pick<Partial<typeof shopCheckoutSettings.$inferInsert>, 'deliveryTypes' | 'collectionPoints' | 'rules'>,
): Promise<CheckoutSettingsRow> {
  const [row] = await tx
    .update(shopCheckoutSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(shopCheckoutSettings.shopId, shopId))
    .returning();
  return row;
}

/** The highest collection point id the shop's orders (placed, or back-office drafts) name; 0 when none. */
export async function maxCollectionPointIdInOrders(db: DbOrTx, shopId: number): Promise<number> {
  const asInt = (v: SQL) => sql`case when ${v} ~ '^[0-9]{1,9}$' then (${v})::int end`;
  const [row] = await db
    .select({
      max: sql<number | null>`max(greatest(coalesce(${asInt(sql`${orders.shipping}->>'collectionPointId'`)}, 0), coalesce(${asInt(
        sql`${orders.input}->'shipping'->>'collectionPointId'`,
      )}, 0)))`,
    })
    .from(orders)
    .where(eq(orders.shopId, shopId));
  return Number(row?.max ?? 0);
}

// ---------------------------------------------------------------- the checkout: seller shop, its settings, its events

/** A shop by numeric id, public code (any case) or urlShop — like the other public shop endpoints. */
export async function findShopByRef(db: DbOrTx, ref: string): Promise<ShopRow | undefined> {
  const r = ref.trim();
  if (!r || r.length > 200) return undefined;
  const cond = /^\d{1,9}$/.test(r)
    ? or(eq(shops.id, Number(r)), eq(shops.urlShop, r))
    : or(sql`lower(${shops.urlShop}) = ${r.toLowerCase()}`, sql`upper(${shops.code}) = ${r.toUpperCase()}`);
  const [s] = await db.select().from(shops).where(cond).limit(1);
  return s;
}

export async function findShop(db: DbOrTx, shopId: number): Promise<ShopRow | undefined> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return shop;
}

export async function findCheckoutSettingsRow(db: DbOrTx, shopId: number): Promise<CheckoutSettingsRow | undefined> {
  const [row] = await db.select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, shopId)).limit(1);
  return row;
}

/** Those of these events that belong to the shop. */
export async function findShopEvents(db: DbOrTx, shopId: number, ids: number[]): Promise<Array<typeof events.$inferSelect>> {
  return db
    .select()
    .from(events)
    .where(and(inArray(events.id, ids), eq(events.shopId, shopId)));
}

/** Those of these event slots that belong to the shop. */
export async function findShopSlots(db: DbOrTx, shopId: number, ids: number[]): Promise<Array<typeof eventSlots.$inferSelect>> {
  return db
    .select()
    .from(eventSlots)
    .where(and(inArray(eventSlots.id, ids), eq(eventSlots.shopId, shopId)));
}
