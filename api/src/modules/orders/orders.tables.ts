import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckoutAddress, CheckoutPaymentMethod, DeliveryTypeOption, CollectionPointOption } from 'shared-kernel/contracts';
import type { DeliveryStatus, OrderStatus, PaymentStatus } from 'shared-kernel/domain';
import { shops, users } from '../../platform/db/tables';
import { eventSlots, events, productFormats, products, productVintages } from '../catalog';

/** Checkout and orders tables. Money in integer cents (checkout settings keep the catalogue's euros HT). */

/** One row per shop: what a buyer may choose at checkout. */
export const shopCheckoutSettings = pgTable(
  'shop_checkout_settings',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** euros HT, countries = ISO codes served (empty = every country); since the `delivery` settings section, `zones`
     * (each its countries and rate) with `price` / `countries` kept for older readers — a type without zones is one zone */
    deliveryTypes: jsonb('delivery_types')
      .$type<DeliveryTypeOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    collectionPoints: jsonb('collection_points')
      .$type<CollectionPointOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    paymentMethods: jsonb('payment_methods')
      .$type<CheckoutPaymentMethod[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** minAmountHT in euros; quantities in units; packaging (settings section `delivery`; absent = 12 bottles, 7 € HT) */
    rules: jsonb('rules')
      .$type<{
        minAmountHT: number | null;
        minQuantity: number | null;
        maxQuantity: number | null;
        multipleOf: number | null;
        packaging?: { bottlesPerPackage: number; extraPackagePrice: number };
      }>()
      .notNull()
      .default(sql`'{"minAmountHT":null,"minQuantity":null,"maxQuantity":null,"multipleOf":null}'::jsonb`),
    terms: text('terms'),
    groupedOrders: boolean('grouped_orders').notNull().default(false),
    transferInstructions: text('transfer_instructions'),
    chequeInstructions: text('cheque_instructions'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_checkout_settings_shop_uq').on(t.shopId)],
);

/** Gapless per-shop, per-series, per-year counters (order numbers C2026-00001), updated inside the order transaction. */
export const orderCounters = pgTable(
  'order_counters',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [uniqueIndex('order_counters_uq').on(t.shopId, t.series, t.year)],
);

export interface OrderShippingSnapshot {
  type: string | null;
  ref: string | null;
  name: string | null;
  collectionPointId: number | null;
  collectionPoint: string | null;
  instructions: string | null;
  nbrPackages: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** null: an order taken in the back office for a client without a buyer account */
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('pending'),
    paymentMethod: text('payment_method').$type<CheckoutPaymentMethod>().notNull(),
    hasProducts: boolean('has_products').notNull().default(false),
    hasReservations: boolean('has_reservations').notNull().default(false),
    totalHT: integer('total_ht').notNull(),
    tva: integer('tva').notNull(),
    totalTTC: integer('total_ttc').notNull(),
    /** the price engine's OrderPrice (cents) at placement */
    price: jsonb('price').$type<Record<string, unknown>>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<CheckoutAddress | null>(),
    billingAddress: jsonb('billing_address').$type<CheckoutAddress | null>(),
    phone: text('phone'),
    shipping: jsonb('shipping').$type<OrderShippingSnapshot>().notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    lang: text('lang').$type<'fr' | 'en'>().notNull().default('fr'),
    grouped: boolean('grouped').notNull().default(false),
    primaryPaymentId: integer('primary_payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** grouped orders: unpaid past this instant → expired */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** set once when the seller is notified and the buyer mailed (guards exactly-once) */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** the sales agent the order is credited to (commissions): the agent who placed it, else the agent
     * assigned to the buyer's client file at placement; null for a direct sale */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    // ---- back-office sales documents ----
    /** order, quote or sample (samples are free orders, accounting type productSample) */
    subType: text('sub_type').$type<'order' | 'quote' | 'sample'>().notNull().default('order'),
    /** where it was taken: the public checkout or the back office */
    source: text('source').$type<'shop' | 'backoffice'>().notNull().default('shop'),
    /** the client file (crm_clients.id; the foreign key is declared in the migration: clients imports this module) */
    clientId: integer('client_id'),
    /** the warehouse its stock is reserved in and shipped from (stock_warehouses.id, same remark) */
    warehouseId: integer('warehouse_id'),
    quoteNumber: text('quote_number'),
    validUntil: text('valid_until'),
    paymentDelay: text('payment_delay'),
    notes: text('notes'),
    /** the back-office input the order was priced from (lines, discounts, shipping), to edit a draft again */
    input: jsonb('input').$type<Record<string, unknown>>(),
    // ---- marketing ----
    /** the promotion code applied by the price engine (promo_codes.id; the module owns that table) */
    promoCodeId: integer('promo_code_id'),
    /** §4 loyaltyData at placement: { selectedDiscount, selectedLevel, pointsToLose } */
    loyalty: jsonb('loyalty').$type<Record<string, unknown> | null>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_shop_agent_idx').on(t.shopId, t.agentId),
    uniqueIndex('orders_buyer_idempotency_uq').on(t.buyerId, t.idempotencyKey),
    uniqueIndex('orders_shop_number_uq').on(t.shopId, t.number),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt),
    index('orders_expiry_idx').on(t.status, t.expiresAt),
    index('orders_shop_client_idx').on(t.shopId, t.clientId),
    index('orders_shop_subtype_created_idx').on(t.shopId, t.subType, t.createdAt),
  ],
);

export type OrderLineKind = 'product' | 'reservation' | 'shipping' | 'touristTax' | 'discount';

/** Snapshot of every priced line at placement (prices never change afterwards). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    kind: text('kind').$type<OrderLineKind>().notNull(),
    /** §3 accounting product type of a back-office line (product, productSample, productGift, discount, shipping…) */
    accountingType: text('accounting_type'),
    /** back-office line discount (cents HT, already out of totalHT) */
    discountHT: integer('discount_ht').notNull().default(0),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    formatId: integer('format_id').references(() => productFormats.id, { onDelete: 'set null' }),
    vintageId: integer('vintage_id').references(() => productVintages.id, { onDelete: 'set null' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    slotId: integer('slot_id').references(() => eventSlots.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    details: text('details'),
    quantity: integer('quantity').notNull(),
    addQuantity: integer('add_quantity').notNull().default(0),
    unitPriceHT: integer('unit_price_ht').notNull(),
    promoAmount: integer('promo_amount').notNull().default(0),
    duties: integer('duties').notNull().default(0),
    vatRate: real('vat_rate').notNull().default(0),
    totalHT: integer('total_ht').notNull(),
    totalTTC: integer('total_ttc').notNull(),
    /** stock units (products) or slot places (reservations) taken by this line; released on abort/expiry */
    reserved: integer('reserved').notNull().default(0),
    /** units of a product line that have left the warehouse (shipments; partial deliveries ship part of a line) */
    shipped: integer('shipped').notNull().default(0),
    /** reservation lines: the participants came (check-in on the day), by whom */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: integer('checked_in_by'),
    /** reservation lines: the reminder mail of the day before was queued (once) */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    // 'has this product / format been ordered?' (archive instead of delete)
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_format_idx').on(t.formatId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type CheckoutSettingsRow = typeof shopCheckoutSettings.$inferSelect;
