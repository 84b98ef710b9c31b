// Every Drizzle query of the back-office catalogue. Each function takes a db or an open transaction (`DbOrTx`).
// The tables are the public catalogue's (modules/catalog): what is written here is what /products, the shop page,
// the cart and the price engine read (their answer cache is dropped by the change feed on every write).
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { formatPrices, mediaFiles, productFormats, productVintages, products, promotions } from '../catalog';
import { orderLines } from '../orders';
import { stockMovements } from '../stock';

export type ProductRow = typeof products.$inferSelect;
export type VintageRow = typeof productVintages.$inferSelect;
export type FormatRow = typeof productFormats.$inferSelect;
export type PriceRow = typeof formatPrices.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;

export type ProductsQuery = ListQuery<
  'name' | 'createdAt' | 'status',
  {
    productType?: string[];
    type?: string[];
    color?: string[];
    gamme?: string[];
    vintage?: string[];
    status?: string[];
    label?: string[];
    archived?: 'true' | 'false';
  }
>;

export interface ListedProduct {
  id: number;
  name: string;
  productType: ProductRow['productType'];
  type: string | null;
  color: string | null;
  gamme: string | null;
  status: string;
  labels: string[];
  visuals: string[];
  archivedAt: Date | null;
  createdAt: Date;
  vintages: string[] | null;
  /** [[unity, unityValue, stock, firstVisual]…] in format order */
  formats: Array<[string, number | null, number, string | null]> | null;
  priceCents: number | null;
}

/** The outer row's id inside the correlated subqueries (drizzle leaves a single table's columns unqualified). */
const PID = sql.raw('"products"."id"');

const textList = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * One page of the shop's products and the total: two queries whatever the page size (no N+1). The vintages, the
 * formats (labels and stock) and the default typology's price are correlated subqueries of the page's rows only
 * (PostgreSQL evaluates them after the sort and the limit); every one of them is an index lookup on product_id.
 */
export async function listProducts(
  db: DbOrTx,
  shopId: number,
  typology: string,
  q: ProductsQuery,
): Promise<{ rows: ListedProduct[]; total: number }> {
  const f = q.filters;
  const conds: SQL[] = [eq(products.shopId, shopId)];
  conds.push(f.archived === 'true' ? isNotNull(products.archivedAt) : isNull(products.archivedAt));
  if (f.productType?.length) conds.push(inArray(products.productType, f.productType as ProductRow['productType'][]));
  if (f.type?.length) conds.push(inArray(products.type, f.type));
  if (f.color?.length) conds.push(inArray(products.color, f.color));
  if (f.gamme?.length) conds.push(inArray(products.gamme, f.gamme));
  if (f.status?.length) conds.push(inArray(products.status, f.status as ProductRow['status'][]));
  if (f.label?.length) conds.push(sql`jsonb_exists_any(${products.labels}, ${textList(f.label)})`);
  if (f.vintage?.length)
    conds.push(sql`exists (select 1 from product_vintages v where v.product_id = ${PID} and v.name = any(${textList(f.vintage)}))`);
  if (q.q) conds.push(ilike(products.name, containsPattern(q.q)));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        productType: products.productType,
        type: products.type,
        color: products.color,
        gamme: products.gamme,
        status: products.status,
        labels: products.labels,
        visuals: products.visuals,
        archivedAt: products.archivedAt,
        createdAt: products.createdAt,
        vintages: sql<
          string[] | null
        >`(select json_agg(v.name order by v.position, v.id) from product_vintages v where v.product_id = ${PID})`,
        formats: sql<ListedProduct['formats']>`(select json_agg(json_build_array(f.unity, f.unity_value, f.stock, f.visuals->>0)
          order by f.position, f.id) from product_formats f where f.product_id = ${PID})`,
        priceCents: sql<number | null>`(select fp.price_cents from product_formats f
          join format_prices fp on fp.format_id = f.id and fp.typology = ${typology}
          where f.product_id = ${PID} order by f.position, f.id limit 1)`,
      })
      .from(products)
      .where(where)
      .orderBy(...orderByOf(q.sort, { name: products.name, createdAt: products.createdAt, status: products.status }, products.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findShop(db: DbOrTx, shopId: number): Promise<ShopRow> {
  const [s] = await db.select().from(shops).where(eq(shops.id, shopId));
  return s;
}

export async function findProduct(db: DbOrTx, shopId: number, id: number): Promise<ProductRow | undefined> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.shopId, shopId)));
  return p;
}

