import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PosPaymentMethod, PosTicketLine, PosTotals } from 'shared-kernel/contracts';
import { shops, users } from '../../platform/db/tables';

/**
 * The cash register. Tickets, closings and the journal are never changed nor deleted (triggers of
 * migration 0024); each ticket, closing and technical event is also a record of `pos_journal`, chained by SHA-256
 * (pos.chain.ts), so a change made behind the triggers' back is found by the verification.
 */
export const posSalesPoints = pgTable(
  'pos_salespoints',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** stock_warehouses.id (foreign key in the migration) */
    warehouseId: integer('warehouse_id').notNull(),
    methods: jsonb('methods').$type<PosPaymentMethod[]>().notNull(),
    typology: text('typology'),
    receiptHeader: text('receipt_header').notNull().default(''),
    receiptFooter: text('receipt_footer').notNull().default(''),
    display: boolean('display').notNull().default(false),
    /** the key the archives of this till are signed with (HMAC-SHA256; never sent out) */
    signingKey: text('signing_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_salespoints_shop_idx').on(t.shopId)],
);

export const posSessions = pgTable(
  'pos_sessions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    salesPointId: integer('salespoint_id')
      .notNull()
      .references(() => posSalesPoints.id, { onDelete: 'restrict' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: integer('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    float: integer('float').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByName: text('closed_by_name'),
    closingId: integer('closing_id'),
  },
  (t) => [
    index('pos_sessions_salespoint_idx').on(t.salesPointId, t.openedAt),
    // one open session per salespoint
    uniqueIndex('pos_sessions_open_uq')
      .on(t.salesPointId)
      .where(sql`closed_at is null`),
  ],
);

export const posTickets = pgTable(
  'pos_tickets',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    salesPointId: integer('salespoint_id')
      .notNull()
      .references(() => posSalesPoints.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => posSessions.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    ref: text('ref').notNull(),
    kind: text('kind').$type<'sale' | 'refund'>().notNull(),
    refundOf: integer('refund_of'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Paris day of the sale */
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerName: text('seller_name').notNull(),
    clientId: integer('client_id'),
    clientName: text('client_name'),
    lines: jsonb('lines').$type<PosTicketLine[]>().notNull(),
    discount: integer('discount').notNull(),
    totalTTC: integer('total_ttc').notNull(),
    totalHT: integer('total_ht').notNull(),
    totalVAT: integer('total_vat').notNull(),
    vat: jsonb('vat').$type<Array<{ rate: number; ttc: number; ht: number; vat: number }>>().notNull(),
    payments: jsonb('payments').$type<Array<{ method: PosPaymentMethod; amount: number }>>().notNull(),
    cashGiven: integer('cash_given'),
    change: integer('change').notNull().default(0),
    /** all-time total of the salespoint's tickets after this one (never reset) */
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    offlineNumber: text('offline_number'),
    offlineAt: timestamp('offline_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pos_tickets_number_uq').on(t.salesPointId, t.number),
    uniqueIndex('pos_tickets_key_uq').on(t.shopId, t.idempotencyKey),
    index('pos_tickets_session_idx').on(t.sessionId),
    index('pos_tickets_day_idx').on(t.salesPointId, t.day),
    index('pos_tickets_refund_idx').on(t.refundOf),
  ],
);

export const posClosings = pgTable(
  'pos_closings',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    salesPointId: integer('salespoint_id')
      .notNull()
      .references(() => posSalesPoints.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'day' | 'month' | 'year'>().notNull(),
    period: text('period').notNull(),
    number: integer('number').notNull(),
    ref: text('ref').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byName: text('by_name').notNull(),
    sessionId: integer('session_id'),
    totals: jsonb('totals').$type<PosTotals>().notNull(),
    grandTotal: bigint('grand_total', { mode: 'number' }).notNull(),
    float: integer('float'),
    counted: jsonb('counted').$type<Partial<Record<PosPaymentMethod, number>>>(),
    expected: jsonb('expected').$type<Partial<Record<PosPaymentMethod, number>>>(),
    gap: integer('gap'),
  },
  (t) => [
    uniqueIndex('pos_closings_number_uq').on(t.salesPointId, t.kind, t.number),
    index('pos_closings_period_idx').on(t.salesPointId, t.kind, t.period),
  ],
);

/** The chained journal: one record per ticket, closing and technical event, in order per salespoint. */
export const posJournal = pgTable(
  'pos_journal',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    salesPointId: integer('salespoint_id')
      .notNull()
      .references(() => posSalesPoints.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<'ticket' | 'closing' | 'event'>().notNull(),
    /** the ticket's or closing's id (events: null) */
    refId: integer('ref_id'),
    ref: text('ref').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pos_journal_seq_uq').on(t.salesPointId, t.seq), index('pos_journal_ref_idx').on(t.kind, t.refId)],
);

export type SalesPointRow = typeof posSalesPoints.$inferSelect;
export type PosSessionRow = typeof posSessions.$inferSelect;
export type PosTicketRow = typeof posTickets.$inferSelect;
export type PosClosingRow = typeof posClosings.$inferSelect;
