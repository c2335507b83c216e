import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Agents' state licences (issue 12): the number and state an agent entered, and an operator's check of it against
 * the state's public register. A changed number or state goes back to PENDING.
 */
export type AgentLicenceStatus = 'PENDING' | 'VERIFIED' | 'REJECTED';

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
  },
  (t) => [
    // The operators' queue: pending licences, oldest first.
    index('agent_licences_pending_idx')
      .on(t.submittedAt, t.agentUserId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
