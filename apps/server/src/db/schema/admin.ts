import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ADMIN_AUDIT_ACTIONS } from '@listwise/domain/audit-log';
import { oneOf } from './checks.ts';

/** Every operator action in the console (modules/admin): who did what to which object, and when. Append-only. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    oneOf('admin_audit_log_action_check', t.action, ADMIN_AUDIT_ACTIONS),
    index('admin_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
    // The console's filters: one action, or one operator, still read newest first from an index.
    index('admin_audit_log_action_created_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_admin_created_idx').on(t.adminUserId, t.createdAt.desc(), t.id.desc()),
  ],
);

// Row types, next to their tables: services and resolvers import them from here.
export type AuditLogRow = typeof adminAuditLog.$inferSelect;
