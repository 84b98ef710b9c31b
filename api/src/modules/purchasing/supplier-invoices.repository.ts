import { and, asc, count, eq, getTableColumns, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SupplierInvoicePaymentStatus } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { billingSettings } from '../sales';
import {
  purchaseOrderLines,
  purchaseOrders,
  supplierInvoices,
  suppliers,
  type PurchaseOrderLineRow,
  type SupplierInvoiceRow,
  type SupplierRow,
} from './purchasing.tables';

export type SupplierInvoicesQuery = ListQuery<
  'issueDate' | 'dueDate' | 'number' | 'totalTTC' | 'receivedAt',
  { status?: SupplierInvoicePaymentStatus; supplierId?: number }
>;

/** Every column but the file (heavy; read only to download it). */
const { file: _file, ...invoiceColumns } = getTableColumns(supplierInvoices);
export type SupplierInvoiceHead = Omit<SupplierInvoiceRow, 'file'>;
export type SupplierInvoiceListRow = { invoice: SupplierInvoiceHead; supplierName: string };

/** The payment state in SQL, against the Paris day `today` (ISO). */
function statusCondition(status: SupplierInvoicePaymentStatus, today: string): SQL {
  const unpaid = sql`${supplierInvoices.paidAmount} < ${supplierInvoices.amountDue}`;
  if (status === 'paid') return sql`not (${unpaid})`;
  const late = sql`${supplierInvoices.dueDate} is not null and ${supplierInvoices.dueDate} < ${today}`;
  return status === 'overdue' ? sql`${unpaid} and ${late}` : sql`${unpaid} and not (${late})`;
}

export async function listInvoices(
  db: DbOrTx,
  shopId: number,
  q: SupplierInvoicesQuery,
  today: string,
): Promise<{ rows: SupplierInvoiceListRow[]; total: number }> {
  const conds: SQL[] = [eq(supplierInvoices.shopId, shopId)];
  if (q.filters.supplierId) conds.push(eq(supplierInvoices.supplierId, q.filters.supplierId));
  if (q.filters.status) conds.push(statusCondition(q.filters.status, today));
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(or(ilike(supplierInvoices.number, p), ilike(suppliers.company, p))!);
  }
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ invoice: invoiceColumns, supplierName: suppliers.company })
      .from(supplierInvoices)
      .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          {
            issueDate: supplierInvoices.issueDate,
            dueDate: supplierInvoices.dueDate,
            number: supplierInvoices.number,
            totalTTC: supplierInvoices.totalTTC,
            receivedAt: supplierInvoices.receivedAt,
          },
          supplierInvoices.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(supplierInvoices).innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId)).where(where),
  ]);
  return { rows: rows as SupplierInvoiceListRow[], total: Number(n) };
}

/** One invoice of the shop with its supplier's name and its purchase order's number; `lock` = FOR UPDATE. */
export async function findInvoice(
  db: DbOrTx,
  shopId: number,
  id: number,
  lock = false,
): Promise<(SupplierInvoiceListRow & { purchaseOrderNumber: string | null }) | undefined> {
  if (lock) {
    await db
      .select({ id: supplierInvoices.id })
      .from(supplierInvoices)
      .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.shopId, shopId)))
      .for('update');
  }
  const [row] = await db
    .select({ invoice: invoiceColumns, supplierName: suppliers.company, purchaseOrderNumber: purchaseOrders.number })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, supplierInvoices.purchaseOrderId))
    .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.shopId, shopId)));
  return row as (SupplierInvoiceListRow & { purchaseOrderNumber: string | null }) | undefined;
}

export async function findInvoiceFile(
  db: DbOrTx,
  shopId: number,
  id: number,
): Promise<{ fileName: string; fileMime: string; file: Buffer } | undefined> {
  const [row] = await db
    .select({ fileName: supplierInvoices.fileName, fileMime: supplierInvoices.fileMime, file: supplierInvoices.file })
    .from(supplierInvoices)
    .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.shopId, shopId)));
  return row;
}