/** The product's vintages, formats, prices and promotions (four queries, in parallel). */
export async function loadChildren(db: DbOrTx, productId: number) {
  const [vintages, formats] = await Promise.all([
    db
      .select()
      .from(productVintages)
      .where(eq(productVintages.productId, productId))
      .orderBy(asc(productVintages.position), asc(productVintages.id)),
    db
      .select()
      .from(productFormats)
      .where(eq(productFormats.productId, productId))
      .orderBy(asc(productFormats.position), asc(productFormats.id)),
  ]);
  const ids = formats.map((f) => f.id);
  const [prices, promos] = ids.length
    ? await Promise.all([
        db.select().from(formatPrices).where(inArray(formatPrices.formatId, ids)).orderBy(asc(formatPrices.id)),
        db.select().from(promotions).where(inArray(promotions.formatId, ids)).orderBy(asc(promotions.id)),
      ])
    : [[], []];
  return { vintages, formats, prices, promos };
}

/** Formats and vintages that orders or stock movements point at (kept when an update leaves them out). */
export async function usedRows(db: DbOrTx, productId: number): Promise<{ product: boolean; formats: Set<number>; vintages: Set<number> }> {
  const [ol, sm] = await Promise.all([
    db
      .selectDistinct({ formatId: orderLines.formatId, vintageId: orderLines.vintageId })
      .from(orderLines)
      .where(eq(orderLines.productId, productId)),
    db
      .selectDistinct({ formatId: stockMovements.formatId, vintageId: stockMovements.vintageId })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId)),
  ]);
  const formats = new Set<number>();
  const vintages = new Set<number>();
  for (const r of [...ol, ...sm]) {
    if (r.formatId) formats.add(r.formatId);
    if (r.vintageId) vintages.add(r.vintageId);
  }
  return { product: ol.length + sm.length > 0, formats, vintages };
}

/** GTINs among `gtins` already held by a format of another product of the shop. */
export async function takenGtins(db: DbOrTx, shopId: number, gtins: string[], productId: number | null): Promise<Set<string>> {
  if (!gtins.length) return new Set();
  const conds = [eq(productFormats.shopId, shopId), inArray(productFormats.gtin, gtins)];
  if (productId) conds.push(ne(productFormats.productId, productId));
  const rows = await db
    .select({ gtin: productFormats.gtin })
    .from(productFormats)
    .where(and(...conds));
  return new Set(rows.map((r) => r.gtin!));
}

/** Formats of the shop with their product's type and name (box contents). */
export async function shopFormats(db: DbOrTx, shopId: number, formatIds: number[] | null) {
  const conds = [eq(productFormats.shopId, shopId), isNull(products.archivedAt)];
  if (formatIds) {
    if (!formatIds.length) return [];
    conds.push(inArray(productFormats.id, formatIds));
  }
  return db
    .select({
      formatId: productFormats.id,
      productId: products.id,
      productType: products.productType,
      name: products.name,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .where(and(...conds))
    .orderBy(asc(products.name), asc(productFormats.position), asc(productFormats.id))
    .limit(2000);
}

export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'shopId' | 'createdAt'>;
export type VintageValues = Omit<typeof productVintages.$inferInsert, 'id' | 'shopId' | 'productId'>;
export type FormatValues = Omit<typeof productFormats.$inferInsert, 'id' | 'shopId' | 'productId' | 'stock' | 'vintageId'>;
export type PriceValues = Omit<typeof formatPrices.$inferInsert, 'id' | 'shopId' | 'formatId'>;
export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'shopId' | 'formatId'>;

export async function insertProduct(db: DbOrTx, shopId: number, values: ProductValues): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({ ...values, shopId })
    .returning();
  return row;
}

export async function updateProduct(
  db: DbOrTx,
  shopId: number,
  id: number,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.shopId, shopId)))
    .returning();
  return row;
}

