import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountingSettings, EntrySource, JournalKind } from 'shared-kernel/contracts';
import type { ChartOfAccounts } from 'shared-kernel/domain';
import { shops, users } from '../../platform/db/tables';

/** Pre-accounting settings of a shop: its chart of accounts (the codes it changed over the defaults), its
 * journals and export choices (the fiscal year is the shop's settings.logStartMonth / logStartDay). */
export const accountingSettings = pgTable('accounting_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  codes: jsonb('codes').$type<ChartOfAccounts>().notNull(),
  settings:
    jsonb('settings').$type<Partial<Omit<AccountingSettings, 'logStartMonth' | 'logStartDay' | 'clientPrefix' | 'counterSalesClient'>>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A journal entry, generated once from its source (an issued document, a payment, a till closing), never typed and
 * never changed (migration 0023: no update but the lettering, no delete). Numbered per journal and fiscal year with no
 * gap (`accounting_entries_num_uq`; numbers come from order_counters in the posting transaction).
 */
export const accountingEntries = pgTable(
  'accounting_entries',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    journal: text('journal').$type<JournalKind>().notNull(),
    /** the first day of the fiscal year the entry is numbered in */
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    num: integer('num').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    pieceRef: text('piece_ref').notNull(),
    pieceDate: date('piece_date', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    amount: integer('amount').notNull(),
    sourceKind: text('source_kind').$type<EntrySource>().notNull(),
    sourceId: integer('source_id').notNull(),
    clientId: integer('client_id'),
    clientName: text('client_name'),
    /** lettering of the client's line: the only columns that move after posting */
    lettering: text('lettering'),
    letteringDate: date('lettering_date', { mode: 'string' }),
    validDate: date('valid_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_entries_source_uq').on(t.shopId, t.sourceKind, t.sourceId),
    uniqueIndex('accounting_entries_num_uq').on(t.shopId, t.journal, t.fiscalYear, t.num),
    index('accounting_entries_shop_date_idx').on(t.shopId, t.date),
    index('accounting_entries_shop_client_idx').on(t.shopId, t.clientId),
    // the FEC order (validation date, journal, number), read page after page
    index('accounting_entries_fec_idx').on(t.shopId, t.validDate, t.journal, t.fiscalYear, t.num),
  ],
);

/** The lines of an entry (as posted, never changed). `shop_id`, `journal` and `date` repeat the entry's for the filters. */
export const accountingEntryLines = pgTable(
  'accounting_entry_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => accountingEntries.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id').notNull(),
    journal: text('journal').$type<JournalKind>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    position: integer('position').notNull(),
    account: text('account').notNull(),
    auxiliary: text('auxiliary'),
    auxiliaryLabel: text('auxiliary_label'),
    label: text('label').notNull(),
    debit: integer('debit').notNull(),
    credit: integer('credit').notNull(),
    /** the third party's line (the client's or the supplier's: the one lettered) */
    isClient: boolean('is_client').notNull().default(false),
    /** an opening line carrying an open item (migration 0030): its own piece, and the entry of the previous year it
     * carries (whose lettering it shows) */
    pieceRef: text('piece_ref'),
    pieceDate: date('piece_date', { mode: 'string' }),
    openEntryId: integer('open_entry_id'),
  },
  (t) => [
    index('accounting_entry_lines_entry_idx').on(t.entryId, t.position),
    index('accounting_entry_lines_shop_account_idx').on(t.shopId, t.account, t.date),
    index('accounting_entry_lines_shop_date_idx').on(t.shopId, t.date),
  ],
);

/** A month's state: closed months refuse documents and payments dated in them (trigger of migration 0023). */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** YYYY-MM */
    month: text('month').notNull(),
    closed: boolean('closed').notNull().default(false),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.month] })],
);

/** Who closed or reopened a month, when and why (kept for good). */
export const accountingPeriodEvents = pgTable(
  'accounting_period_events',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    action: text('action').$type<'close' | 'reopen'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounting_period_events_idx').on(t.shopId, t.month, t.at)],
);
