import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The platform's own tables (Drizzle): accounts, shops and memberships, master accounts, notifications,
 * maintenances, documents to download, jobs. Each module keeps its tables in `modules/<x>/<x>.tables.ts`;
 * `schema.ts` gathers them all for drizzle-kit. Money columns, when they appear, are integer cents.
 */

export type UserRole = 'buyer' | 'owner' | 'iam' | 'agent' | 'superAdmin';
/** 'client': a buyer attached to the shop with a typology (accepted price-grid request) — never any back-office right. */
export type MemberKind = 'owner' | 'iam' | 'agent' | 'client';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull().default('buyer'),
    lastname: text('lastname'),
    firstname: text('firstname'),
    phone: text('phone'),
    language: text('language').$type<'fr' | 'en'>().notNull().default('fr'),
    isPro: boolean('is_pro').notNull().default(false),
    business: jsonb('business').$type<{ reason?: string; name?: string } | null>(),
    deliveryAddress: jsonb('delivery_address').$type<Record<string, unknown> | null>(),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown> | null>(),
    cart: jsonb('cart').$type<unknown>(),
    disabled: boolean('disabled').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`), index('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    urlShop: text('url_shop').notNull(),
    businessType: text('business_type').$type<'wine' | 'champaign' | 'beer' | 'spirit' | 'cider' | 'other'>().notNull().default('wine'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    typologies: jsonb('typologies')
      .$type<Array<Record<string, unknown>>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    integration: jsonb('integration')
      .$type<Record<string, { active: boolean; [k: string]: unknown }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    editedShop: jsonb('edited_shop').$type<{ color?: string | null; banner?: string | null; logo?: string | null } | null>(),
    contactEmail: text('contact_email'),
    /** suspended by the superAdmin: its public pages say so, its back office is closed */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shops_code_uq').on(t.code), uniqueIndex('shops_url_shop_uq').on(t.urlShop)],
);

export const shopMembers = pgTable(
  'shop_members',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MemberKind>().notNull(),
    /** null = everything allowed (spec §6). */
    authorizations: jsonb('authorizations').$type<Record<string, boolean> | null>(),
    typology: text('typology'),
    /** a suspended collaborator or agent keeps the membership but has no access to the shop */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_members_user_shop_uq').on(t.userId, t.shopId), index('shop_members_shop_idx').on(t.shopId)],
);

export const masterAccounts = pgTable(
  'master_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('master_accounts_email_lower_uq').on(sql`lower(${t.email})`)],
);

export const masterAccountLinks = pgTable(
  'master_account_links',
  {
    id: serial('id').primaryKey(),
    masterId: integer('master_id')
      .notNull()
      .references(() => masterAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('master_account_links_uq').on(t.masterId, t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content').notNull(),
    redirectLink: text('redirect_link'),
    seen: boolean('seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const maintenances = pgTable('maintenances', {
  id: serial('id').primaryKey(),
  banner: text('banner'),
  page: boolean('page').notNull().default(false),
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const documentsToDownload = pgTable(
  'documents_to_download',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    downloaded: boolean('downloaded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_to_download_user_idx').on(t.userId, t.downloaded)],
);

/**
 * Account details that the sign-up flows add to a user. A user without a row
 * (accounts created before this table, e.g. the demo data) counts as validated.
 */
export const userAccounts = pgTable('user_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** buyer | seller | agent — how the account was created */
  accountType: text('account_type').$type<'buyer' | 'seller' | 'agent'>().notNull(),
  emailValidatedAt: timestamp('email_validated_at', { withTimezone: true }),
  siret: text('siret'),
  siren: text('siren'),
  nic: text('nic'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
  adultCertifiedAt: timestamp('adult_certified_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type UserAccountRow = typeof userAccounts.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type ShopMemberRow = typeof shopMembers.$inferSelect;
export type MasterAccountRow = typeof masterAccounts.$inferSelect;

/**
 * Background jobs (DESIGN §4, `platform/jobs`): rows picked with FOR UPDATE SKIP LOCKED, retried with backoff,
 * idempotent through `dedupe_key`. Enqueued inside the caller's transaction: they commit (or vanish) with it.
 */
export type JobStatus = 'pending' | 'running' | 'done' | 'failed';
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** runs started so far (incremented when claimed) */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** the claim of the worker running it: only that claim may finish it */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** same key twice → one job (NULL: no deduplication) */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_uq').on(t.dedupeKey),
    index('jobs_due_idx').on(t.status, t.runAt),
    check('jobs_status_ck', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
