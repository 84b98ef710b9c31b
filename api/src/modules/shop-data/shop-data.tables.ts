import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';

/** §3 import statuses. */
export type ShopImportStatus = 'pending' | 'processing' | 'completed' | 'reverted' | 'error';
/** §3 integration names: the shape of the producer's export files. */
export type ShopImportIntegration = 'default' | 'isagri' | 'vinistoria' | 'baqio';
export type ShopImportEntity = 'products' | 'clients' | 'stock';

/**
 * An import of a producer's existing data: the file's rows as read (after the match grids), a dry run or a
 * real run processed by the job queue with progress, and what it created or changed (shop_import_changes) for revert.
 */
export const shopImports = pgTable(
  'shop_imports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    integration: text('integration').$type<ShopImportIntegration>().notNull().default('default'),
    entity: text('entity').$type<ShopImportEntity>().notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ShopImportStatus>().notNull().default('pending'),
    dryRun: boolean('dry_run').notNull().default(false),
    /** the rows read from the file, already mapped to this shop's fields */
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** per-row problems: { row, field, message } */
    errors: jsonb('errors').$type<{ row: number; field?: string; message: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
  },
  (t) => [
    index('shop_imports_shop_idx').on(t.shopId, t.createdAt),
    check('shop_imports_status_ck', sql`${t.status} in ('pending', 'processing', 'completed', 'reverted', 'error')`),
  ],
);

/** What an import did, one row per created or changed object, with the state before: revert undoes them in reverse. */
export const shopImportChanges = pgTable(
  'shop_import_changes',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => shopImports.id, { onDelete: 'cascade' }),
    /** 'product', 'vintage', 'format', 'price', 'client', 'stock'… */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').$type<'created' | 'updated'>().notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('shop_import_changes_import_idx').on(t.importId)],
);

export type ShopImportRow = typeof shopImports.$inferSelect;
