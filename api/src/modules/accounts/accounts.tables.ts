import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/tables';

export type AccountTokenKind = 'validate' | 'reset' | 'email';

/** Single-use tokens sent by email: only their SHA-256 is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** the new address for an email change */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_hash_uq').on(t.tokenHash), index('account_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;
