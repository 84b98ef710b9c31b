import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { orders } from '../orders';

/** The team of a shop: invitations of collaborators (iam) and sales agents, agents' commission rates,
 * objectives per period and the commissions owed on paid orders. Memberships themselves are shop_members. */

export type TeamKind = 'iam' | 'agent';

/** An invitation mailed to someone: accepted by setting a password (new account) or by signing in (existing one). */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind').$type<TeamKind>().notNull(),
    /** the §6 flags the membership gets (iam); agents get the agent defaults */
    authorizations: jsonb('authorizations').$type<Record<string, boolean> | null>(),
    /** sha-256 of the token sent by mail (the token itself is never stored) */
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_invitations_token_uq').on(t.tokenHash), index('team_invitations_shop_idx').on(t.shopId, t.createdAt)],
);

/** Commission rate of an agent: a default one, or for a client typology, or for a product range (gamme). */
export const agentCommissionRates = pgTable(
  'agent_commission_rates',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<'default' | 'typology' | 'gamme'>().notNull().default('default'),
    /** the typology or the gamme (null for the default rate) */
    value: text('value'),
    /** basis points of the amount excluding VAT: 750 = 7.5 % */
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commission_rates_uq').on(t.agentId, t.shopId, t.scope, sql`coalesce(${t.value}, '')`),
    index('agent_commission_rates_shop_idx').on(t.shopId),
  ],
);

/** A revenue target of an agent or a collaborator over a period (analytics objectives). */
export const teamObjectives = pgTable(
  'team_objectives',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** revenue target excluding VAT, in cents */
    targetCents: integer('target_cents').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_objectives_shop_idx').on(t.shopId, t.periodStart)],
);

/** The commission owed to an agent on one paid order (rate × amount excluding VAT), then marked paid. */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** the order's amount excluding VAT the rate applies to, in cents */
    baseCents: integer('base_cents').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** first day of the month the order was paid in (the statement period) */
    periodMonth: date('period_month').notNull(),
    status: text('status').$type<'due' | 'paid'>().notNull().default('due'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commissions_order_uq').on(t.orderId, t.agentId),
    index('agent_commissions_shop_period_idx').on(t.shopId, t.periodMonth),
  ],
);

export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
export type AgentCommissionRateRow = typeof agentCommissionRates.$inferSelect;
export type TeamObjectiveRow = typeof teamObjectives.$inferSelect;
export type AgentCommissionRow = typeof agentCommissions.$inferSelect;
