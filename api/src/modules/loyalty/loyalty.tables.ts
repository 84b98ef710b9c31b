import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from '../../platform/db/tables';

/**
 * Loyalty (§3 Loyalty): one programme per shop, and a ledger of points per client file (earned on paid
 * orders and identified till tickets, spent in the cart, taken back on refunds). The balance is the ledger's sum.
 */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  /** points per euro TTC spent, or per bottle */
  basis: text('basis').$type<'euro' | 'bottle'>().notNull().default('euro'),
  pointsPerUnit: integer('points_per_unit').notNull().default(1),
  /** [{ name, threshold (points), offers: [{ kind: 'discount', type: '%'|'€', amount } | { kind: 'products', formatIds, maxProducts }] }] */
  levels: jsonb('levels')
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LoyaltySource = 'order' | 'ticket' | 'spend' | 'refund' | 'adjustment';
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** crm_clients.id (owned by the clients module) */
    clientId: integer('client_id').notNull(),
    points: integer('points').notNull(),
    source: text('source').$type<LoyaltySource>().notNull(),
    /** the order or ticket id */
    sourceId: integer('source_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_ledger_client_idx').on(t.shopId, t.clientId),
    // an order or ticket earns (or is taken back) once
    uniqueIndex('loyalty_ledger_source_uq').on(t.shopId, t.source, t.sourceId),
  ],
);
