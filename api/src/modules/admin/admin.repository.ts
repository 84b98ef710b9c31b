import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { orders } from '../orders';
import { products } from '../catalog';
import { adminAudit } from './admin.tables';

/** A Paris calendar day of a timestamp column (the §9 dates of the back office are French days). */
const parisDay = (col: SQL | typeof orders.createdAt) => sql`(${col} at time zone 'Europe/Paris')::date`;

// ---------- orders ----------

export type AdminOrdersQuery = ListQuery<
  'createdAt' | 'number' | 'totalTTC',
  { status?: string; shopId?: number; from?: string; to?: string }
>;

export async function listOrders(db: DbOrTx, q: AdminOrdersQuery) {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(
      sql`(lower(${orders.number}) like ${like} or lower(${shops.name}) like ${like} or lower(${shops.code}) like ${like}
        or lower(${orders.buyerName}) like ${like} or lower(${orders.buyerEmail}) like ${like})`,
    );
  }
  const f = q.filters;
  if (f.status) conds.push(eq(orders.status, f.status as never));
  if (f.shopId !== undefined) conds.push(eq(orders.shopId, f.shopId));
  if (f.from) conds.push(sql`${parisDay(orders.createdAt)} >= ${f.from}::date`);
  if (f.to) conds.push(sql`${parisDay(orders.createdAt)} <= ${f.to}::date`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        subType: orders.subType,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalTTC: orders.totalTTC,
        createdAt: orders.createdAt,
        shopId: shops.id,
        shopName: shops.name,
        shopCode: shops.code,
        buyerId: orders.buyerId,
        buyerName: orders.buyerName,
        buyerEmail: orders.buyerEmail,
      })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(...orderByOf(q.sort, { createdAt: orders.createdAt, number: orders.number, totalTTC: orders.totalTTC }, orders.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(orders).innerJoin(shops, eq(shops.id, orders.shopId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

// ---------- products ----------

export type AdminProductsQuery = ListQuery<'name' | 'createdAt', { shopId?: number; status?: string; productType?: string }>;

export async function listProducts(db: DbOrTx, q: AdminProductsQuery) {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(lower(${products.name}) like ${like} or lower(${shops.name}) like ${like} or lower(${shops.code}) like ${like})`);
  }
  const f = q.filters;
  if (f.shopId !== undefined) conds.push(eq(products.shopId, f.shopId));
  if (f.status) conds.push(eq(products.status, f.status as never));
  if (f.productType) conds.push(eq(products.productType, f.productType as never));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        productType: products.productType,
        status: products.status,
        archivedAt: products.archivedAt,
        createdAt: products.createdAt,
        shopId: shops.id,
        shopName: shops.name,
        shopCode: shops.code,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(where)
      .orderBy(...orderByOf(q.sort, { name: sql`lower(${products.name})`, createdAt: products.createdAt }, products.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(products).innerJoin(shops, eq(shops.id, products.shopId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

// ---------- shops ----------

export type AdminShopsQuery = ListQuery<'name' | 'createdAt' | 'lastActivity', { suspended?: 'true' | 'false'; businessType?: string }>;

// qualified by hand: drizzle leaves the table name out of a one-table select, and `id` would be the subquery's own
const shopIdRef = sql.raw('"shops"."id"');
const lastOrderAt = sql<Date | string | null>`(select max(o.created_at) from orders o where o.shop_id = ${shopIdRef})`;
const lastActivity = sql`greatest(${sql.raw('"shops"."updated_at"')}, ${lastOrderAt})`;
const firstOwner = sql<{ id: number; username: string; email: string } | null>`(
  select json_build_object('id', u.id, 'username', u.username, 'email', u.email)
  from ${shopMembers} m join ${users} u on u.id = m.user_id
  where m.shop_id = ${shopIdRef} and m.kind = 'owner' order by m.id limit 1)`;

const shopColumns = {
  id: shops.id,
  name: shops.name,
  code: shops.code,
  urlShop: shops.urlShop,
  businessType: shops.businessType,
  integration: shops.integration,
  createdAt: shops.createdAt,
  updatedAt: shops.updatedAt,
  lastOrderAt,
  owner: firstOwner,
  suspendedAt: shops.suspendedAt,
  suspendedReason: shops.suspendedReason,
};

export type AdminShopRow = Awaited<ReturnType<typeof findShop>> & object;

export async function listShops(db: DbOrTx, q: AdminShopsQuery) {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(
      sql`(lower(${shops.name}) like ${like} or lower(${shops.code}) like ${like} or lower(${shops.urlShop}) like ${like}
        or exists (select 1 from ${shopMembers} m join ${users} u on u.id = m.user_id
          where m.shop_id = ${shopIdRef} and m.kind = 'owner' and (lower(u.email) like ${like} or lower(u.username) like ${like})))`,
    );
  }
  if (q.filters.suspended === 'true') conds.push(isNotNull(shops.suspendedAt));
  if (q.filters.suspended === 'false') conds.push(isNull(shops.suspendedAt));
  if (q.filters.businessType) conds.push(eq(shops.businessType, q.filters.businessType as never));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(shopColumns)
      .from(shops)
      .where(where)
      .orderBy(...orderByOf(q.sort, { name: sql`lower(${shops.name})`, createdAt: shops.createdAt, lastActivity }, shops.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(shops).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findShop(db: DbOrTx, id: number) {
  const rows = await db.select(shopColumns).from(shops).where(eq(shops.id, id)).limit(1);
  return rows[0];
}

/** Suspends a shop that is not suspended yet (conditional: two concurrent suspensions → one wins). */
export async function suspendShop(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ suspendedAt: new Date(), suspendedReason: reason, updatedAt: new Date() })
    .where(and(eq(shops.id, id), isNull(shops.suspendedAt)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** Reopens a suspended shop (conditional, as suspendShop). */
export async function reopenShop(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
    .where(and(eq(shops.id, id), isNotNull(shops.suspendedAt)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

export async function shopExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: shops.id }).from(shops).where(eq(shops.id, id)).limit(1)).length > 0;
}

// ---------- overview ----------

export async function countOverview(db: DbOrTx) {
  const [[s], [o]] = await Promise.all([
    db.select({ all: count(), suspended: count(shops.suspendedAt) }).from(shops),
    db
      .select({ n: count() })
      .from(orders)
      .where(sql`${parisDay(orders.createdAt)} = (now() at time zone 'Europe/Paris')::date`),
  ]);
  return { shops: Number(s.all), suspendedShops: Number(s.suspended), ordersToday: Number(o.n) };
}

// ---------- audit ----------

export type AuditEntryInput = {
  userId: number;
  userName: string;
  action: string;
  targetType: 'shop' | 'maintenance' | 'user';
  targetId: string | null;
  detail: Record<string, unknown> | null;
};

/** One row of admin_audit, written in the caller's transaction (the action and its trace commit together). */
export async function insertAudit(db: DbOrTx, e: AuditEntryInput) {
  await db.insert(adminAudit).values(e);
}

export type AdminAuditQuery = ListQuery<'at', { targetType?: string; targetId?: string }>;

export async function listAudit(db: DbOrTx, q: AdminAuditQuery) {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(lower(${adminAudit.userName}) like ${like} or lower(${adminAudit.action}) like ${like})`);
  }
  if (q.filters.targetType) conds.push(eq(adminAudit.targetType, q.filters.targetType));
  if (q.filters.targetId) conds.push(eq(adminAudit.targetId, q.filters.targetId));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(...orderByOf(q.sort, { at: adminAudit.at }, adminAudit.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return { rows, total: Number(n) };
}
