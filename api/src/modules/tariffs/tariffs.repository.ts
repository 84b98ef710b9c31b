import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TariffFilter } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, type ShopRow } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { formatPrices, productFormats, products, productVintages } from '../catalog';

/** Every Drizzle query of the tariffs module (each takes the db or an open transaction). */

export type GridSort = 'product' | 'gamme' | 'formatId';
export type GridQuery = ListQuery<GridSort, { gamme?: string; productType?: string; type?: string }>;

/** A format of the shop with what the grid shows of its product and vintage. */
export interface FormatLine {
  formatId: number;
  productId: number;
  productName: string;
  productType: string;
  type: string | null;
  gamme: string | null;
  color: string | null;
  vintage: string | null;
  unity: string;
  unityValue: number | null;
  container: string | null;
  nameInShop: string | null;
  packing: string | null;
}

export interface PriceRow {
  formatId: number;
  typology: string;
  priceCents: number;
  visible: boolean;
}

const lineColumns = {
  formatId: productFormats.id,
  productId: products.id,
  productName: products.name,
  productType: products.productType,
  type: products.type,
  gamme: products.gamme,
  color: products.color,
  vintage: productVintages.name,
  unity: productFormats.unity,
  unityValue: productFormats.unityValue,
  container: productFormats.container,
  nameInShop: productFormats.nameInShop,
  packing: productFormats.packing,
};

function whereOf(shopId: number, filter: TariffFilter, formatIds?: number[]): SQL {
  const conds: SQL[] = [eq(productFormats.shopId, shopId), isNull(products.archivedAt)];
  if (filter.q) {
    const p = containsPattern(filter.q);
    conds.push(or(ilike(products.name, p), ilike(products.gamme, p), ilike(productVintages.name, p), ilike(productFormats.nameInShop, p))!);
  }
  if (filter.gamme) conds.push(eq(products.gamme, filter.gamme));
  if (filter.productType) conds.push(eq(products.productType, filter.productType as 'bottle'));
  if (filter.type) conds.push(eq(products.type, filter.type));
  if (formatIds) conds.push(inArray(productFormats.id, formatIds.length ? formatIds : [-1]));
  return and(...conds)!;
}

const base = (db: DbOrTx) =>
  db
    .select(lineColumns)
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId));

const naturalOrder = [
  asc(products.gamme),
  asc(products.type),
  asc(products.name),
  asc(productVintages.name),
  asc(productFormats.position),
  asc(productFormats.id),
];