export async function findInvoiceIdByFile(db: DbOrTx, shopId: number, sha256: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(and(eq(supplierInvoices.shopId, shopId), eq(supplierInvoices.fileSha256, sha256)));
  return row?.id;
}

export async function findInvoiceIdByNumber(db: DbOrTx, shopId: number, supplierId: number, number: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(and(eq(supplierInvoices.shopId, shopId), eq(supplierInvoices.supplierId, supplierId), eq(supplierInvoices.number, number)));
  return row?.id;
}

export type SupplierInvoiceValues = Omit<typeof supplierInvoices.$inferInsert, 'id' | 'shopId' | 'receivedAt' | 'paidAmount' | 'paidAt'>;

export async function insertInvoice(tx: DbOrTx, shopId: number, values: SupplierInvoiceValues): Promise<number> {
  const [row] = await tx
    .insert(supplierInvoices)
    .values({ ...values, shopId })
    .returning({ id: supplierInvoices.id });
  return row.id;
}

/** The payment columns: the only ones the immutability trigger of migration 0028 lets change. */
export async function setPaid(tx: DbOrTx, shopId: number, id: number, paidAmount: number, paidAt: string | null): Promise<void> {
  await tx
    .update(supplierInvoices)
    .set({ paidAmount, paidAt })
    .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.shopId, shopId)));
}

// ---------- matching ----------

/** The shop's supplier with this SIREN (first 9 digits of its SIRET), else this VAT number; the oldest first. */
export async function findSupplierByIdentity(
  db: DbOrTx,
  shopId: number,
  siren: string | null,
  vatNumber: string | null,
): Promise<SupplierRow | undefined> {
  if (siren) {
    const [row] = await db
      .select()
      .from(suppliers)
      .where(
        and(eq(suppliers.shopId, shopId), sql`left(regexp_replace(coalesce(${suppliers.siret}, ''), '[^0-9]', '', 'g'), 9) = ${siren}`),
      )
      .orderBy(asc(suppliers.id))
      .limit(1);
    if (row) return row;
  }
  if (vatNumber) {
    const [row] = await db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.shopId, shopId), sql`upper(replace(coalesce(${suppliers.vatNumber}, ''), ' ', '')) = ${vatNumber}`))
      .orderBy(asc(suppliers.id))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

/** The supplier's purchase order with this number, unless cancelled, and its lines. */
export async function findOpenOrderByNumber(
  db: DbOrTx,
  shopId: number,
  supplierId: number,
  number: string,
): Promise<{ id: number; lines: PurchaseOrderLineRow[] } | undefined> {
  const [order] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.shopId, shopId),
        eq(purchaseOrders.supplierId, supplierId),
        eq(purchaseOrders.number, number),
        ne(purchaseOrders.status, 'cancelled'),
      ),
    );
  if (!order) return undefined;
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.shopId, shopId), eq(purchaseOrderLines.purchaseOrderId, order.id)))
    .orderBy(asc(purchaseOrderLines.position), asc(purchaseOrderLines.id));
  return { id: order.id, lines };
}

// ---------- the shop ----------

/** The shop's billing identity (sales billing settings): SIREN from its SIRET, VAT number; null when not set. */
export async function findShopBillingIdentity(
  db: DbOrTx,
  shopId: number,
): Promise<{ siren: string | null; vatNumber: string | null } | null> {
  const [row] = await db.select({ data: billingSettings.data }).from(billingSettings).where(eq(billingSettings.shopId, shopId));
  if (!row) return null;
  const siret = (row.data.siret ?? '').replace(/\D/g, '');
  return { siren: siret.length >= 9 ? siret.slice(0, 9) : null, vatNumber: row.data.vatNumber ?? null };
}

/** Whether the shop exists with its §1 purchase module on (the mail inbox is closed otherwise). */
export async function shopHasPurchaseModule(db: DbOrTx, shopId: number): Promise<boolean> {
  const [row] = await db.select({ integration: shops.integration }).from(shops).where(eq(shops.id, shopId));
  const integration = row?.integration as Record<string, { active?: boolean } | undefined> | null | undefined;
  return integration?.purchase?.active === true;
}
