import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';

/** Analytics: the shop's monthly revenue budget and its saved custom reports. */

export const shopBudgets = pgTable(
  'shop_budgets',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** first day of the month */
    month: date('month').notNull(),
    /** revenue target excluding VAT, in cents */
    targetCents: integer('target_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_budgets_shop_month_uq').on(t.shopId, t.month)],
);

/** A saved custom report: its dimension, measure, filters and period (the definition the screen sends back). */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_reports_shop_idx').on(t.shopId)],
);
