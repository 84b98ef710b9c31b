import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { products } from '../catalog';
import { promoCodes, promoCodeUses } from './promo-codes.tables';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeValues = Omit<typeof promoCodes.$inferInsert, 'id' | 'shopId' | 'createdAt'>;
export type PromoCodeStatusFilter = 'active' | 'scheduled' | 'expired' | 'inactive';
export type PromoCodesQuery = ListQuery<'code' | 'createdAt' | 'endsAt', { status?: PromoCodeStatusFilter }>;

/**
 * A use counts while its order stands: an order aborted, expired, cancelled or refused gives its use back. (The
 * orders table belongs to modules/orders, which imports this module: it is named in SQL here, not imported.)
 */
const standingUse = sql`exists (select 1 from orders o where o.id = ${promoCodeUses.orderId}
  and o.status not in ('aborted', 'expired', 'cancelled', 'refused'))`;

const usesOf = sql<number>`(select count(*)::int from ${promoCodeUses} where ${promoCodeUses.codeId} = ${promoCodes.id} and ${standingUse})`;

function statusWhere(status: PromoCodeStatusFilter, now: Date): SQL {
  const started = sql`(${promoCodes.startsAt} is null or ${promoCodes.startsAt} <= ${now})`;
  const notEnded = sql`(${promoCodes.endsAt} is null or ${promoCodes.endsAt} > ${now})`;
  switch (status) {
    case 'inactive':
      return eq(promoCodes.active, false);
    case 'expired':
      return sql`${promoCodes.active} and ${promoCodes.endsAt} <= ${now}`;
    case 'scheduled':
      return sql`${promoCodes.active} and ${promoCodes.startsAt} > ${now} and ${notEnded}`;
    case 'active':
      return sql`${promoCodes.active} and ${started} and ${notEnded}`;
  }
}

export async function listPromoCodes(
  db: DbOrTx,
  shopId: number,
  q: PromoCodesQuery,
  now: Date,
): Promise<{ rows: Array<PromoCodeRow & { uses: number }>; total: number }> {
  const conds: SQL[] = [eq(promoCodes.shopId, shopId)];
  if (q.filters.status) conds.push(statusWhere(q.filters.status, now));
  if (q.q) conds.push(ilike(promoCodes.code, containsPattern(q.q)));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ row: promoCodes, uses: usesOf })
      .from(promoCodes)
      .where(where)
      .orderBy(...orderByOf(q.sort, { code: promoCodes.code, createdAt: promoCodes.createdAt, endsAt: promoCodes.endsAt }, promoCodes.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(promoCodes)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.row, uses: Number(r.uses) })), total: Number(n) };
}

export async function findPromoCode(db: DbOrTx, shopId: number, id: number): Promise<(PromoCodeRow & { uses: number }) | undefined> {
  const [r] = await db
    .select({ row: promoCodes, uses: usesOf })
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.shopId, shopId)));
  return r ? { ...r.row, uses: Number(r.uses) } : undefined;
}

/** The shop's code (upper-case), locked until the end of the transaction when `lock` (the checkout: limits are race-safe). */
export async function findPromoCodeByCode(db: DbOrTx, shopId: number, code: string, lock = false): Promise<PromoCodeRow | undefined> {
  const q = db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.shopId, shopId), eq(promoCodes.code, code)));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Standing uses of a code, in total and by one buyer. */
export async function countUses(db: DbOrTx, codeId: number, userId: number | null): Promise<{ total: number; byClient: number }> {
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byClient: sql<number>`count(*) filter (where ${promoCodeUses.userId} = ${userId ?? -1})::int`,
    })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.codeId, codeId), standingUse));
  return { total: Number(r?.total ?? 0), byClient: Number(r?.byClient ?? 0) };
}

export async function everUsed(db: DbOrTx, codeId: number): Promise<boolean> {
  const [r] = await db.select({ id: promoCodeUses.id }).from(promoCodeUses).where(eq(promoCodeUses.codeId, codeId)).limit(1);
  return !!r;
}

export async function insertPromoCode(db: DbOrTx, shopId: number, values: PromoCodeValues): Promise<PromoCodeRow> {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...values, shopId })
    .returning();
  return row;
}

export async function updatePromoCode(
  db: DbOrTx,
  shopId: number,
  id: number,
  values: Partial<PromoCodeValues>,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set(values)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.shopId, shopId)))
    .returning();
  return row;
}

export async function deletePromoCode(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.shopId, shopId)))
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

export async function insertUse(
  db: DbOrTx,
  values: { codeId: number; orderId: number; userId: number | null; clientId: number | null; amountCents: number },
): Promise<void> {
  await db.insert(promoCodeUses).values(values);
}

/** The ids among `ids` that are products of the shop. */
export async function shopProductIds(db: DbOrTx, shopId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The shop's typology ids. */
export async function shopTypologyIds(db: DbOrTx, shopId: number): Promise<Set<string>> {
  const [s] = await db.select({ typologies: shops.typologies }).from(shops).where(eq(shops.id, shopId));
  const list = (s?.typologies ?? []) as unknown as Array<{ id?: unknown }>;
  return new Set(list.map((t) => String(t.id ?? '')).filter(Boolean));
}
