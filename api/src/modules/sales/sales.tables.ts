import { sql } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BillingSettings, DocumentsSettings, InvoiceKind, InvoiceLine, InvoicePaymentStatus, Party } from 'shared-kernel/contracts';
import type { CreditStatus } from 'shared-kernel/domain';
import { shops, users } from '../../platform/db/tables';
import { orders } from '../orders';

/**
 * Sales documents. Money in integer cents. Legal rules enforced by the database itself (migration 0016):
 * an issued invoice / deposit invoice / credit note can never be deleted, and its legal content (number, dates,
 * parties, lines, totals) can never be updated — only the settlement columns (paid, credited, statuses, reminders)
 * move. Numbers come from `order_counters` (series 'invoice' shared by invoices and deposit invoices, 'credit',
 * 'quote'), incremented in the issuing transaction: a rollback gives the number back, so the series has no gap.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Who changed an order, when, from which status to which (the lifecycle's journal). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.at)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** crm_clients.id (foreign key in the migration) */
    clientId: integer('client_id'),
    clientName: text('client_name').notNull(),
    /** the invoice a credit note credits */
    relatedInvoiceId: integer('related_invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paymentTerms: text('payment_terms').notNull(),
    seller: jsonb('seller').$type<Party>().notNull(),
    buyer: jsonb('buyer').$type<Party>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    vat: jsonb('vat').$type<Array<{ rate: number; baseHT: number; vat: number }>>().notNull(),
    duties: integer('duties').notNull().default(0),
    totalHT: integer('total_ht').notNull(),
    totalVAT: integer('total_vat').notNull(),
    totalTTC: integer('total_ttc').notNull(),
    depositsDeducted: jsonb('deposits_deducted')
      .$type<Array<{ id: number; number: string; totalHT: number; totalVAT: number; totalTTC: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** totalTTC − deposits deducted */
    amountDue: integer('amount_due').notNull(),
    legalMentions: jsonb('legal_mentions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reason: text('reason'),
    bank: jsonb('bank').$type<{ label: string; iban: string; bic: string } | null>(),
    latePenalty: text('late_penalty').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // ---- settlement: the only columns that move after issue ----
    paid: integer('paid').notNull().default(0),
    credited: integer('credited').notNull().default(0),
    paymentStatus: text('payment_status').$type<InvoicePaymentStatus>().notNull().default('pending'),
    /** credit notes: what is left of it for the client (credit kept) and its status */
    creditRemaining: integer('credit_remaining').notNull().default(0),
    creditStatus: text('credit_status').$type<CreditStatus>(),
    reminderLevel: integer('reminder_level').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_shop_number_uq').on(t.shopId, t.number),
    uniqueIndex('invoices_shop_series_seq_uq').on(t.shopId, t.series, t.year, t.seq),
    index('invoices_shop_issued_idx').on(t.shopId, t.issuedAt),
    index('invoices_shop_kind_issued_idx').on(t.shopId, t.kind, t.issuedAt),
    index('invoices_shop_client_idx').on(t.shopId, t.clientId),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_related_idx').on(t.relatedInvoiceId),
  ],
);

/** The PDF (Factur-X) and XML of an issued document, made once at issue and kept as issued (immutable too). */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  pdf: bytea('pdf').notNull(),
  xml: text('xml').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money received from (direction in) or paid back to (out) a client. */
export const salesPayments = pgTable(
  'sales_payments',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    clientId: integer('client_id'),
    clientName: text('client_name').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    source: text('source').$type<'backoffice' | 'online'>().notNull().default('backoffice'),
    /** the checkout payment it records (online payments are recorded once) */
    onlinePaymentId: integer('online_payment_id'),
    /** the credit note a refund pays back */
    creditNoteId: integer('credit_note_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sales_payments_shop_paid_idx').on(t.shopId, t.paidAt),
    index('sales_payments_shop_client_idx').on(t.shopId, t.clientId),
    uniqueIndex('sales_payments_online_uq').on(t.onlinePaymentId),
  ],
);

/** The part of a payment (or of a credit note used as payment) that settles an invoice, with its lettering code. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').references(() => salesPayments.id, { onDelete: 'restrict' }),
    creditNoteId: integer('credit_note_id').references(() => invoices.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    lettering: text('lettering'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_allocations_invoice_idx').on(t.invoiceId), index('payment_allocations_payment_idx').on(t.paymentId)],
);

/** One row per shop: the legal identity and numbering printed on its invoices. */
export const billingSettings = pgTable('billing_settings', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** the billing settings, and under `documents` the look of the PDFs (kept apart by the service: the logo is heavy) */
  data: jsonb('data').$type<BillingSettings & { documents?: DocumentsSettings }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
export type SalesPaymentRow = typeof salesPayments.$inferSelect;
