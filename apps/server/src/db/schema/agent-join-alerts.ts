import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { suburbs } from './suburbs.ts';

/**
 * 'Tell me when an agent joins': an e-mail address left on the page of a suburb no public agent serves.
 * One-shot: the one e-mail sent when an agent becomes public there marks it notified, and nothing more is sent.
 * A seller whose listing has no agent left to ask leaves one from the property page: it names the listing, so the
 * e-mail leads back to it, where one tap asks the new agent.
 */
export const agentJoinAlerts = pgTable(
  'agent_join_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suburbId: integer('suburb_id')
      .notNull()
      .references(() => suburbs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting alert per address and suburb; the job reads the waiting ones by suburb.
    uniqueIndex('agent_join_alerts_waiting_unique')
      .on(t.suburbId, t.email)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
