import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { productFormats } from '../catalog';
import { warehouses } from '../stock';

/** Suppliers and purchase orders. Money in integer cents HT. Every row carries shop_id. */

export interface SupplierAddress {
  line1?: string | null;
  line2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface SupplierContact {
  name: string;
  role?: string | null;
  email?: string | null;
  phone?: string | null;
}

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    siret: text('siret'),
    vatNumber: text('vat_number'),
    email: text('email'),
    phone: text('phone'),
    address: jsonb('address')
      .$type<SupplierAddress>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    contacts: jsonb('contacts')
      .$type<SupplierContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** §3 payment delays: '30', '45', 'atOrder', 'atDelivery', 'endOfMonth', '30EndOfMonth'… */
    paymentDelay: text('payment_delay'),
    notes: text('notes'),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_shop_company_idx').on(t.shopId, t.company)],
);

export type PurchaseOrderStatus = 'draft' | 'sent' | 'partial' | 'received' | 'cancelled';

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    /** per-shop sequence, e.g. BC2026-00001 */
    number: text('number').notNull(),
    status: text('status').$type<PurchaseOrderStatus>().notNull().default('draft'),
    /** where received lines go by default */
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    expectedAt: date('expected_at'),
    notes: text('notes'),
    totalHTCents: integer('total_ht_cents').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_shop_number_uq').on(t.shopId, t.number),
    index('purchase_orders_shop_created_idx').on(t.shopId, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.supplierId),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** a format of the catalogue (received into stock), or null for a free line (services, dry goods…) */
    formatId: integer('format_id').references(() => productFormats.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    unitCostCents: integer('unit_cost_cents').notNull(),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId, t.position),
    check('purchase_order_lines_quantities', sql`${t.quantity} > 0 and ${t.receivedQuantity} >= 0 and ${t.unitCostCents} >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One VAT rate of a received invoice (BG-23), amounts in cents. */
export interface SupplierInvoiceVat {
  /** UNTDID 5305 category: S, Z, E, AE, K, G, O, L, M */
  category: string;
  /** percent, e.g. 20 or 5.5 */
  rate: number;
  baseHT: number;
  vat: number;
}

/** One line of a received invoice (BG-25), amounts in cents; matched to a purchase-order line or a format when possible. */
export interface SupplierInvoiceLine {
  label: string;
  quantity: number;
  /** net unit price in cents, possibly fractional as the seller wrote it */
  unitPrice: number;
  totalHT: number;
  vatCategory: string;
  vatRate: number;
  purchaseOrderLineId?: number | null;
  formatId?: number | null;
}

/** The seller as the invoice names it (BG-4). */
export interface SupplierInvoiceSeller {
  name: string;
  siren?: string | null;
  vatNumber?: string | null;
  email?: string | null;
  address?: SupplierAddress;
}

/**
 * A supplier's electronic invoice received (Factur-X / ZUGFeRD PDF, CII or UBL XML): what it says, parsed once, and the
 * original file, kept unchanged (migration 0028: only the payment columns move, nothing is deleted). Posted once in the
 * purchase journal (HA) by the accounting module, which reads this table. `type_code` is UNTDID 1001: 380 invoice,
 * 381 credit note (amounts stay positive; the code gives the direction), 384 corrective, 386 prepayment.
 */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    /** the seller's invoice number (BT-1) */
    number: text('number').notNull(),
    typeCode: text('type_code').notNull().default('380'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    totalHT: integer('total_ht').notNull(),
    totalVAT: integer('total_vat').notNull(),
    totalTTC: integer('total_ttc').notNull(),
    /** BT-115, what is left to pay once prepaid amounts are deducted */
    amountDue: integer('amount_due').notNull(),
    vat: jsonb('vat').$type<SupplierInvoiceVat[]>().notNull(),
    lines: jsonb('lines').$type<SupplierInvoiceLine[]>().notNull(),
    seller: jsonb('seller').$type<SupplierInvoiceSeller>().notNull(),
    /** 'factur-x' | 'cii' | 'ubl' */
    syntax: text('syntax').notNull(),
    /** the rules' findings that did not refuse the file (warnings), as shown to the owner */
    findings: jsonb('findings')
      .$type<Array<{ rule: string; message: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fileName: text('file_name').notNull(),
    fileMime: text('file_mime').notNull(),
    file: bytea('file').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** cents paid so far, and when it was fully paid: the only columns that change after reception */
    paidAmount: integer('paid_amount').notNull().default(0),
    paidAt: date('paid_at', { mode: 'string' }),
    /** 'upload' or 'mail' */
    receivedVia: text('received_via').notNull().default('upload'),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_invoices_number_uq').on(t.shopId, t.supplierId, t.number),
    uniqueIndex('supplier_invoices_file_uq').on(t.shopId, t.fileSha256),
    index('supplier_invoices_shop_date_idx').on(t.shopId, t.issueDate),
    index('supplier_invoices_supplier_idx').on(t.supplierId),
    check('supplier_invoices_amounts', sql`${t.totalTTC} = ${t.totalHT} + ${t.totalVAT} and ${t.paidAmount} >= 0`),
  ],
);

export type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
