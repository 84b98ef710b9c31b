// The carrier side of shipping (module `ups`, §1): the shop's carrier accounts and the shipments booked with them.
// The order's own delivery status stays the sales module's; a shipment is what the carrier knows (its tracking number,
// its label, its parcels).
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { orders } from '../orders';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type CarrierCode = 'ups';
export type CarrierEnvironment = 'test' | 'production';
/** created: label printed, not scanned yet · transit · delivered · exception (UPS reports a problem) · voided */
export type ShipmentStatus = 'created' | 'transit' | 'delivered' | 'exception' | 'voided';

/** A parcel as booked: its weight in kilograms and the bottles it holds (null when typed by hand). */
export interface ShipmentParcel {
  weightKg: number;
  bottles: number | null;
}

export const carrierAccounts = pgTable(
  'carrier_accounts',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    carrier: text('carrier').$type<CarrierCode>().notNull(),
    clientId: text('client_id').notNull(),
    /** sealed by platform/secret-box (bound to the shop, the carrier and the field): never sent back */
    clientSecret: text('client_secret').notNull(),
    accountNumber: text('account_number').notNull(),
    environment: text('environment').$type<CarrierEnvironment>().notNull().default('test'),
    /** the last connection test that succeeded (null: never, or the credentials changed since) */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_accounts_shop_carrier_uq').on(t.shopId, t.carrier)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    carrier: text('carrier').$type<CarrierCode>().notNull(),
    /** the carrier's service code (UPS: 11 Standard, 65 Saver, 07 Express…) */
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** the carrier's id of the whole shipment (UPS ShipmentIdentificationNumber), what a void names */
    carrierShipmentId: text('carrier_shipment_id').notNull(),
    status: text('status').$type<ShipmentStatus>().notNull().default('created'),
    /** one page per parcel, A6-sized */
    labelPdf: bytea('label_pdf').notNull(),
    parcels: jsonb('parcels').$type<ShipmentParcel[]>().notNull(),
    /** what the carrier charges, in cents (null when it did not say) */
    costCents: integer('cost_cents'),
    currency: text('currency'),
    environment: text('environment').$type<CarrierEnvironment>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** the last time the tracking job asked the carrier, and what it said */
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    lastEvent: text('last_event'),
  },
  (t) => [
    uniqueIndex('shipments_carrier_tracking_uq').on(t.carrier, t.trackingNumber),
    // one live shipment an order: two clicks (or two tabs) never book two labels that both stay
    uniqueIndex('shipments_order_live_uq')
      .on(t.orderId)
      .where(sql`${t.status} <> 'voided'`),
    index('shipments_shop_created_idx').on(t.shopId, t.createdAt),
    index('shipments_open_idx').on(t.status, t.trackedAt),
  ],
);

export type CarrierAccountRow = typeof carrierAccounts.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
