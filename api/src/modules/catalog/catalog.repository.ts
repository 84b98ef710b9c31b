/**
 * Every Drizzle query of the public catalogue's reads (listing, product and shop pages, GS1): the rules live in the
 * files that call them. Each function takes the database or an open transaction.
 */
import { and, asc, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { OTHER_PRODUCTS, type ProductFilter } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { formatPrices, productFormats, productVintages, products, promotions, shopPublicPages, shopTabs } from './catalog.tables';

export type ProductRow = typeof products.$inferSelect;
export type PublicPageRow = typeof shopPublicPages.$inferSelect;
export type ShopTabRow = typeof shopTabs.$inferSelect;

/** A shop named by a client: numeric id, urlShop (any case) or public code (any case). */
export async function findShopRef(db: DbOrTx, ref: string): Promise<ShopRow | undefined> {
  const r = ref.trim();
  if (!r || r.length > 200) return undefined;
  const cond = /^\d{1,9}$/.test(r)
    ? sql`${shops.id} = ${Number(r)} or ${shops.urlShop} = ${r}`
    : sql`lower(${shops.urlShop}) = ${r.toLowerCase()} or upper(${shops.code}) = ${r.toUpperCase()}`;
  const [s] = await db.select().from(shops).where(cond).limit(1);
  return s;
}

export async function findShop(db: DbOrTx, id: number): Promise<ShopRow> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, id));
  return shop;
}

/** The shops not suspended, these only when `ids` is given. */
export async function findUnsuspendedShops(db: DbOrTx, ids?: number[]): Promise<ShopRow[]> {
  return ids
    ? ids.length
      ? await db
          .select()
          .from(shops)
          .where(and(inArray(shops.id, ids), isNull(shops.suspendedAt)))
      : []
    : await db.select().from(shops).where(isNull(shops.suspendedAt));
}

// ---------------------------------------------------------------- listing

function inOrOther(
  column: typeof products.gamme | typeof products.type | typeof products.color,
  values: string[] | undefined,
): SQL | undefined {
  if (!values?.length) return undefined;
  const real = values.filter((v) => v !== OTHER_PRODUCTS);
  const parts: SQL[] = [];
  if (real.length) parts.push(inArray(column, real));
  if (values.includes(OTHER_PRODUCTS)) parts.push(isNull(column));
  return parts.length === 1 ? parts[0] : or(...parts);
}

/**
 * The products a listing of these shops shows whatever its filters: no service, no archived product (kept instead of
 * deleted once ordered, it is gone from the shop), no empty one but to the shops' privileged members.
 */
export function visibleProducts(shopIds: number[], privileged: number[]): SQL[] {
  const base: SQL[] = [inArray(products.shopId, shopIds), ne(products.productType, 'prestation'), isNull(products.archivedAt)];
  const statusCond = privileged.length
    ? or(inArray(products.shopId, privileged), ne(products.status, 'empty'))!
    : ne(products.status, 'empty');
  base.push(statusCond);
  return base;
}

