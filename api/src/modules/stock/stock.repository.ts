import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { productFormats, products, productVintages } from '../catalog';
import { allocatedSql, formatLabel, onHandSql, reservedSql } from './stock.movements';
import { stockAllocations, stockLevels, stockMovements, warehouses, type StockMovementKind, type WarehouseRow } from './stock.tables';

// ------------------------------------------------------------------ warehouses

export type WarehousesQuery = ListQuery<'name' | 'createdAt', { archived?: boolean }>;

const whOnHand = sql<number>`coalesce((select sum(sl.on_hand) from stock_levels sl where sl.warehouse_id = ${warehouses.id}), 0)::int`;
const whHasMovements = sql<boolean>`exists (select 1 from stock_movements m where m.warehouse_id = ${warehouses.id})`;

export async function listWarehouses(db: DbOrTx, shopId: number, q: WarehousesQuery) {
  const conds: SQL[] = [eq(warehouses.shopId, shopId)];
  if (q.filters.archived !== undefined) conds.push(eq(warehouses.archived, q.filters.archived));
  if (q.q) conds.push(ilike(warehouses.name, containsPattern(q.q)));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ w: warehouses, onHand: whOnHand, hasMovements: whHasMovements })
      .from(warehouses)
      .where(where)
      .orderBy(...orderByOf(q.sort, { name: sql`lower(${warehouses.name})`, createdAt: warehouses.createdAt }, warehouses.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(warehouses).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findWarehouse(db: DbOrTx, shopId: number, id: number) {
  const [row] = await db
    .select({ w: warehouses, onHand: whOnHand, hasMovements: whHasMovements })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.shopId, shopId)));
  return row;
}