/** One page of the grid. */
export async function listFormatLines(db: DbOrTx, shopId: number, q: GridQuery): Promise<{ rows: FormatLine[]; total: number }> {
  const where = whereOf(shopId, { q: q.q, ...q.filters });
  const order =
    q.sort.column === 'product'
      ? [
          ...orderByOf(q.sort, { product: products.name, gamme: products.gamme, formatId: productFormats.id }),
          asc(productVintages.name),
          asc(productFormats.position),
          asc(productFormats.id),
        ]
      : orderByOf(q.sort, { product: products.name, gamme: products.gamme, formatId: productFormats.id }, productFormats.id);
  const [rows, [{ n }]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
      .where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Every format of a filter (or of a selection of ids), in the price list's order (range, type, name, vintage). */
export async function allFormatLines(db: DbOrTx, shopId: number, filter: TariffFilter = {}, formatIds?: number[]): Promise<FormatLine[]> {
  return base(db)
    .where(whereOf(shopId, filter, formatIds))
    .orderBy(...naturalOrder);
}

/** The ids among `ids` that are formats of the shop. */
export async function shopFormatIds(db: DbOrTx, shopId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: productFormats.id })
    .from(productFormats)
    .where(and(eq(productFormats.shopId, shopId), inArray(productFormats.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function pricesOf(db: DbOrTx, shopId: number, formatIds: number[]): Promise<PriceRow[]> {
  if (!formatIds.length) return [];
  return db
    .select({
      formatId: formatPrices.formatId,
      typology: formatPrices.typology,
      priceCents: formatPrices.priceCents,
      visible: formatPrices.visible,
    })
    .from(formatPrices)
    .where(and(eq(formatPrices.shopId, shopId), inArray(formatPrices.formatId, formatIds)));
}

/** Inserts or updates prices (unique format × typology); `visible` undefined keeps the stored one (true for a new price). */
export async function upsertPrices(
  tx: DbOrTx,
  shopId: number,
  items: Array<{ formatId: number; typology: string; priceCents: number; visible?: boolean }>,
): Promise<void> {
  const withVisible = items.filter((i) => i.visible !== undefined);
  const without = items.filter((i) => i.visible === undefined);
  for (let i = 0; i < withVisible.length; i += 500) {
    await tx
      .insert(formatPrices)
      .values(
        withVisible
          .slice(i, i + 500)
          .map((p) => ({ shopId, formatId: p.formatId, typology: p.typology, priceCents: p.priceCents, visible: p.visible })),
      )
      .onConflictDoUpdate({
        target: [formatPrices.formatId, formatPrices.typology],
        set: { priceCents: sql`excluded.price_cents`, visible: sql`excluded.visible` },
      });
  }
  for (let i = 0; i < without.length; i += 500) {
    await tx
      .insert(formatPrices)
      .values(without.slice(i, i + 500).map((p) => ({ shopId, formatId: p.formatId, typology: p.typology, priceCents: p.priceCents })))
      .onConflictDoUpdate({ target: [formatPrices.formatId, formatPrices.typology], set: { priceCents: sql`excluded.price_cents` } });
  }
}

/** The values the grid filters offer. */
export async function gridFacets(db: DbOrTx, shopId: number): Promise<{ gammes: string[]; types: string[]; productTypes: string[] }> {
  const rows = await db
    .selectDistinct({ gamme: products.gamme, type: products.type, productType: products.productType })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)));
  const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b, 'fr'));
  return {
    gammes: uniq(rows.map((r) => r.gamme)),
    types: uniq(rows.map((r) => r.type)),
    productTypes: uniq(rows.map((r) => r.productType)),
  };
}

export async function findShop(db: DbOrTx, shopId: number): Promise<ShopRow> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  return row;
}

/** Locks the shop row (typology edits of one shop run one at a time). */
export async function findShopForUpdate(tx: DbOrTx, shopId: number): Promise<ShopRow> {
  const [row] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
  return row;
}

export async function saveTypologies(tx: DbOrTx, shopId: number, typologies: Array<Record<string, unknown>>): Promise<void> {
  await tx.update(shops).set({ typologies, updatedAt: new Date() }).where(eq(shops.id, shopId));
}

export async function saveSettings(tx: DbOrTx, shopId: number, settings: Record<string, unknown>): Promise<void> {
  await tx.update(shops).set({ settings, updatedAt: new Date() }).where(eq(shops.id, shopId));
}

/** Memberships (clients, agents) and prices of the shop that use a typology, by key (id or, for memberships, name). */
export async function typologyUsage(db: DbOrTx, shopId: number, keys: string[]): Promise<Map<string, { members: number; prices: number }>> {
  const [members, prices] = await Promise.all([
    db
      .select({ typology: shopMembers.typology, n: count() })
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.typology, keys.length ? keys : [''])))
      .groupBy(shopMembers.typology),
    db
      .select({ typology: formatPrices.typology, n: count() })
      .from(formatPrices)
      .where(and(eq(formatPrices.shopId, shopId), inArray(formatPrices.typology, keys.length ? keys : [''])))
      .groupBy(formatPrices.typology),
  ]);
  const out = new Map<string, { members: number; prices: number }>();
  for (const k of keys) out.set(k, { members: 0, prices: 0 });
  for (const m of members) if (m.typology) out.get(m.typology)!.members += Number(m.n);
  for (const p of prices) out.get(p.typology)!.prices += Number(p.n);
  return out;
}

/** Memberships that named a typology by its name now name it by its id (a rename keeps them on it). */
export async function memberTypologyByName(tx: DbOrTx, shopId: number, name: string, id: string): Promise<void> {
  await tx
    .update(shopMembers)
    .set({ typology: id })
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.typology, name)));
}
