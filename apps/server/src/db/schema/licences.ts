import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { AustralianState } from '@listwise/domain/enums';
import { AgentLicenceStatus } from '@listwise/domain/agent-licence';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { AgentLicenceStatus };

/**
 * Agents' state licences: the number and state an agent entered, and an operator's check of it against
 * the state's public register. A changed number or state goes back to PENDING.
 *
 * Expiry: `expiresOn` is the licence on file's expiry date (null only for licences recorded before
 * it was asked for); `verifiedUntil` the expiry an operator verified, kept while a renewal of the same number waits
 * for its check (the seller-facing mark stays until then); `lapsedOn` the date a licence had expired when the agent
 * replaced it, so requests stay stopped until the renewal is verified. The reminder columns hold the expiry date
 * each reminder was sent for: once per threshold and date, and a renewed date is reminded afresh.
 */
export const agentLicences = pgTable(
  'agent_licences',
  {
    agentUserId: uuid('agent_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    state: text('state').notNull(),
    licenseeName: text('licensee_name'),
    status: text('status').$type<AgentLicenceStatus>().notNull().default('PENDING'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    checkedByUserId: uuid('checked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    expiresOn: date('expires_on'),
    verifiedUntil: date('verified_until'),
    lapsedOn: date('lapsed_on'),
    expiryReminder30SentFor: date('expiry_reminder_30_sent_for'),
    expiryReminder7SentFor: date('expiry_reminder_7_sent_for'),
  },
  (t) => [
    oneOf('agent_licences_status_check', t.status, AgentLicenceStatus),
    oneOf('agent_licences_state_check', t.state, AustralianState),
    // The operators' queue: pending licences, oldest first.
    index('agent_licences_pending_idx')
      .on(t.submittedAt, t.agentUserId)
      .where(sql`${t.status} = 'PENDING'`),
    // The daily expiry reminders read the licences by expiry date.
    index('agent_licences_expires_on_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiresOn} is not null`),
  ],
);

/**
 * Agents an operator suspended, with the reason: no new requests, not shown publicly, while a
 * row exists. Lifting the suspension deletes it; the audit log keeps who did what and why.
 */
export const agentSuspensions = pgTable('agent_suspensions', {
  agentUserId: uuid('agent_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull(),
  suspendedByUserId: uuid('suspended_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});
