import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { suburbs } from './suburbs.ts';

/**
 * An agent's suburb subscription: one row per agent and suburb period. 'Live' means not lapsed
 * (expiresAt in the future) and not cancelled; at most `suburbs.subscribed_agents_max` live rows per suburb.
 */
export const suburbSubscriptions = pgTable(
  'suburb_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suburbId: integer('suburb_id')
      .notNull()
      .references(() => suburbs.id),
    isFreeTrial: boolean('is_free_trial').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    isManuallyManaged: boolean('is_manually_managed').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suburb_subscriptions_agent_idx').on(t.agentUserId),
    index('suburb_subscriptions_suburb_live_idx')
      .on(t.suburbId, t.expiresAt)
      .where(sql`${t.cancelledAt} is null`),
  ],
);
