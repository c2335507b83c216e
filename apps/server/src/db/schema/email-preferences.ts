import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { EmailCategory } from '@listwise/domain/email-categories';
import { oneOf } from './checks.ts';

/**
 * A user's choice for one optional e-mail category. No row means the category is on: sign-up
 * consents to the service, and every optional e-mail carries a one-click way out.
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<EmailCategory>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [oneOf('email_preferences_category_check', t.category, EmailCategory), primaryKey({ columns: [t.userId, t.category] })],
);