export async function warehouseNameTaken(db: DbOrTx, shopId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(
        eq(warehouses.shopId, shopId),
        sql`lower(${warehouses.name}) = lower(${name})`,
        exceptId ? ne(warehouses.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function shopWarehouses(db: DbOrTx, shopId: number): Promise<WarehouseRow[]> {
  return db.select().from(warehouses).where(eq(warehouses.shopId, shopId)).orderBy(asc(warehouses.name));
}

// ------------------------------------------------------------------ levels

export type LevelsQuery = ListQuery<
  'product' | 'onHand' | 'available' | 'threshold',
  { warehouseId?: number; productType?: 'bottle' | 'accessory' | 'box'; underThreshold?: boolean }
>;

const onHand = onHandSql();
const reserved = reservedSql();
const allocated = allocatedSql();
const available = sql<number>`(${onHand} - ${reserved})`;

const formatColumns = {
  formatId: productFormats.id,
  productId: products.id,
  productName: products.name,
  productType: products.productType,
  vintageName: productVintages.name,
  unity: productFormats.unity,
  unityValue: productFormats.unityValue,
  nameInShop: productFormats.nameInShop,
  webStock: productFormats.stock,
  threshold: productFormats.alertThreshold,
  byWarehouse: sql<Record<
    string,
    number
  > | null>`(select jsonb_object_agg(sl.warehouse_id::text, sl.on_hand) from stock_levels sl where sl.format_id = "product_formats"."id")`,
  onHand,
  reserved,
  allocated,
};

type FormatRow = {
  formatId: number;
  productId: number;
  productName: string;
  productType: string;
  vintageName: string | null;
  unity: string;
  unityValue: number | null;
  nameInShop: string | null;
  webStock: number;
  threshold: number | null;
  byWarehouse: Record<string, number> | null;
  onHand: number;
  reserved: number;
  allocated: number;
};

export function formatStockDto(r: FormatRow) {
  const label = formatLabel(r);
  const on = Number(r.onHand);
  const res = Number(r.reserved);
  const avail = on - res;
  return {
    formatId: r.formatId,
    productId: r.productId,
    productName: r.productName,
    productType: r.productType,
    vintageName: r.vintageName,
    formatName:
      label
        .split(' – ')
        .slice(r.vintageName ? 2 : 1)
        .join(' – ') || r.unity,
    label,
    byWarehouse: r.byWarehouse ?? {},
    onHand: on,
    reserved: res,
    allocated: Number(r.allocated),
    available: avail,
    webStock: r.webStock,
    threshold: r.threshold,
    underThreshold: r.threshold != null && avail <= r.threshold,
  };
}

const stockable = (shopId: number) =>
  and(eq(productFormats.shopId, shopId), ne(products.productType, 'prestation'), sql`${products.archivedAt} is null`);

export async function listLevels(db: DbOrTx, shopId: number, q: LevelsQuery) {
  const conds: (SQL | undefined)[] = [stockable(shopId)];
  if (q.filters.productType) conds.push(eq(products.productType, q.filters.productType));
  if (q.filters.warehouseId)
    conds.push(
      sql`exists (select 1 from stock_levels sl where sl.format_id = "product_formats"."id" and sl.warehouse_id = ${q.filters.warehouseId})`,
    );
  if (q.filters.underThreshold === true)
    conds.push(sql`${productFormats.alertThreshold} is not null and ${available} <= ${productFormats.alertThreshold}`);
  if (q.filters.underThreshold === false)
    conds.push(sql`(${productFormats.alertThreshold} is null or ${available} > ${productFormats.alertThreshold})`);
  if (q.q) conds.push(or(ilike(products.name, containsPattern(q.q)), ilike(productVintages.name, containsPattern(q.q))));
  const where = and(...conds);
  // By product (the default): products walked in the order of products_shop_lname_idx (shop, lower(name), id), their
  // formats joined by product: a page costs its own rows, not a sort of the whole catalogue (bench:stock).
  const dir = q.sort.direction === 'desc' ? desc : asc;
  const order =
    q.sort.column === 'product'
      ? [dir(sql`lower(${products.name})`), dir(products.id), dir(productFormats.id)]
      : orderByOf(q.sort, { product: products.name, onHand, available, threshold: productFormats.alertThreshold }, productFormats.id);
  const counted = db.select({ n: count() }).from(productFormats).innerJoin(products, eq(products.id, productFormats.productId));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(formatColumns)
      .from(products)
      .innerJoin(productFormats, eq(productFormats.productId, products.id))
      .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
      .where(and(where, eq(products.shopId, shopId)))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(q.offset),
    // the vintage join only matters to a search on its name
    q.q ? counted.leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId)).where(where) : counted.where(where),
  ]);
  return { rows: rows.map(formatStockDto), total: Number(n) };
}

export async function findFormatStock(db: DbOrTx, shopId: number, formatId: number) {
  const [row] = await db
    .select(formatColumns)
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(eq(productFormats.id, formatId), eq(productFormats.shopId, shopId)));
  return row ? formatStockDto(row) : undefined;
}

export async function alertsOf(db: DbOrTx, shopId: number, limit = 50) {
  const rows = await db
    .select(formatColumns)
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(stockable(shopId), sql`${productFormats.alertThreshold} is not null and ${available} <= ${productFormats.alertThreshold}`))
    .orderBy(sql`${available} - ${productFormats.alertThreshold}`, productFormats.id)
    .limit(limit);
  return rows.map(formatStockDto).map((r) => ({ formatId: r.formatId, label: r.label, available: r.available, threshold: r.threshold! }));
}

export async function formatOptions(db: DbOrTx, shopId: number, q: string | undefined, formatId: number | undefined) {
  const rows = await db
    .select({
      id: productFormats.id,
      productId: productFormats.productId,
      vintageId: productFormats.vintageId,
      vatType: products.vatType,
      productName: products.name,
      vintageName: productVintages.name,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(
      and(
        stockable(shopId),
        formatId ? eq(productFormats.id, formatId) : undefined,
        q?.trim() ? or(ilike(products.name, containsPattern(q.trim())), ilike(productVintages.name, containsPattern(q.trim()))) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(productVintages.name), asc(productFormats.position), asc(productFormats.id))
    .limit(50);
  return rows.map((r) => ({ value: r.id, label: formatLabel(r), productId: r.productId, vintageId: r.vintageId, vatType: r.vatType }));
}

export async function setThreshold(db: DbOrTx, shopId: number, formatId: number, threshold: number | null): Promise<boolean> {
  const rows = await db
    .update(productFormats)
    .set({ alertThreshold: threshold })
    .where(and(eq(productFormats.id, formatId), eq(productFormats.shopId, shopId)))
    .returning({ id: productFormats.id });
  return rows.length > 0;
}

export async function levelOf(db: DbOrTx, warehouseId: number, formatId: number, lock = false): Promise<number> {
  const q = db
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, formatId)));
  const [row] = lock ? await q.for('update') : await q;
  return row?.onHand ?? 0;
}

