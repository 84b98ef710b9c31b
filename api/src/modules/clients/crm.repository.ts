import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CrmClientKind, CrmClientStatus } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users, type ShopRow } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { orders } from '../orders';
import { clientInteractions, crmClients, type ClientInteractionRow, type CrmClientRow } from './clients.tables';

/** Every query of the client file (crm_clients, client_interactions). Each one is scoped by the shop id it is given. */

export type CrmClientsQuery = ListQuery<
  'lastname' | 'createdAt' | 'company' | 'lastOrderAt' | 'totalSpent',
  {
    kind?: CrmClientKind;
    typology?: string;
    agentUserId?: number;
    tag?: string;
    department?: string;
    pipe?: string;
    family?: string;
    status?: CrmClientStatus;
    lastOrderFrom?: string;
    lastOrderTo?: string;
    spentMin?: number;
    spentMax?: number;
  }
>;

/** Orders that count for a client's last order date and total spent (not aborted, expired, cancelled nor refused). */
export const UNCOUNTED_ORDER_STATUSES = ['aborted', 'expired', 'cancelled', 'refused'] as const;

/**
 * A client's orders are those taken for them (orders.client_id: back-office orders, quotes turned orders, primeurs)
 * and, when they are linked to a buyer account, that buyer's own orders at the shop that name no client (checkout).
 */
/** Per buyer of the shop (orders naming no client): the latest counted order date and the total TTC (cents). */
function buyerTotals(db: DbOrTx, shopId: number) {
  return db
    .select({
      buyerId: orders.buyerId,
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`.as('buyer_last_order_at'),
      totalSpent: sql<string | number>`sum(${orders.totalTTC})`.as('buyer_total_spent'),
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), isNull(orders.clientId), notInArray(orders.status, [...UNCOUNTED_ORDER_STATUSES])))
    .groupBy(orders.buyerId)
    .as('buyer_totals');
}

/** Per client of the shop (orders taken for them): the latest counted order date and the total TTC (cents). */
function clientTotals(db: DbOrTx, shopId: number) {
  return db
    .select({
      clientId: orders.clientId,
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`.as('client_last_order_at'),
      totalSpent: sql<string | number>`sum(${orders.totalTTC})`.as('client_total_spent'),
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), isNotNull(orders.clientId), notInArray(orders.status, [...UNCOUNTED_ORDER_STATUSES])))
    .groupBy(orders.clientId)
    .as('client_totals');
}

/** Two partial totals as one (null when the client has no counted order). */
function mergeTotals(a: BuyerTotals | undefined, b: BuyerTotals | undefined): BuyerTotals {
  const at = [a?.lastOrderAt, b?.lastOrderAt].filter((d): d is Date | string => d != null).map((d) => new Date(d));
  const spent = a?.totalSpent == null && b?.totalSpent == null ? null : Number(a?.totalSpent ?? 0) + Number(b?.totalSpent ?? 0);
  return { lastOrderAt: at.length ? new Date(Math.max(...at.map((d) => d.getTime()))) : null, totalSpent: spent };
}

export type NewCrmClient = typeof crmClients.$inferInsert;

const agentUser = alias(users, 'agent_user');
export type ClientWithAgent = {
  client: CrmClientRow;
  agentFirstname: string | null;
  agentLastname: string | null;
  agentUsername: string | null;
  lastOrderAt?: Date | string | null;
  totalSpent?: string | number | null;
};

const withAgent = {
  client: crmClients,
  agentFirstname: agentUser.firstname,
  agentLastname: agentUser.lastname,
  agentUsername: agentUser.username,
};

export async function findShop(db: DbOrTx, id: number): Promise<ShopRow | undefined> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return shop;
}

/**
 * What a search looks into: 'firstname lastname company email code' in lower case (a name in either field, 'Paul
 * Durand', a company, a mail, a code), and the phones without spaces ('|' between them: no match across the two).
 */