export async function deleteVintages(db: DbOrTx, productId: number, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(productVintages).where(and(eq(productVintages.productId, productId), inArray(productVintages.id, ids)));
}
export async function updateVintage(db: DbOrTx, productId: number, id: number, values: VintageValues): Promise<void> {
  await db
    .update(productVintages)
    .set(values)
    .where(and(eq(productVintages.id, id), eq(productVintages.productId, productId)));
}
export async function insertVintages(db: DbOrTx, shopId: number, productId: number, values: VintageValues[]): Promise<void> {
  if (values.length) await db.insert(productVintages).values(values.map((v) => ({ ...v, shopId, productId })));
}

export async function deleteFormats(db: DbOrTx, productId: number, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(productFormats).where(and(eq(productFormats.productId, productId), inArray(productFormats.id, ids)));
}
/** Frees the GTINs of formats about to change theirs (two formats may swap their codes in one save). */
export async function clearGtins(db: DbOrTx, productId: number, ids: number[]): Promise<void> {
  if (ids.length)
    await db
      .update(productFormats)
      .set({ gtin: null })
      .where(and(eq(productFormats.productId, productId), inArray(productFormats.id, ids)));
}
export async function updateFormat(db: DbOrTx, productId: number, id: number, values: FormatValues): Promise<void> {
  await db
    .update(productFormats)
    .set(values)
    .where(and(eq(productFormats.id, id), eq(productFormats.productId, productId)));
}
export async function insertFormat(db: DbOrTx, shopId: number, productId: number, values: FormatValues, stock = 0): Promise<number> {
  const [row] = await db
    .insert(productFormats)
    .values({ ...values, shopId, productId, stock })
    .returning({ id: productFormats.id });
  return row.id;
}
/** Hides a kept format (sold before, left out of an update) from every typology. */
export async function hideFormats(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.update(formatPrices).set({ visible: false }).where(inArray(formatPrices.formatId, ids));
}

/** Replaces the prices of a format (one row per typology). */
export async function replacePrices(db: DbOrTx, shopId: number, formatId: number, values: PriceValues[]): Promise<void> {
  await db.delete(formatPrices).where(eq(formatPrices.formatId, formatId));
  if (values.length) await db.insert(formatPrices).values(values.map((v) => ({ ...v, shopId, formatId })));
}

export async function syncPromotions(
  db: DbOrTx,
  shopId: number,
  formatId: number,
  keep: Array<{ id: number; values: PromotionValues }>,
  added: PromotionValues[],
): Promise<void> {
  const keepIds = keep.map((k) => k.id);
  await db
    .delete(promotions)
    .where(and(eq(promotions.formatId, formatId), keepIds.length ? notInArray(promotions.id, keepIds) : undefined));
  for (const k of keep)
    await db
      .update(promotions)
      .set(k.values)
      .where(and(eq(promotions.id, k.id), eq(promotions.formatId, formatId)));
  if (added.length) await db.insert(promotions).values(added.map((v) => ({ ...v, shopId, formatId })));
}

export async function setStatus(db: DbOrTx, shopId: number, ids: number[], status: ProductRow['status']): Promise<number> {
  const rows = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

export async function deleteProduct(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.shopId, shopId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Next position at the end of the shop's catalogue. */
export async function nextPosition(db: DbOrTx, shopId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${products.position}), 0)::int + 1` })
    .from(products)
    .where(eq(products.shopId, shopId));
  return r.n;
}

// ---------------------------------------------------------------- media

export async function insertMedia(
  db: DbOrTx,
  values: Omit<typeof mediaFiles.$inferInsert, 'id' | 'createdAt'>,
): Promise<typeof mediaFiles.$inferSelect> {
  await db.insert(mediaFiles).values(values).onConflictDoNothing({ target: mediaFiles.key });
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.key, values.key));
  return row;
}

export async function findMedia(db: DbOrTx, key: string): Promise<typeof mediaFiles.$inferSelect | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.key, key));
  return row;
}
