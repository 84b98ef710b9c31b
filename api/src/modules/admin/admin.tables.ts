import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/tables';

/** Every action of the platform's operator: who, what, on what, when — kept for good, listed in /admin. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** 'shop.suspend', 'shop.reopen', 'maintenance.save', 'user.update'… */
    action: text('action').notNull(),
    /** 'shop', 'maintenance', 'user'… and its id */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown> | null>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at), index('admin_audit_target_idx').on(t.targetType, t.targetId)],
);
