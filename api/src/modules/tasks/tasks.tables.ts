import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, users } from '../../platform/db/tables';
import { crmClients } from '../clients';

/** Tasks of a shop's team: who does what for which client, by when. */

export type TaskPriority = 'low' | 'medium' | 'high';
/** §3 task activity kinds */
export type TaskActivity =
  'phone' | 'email' | 'visit' | 'meeting' | 'tasting' | 'tour' | 'animation' | 'salon' | 'breakfast' | 'orderPreparation' | 'other';

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    clientId: integer('client_id').references(() => crmClients.id, { onDelete: 'set null' }),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    activity: text('activity').$type<TaskActivity>().notNull().default('other'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** a day without a time */
    allDay: boolean('all_day').notNull().default(false),
    durationMinutes: integer('duration_minutes'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_shop_due_idx').on(t.shopId, t.dueAt),
    index('tasks_assignee_due_idx').on(t.assigneeUserId, t.dueAt),
    index('tasks_client_idx').on(t.clientId),
  ],
);

export type TaskRow = typeof tasks.$inferSelect;
