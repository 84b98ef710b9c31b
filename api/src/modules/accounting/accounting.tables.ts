import { jsonb, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { ChartOfAccounts } from 'shared-kernel/domain';
import { shops } from '../../platform/db/tables';

/** Pre-accounting settings of a shop (issue 15): its chart of accounts (the codes it changed over the defaults). */
export const accountingSettings = pgTable('accounting_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  codes: jsonb('codes').$type<ChartOfAccounts>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
