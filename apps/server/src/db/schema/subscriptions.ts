import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { charges } from './payments.ts';
import { suburbs } from './suburbs.ts';

/**
 * An agent's suburb subscription: one row per agent and suburb claim; renewals extend the same row.
 * 'Live' means not lapsed (expiresAt in the future) and not cancelled; at most `suburbs.subscribed_agents_max`
 * live rows per suburb. `isFreeTrial` describes the current period, `freeTrialClaimed` whether the claim
 * used one of the agent's free trials (it never changes, so free trials are counted over every claim).
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
    freeTrialClaimed: boolean('free_trial_claimed').notNull().default(false),
    /** The charge that paid for the current period (null for a free or manually managed period). */
    lastChargeId: uuid('last_charge_id').references(() => charges.id),
    /** Set by the renewal job when the subscription ran out without renewing (and the agent was told). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The period end (expiresAt) the renewal reminder was sent for. */
    renewalReminderSentFor: timestamp('renewal_reminder_sent_for', { withTimezone: true }),
    renewalFailureCode: text('renewal_failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suburb_subscriptions_agent_idx').on(t.agentUserId),
    // A suburb's subscriptions in the console, newest first.
    index('suburb_subscriptions_suburb_created_idx').on(t.suburbId, t.createdAt.desc(), t.id.desc()),
    // The renewal job's scan: subscriptions still running, by end date.
    index('suburb_subscriptions_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.cancelledAt} is null and ${t.endedAt} is null`),
    // Public pages: whether an agent still holds any live subscription, and the suburbs they serve.
    index('suburb_subscriptions_agent_live_idx')
      .on(t.agentUserId, t.expiresAt)
      .where(sql`${t.cancelledAt} is null`),
    index('suburb_subscriptions_suburb_live_idx')
      .on(t.suburbId, t.expiresAt)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

// Row types, next to their tables: services and resolvers import them from here.
export type SuburbSubscriptionRow = typeof suburbSubscriptions.$inferSelect;
export type SubscriptionRow = typeof suburbSubscriptions.$inferSelect;
