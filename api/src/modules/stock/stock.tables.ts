import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { productFormats, products, productVintages } from '../catalog';

/**
 * Stock tables: warehouses, the stock of each format in each warehouse, every movement that changed it,
 * allocations, CRD capsules and the validated DRM months. Quantities are integers (units of the format); volumes are
 * computed from centilitres (no float drift). Every row carries shop_id.
 */

export interface WarehouseAddress {
  line1?: string | null;
  line2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

/** 'suspended': under suspended duty (entrepositaire agréé, declared in the DRM); 'paid': duty-paid stock. */
export type WarehouseDutyStatus = 'suspended' | 'paid';

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: jsonb('address')
      .$type<WarehouseAddress>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    dutyStatus: text('duty_status').$type<WarehouseDutyStatus>().notNull().default('paid'),
    /** excise number of the bonded warehouse (entrepositaire agréé), for the DRM */
    exciseNumber: text('excise_number'),
    /** its stock counts in what the web shop can sell */
    feedsWebShop: boolean('feeds_web_shop').notNull().default(false),
    /** cash registers (POS) that sell from it: their ids or names */
    cashRegisters: jsonb('cash_registers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_shop_name_uq').on(t.shopId, sql`lower(${t.name})`)],
);

/** On-hand units of one format in one warehouse (never below zero). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_levels_warehouse_format_uq').on(t.warehouseId, t.formatId),
    index('stock_levels_shop_format_idx').on(t.shopId, t.formatId),
    // the per-format sums of the stock table and the web stock (subqueries by format_id alone)
    index('stock_levels_format_idx').on(t.formatId),
    check('stock_levels_on_hand_positive', sql`${t.onHand} >= 0`),
  ],
);

/**
 * Kinds of movement. Entries: production (bottling), purchase (receipt), return. Exits: sale (duty paid in France),
 * export, eu (intra-EU shipment), sample, loss (breakage / loss), tasting. Transfers: transfer_out + transfer_in (one
 * transaction, same transferId). Inventory: the counted quantity minus the on-hand one (either sign).
 */
export type StockMovementKind =
  | 'production'
  | 'purchase'
  | 'return'
  | 'sale'
  | 'export'
  | 'eu'
  | 'sample'
  | 'loss'
  | 'tasting'
  | 'transfer_out'
  | 'transfer_in'
  | 'inventory';

export type StockDocumentType = 'order' | 'purchase' | 'transfer' | 'inventory' | 'ticket';

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    vintageId: integer('vintage_id').references(() => productVintages.id, { onDelete: 'set null' }),
    /** signed units: > 0 entry, < 0 exit */
    quantity: integer('quantity').notNull(),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    reason: text('reason'),
    /**
     * volume of one unit in millilitres at the time of the movement (37,5 cl → 375), for the DRM, which is exact to the
     * millilitre; null for a format not sold by the litre
     */
    unitMl: integer('unit_ml'),
    documentType: text('document_type').$type<StockDocumentType>(),
    documentId: integer('document_id'),
    /** the two movements of a transfer share it */
    transferId: text('transfer_id'),
    /** cost per unit in cents HT (purchase receipts) */
    unitCostCents: integer('unit_cost_cents'),
    /** CRD capsules consumed by a bottling entry */
    crdColorId: integer('crd_color_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_shop_occurred_idx').on(t.shopId, t.occurredAt),
    index('stock_movements_format_occurred_idx').on(t.formatId, t.occurredAt),
    index('stock_movements_warehouse_occurred_idx').on(t.warehouseId, t.occurredAt),
    check('stock_movements_quantity_not_zero', sql`${t.quantity} <> 0`),
  ],
);

/** A quantity of a format kept for one client (a buyer account) or one typology until its end date. */
export const stockAllocations = pgTable(
  'stock_allocations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'cascade' }),
    /** exactly one of clientUserId / typology */
    clientUserId: integer('client_user_id').references(() => users.id, { onDelete: 'cascade' }),
    typology: text('typology'),
    quantity: integer('quantity').notNull(),
    consumed: integer('consumed').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_allocations_format_idx').on(t.formatId),
    index('stock_allocations_shop_idx').on(t.shopId, t.endsAt),
    check('stock_allocations_quantity_positive', sql`${t.quantity} > 0 and ${t.consumed} >= 0 and ${t.consumed} <= ${t.quantity}`),
  ],
);

/** §3 carrier / CRD item (capsule représentative de droits) with a stock of capsules. */
export const crdColors = pgTable(
  'crd_colors',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** e.g. vert (AOP wines), bleu (other wines), lilas / orange… */
    color: text('color').notNull(),
    /** capsule type, e.g. 'capsule', 'bouchon', 'collerette' */
    type: text('type').notNull(),
    isCRD: boolean('is_crd').notNull().default(true),
    stock: integer('stock').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crd_colors_shop_idx').on(t.shopId), check('crd_colors_stock_positive', sql`${t.stock} >= 0`)],
);

/** Capsule stock changes: purchases, consumption by bottling, adjustments. */
export const crdMovements = pgTable(
  'crd_movements',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    crdColorId: integer('crd_color_id')
      .notNull()
      .references(() => crdColors.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    kind: text('kind').$type<'purchase' | 'bottling' | 'adjustment'>().notNull(),
    stockMovementId: integer('stock_movement_id').references(() => stockMovements.id, { onDelete: 'set null' }),
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('crd_movements_color_idx').on(t.crdColorId, t.occurredAt)],
);

/** A DRM month of a bonded warehouse, validated: locked (no movement may be dated inside it), totals snapshotted. */
export const drmMonths = pgTable(
  'drm_months',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    /** first day of the month (Europe/Paris calendar) */
    month: date('month').notNull(),
    /** the declaration as validated (categories, hl, duties) */
    declaration: jsonb('declaration').$type<Record<string, unknown>>().notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('drm_months_warehouse_month_uq').on(t.warehouseId, t.month)],
);

export type WarehouseRow = typeof warehouses.$inferSelect;
export type StockLevelRow = typeof stockLevels.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockAllocationRow = typeof stockAllocations.$inferSelect;
export type CrdColorRow = typeof crdColors.$inferSelect;
export type DrmMonthRow = typeof drmMonths.$inferSelect;