export const CLIENT_SEARCH_TEXT = sql`lower(coalesce(${crmClients.firstname}, '') || ' ' || coalesce(${crmClients.lastname}, '') || ' ' || coalesce(${crmClients.company}, '') || ' ' || coalesce(${crmClients.email}, '') || ' ' || coalesce(${crmClients.code}, ''))`;
export const CLIENT_SEARCH_PHONES = sql`regexp_replace(coalesce(${crmClients.phone}, '') || '|' || coalesce(${crmClients.mobile}, ''), '\\s', '', 'g')`;

/** `agentUserId` set: only that agent's clients (an agent never sees another's). */
function scope(shopId: number, agentUserId?: number | null): SQL[] {
  const conds: SQL[] = [eq(crmClients.shopId, shopId)];
  if (agentUserId) conds.push(eq(crmClients.agentUserId, agentUserId));
  return conds;
}

export async function listClients(db: DbOrTx, shopId: number, onlyAgent: number | null, q: CrmClientsQuery) {
  const f = q.filters;
  const conds = scope(shopId, onlyAgent);
  conds.push(eq(crmClients.status, f.status ?? 'active'));
  if (f.kind) conds.push(eq(crmClients.kind, f.kind));
  if (f.typology) conds.push(eq(crmClients.typology, f.typology));
  if (f.agentUserId) conds.push(eq(crmClients.agentUserId, f.agentUserId));
  if (f.tag) conds.push(sql`${crmClients.tags} @> ${JSON.stringify([f.tag])}::jsonb`);
  if (f.department) conds.push(eq(crmClients.department, f.department));
  if (f.pipe) conds.push(sql`${crmClients.custom}->>'pipe' = ${f.pipe}`);
  if (f.family) conds.push(sql`${crmClients.custom}->>'family' = ${f.family}`);
  if (q.q) {
    // two expressions, so that two trigram indexes can serve a search (see CLIENT_SEARCH_TEXT / CLIENT_SEARCH_PHONES)
    const p = containsPattern(q.q);
    conds.push(or(sql`${CLIENT_SEARCH_TEXT} like ${p}`, sql`${CLIENT_SEARCH_PHONES} like ${p.replace(/\s/g, '')}`)!);
  }
  const bt = buyerTotals(db, shopId);
  const ct = clientTotals(db, shopId);
  // the orders aggregates are joined only when a filter or the sort needs them for the count; the page always shows them
  const spent = sql`(coalesce(${bt.totalSpent}, 0) + coalesce(${ct.totalSpent}, 0))`;
  const lastAt = sql`greatest(${bt.lastOrderAt}, ${ct.lastOrderAt})`;
  const totals = { lastOrderAt: lastAt };
  const needsTotals =
    !!(f.lastOrderFrom || f.lastOrderTo || f.spentMin != null || f.spentMax != null) ||
    q.sort.column === 'lastOrderAt' ||
    q.sort.column === 'totalSpent';
  if (f.lastOrderFrom) conds.push(sql`${totals.lastOrderAt} >= ${f.lastOrderFrom}::date`);
  if (f.lastOrderTo) conds.push(sql`${totals.lastOrderAt} < (${f.lastOrderTo}::date + 1)`);
  if (f.spentMin != null) conds.push(sql`${spent} >= ${f.spentMin}`);
  if (f.spentMax != null) conds.push(sql`${spent} <= ${f.spentMax}`);
  const where = and(...conds);
  const sortColumns = {
    lastname: sql`lower(coalesce(${crmClients.lastname}, ${crmClients.company}, ''))`,
    company: sql`lower(coalesce(${crmClients.company}, ${crmClients.lastname}, ''))`,
    createdAt: crmClients.createdAt,
    // never ordered: oldest (last when newest first)
    lastOrderAt: sql`coalesce(${totals.lastOrderAt}, '-infinity'::timestamptz)`,
    totalSpent: spent,
  };
  if (!needsTotals) {
    // the common case: the page first (no orders aggregate over the whole shop), then the totals of its buyers
    const [[{ n }], rows] = await Promise.all([
      db.select({ n: count() }).from(crmClients).where(where),
      db
        .select(withAgent)
        .from(crmClients)
        .leftJoin(agentUser, eq(agentUser.id, crmClients.agentUserId))
        .where(where)
        .orderBy(...orderByOf(q.sort, { ...sortColumns, lastOrderAt: crmClients.id, totalSpent: crmClients.id }, crmClients.id))
        .limit(q.pageSize)
        .offset(q.offset),
    ]);
    const buyers = [...new Set(rows.map((r) => r.client.userId).filter((id): id is number => id != null))];
    const [byBuyer, byClient] = await Promise.all([
      buyers.length ? totalsOfBuyers(db, shopId, buyers) : new Map<number, BuyerTotals>(),
      rows.length
        ? totalsOfClients(
            db,
            shopId,
            rows.map((r) => r.client.id),
          )
        : new Map<number, BuyerTotals>(),
    ]);
    const withTotals = rows.map((r) => ({
      ...r,
      ...mergeTotals(r.client.userId ? byBuyer.get(r.client.userId) : undefined, byClient.get(r.client.id)),
    }));
    return { rows: withTotals as ClientWithAgent[], total: Number(n) };
  }
  const [[{ n }], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(crmClients)
      .leftJoin(bt, eq(bt.buyerId, crmClients.userId))
      .leftJoin(ct, eq(ct.clientId, crmClients.id))
      .where(where),
    db
      .select({
        ...withAgent,
        lastOrderAt: sql<Date | string | null>`${lastAt}`,
        totalSpent: sql<
          string | number | null
        >`case when ${bt.totalSpent} is null and ${ct.totalSpent} is null then null else ${spent} end`,
      })
      .from(crmClients)
      .leftJoin(agentUser, eq(agentUser.id, crmClients.agentUserId))
      .leftJoin(bt, eq(bt.buyerId, crmClients.userId))
      .leftJoin(ct, eq(ct.clientId, crmClients.id))
      .where(where)
      .orderBy(...orderByOf(q.sort, sortColumns, crmClients.id))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  return { rows: rows as ClientWithAgent[], total: Number(n) };
}

type BuyerTotals = { lastOrderAt: Date | string | null; totalSpent: string | number | null };

/** The last counted order date and total spent of some buyers at the shop (the buyers of a page). */
async function totalsOfBuyers(db: DbOrTx, shopId: number, buyerIds: number[]): Promise<Map<number, BuyerTotals>> {
  const rows = await db
    .select({
      buyerId: orders.buyerId,
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`,
      totalSpent: sql<string | null>`sum(${orders.totalTTC})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        inArray(orders.buyerId, buyerIds),
        isNull(orders.clientId),
        notInArray(orders.status, [...UNCOUNTED_ORDER_STATUSES]),
      ),
    )
    .groupBy(orders.buyerId);
  return new Map(rows.map((r) => [r.buyerId!, { lastOrderAt: r.lastOrderAt, totalSpent: r.totalSpent }]));
}

/** The last counted order date and total spent of the orders taken for some clients (the clients of a page). */
async function totalsOfClients(db: DbOrTx, shopId: number, clientIds: number[]): Promise<Map<number, BuyerTotals>> {
  const rows = await db
    .select({
      clientId: orders.clientId,
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`,
      totalSpent: sql<string | null>`sum(${orders.totalTTC})`,
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.clientId, clientIds), notInArray(orders.status, [...UNCOUNTED_ORDER_STATUSES])))
    .groupBy(orders.clientId);
  return new Map(rows.map((r) => [r.clientId!, { lastOrderAt: r.lastOrderAt, totalSpent: r.totalSpent }]));
}

/** The last counted order date and total spent of one client: the orders taken for them and their buyer's own. */
export async function totalsOfClient(db: DbOrTx, shopId: number, client: { id: number; userId: number | null }): Promise<BuyerTotals> {
  const byClient = (await totalsOfClients(db, shopId, [client.id])).get(client.id);
  const byBuyer = client.userId ? (await totalsOfBuyers(db, shopId, [client.userId])).get(client.userId) : undefined;
  return mergeTotals(byBuyer, byClient);
}

export async function findClient(db: DbOrTx, shopId: number, id: number, onlyAgent: number | null, lock = false) {
  const base = db
    .select(withAgent)
    .from(crmClients)
    .leftJoin(agentUser, eq(agentUser.id, crmClients.agentUserId))
    .where(and(...scope(shopId, onlyAgent), eq(crmClients.id, id)))
    .limit(1);
  const [row] = lock ? await base.for('update', { of: crmClients }) : await base;
  return row as ClientWithAgent | undefined;
}

/**
 * The next client number of a shop. A transaction-scoped advisory lock per shop serialises concurrent creations
 * (two at once never get the same number); the lock is released at commit.
 */
export { nextClientNumber } from './client-code';

export async function insertClient(db: DbOrTx, values: NewCrmClient): Promise<CrmClientRow> {
  const [row] = await db.insert(crmClients).values(values).returning();
  return row;
}

export async function insertClients(db: DbOrTx, values: NewCrmClient[]): Promise<CrmClientRow[]> {
  if (!values.length) return [];
  return db.insert(crmClients).values(values).returning();
}

export async function updateClient(db: DbOrTx, shopId: number, id: number, values: Partial<NewCrmClient>): Promise<void> {
  await db
    .update(crmClients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(crmClients.shopId, shopId), eq(crmClients.id, id)));
}

/** Ids among `ids` the caller may touch (the shop's, the agent's own, not erased). */
export async function visibleIds(db: DbOrTx, shopId: number, ids: number[], onlyAgent: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(...scope(shopId, onlyAgent), inArray(crmClients.id, ids), sql`${crmClients.status} <> 'erased'`));
  return rows.map((r) => r.id);
}

export async function bulkUpdate(db: DbOrTx, shopId: number, ids: number[], values: Partial<NewCrmClient>): Promise<void> {
  if (!ids.length) return;
  await db
    .update(crmClients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.id, ids)));
}

/** Adds `tag` to the clients' tags (once). */
export async function bulkAddTag(db: DbOrTx, shopId: number, ids: number[], tag: string): Promise<void> {
  if (!ids.length) return;
  await db
    .update(crmClients)
    .set({
      tags: sql`case when ${crmClients.tags} @> ${JSON.stringify([tag])}::jsonb then ${crmClients.tags} else ${crmClients.tags} || ${JSON.stringify([tag])}::jsonb end`,
      updatedAt: new Date(),
    })
    .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.id, ids)));
}

export async function listInteractions(db: DbOrTx, shopId: number, clientId: number) {
  return db
    .select({
      interaction: clientInteractions,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
    })
    .from(clientInteractions)
    .leftJoin(users, eq(users.id, clientInteractions.userId))
    .where(and(eq(clientInteractions.shopId, shopId), eq(clientInteractions.clientId, clientId)))
    .orderBy(desc(clientInteractions.occurredAt), desc(clientInteractions.id));
}

export async function insertInteractions(db: DbOrTx, values: (typeof clientInteractions.$inferInsert)[]): Promise<ClientInteractionRow[]> {
  if (!values.length) return [];
  return db.insert(clientInteractions).values(values).returning();
}

/** RGPD erasure: the interactions stay (dates, kinds) but their content goes. */
export async function clearInteractionContents(db: DbOrTx, shopId: number, clientId: number): Promise<void> {
  await db
    .update(clientInteractions)
    .set({ content: null })
    .where(and(eq(clientInteractions.shopId, shopId), eq(clientInteractions.clientId, clientId)));
}

/** Orders of a buyer at a shop, newest first (read only: legal documents are never touched here). */
export async function ordersOfBuyer(db: DbOrTx, shopId: number, buyerId: number, limit = 50) {
  return db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, status: orders.status, totalTTC: orders.totalTTC })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.buyerId, buyerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function findUserById(db: DbOrTx, id: number) {
  const [u] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u;
}

/** Is `userId` an agent of the shop? */
export async function isShopAgent(db: DbOrTx, shopId: number, userId: number): Promise<boolean> {
  const [m] = await db
    .select({ id: shopMembers.id })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), eq(shopMembers.kind, 'agent')))
    .limit(1);
  return !!m;
}

/** The client of the shop linked to a buyer account, if any. */
export async function findClientOfUser(db: DbOrTx, shopId: number, userId: number): Promise<CrmClientRow | undefined> {
  const [row] = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), eq(crmClients.userId, userId)))
    .orderBy(crmClients.id)
    .limit(1);
  return row;
}
