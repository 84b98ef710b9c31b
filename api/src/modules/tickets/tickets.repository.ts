import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers, shops, users, type ShopRow, type UserRow } from '../../platform/db/tables';
import { containsPattern, orderByOf } from '../../platform/list-query';
import { orders } from '../orders';
import type { ListTicketsQuery } from './tickets.schemas';
import { ticketMessages, ticketThreads, type TicketMessageRow, type TicketThreadRow } from './tickets.tables';

/** Whose threads: a buyer's own, or a shop's. */
export type ThreadScope = { buyerUserId: number } | { shopId: number };

const scopeCond = (s: ThreadScope): SQL =>
  'shopId' in s ? eq(ticketThreads.shopId, s.shopId) : eq(ticketThreads.buyerUserId, s.buyerUserId);

/** "Firstname Lastname", else the username. */
export const userName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.username})`;

const lastMessage = sql<
  string | null
>`(select m.body from ${ticketMessages} m where m.thread_id = ${ticketThreads.id} order by m.created_at desc, m.id desc limit 1)`;
const lastSide = sql<
  'buyer' | 'shop' | null
>`(select m.side from ${ticketMessages} m where m.thread_id = ${ticketThreads.id} order by m.created_at desc, m.id desc limit 1)`;

const threadColumns = {
  thread: ticketThreads,
  shopName: shops.name,
  urlShop: shops.urlShop,
  buyerName: userName,
  orderNumber: orders.number,
  lastBody: lastMessage,
  lastSide,
};

export interface ThreadView {
  thread: TicketThreadRow;
  shopName: string;
  urlShop: string;
  buyerName: string;
  orderNumber: string | null;
  lastBody: string | null;
  lastSide: 'buyer' | 'shop' | null;
}

function threadsSelect(db: DbOrTx) {
  return db
    .select(threadColumns)
    .from(ticketThreads)
    .innerJoin(shops, eq(shops.id, ticketThreads.shopId))
    .innerJoin(users, eq(users.id, ticketThreads.buyerUserId))
    .leftJoin(orders, eq(orders.id, ticketThreads.orderId));
}

export async function listThreads(db: DbOrTx, scope: ThreadScope, q: ListTicketsQuery): Promise<{ rows: ThreadView[]; total: number }> {
  const conds: SQL[] = [scopeCond(scope)];
  if (q.filters.status) conds.push(eq(ticketThreads.status, q.filters.status));
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(or(ilike(ticketThreads.subject, p), sql`${userName} ilike ${p}`, ilike(shops.name, p))!);
  }
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    threadsSelect(db)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { lastMessageAt: ticketThreads.lastMessageAt, createdAt: ticketThreads.createdAt, subject: sql`lower(${ticketThreads.subject})` },
          ticketThreads.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(ticketThreads)
      .innerJoin(shops, eq(shops.id, ticketThreads.shopId))
      .innerJoin(users, eq(users.id, ticketThreads.buyerUserId))
      .where(where),
  ]);
  return { rows: rows as ThreadView[], total: Number(n) };
}

/** A thread within the caller's scope (another buyer's or another shop's thread is not found). */
export async function findThread(db: DbOrTx, scope: ThreadScope, id: number): Promise<ThreadView | undefined> {
  const [row] = await threadsSelect(db).where(and(eq(ticketThreads.id, id), scopeCond(scope)));
  return row as ThreadView | undefined;
}

export async function listMessages(db: DbOrTx, threadId: number): Promise<Array<TicketMessageRow & { author: string | null }>> {
  const rows = await db
    .select({ message: ticketMessages, author: userName })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorUserId))
    .where(eq(ticketMessages.threadId, threadId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return rows.map((r) => ({ ...r.message, author: r.message.authorUserId == null ? null : r.author }));
}

/** The caller's side has read the thread. */
export async function markRead(db: DbOrTx, id: number, side: 'buyer' | 'shop'): Promise<void> {
  await db
    .update(ticketThreads)
    .set(side === 'buyer' ? { buyerUnread: 0 } : { shopUnread: 0 })
    .where(and(eq(ticketThreads.id, id), side === 'buyer' ? sql`${ticketThreads.buyerUnread} > 0` : sql`${ticketThreads.shopUnread} > 0`));
}

export async function unreadCount(db: DbOrTx, scope: ThreadScope, side: 'buyer' | 'shop'): Promise<{ count: number; threads: number }> {
  const col = side === 'buyer' ? ticketThreads.buyerUnread : ticketThreads.shopUnread;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${col}), 0)::int`, threads: sql<number>`count(*) filter (where ${col} > 0)::int` })
    .from(ticketThreads)
    .where(scopeCond(scope));
  return { count: Number(row?.count ?? 0), threads: Number(row?.threads ?? 0) };
}

