import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from '../../platform/db/tables';
import { products } from '../catalog';

/** Embeddable widgets of a shop (/iframes/{id}): its product list or one product. */
export const iframes = pgTable(
  'iframes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'list' | 'product'>().notNull().default('list'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('iframes_shop_idx').on(t.shopId)],
);

export type IframeRow = typeof iframes.$inferSelect;
