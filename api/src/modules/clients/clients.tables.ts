import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';

/** The client file of a shop: clients and prospects, their interactions, their imports. */

export type ClientKind = 'private' | 'professional' | 'prospect';

/** §3 Address, with its use. */
export interface ClientAddress {
  kind: 'delivery' | 'billing';
  isDefault?: boolean;
  title?: string | null;
  name?: string | null;
  streetNumber?: string | null;
  street?: string | null;
  street2?: string | null;
  zipcode?: string | null;
  city?: string | null;
  county?: string | null;
  state?: string | null;
  stateCode?: string | null;
  country?: string | null;
  mountain?: boolean;
  exciseNumber?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** §3 Contact: a person of a client company. */
export interface ClientContact {
  civility?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: string | null;
}

/** §3 custom-field kinds: pipe, family, family2, custom, custom2 (one value each), listTag, listTag2 (several). */
export interface ClientCustomFields {
  pipe?: string | null;
  family?: string | null;
  family2?: string | null;
  custom?: string | null;
  custom2?: string | null;
  listTag?: string[];
  listTag2?: string[];
}

export const crmClients = pgTable(
  'crm_clients',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClientKind>().notNull().default('private'),
    /** the client code (settings crm prefix + sequence) */
    code: text('code'),
    /** id of one of the shop's typologies (§3): the prices they get */
    typology: text('typology'),
    civility: text('civility'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    company: text('company'),
    siret: text('siret'),
    vatNumber: text('vat_number'),
    email: text('email'),
    phone: text('phone'),
    mobile: text('mobile'),
    addresses: jsonb('addresses')
      .$type<ClientAddress[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    contacts: jsonb('contacts')
      .$type<ClientContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    custom: jsonb('custom')
      .$type<ClientCustomFields>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes'),
    /** French department of the main address (two or three characters), for filters and prospection */
    department: text('department'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /** the sales agent in charge (a user with an agent membership of the shop) */
    agentUserId: integer('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the buyer account of the same person (orders on the shop) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'active' | 'archived' | 'erased'>().notNull().default('active'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** the import that created it (undo removes what it created) */
    importId: integer('import_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_clients_shop_name_idx').on(t.shopId, t.lastname, t.firstname),
    index('crm_clients_shop_kind_idx').on(t.shopId, t.kind, t.createdAt),
    index('crm_clients_shop_agent_idx').on(t.shopId, t.agentUserId),
    index('crm_clients_shop_email_idx').on(t.shopId, sql`lower(${t.email})`),
    index('crm_clients_shop_siret_idx').on(t.shopId, t.siret),
    index('crm_clients_user_idx').on(t.userId),
    // the list's default order (bench:clients: a page of 50,000 clients read in index order)
    index('crm_clients_shop_sort_name_idx').on(t.shopId, t.status, sql`lower(coalesce(${t.lastname}, ${t.company}, ''))`),
  ],
);

export type InteractionKind = 'note' | 'call' | 'visit' | 'email' | 'meeting' | 'tasting' | 'task' | 'other';

/** The timeline of a client: notes, calls, visits, emails sent, tasks done. */
export const clientInteractions = pgTable(
  'client_interactions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => crmClients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InteractionKind>().notNull(),
    content: text('content'),
    /** a task it comes from (tasks module) */
    taskId: integer('task_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_interactions_client_idx').on(t.clientId, t.occurredAt),
    index('client_interactions_shop_idx').on(t.shopId, t.occurredAt),
  ],
);

/** §3 import statuses. */
export type ClientImportStatus = 'pending' | 'processing' | 'completed' | 'reverted' | 'error';

export const clientImports = pgTable(
  'client_imports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClientImportStatus>().notNull().default('pending'),
    filename: text('filename').notNull(),
    mapping: jsonb('mapping')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** what to do with a row matching an existing client by email or SIRET */
    duplicates: text('duplicates').$type<'merge' | 'skip'>().notNull().default('skip'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: jsonb('errors')
      .$type<Array<{ line: number; field?: string; message: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('client_imports_shop_idx').on(t.shopId, t.createdAt)],
);

export type CrmClientRow = typeof crmClients.$inferSelect;
export type ClientInteractionRow = typeof clientInteractions.$inferSelect;
export type ClientImportRow = typeof clientImports.$inferSelect;
