import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { productFormats, products, productVintages } from '../catalog';
import { stockLevels, warehouses } from '../stock';
import {
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  type PurchaseOrderStatus,
  type SupplierRow,
} from './purchasing.tables';

export type SuppliersQuery = ListQuery<'company' | 'createdAt', { status?: 'active' | 'archived' }>;
export type PurchasesQuery = ListQuery<'createdAt' | 'number' | 'totalHT', { status?: PurchaseOrderStatus[]; supplierId?: number }>;

type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'shopId' | 'createdAt' | 'updatedAt'>;

// ---------- suppliers ----------

export async function listSuppliers(db: DbOrTx, shopId: number, q: SuppliersQuery): Promise<{ rows: SupplierRow[]; total: number }> {
  const conds: SQL[] = [eq(suppliers.shopId, shopId)];
  if (q.filters.status) conds.push(eq(suppliers.status, q.filters.status));
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(or(ilike(suppliers.company, p), ilike(suppliers.email, p), sql`lower(${suppliers.address}->>'city') like ${p}`)!);
  }
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(suppliers)
      .where(where)
      .orderBy(...orderByOf(q.sort, { company: sql`lower(${suppliers.company})`, createdAt: suppliers.createdAt }, suppliers.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findSupplier(db: DbOrTx, shopId: number, id: number): Promise<SupplierRow | undefined> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.shopId, shopId)));
  return row;
}

export async function insertSupplier(db: DbOrTx, shopId: number, values: SupplierValues): Promise<SupplierRow> {
  const [row] = await db
    .insert(suppliers)
    .values({ ...values, shopId })
    .returning();
  return row;
}

export async function updateSupplier(
  db: DbOrTx,
  shopId: number,
  id: number,
  values: Partial<SupplierValues>,
): Promise<SupplierRow | undefined> {
  const [row] = await db
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(suppliers.id, id), eq(suppliers.shopId, shopId)))
    .returning();
  return row;
}

export async function deleteSupplier(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.shopId, shopId)))
    .returning({ id: suppliers.id });
  return rows.length > 0;
}

export async function supplierPurchaseTotals(
  db: DbOrTx,
  shopId: number,
  supplierId: number,
): Promise<{ count: number; totalHTCents: number; openHTCents: number }> {
  const [row] = await db
    .select({
      count: count(),
      total: sql<string>`coalesce(sum(${purchaseOrders.totalHTCents}) filter (where ${purchaseOrders.status} <> 'cancelled'), 0)`,
      open: sql<string>`coalesce(sum(${purchaseOrders.totalHTCents}) filter (where ${purchaseOrders.status} in ('sent', 'partial')), 0)`,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.shopId, shopId), eq(purchaseOrders.supplierId, supplierId)));
  return { count: Number(row.count), totalHTCents: Number(row.total), openHTCents: Number(row.open) };
}

// ---------- purchase orders ----------

const listColumns = {
  order: purchaseOrders,
  supplierName: suppliers.company,
  warehouseName: warehouses.name,
};
export type PurchaseListRow = { order: PurchaseOrderRow; supplierName: string; warehouseName: string | null };

export async function listPurchases(db: DbOrTx, shopId: number, q: PurchasesQuery): Promise<{ rows: PurchaseListRow[]; total: number }> {
  const conds: SQL[] = [eq(purchaseOrders.shopId, shopId)];
  if (q.filters.status?.length) conds.push(inArray(purchaseOrders.status, q.filters.status));
  if (q.filters.supplierId) conds.push(eq(purchaseOrders.supplierId, q.filters.supplierId));
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(or(ilike(purchaseOrders.number, p), ilike(suppliers.company, p))!);
  }
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .leftJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { createdAt: purchaseOrders.createdAt, number: purchaseOrders.number, totalHT: purchaseOrders.totalHTCents },
          purchaseOrders.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(purchaseOrders).innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function recentPurchasesOfSupplier(db: DbOrTx, shopId: number, supplierId: number, limit: number): Promise<PurchaseListRow[]> {
  return db
    .select(listColumns)
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(and(eq(purchaseOrders.shopId, shopId), eq(purchaseOrders.supplierId, supplierId)))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(limit);
}

export type PurchaseHead = PurchaseListRow & { supplierEmail: string | null };

/** The order with its supplier and warehouse names; `lock` takes a row lock (FOR UPDATE) inside a transaction. */
export async function findPurchase(db: DbOrTx, shopId: number, id: number, lock = false): Promise<PurchaseHead | undefined> {
  if (lock) {
    await db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.shopId, shopId)))
      .for('update');
  }
  const [row] = await db
    .select({ ...listColumns, supplierEmail: suppliers.email })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.shopId, shopId)));
  return row;
}

export async function findLines(db: DbOrTx, shopId: number, purchaseOrderId: number): Promise<PurchaseOrderLineRow[]> {
  return db
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId), eq(purchaseOrderLines.shopId, shopId)))
    .orderBy(asc(purchaseOrderLines.position), asc(purchaseOrderLines.id));
}

/**
 * Next number of the shop's sequence for `year` ('BC2026-00001'): a transaction-scoped advisory lock per shop
 * serialises concurrent creations, so two requests never read the same maximum (gapless and unique; the unique index
 * purchase_orders_shop_number_uq is the last guard). Call inside the transaction that inserts the order.
 */
