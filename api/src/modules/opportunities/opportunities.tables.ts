import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { crmClients } from '../clients';

/** Sales opportunities of a shop: a pipeline whose stages are set in the crm settings. */

export type OpportunityStatus = 'open' | 'won' | 'lost';

export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => crmClients.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** key of a stage of shops.settings.crm.opportunityStages (defaults in the contract) */
    stage: text('stage').notNull(),
    /** order inside its stage column (drag and drop) */
    position: integer('position').notNull().default(0),
    /** expected amount excluding VAT, in cents */
    amountCents: integer('amount_cents').notNull().default(0),
    /** 0 to 100 */
    probability: integer('probability').notNull().default(50),
    expectedDate: date('expected_date'),
    /** who follows it (owner, collaborator or agent of the shop) */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<OpportunityStatus>().notNull().default('open'),
    lostReason: text('lost_reason'),
    /** the quote created when won (sales issue) */
    quoteId: integer('quote_id'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opportunities_shop_stage_idx').on(t.shopId, t.stage, t.position), index('opportunities_client_idx').on(t.clientId)],
);

export type OpportunityRow = typeof opportunities.$inferSelect;
