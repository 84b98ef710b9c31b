import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { products } from '../catalog';
import { iframes, type IframeRow } from './iframes.tables';

export type IframesQuery = ListQuery<'id' | 'name' | 'createdAt', { kind?: 'list' | 'product' }>;
type IframeValues = { name: string; kind: 'list' | 'product'; productId: number | null };

export async function listIframes(db: DbOrTx, shopId: number, q: IframesQuery): Promise<{ rows: IframeRow[]; total: number }> {
  const conds: SQL[] = [eq(iframes.shopId, shopId)];
  if (q.filters.kind) conds.push(eq(iframes.kind, q.filters.kind));
  if (q.q) conds.push(ilike(iframes.name, containsPattern(q.q)));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(iframes)
      .where(where)
      .orderBy(...orderByOf(q.sort, { id: iframes.id, name: iframes.name, createdAt: iframes.createdAt }, iframes.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(iframes).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** The product if it belongs to the shop. */
export async function findShopProduct(db: DbOrTx, shopId: number, productId: number): Promise<{ id: number } | undefined> {
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)));
  return p;
}

export async function insertIframe(db: DbOrTx, shopId: number, values: IframeValues): Promise<IframeRow> {
  const [row] = await db
    .insert(iframes)
    .values({ shopId, ...values })
    .returning();
  return row;
}

/** Scoped to the shop: another shop's iframe is not updated (undefined). */
export async function updateIframe(db: DbOrTx, shopId: number, id: number, values: IframeValues): Promise<IframeRow | undefined> {
  const [row] = await db
    .update(iframes)
    .set(values)
    .where(and(eq(iframes.id, id), eq(iframes.shopId, shopId)))
    .returning();
  return row;
}

export async function deleteIframe(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(iframes)
    .where(and(eq(iframes.id, id), eq(iframes.shopId, shopId)))
    .returning({ id: iframes.id });
  return rows.length > 0;
}

export async function findPublicIframe(
  db: DbOrTx,
  id: number,
): Promise<{ iframe: IframeRow; urlShop: string; integration: ShopRow['integration'] } | undefined> {
  const [row] = await db
    .select({ iframe: iframes, urlShop: shops.urlShop, integration: shops.integration })
    .from(iframes)
    .innerJoin(shops, eq(shops.id, iframes.shopId))
    .where(eq(iframes.id, id));
  return row;
}
