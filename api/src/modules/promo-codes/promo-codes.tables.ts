import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';

/** Promotion codes: entered in the cart, applied by the server's price engine. */
export type PromoCodeKind = 'percent' | 'amount' | 'freeShipping';
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** at most 15 characters (§5 promocode), stored upper-case, unique per shop */
    code: text('code').notNull(),
    kind: text('kind').$type<PromoCodeKind>().notNull(),
    /** percent (×1, 1–100) or cents TTC; 0 for free shipping */
    value: integer('value').notNull().default(0),
    /** null: the whole order; else these products only */
    productIds: jsonb('product_ids').$type<number[] | null>(),
    /** cents TTC of products the order must reach */
    minAmountCents: integer('min_amount_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerClient: integer('max_uses_per_client'),
    /** typology ids allowed (null: every one) */
    typologies: jsonb('typologies').$type<string[] | null>(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_shop_code_uq').on(t.shopId, t.code),
    check('promo_codes_kind_ck', sql`${t.kind} in ('percent', 'amount', 'freeShipping')`),
  ],
);

/** One row per order that used a code (the usage limits count them; an order cancelled releases its row). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id'),
    amountCents: integer('amount_cents').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_code_uses_order_uq').on(t.orderId, t.codeId), index('promo_code_uses_code_idx').on(t.codeId, t.userId)],
);
