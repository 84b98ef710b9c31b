import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { productFormats } from '../catalog';
import { warehouses } from '../stock';

/** Suppliers and purchase orders (issue 12). Money in integer cents HT. Every row carries shop_id. */

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

export type SupplierRow = typeof suppliers.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