export async function nextPurchaseNumber(tx: DbOrTx, shopId: number, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PURCHASE_NUMBER_LOCK}, ${shopId})`);
  const prefix = `BC${year}-`;
  const [row] = await tx
    .select({ max: sql<string | null>`max(split_part(${purchaseOrders.number}, '-', 2)::int)` })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.shopId, shopId), sql`${purchaseOrders.number} like ${`${prefix}%`}`));
  const next = Number(row?.max ?? 0) + 1;
  return `${prefix}${String(next).padStart(5, '0')}`;
}
/** First key of the advisory lock of the purchase order numbers (the second is the shop id). */
const PURCHASE_NUMBER_LOCK = 12_001;

type PurchaseValues = Omit<typeof purchaseOrders.$inferInsert, 'id' | 'shopId'>;

export async function insertPurchase(tx: DbOrTx, shopId: number, values: PurchaseValues): Promise<PurchaseOrderRow> {
  const [row] = await tx
    .insert(purchaseOrders)
    .values({ ...values, shopId })
    .returning();
  return row;
}

export async function updatePurchase(
  tx: DbOrTx,
  shopId: number,
  id: number,
  values: Partial<PurchaseValues>,
): Promise<PurchaseOrderRow | undefined> {
  const [row] = await tx
    .update(purchaseOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.shopId, shopId)))
    .returning();
  return row;
}

export type LineValues = Pick<PurchaseOrderLineRow, 'formatId' | 'label' | 'quantity' | 'unitCostCents'>;

export async function replaceLines(tx: DbOrTx, shopId: number, purchaseOrderId: number, lines: LineValues[]): Promise<void> {
  await tx
    .delete(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId), eq(purchaseOrderLines.shopId, shopId)));
  if (lines.length) {
    await tx.insert(purchaseOrderLines).values(lines.map((l, position) => ({ ...l, position, shopId, purchaseOrderId })));
  }
}

export async function setLineReceived(tx: DbOrTx, shopId: number, lineId: number, receivedQuantity: number): Promise<void> {
  await tx
    .update(purchaseOrderLines)
    .set({ receivedQuantity })
    .where(and(eq(purchaseOrderLines.id, lineId), eq(purchaseOrderLines.shopId, shopId)));
}

export async function countPurchasesOfSupplier(db: DbOrTx, shopId: number, supplierId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.shopId, shopId), eq(purchaseOrders.supplierId, supplierId)));
  return Number(n);
}

// ---------- catalogue formats, warehouses, stock (read through the modules' index) ----------

export interface FormatRef {
  id: number;
  productName: string;
  vintageName: string | null;
  nameInShop: string | null;
  unity: string;
  unityValue: number | null;
  costCents: number | null;
}

const formatColumns = {
  id: productFormats.id,
  productName: products.name,
  vintageName: productVintages.name,
  nameInShop: productFormats.nameInShop,
  unity: productFormats.unity,
  unityValue: productFormats.unityValue,
  costCents: productFormats.costCents,
};

/** The shop's formats among `ids` (another shop's format is simply absent). */
export async function findShopFormats(db: DbOrTx, shopId: number, ids: number[]): Promise<FormatRef[]> {
  if (!ids.length) return [];
  return db
    .select(formatColumns)
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(eq(productFormats.shopId, shopId), inArray(productFormats.id, ids)));
}

/** Formats of the shop's catalogue matching `q` (product name), for the lines editor. */
export async function searchShopFormats(db: DbOrTx, shopId: number, q: string | undefined, limit: number): Promise<FormatRef[]> {
  const conds: SQL[] = [eq(productFormats.shopId, shopId), ne(products.productType, 'prestation')];
  if (q) conds.push(or(ilike(products.name, containsPattern(q)), ilike(productVintages.name, containsPattern(q)))!);
  return db
    .select(formatColumns)
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(...conds))
    .orderBy(asc(products.name), asc(productFormats.id))
    .limit(limit);
}

export async function findShopWarehouses(db: DbOrTx, shopId: number, ids?: number[]): Promise<Array<{ id: number; name: string }>> {
  const conds: SQL[] = [eq(warehouses.shopId, shopId), eq(warehouses.archived, false)];
  if (ids) {
    if (!ids.length) return [];
    conds.push(inArray(warehouses.id, ids));
  }
  return db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(...conds))
    .orderBy(asc(warehouses.name));
}

/** Units on hand of each format over every warehouse of the shop. */
export async function onHandByFormat(db: DbOrTx, shopId: number, formatIds: number[]): Promise<Map<number, number>> {
  if (!formatIds.length) return new Map();
  const rows = await db
    .select({ formatId: stockLevels.formatId, n: sql<string>`coalesce(sum(${stockLevels.onHand}), 0)` })
    .from(stockLevels)
    .where(and(eq(stockLevels.shopId, shopId), inArray(stockLevels.formatId, formatIds)))
    .groupBy(stockLevels.formatId);
  return new Map(rows.map((r) => [r.formatId, Number(r.n)]));
}

export async function setFormatCost(tx: DbOrTx, shopId: number, formatId: number, costCents: number): Promise<void> {
  await tx
    .update(productFormats)
    .set({ costCents })
    .where(and(eq(productFormats.id, formatId), eq(productFormats.shopId, shopId)));
}

export async function findShopHeader(db: DbOrTx, shopId: number): Promise<{ name: string; contactEmail: string | null } | undefined> {
  const [row] = await db.select({ name: shops.name, contactEmail: shops.contactEmail }).from(shops).where(eq(shops.id, shopId));
  return row;
}