/** The visible products narrowed by the listing's filters ('other' = without a value) and product ids. */
export function filteredProducts(db: DbOrTx, base: SQL[], f: ProductFilter, filterByProductIds?: number[]): SQL | undefined {
  const conds: SQL[] = [...base];
  const add = (c: SQL | undefined) => {
    if (c) conds.push(c);
  };
  add(inOrOther(products.gamme, f.gamme));
  add(inOrOther(products.type, f.type));
  add(inOrOther(products.color, f.color));
  if (f.productType?.length) conds.push(inArray(products.productType, f.productType));
  if (f.vintage?.length) {
    const real = f.vintage.filter((v) => v !== OTHER_PRODUCTS);
    const vc: SQL[] = [];
    if (real.length)
      vc.push(
        exists(
          db
            .select({ x: sql`1` })
            .from(productVintages)
            .where(and(eq(productVintages.productId, products.id), inArray(productVintages.name, real))),
        ),
      );
    if (f.vintage.includes(OTHER_PRODUCTS))
      vc.push(sql`not exists (select 1 from ${productVintages} where ${productVintages.productId} = ${products.id})`);
    conds.push(vc.length === 1 ? vc[0] : or(...vc)!);
  }
  if (f.search?.trim()) {
    const like = `%${f.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(products.name, like), ilike(products.gamme, like), ilike(products.precision, like))!);
  }
  if (filterByProductIds) conds.push(filterByProductIds.length ? inArray(products.id, filterByProductIds) : sql`false`);
  return and(...conds);
}

export async function countProducts(db: DbOrTx, where: SQL | undefined): Promise<number | undefined> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return rows[0]?.n;
}

/** A page of products, in the shops' order. */
export async function findProductsPage(db: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.shopId), asc(products.position), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/** The values of the filter groups among these products: ranges, types, colours, then vintage names. */
export async function findFacetValues(db: DbOrTx, base: SQL[]) {
  return Promise.all([
    db
      .selectDistinct({ gamme: products.gamme, type: products.type, color: products.color })
      .from(products)
      .where(and(...base)),
    db
      .selectDistinct({ name: productVintages.name })
      .from(productVintages)
      .innerJoin(products, eq(products.id, productVintages.productId))
      .where(and(...base)),
  ]);
}

// ---------------------------------------------------------------- products as the viewer sees them

export async function findPublicPages(db: DbOrTx, shopIds: number[]): Promise<PublicPageRow[]> {
  return db.select().from(shopPublicPages).where(inArray(shopPublicPages.shopId, shopIds));
}

/** The vintages and formats of these products, each in its position order. */
export async function findVintagesAndFormats(db: DbOrTx, productIds: number[]) {
  return Promise.all([
    db
      .select()
      .from(productVintages)
      .where(inArray(productVintages.productId, productIds))
      .orderBy(asc(productVintages.position), asc(productVintages.id)),
    db
      .select()
      .from(productFormats)
      .where(inArray(productFormats.productId, productIds))
      .orderBy(asc(productFormats.position), asc(productFormats.id)),
  ]);
}

/** The prices and the active promotions of these formats. */
export async function findPricesAndPromotions(db: DbOrTx, formatIds: number[]) {
  return Promise.all([
    db.select().from(formatPrices).where(inArray(formatPrices.formatId, formatIds)),
    db
      .select()
      .from(promotions)
      .where(and(inArray(promotions.formatId, formatIds), eq(promotions.active, true))),
  ]);
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [p] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return p;
}

// ---------------------------------------------------------------- shop page

/** The shop's public page and its tabs (those that exist), in their order. */
export async function findPageAndTabs(db: DbOrTx, shopId: number): Promise<[PublicPageRow[], ShopTabRow[]]> {
  return Promise.all([
    db.select().from(shopPublicPages).where(eq(shopPublicPages.shopId, shopId)).limit(1),
    db
      .select()
      .from(shopTabs)
      .where(and(eq(shopTabs.shopId, shopId), eq(shopTabs.exists, true)))
      .orderBy(asc(shopTabs.order), asc(shopTabs.id)),
  ]);
}

// ---------------------------------------------------------------- GS1

/** The first format of a product on sale holding one of these GTINs, with its shop's url name. */
export async function findFormatByGtin(db: DbOrTx, candidates: string[]) {
  const rows = await db
    .select({
      formatId: productFormats.id,
      productId: productFormats.productId,
      shopId: productFormats.shopId,
      urlShop: shops.urlShop,
      status: products.status,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .innerJoin(shops, eq(shops.id, productFormats.shopId))
    .where(and(inArray(productFormats.gtin, candidates), ne(products.status, 'empty'), isNull(products.archivedAt)))
    .limit(1);
  return rows[0];
}

export async function findProductVintages(db: DbOrTx, productId: number) {
  return db.select().from(productVintages).where(eq(productVintages.productId, productId));
}
