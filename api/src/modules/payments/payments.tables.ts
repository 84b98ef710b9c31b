import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckoutPaymentMethod, PaymentResult } from 'shared-kernel/contracts';
import { shops, users } from '../../platform/db/tables';

/**
 * Payments. One row per payer of an order (one for a plain order, one per share of a
 * grouped order). Amounts in integer cents. `order_id` has no foreign key: the orders table belongs
 * to the orders module; it is indexed. Secrets (group tokens, 3-D Secure challenges) are stored as
 * SHA-256 hex only.
 */
export type PaymentStatus = PaymentResult['status'];
export type PaymentProviderName = PaymentResult['provider'];

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** the buyer who placed the order (may read and pay every share of it) */
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    payerEmail: text('payer_email').notNull(),
    method: text('method').$type<CheckoutPaymentMethod>().notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    /**
     * whose account holds the money: the shop's own keys, or the platform's provider (sandbox, or Stripe with
     * STRIPE_PLATFORM_ACCOUNT=shared); null for an offline method. A refund goes back through the account that was
     * charged, even after the shop saved keys of its own.
     */
    account: text('account').$type<'shop' | 'platform'>(),
    /** provider intent id: Stripe pi_… / seti_…, sandbox sbx_…; PayPal: the PayPal order, then its capture once captured */
    providerRef: text('provider_ref'),
    /** PayPal: where the buyer approves the payment (PayPal's payer-action link) */
    approveUrl: text('approve_url'),
    /** Stripe client secret handed to Stripe.js (only to the payer) */
    clientSecret: text('client_secret'),
    /** sha256 of the pending sandbox 3-D Secure challenge (one use) */
    challengeHash: text('challenge_hash'),
    /** sha256 of a grouped-order payer's link token */
    groupTokenHash: text('group_token_hash'),
    /** what the payer must do (offline methods; test cards in the sandbox), in the buyer's language */
    instructions: text('instructions'),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_buyer_idx').on(t.buyerId),
    uniqueIndex('payments_group_token_hash_uq').on(t.groupTokenHash),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_amount_cents_ck', sql`${t.amountCents} >= 0`),
  ],
);

/** Provider events already processed: a replayed event id is answered `duplicate` and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<Exclude<PaymentProviderName, 'offline'>>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** applied (a status changed) | ignored (unknown payment, unhandled type or a late event) */
    outcome: text('outcome').$type<'applied' | 'ignored'>().notNull().default('ignored'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