export async function hasLevels(db: DbOrTx, formatId: number): Promise<boolean> {
  const [row] = await db.select({ id: stockLevels.id }).from(stockLevels).where(eq(stockLevels.formatId, formatId)).limit(1);
  return !!row;
}

// ------------------------------------------------------------------ movements

export type MovementsQuery = ListQuery<
  'occurredAt' | 'quantity',
  { warehouseId?: number; formatId?: number; kind?: StockMovementKind; from?: string; to?: string }
>;

const userName = sql<string | null>`nullif(trim(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')), '')`;

export async function listMovements(db: DbOrTx, shopId: number, q: MovementsQuery, ids?: number[]) {
  const f = q.filters;
  const conds: (SQL | undefined)[] = [eq(stockMovements.shopId, shopId)];
  if (ids) conds.push(sql`${stockMovements.id} in ${sql.raw(`(${ids.join(',') || '0'})`)}`);
  if (f.warehouseId) conds.push(eq(stockMovements.warehouseId, f.warehouseId));
  if (f.formatId) conds.push(eq(stockMovements.formatId, f.formatId));
  if (f.kind) conds.push(eq(stockMovements.kind, f.kind));
  // day bounds in Europe/Paris (a date picked on the screen is a French calendar day)
  if (f.from) conds.push(gte(stockMovements.occurredAt, sql`(${f.from.slice(0, 10)}::date)::timestamp at time zone 'Europe/Paris'`));
  if (f.to) conds.push(lt(stockMovements.occurredAt, sql`(${f.to.slice(0, 10)}::date + 1)::timestamp at time zone 'Europe/Paris'`));
  if (q.q) conds.push(or(ilike(products.name, containsPattern(q.q)), ilike(stockMovements.reason, containsPattern(q.q))));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        m: stockMovements,
        warehouseName: warehouses.name,
        productName: products.name,
        vintageName: productVintages.name,
        unity: productFormats.unity,
        unityValue: productFormats.unityValue,
        nameInShop: productFormats.nameInShop,
        userName,
      })
      .from(stockMovements)
      .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
      .innerJoin(productFormats, eq(productFormats.id, stockMovements.formatId))
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .where(where)
      .orderBy(...orderByOf(q.sort, { occurredAt: stockMovements.occurredAt, quantity: stockMovements.quantity }, stockMovements.id))
      .limit(q.pageSize)
      .offset(q.offset),
    q.q
      ? db.select({ n: count() }).from(stockMovements).innerJoin(products, eq(products.id, stockMovements.productId)).where(where)
      : db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.m.id,
      occurredAt: r.m.occurredAt.toISOString(),
      kind: r.m.kind,
      quantity: r.m.quantity,
      warehouseId: r.m.warehouseId,
      warehouseName: r.warehouseName,
      formatId: r.m.formatId,
      formatLabel: formatLabel(r),
      reason: r.m.reason,
      documentType: r.m.documentType,
      documentId: r.m.documentId,
      transferId: r.m.transferId,
      userName: r.userName,
    })),
    total: Number(n),
  };
}

// ------------------------------------------------------------------ allocations

export type AllocationsQuery = ListQuery<'startsAt' | 'endsAt' | 'quantity', { formatId?: number; active?: boolean }>;

const isActive = sql<boolean>`(${stockAllocations.endsAt} is null or ${stockAllocations.endsAt} > now())`;