export async function insertThread(
  db: DbOrTx,
  values: { shopId: number; buyerUserId: number; orderId: number | null; subject: string; at: Date },
): Promise<TicketThreadRow> {
  const [row] = await db
    .insert(ticketThreads)
    .values({ ...values, lastMessageAt: values.at, createdAt: values.at })
    .returning();
  return row;
}

/**
 * A new message: stored, the thread's last activity moved and the other side's unread count raised; a buyer's
 * message reopens a closed thread.
 */
export async function insertMessage(
  db: DbOrTx,
  thread: TicketThreadRow,
  values: { side: 'buyer' | 'shop'; authorUserId: number; body: string; at: Date },
): Promise<TicketMessageRow> {
  const [row] = await db
    .insert(ticketMessages)
    .values({ threadId: thread.id, shopId: thread.shopId, ...values, createdAt: values.at })
    .returning();
  await db
    .update(ticketThreads)
    .set({
      lastMessageAt: values.at,
      ...(values.side === 'buyer'
        ? { shopUnread: sql`${ticketThreads.shopUnread} + 1`, buyerUnread: 0, status: 'open' as const }
        : { buyerUnread: sql`${ticketThreads.buyerUnread} + 1`, shopUnread: 0 }),
    })
    .where(eq(ticketThreads.id, thread.id));
  return row;
}

export async function setStatus(db: DbOrTx, id: number, status: 'open' | 'closed'): Promise<void> {
  await db.update(ticketThreads).set({ status }).where(eq(ticketThreads.id, id));
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function findShop(db: DbOrTx, id: number): Promise<ShopRow | undefined> {
  const [s] = await db.select().from(shops).where(eq(shops.id, id));
  return s;
}

/** The order, when it is the buyer's at that shop. */
export async function findBuyerOrder(db: DbOrTx, buyerUserId: number, shopId: number, orderId: number) {
  const [o] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerUserId), eq(orders.shopId, shopId)));
  return o;
}

/** Who hears about the buyer's messages: the shop's owner and its iam members allowed to see messages (null = all). */
export async function findShopRecipients(db: DbOrTx, shopId: number): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(
      and(
        eq(shopMembers.shopId, shopId),
        eq(users.disabled, false),
        or(
          eq(shopMembers.kind, 'owner'),
          and(
            eq(shopMembers.kind, 'iam'),
            or(sql`${shopMembers.authorizations} is null`, sql`(${shopMembers.authorizations}->>'seeAllMessages')::boolean is true`),
          ),
        ),
      ),
    );
  return rows.map((r) => r.user);
}

/** Does the user belong to the shop's staff (owner, iam or agent)? */
export async function isShopStaff(db: DbOrTx, userId: number, shopId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shopMembers.id })
    .from(shopMembers)
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, ['owner', 'iam', 'agent'])))
    .limit(1);
  return !!row;
}

export async function insertNotifications(
  db: DbOrTx,
  rows: Array<{ userId: number; type: string; content: string; redirectLink: string }>,
): Promise<void> {
  if (rows.length) await db.insert(notifications).values(rows);
}

/** The shops a buyer ordered from (plus `extraShopId`), with their orders there, newest first. */
export async function contactShops(db: DbOrTx, buyerUserId: number, extraShopId: number | null) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      shopId: shops.id,
      shopName: shops.name,
      urlShop: shops.urlShop,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.buyerId, buyerUserId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  const out = new Map<
    number,
    { id: number; name: string; urlShop: string; orders: Array<{ id: number; number: string; createdAt: string }> }
  >();
  if (extraShopId !== null) {
    const s = await findShop(db, extraShopId);
    if (s) out.set(s.id, { id: s.id, name: s.name, urlShop: s.urlShop, orders: [] });
  }
  for (const r of rows) {
    let shop = out.get(r.shopId);
    if (!shop) {
      shop = { id: r.shopId, name: r.shopName, urlShop: r.urlShop, orders: [] };
      out.set(r.shopId, shop);
    }
    shop.orders.push({ id: r.id, number: r.number, createdAt: r.createdAt.toISOString() });
  }
  return [...out.values()];
}
