import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';

/**
 * Marketing: client lists, email templates (models), campaigns and their recipients, the people who said
 * no. Client ids point to crm_clients (no foreign key here: the clients module owns that table; cascades are done by
 * the service, and a recipient keeps its email so that a campaign's history survives a client's erasure).
 */

export type MarketingListKind = 'static' | 'dynamic';
export const marketingLists = pgTable(
  'marketing_lists',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<MarketingListKind>().notNull(),
    /** dynamic lists: the saved filters (typology, kind, custom fields, tags, department, agent, last order, spent…) */
    filters: jsonb('filters')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_lists_shop_idx').on(t.shopId), check('marketing_lists_kind_ck', sql`${t.kind} in ('static', 'dynamic')`)],
);

/** The members of a static list. */
export const marketingListMembers = pgTable(
  'marketing_list_members',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => marketingLists.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.clientId] }), index('marketing_list_members_client_idx').on(t.clientId)],
);

export type EmailModelKind = 'standard' | 'advanced';
/** Email templates: standard (blocks rendered with MJML) or advanced (raw HTML); html kept sanitised. */
export const emailModels = pgTable(
  'email_models',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<EmailModelKind>().notNull(),
    subject: text('subject'),
    /** standard: the blocks of the editor */
    blocks: jsonb('blocks')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the email's HTML (advanced: as written and sanitised; standard: rendered from the blocks) */
    html: text('html').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_models_shop_idx').on(t.shopId), check('email_models_kind_ck', sql`${t.kind} in ('standard', 'advanced')`)],
);

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    modelId: integer('model_id').references(() => emailModels.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    previewText: text('preview_text'),
    listIds: jsonb('list_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the HTML sent (the model's at the time of sending, sanitised again) */
    html: text('html'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_shop_idx').on(t.shopId, t.createdAt),
    index('campaigns_due_idx').on(t.status, t.scheduledAt),
    check('campaigns_status_ck', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

export type RecipientStatus = 'queued' | 'sent' | 'failed' | 'bounced' | 'opened' | 'clicked' | 'unsubscribed';
/** One row per (campaign, email): the unique index makes the sending exactly once per recipient. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    clientId: integer('client_id'),
    email: text('email').notNull(),
    /** the merge fields' values at queueing (first name, last name…) */
    fields: jsonb('fields')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** random, unguessable: the tracking pixel, the click redirect and the unsubscribe link name it */
    token: text('token').notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_email_uq').on(t.campaignId, t.email),
    uniqueIndex('campaign_recipients_token_uq').on(t.token),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status),
  ],
);

/** Who said no to a shop's campaigns (by email, so it holds for any client file with that address), or to tracking. */
export const marketingOptOuts = pgTable(
  'marketing_opt_outs',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** lower-cased */
    email: text('email').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** no tracking pixel nor click redirect for this person */
    trackingOffAt: timestamp('tracking_off_at', { withTimezone: true }),
    campaignId: integer('campaign_id'),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.email] })],
);