export async function listAllocations(db: DbOrTx, shopId: number, q: AllocationsQuery, id?: number) {
  const conds: (SQL | undefined)[] = [eq(stockAllocations.shopId, shopId)];
  if (id) conds.push(eq(stockAllocations.id, id));
  if (q.filters.formatId) conds.push(eq(stockAllocations.formatId, q.filters.formatId));
  if (q.filters.active === true) conds.push(isActive);
  if (q.filters.active === false) conds.push(sql`not ${isActive}`);
  if (q.q) conds.push(or(ilike(products.name, containsPattern(q.q)), ilike(stockAllocations.typology, containsPattern(q.q))));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        a: stockAllocations,
        active: isActive,
        productName: products.name,
        vintageName: productVintages.name,
        unity: productFormats.unity,
        unityValue: productFormats.unityValue,
        nameInShop: productFormats.nameInShop,
        clientName: sql<
          string | null
        >`nullif(trim(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '') || ' <' || ${users.email} || '>'), '<>')`,
      })
      .from(stockAllocations)
      .innerJoin(productFormats, eq(productFormats.id, stockAllocations.formatId))
      .innerJoin(products, eq(products.id, productFormats.productId))
      .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
      .leftJoin(users, eq(users.id, stockAllocations.clientUserId))
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { startsAt: stockAllocations.startsAt, endsAt: stockAllocations.endsAt, quantity: stockAllocations.quantity },
          stockAllocations.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(stockAllocations)
      .innerJoin(productFormats, eq(productFormats.id, stockAllocations.formatId))
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.a.id,
      formatId: r.a.formatId,
      formatLabel: formatLabel(r),
      clientUserId: r.a.clientUserId,
      clientName: r.a.clientUserId ? r.clientName : null,
      typology: r.a.typology,
      quantity: r.a.quantity,
      consumed: r.a.consumed,
      remaining: r.active ? r.a.quantity - r.a.consumed : 0,
      startsAt: r.a.startsAt.toISOString(),
      endsAt: r.a.endsAt ? r.a.endsAt.toISOString() : null,
      active: !!r.active,
      note: r.a.note,
    })),
    total: Number(n),
  };
}

export async function findAllocation(db: DbOrTx, shopId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(stockAllocations)
    .where(and(eq(stockAllocations.id, id), eq(stockAllocations.shopId, shopId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Buyers of the shop: its 'client' members and anyone who ordered there (orders read by name, see stock.movements). */
export async function shopClients(db: DbOrTx, shopId: number, userId?: number) {
  return db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(
      and(
        userId ? eq(users.id, userId) : undefined,
        or(
          sql`exists (select 1 from ${shopMembers} sm where sm.user_id = ${users.id} and sm.shop_id = ${shopId} and sm.kind = 'client')`,
          sql`exists (select 1 from orders o where o.buyer_id = ${users.id} and o.shop_id = ${shopId})`,
        ),
      ),
    )
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    .limit(500);
}

export async function shopTypologies(db: DbOrTx, shopId: number): Promise<{ id: string; name: string }[]> {
  const [s] = await db.select({ typologies: shops.typologies }).from(shops).where(eq(shops.id, shopId));
  return (s?.typologies ?? []).map((t) => ({ id: String(t.id ?? t.name ?? ''), name: String(t.name ?? t.id ?? '') })).filter((t) => t.name);
}

export async function endedAllocationFormats(db: DbOrTx, shopId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ formatId: stockAllocations.formatId })
    .from(stockAllocations)
    .where(
      and(
        eq(stockAllocations.shopId, shopId),
        sql`${stockAllocations.endsAt} <= now()`,
        sql`${stockAllocations.endsAt} > now() - interval '2 days'`,
      ),
    );
  return rows.map((r) => r.formatId);
}

/** The next instant an allocation of the shop ends (the stock table changes then without any write), if any. */
export async function nextAllocationEnd(db: DbOrTx, shopId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${stockAllocations.endsAt})` })
    .from(stockAllocations)
    .where(and(eq(stockAllocations.shopId, shopId), sql`${stockAllocations.endsAt} > now()`));
  return row?.at ? new Date(row.at).getTime() : undefined;
}
