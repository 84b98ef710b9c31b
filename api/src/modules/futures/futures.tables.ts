import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FuturesCampaignStatus } from 'shared-kernel/contracts';
import { shops, users } from '../../platform/db/tables';
import { productFormats } from '../catalog';
import { orders } from '../orders';

/**
 * Primeurs: a campaign sells a vintage before bottling. Its offer lines are catalogue formats with a price
 * HT (cents) per typology id. A client's primeur order is an ordinary sales order (orders table, made by the sales
 * module) linked here to its campaign with the quantities taken per offer line; its deposit and final invoices are
 * the sales module's documents of that order.
 */
export const futuresCampaigns = pgTable(
  'futures_campaigns',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the vintage sold, '2025' */
    vintage: text('vintage').notNull(),
    description: text('description'),
    status: text('status').$type<FuturesCampaignStatus>().notNull().default('open'),
    /** % of the order TTC invoiced as a deposit at order (1–100) */
    depositPercent: integer('deposit_percent').notNull(),
    deliveryFrom: date('delivery_from', { mode: 'string' }).notNull(),
    deliveryTo: date('delivery_to', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('futures_campaigns_shop_created_idx').on(t.shopId, t.createdAt)],
);

export const futuresOfferLines = pgTable(
  'futures_offer_lines',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => futuresCampaigns.id, { onDelete: 'cascade' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'restrict' }),
    /** typology id → price HT in cents per unit */
    prices: jsonb('prices').$type<Record<string, number>>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('futures_offer_lines_campaign_format_uq').on(t.campaignId, t.formatId)],
);

/** What a primeur order took of each offer line (the order's own lines hold the prices). */
export type FuturesOrderLine = { lineId: number; formatId: number; quantity: number; unitPriceHT: number };

export const futuresOrders = pgTable(
  'futures_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => futuresCampaigns.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** crm_clients.id */
    clientId: integer('client_id'),
    lines: jsonb('lines').$type<FuturesOrderLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('futures_orders_campaign_idx').on(t.campaignId), index('futures_orders_shop_idx').on(t.shopId)],
);

export type FuturesCampaignRow = typeof futuresCampaigns.$inferSelect;
export type FuturesOfferLineRow = typeof futuresOfferLines.$inferSelect;
export type FuturesOrderRow = typeof futuresOrders.$inferSelect;
