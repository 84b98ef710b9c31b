import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { orders } from '../orders';

/** Messaging (/tickets): conversation threads between a buyer and a shop, optionally about an order. */

export const ticketThreads = pgTable(
  'ticket_threads',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** messages the buyer / the shop has not read yet */
    buyerUnread: integer('buyer_unread').notNull().default(0),
    shopUnread: integer('shop_unread').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_threads_shop_idx').on(t.shopId, t.lastMessageAt),
    index('ticket_threads_buyer_idx').on(t.buyerUserId, t.lastMessageAt),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => ticketThreads.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side').$type<'buyer' | 'shop'>().notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_thread_idx').on(t.threadId, t.createdAt)],
);

export type TicketThreadRow = typeof ticketThreads.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
