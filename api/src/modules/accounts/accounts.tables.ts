
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema';

/**
 * Account details that the sign-up flows add to a user (issue 3). A user without a row
 * (accounts created before this table, e.g. the demo data) counts as validated.
 */
export const userAccounts = pgTable('user_accounts', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
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

export type AccountTokenKind = 'validate' | 'reset' | 'email';

/** Single-use tokens sent by email: only their SHA-256 is stored. */
export const accountTokens = pgTable('account_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<AccountTokenKind>().notNull(),
  tokenHash: text('token_hash').notNull(),
  /** the new address for an email change */
  email: text('email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
  index('account_tokens_user_kind_idx').on(t.userId, t.kind),
]);

/** Personal API keys (/get-api-key): shown once, only the SHA-256 is stored. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** first characters, to recognise a key in the list */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('api_keys_hash_uq').on(t.keyHash),
  index('api_keys_user_idx').on(t.userId),
]);

export type UserAccountRow = typeof userAccounts.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
