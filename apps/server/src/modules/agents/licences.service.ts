import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  agentLicenceSchema,
  daysBetween,
  isLicenceExpiredOn,
  isLicenceVerifiedOn,
  licenceDecisionSchema,
  licenceExpiryProblem,
  licenceExpiryReminderDue,
  licenceToday,
  type AgentLicenceInput,
  type LicenceStandingInput,
} from '@listwise/domain/agent-licence';
import { formatCalendarDate } from '@listwise/domain/format';
import { calendarDateIn } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Connection, PageArgs } from '../../lib/pagination.ts';
import { pageSize, afterCursor, keyedConnection, keyOf, timeCursor } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { LicenceExpiryReminderEmail, LicenceRejectedEmail, LicenceVerifiedEmail } from '../notifications/templates/licence-emails.tsx';
import { licenceTodaySql } from './agent-standing.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Licence verification: an agent records their state licence; operators check it on the state's public
 * register and verify or reject it (audit-logged). A changed number or state goes back to the queue. Nothing else
 * waits on it: an unverified agent subscribes and appraises as before; sellers only see who is verified.
 */
export type AgentLicenceRow = typeof agentLicences.$inferSelect;

export type AgentLicenceValues = z.output<typeof agentLicenceSchema> & { licenceExpiresOn: string };

/**
 * A licence as an agent enters it, checked (`validation_failed` on `licenceNumber`, `licenceState`, `licenseeName`
 * or `licenceExpiresOn`: a real date, not passed where the licence was issued, within ten years).
 */
export function parseAgentLicence(input: AgentLicenceInput & { licenceExpiresOn?: string | null }, now: Date): AgentLicenceValues {
  const values = parseInput(agentLicenceSchema, input);
  const expiresOn = typeof input.licenceExpiresOn === 'string' ? input.licenceExpiresOn.trim() : null;
  if (licenceExpiryProblem(expiresOn, licenceToday(values.licenceState, now))) throw new AppError('validation_failed', 'licenceExpiresOn');
  return { ...values, licenceExpiresOn: expiresOn! };
}

/** The standing inputs of a stored licence (dates as YYYY-MM-DD). */
export const standingOf = (licence: AgentLicenceRow): LicenceStandingInput => ({
  status: licence.status,
  expiresOn: licence.expiresOn,
  verifiedUntil: licence.verifiedUntil,
  lapsedOn: licence.lapsedOn,
});

/**
 * Records the agent's licence inside the caller's transaction, with its expiry date:
 * - the same number, state and expiry: only the licensee's name changes;
 * - the same number and state with a new expiry (a renewal): PENDING for a check, and the expiry verified before
 *   is kept, so sellers keep seeing 'Licence verified' until it passes;
 * - a new number or state (or a first licence): PENDING, nothing verified.
 * A licence that had expired when it was replaced is remembered (`lapsedOn`): requests stay stopped until an
 * operator verifies the renewal.
 */
export async function saveAgentLicence(tx: Tx, now: Date, agentUserId: string, values: AgentLicenceValues): Promise<AgentLicenceRow> {
  const [current] = await tx.select().from(agentLicences).where(eq(agentLicences.agentUserId, agentUserId)).for('update');
  const isSameLicence = current && current.number === values.licenceNumber && current.state === values.licenceState;
  if (isSameLicence && current.expiresOn === values.licenceExpiresOn) {
    const updated = await tx
      .update(agentLicences)
      .set({ licenseeName: values.licenseeName })
      .where(eq(agentLicences.agentUserId, agentUserId))
      .returning()
      .then(theRow);
    return updated;
  }
  let lapsedOn: string | null = null;
  let verifiedUntil: string | null = null;
  if (current) {
    const standing = standingOf(current);
    const today = licenceToday(current.state, now);
    lapsedOn =
      current.lapsedOn ??
      (isLicenceExpiredOn(standing, today) ? [current.expiresOn, current.verifiedUntil].filter((d) => d && d < today).sort()[0]! : null);
    if (isSameLicence && isLicenceVerifiedOn(standing, today)) {
      // A licence verified before expiry dates were recorded keeps its mark on the date now entered, until checked.
      verifiedUntil = current.verifiedUntil ?? values.licenceExpiresOn;
    }
  }
  const fresh = {
    number: values.licenceNumber,
    state: values.licenceState,
    licenseeName: values.licenseeName,
    expiresOn: values.licenceExpiresOn,
    status: 'PENDING' as const,
    submittedAt: now,
    verifiedAt: verifiedUntil ? (current?.verifiedAt ?? null) : null,
    verifiedUntil,
    lapsedOn,
    checkedByUserId: null,
    rejectionReason: null,
  };
  const saved = await tx
    .insert(agentLicences)
    .values({ agentUserId, ...fresh })
    .onConflictDoUpdate({ target: agentLicences.agentUserId, set: fresh })
    .returning()
    .then(theRow);
  return saved;
}

export async function updateAgentLicence(
  deps: Deps,
  agent: UserRow,
  input: AgentLicenceInput & { licenceExpiresOn: string },
): Promise<AgentLicenceRow> {
  const now = deps.clock.now();
  const values = parseAgentLicence(input, now);
  return deps.db.transaction((tx) => saveAgentLicence(tx, now, agent.id, values));
}

export async function verifyAgentLicence(
  deps: Deps,
  admin: UserRow,
  input: { agentId: string; approved: boolean; reason?: string | null },
): Promise<AgentLicenceRow> {
  if (!isUuid(input.agentId)) throw notFound();
  const decision = parseInput(licenceDecisionSchema, { approved: input.approved, reason: input.reason });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [licence] = await tx.select().from(agentLicences).where(eq(agentLicences.agentUserId, input.agentId)).for('update');
    if (!licence) throw notFound();
    if (licence.agentUserId === admin.id) throw new AppError('forbidden');
    // A licence whose date has passed cannot be verified: the agent enters the renewed one first.
    if (decision.approved && licence.expiresOn && licence.expiresOn < licenceToday(licence.state, now))
      throw new AppError('licence_expired');
    const decided = await tx
      .update(agentLicences)
      .set({
        status: decision.approved ? 'VERIFIED' : 'REJECTED',
        verifiedAt: decision.approved ? now : null,
        rejectionReason: decision.approved ? null : decision.reason!,
        checkedByUserId: admin.id,
        // Verified: current until its expiry, and whatever lapsed before is over. Rejected: no mark at all.
        verifiedUntil: decision.approved ? licence.expiresOn : null,
        ...(decision.approved ? { lapsedOn: null } : {}),
      })
      .where(eq(agentLicences.agentUserId, licence.agentUserId))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: decision.approved ? 'VERIFY_AGENT_LICENCE' : 'REJECT_AGENT_LICENCE',
      targetType: 'AGENT_LICENCE',
      targetId: licence.agentUserId,
      details: {
        number: licence.number,
        state: licence.state,
        expiresOn: licence.expiresOn,
        ...(decision.approved ? {} : { reason: decision.reason }),
      },
    });
    await emailLicenceDecision(deps, tx, decided);
    return decided;
  });
}

/** Tells the agent what the operator decided, in the transaction that records it. */
async function emailLicenceDecision(deps: Deps, tx: Tx, licence: AgentLicenceRow) {
  const [agent] = await tx
    .select({ email: users.email, name: agentProfiles.name })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.id, licence.agentUserId));
  if (!agent?.email) return;
  const link = `${deps.config.appUrl}/agent/profile-settings?tab=profile`;
  const about = { agentName: agent.name, number: licence.number, state: licence.state, link };
  await queueEmail(
    deps,
    tx,
    licence.status === 'VERIFIED'
      ? { to: agent.email, subject: 'Your licence is verified', template: 'licence-verified', body: LicenceVerifiedEmail(about) }
      : {
          to: agent.email,
          subject: 'We could not verify your licence',
          template: 'licence-rejected',
          body: LicenceRejectedEmail({ ...about, reason: licence.rejectionReason ?? '' }),
        },
  );
}

/** The operators' queue: licences waiting for a check, oldest first. */
export async function listLicencesToCheck(db: Tx, args: PageArgs): Promise<Connection<AgentLicenceRow & { id: string }>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: agentLicences, key: keyOf(agentLicences.submittedAt) })
    .from(agentLicences)
    .where(and(eq(agentLicences.status, 'PENDING'), afterCursor(agentLicences.submittedAt, agentLicences.agentUserId, cursor, 'asc')))
    .orderBy(asc(agentLicences.submittedAt), asc(agentLicences.agentUserId))
    .limit(first + 1);
  return keyedConnection(
    rows.map(({ row, key }) => ({ row: { ...row, id: row.agentUserId }, key })),
    first,
  );
}

/** Licences of several agents (a DataLoader batch). */
export const findLicences = (db: Tx, agentUserIds: readonly string[]) =>
  agentUserIds.length
    ? db
        .select()
        .from(agentLicences)
        .where(inArray(agentLicences.agentUserId, [...agentUserIds]))
    : Promise.resolve([]);

export const LICENCE_QUEUES = { remindExpiry: 'licences.remind-expiry' } as const;

/**
 * The daily `licences.remind-expiry` job: e-mails each agent whose licence expires within 30 days, once
 * at 30 days and once at 7 (a licence entered with a week or less to run gets only the 7-day one). Idempotent: each
 * reminder is claimed by a conditional update of the column naming the expiry date it was sent for, in the
 * transaction that queues the e-mail, so a job run twice (or two servers) sends nothing twice and a renewed date is
 * reminded afresh. Rejected licences are not reminded: the agent was told to correct them.
 */
export async function sendLicenceExpiryReminders(deps: Deps): Promise<{ reminded: number }> {
  const now = deps.clock.now();
  const today = licenceTodaySql(now);
  const candidates = await deps.db
    .select()
    .from(agentLicences)
    .where(
      and(
        isNotNull(agentLicences.expiresOn),
        // The index on expires_on narrows the scan; the exact window is the state's own today, checked below.
        gte(agentLicences.expiresOn, calendarDateIn(new Date(now.getTime() - 86_400_000))),
        lte(agentLicences.expiresOn, calendarDateIn(new Date(now.getTime() + 32 * 86_400_000))),
        sql`${agentLicences.status} <> 'REJECTED'`,
        sql`${agentLicences.expiresOn} >= ${today}`,
      ),
    );
  let reminded = 0;
  for (const candidate of candidates) {
    const due = licenceExpiryReminderDue(candidate.expiresOn!, licenceToday(candidate.state, now), {
      thirtyDaysFor: candidate.expiryReminder30SentFor,
      sevenDaysFor: candidate.expiryReminder7SentFor,
    });
    if (!due) continue;
    await deps.db.transaction(async (tx) => {
      const column = due === 7 ? agentLicences.expiryReminder7SentFor : agentLicences.expiryReminder30SentFor;
      const [claimed] = await tx
        .update(agentLicences)
        .set(
          due === 7
            ? { expiryReminder7SentFor: candidate.expiresOn, expiryReminder30SentFor: candidate.expiresOn }
            : { expiryReminder30SentFor: candidate.expiresOn },
        )
        .where(
          and(
            eq(agentLicences.agentUserId, candidate.agentUserId),
            eq(agentLicences.expiresOn, candidate.expiresOn!),
            or(isNull(column), ne(column, candidate.expiresOn!)),
          ),
        )
        .returning();
      if (!claimed) return;
      const [agent] = await tx
        .select({ email: users.email, name: agentProfiles.name })
        .from(users)
        .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
        .where(eq(users.id, claimed.agentUserId));
      if (!agent?.email) return;
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: `Your licence expires on ${formatCalendarDate(claimed.expiresOn!)}`,
        template: due === 7 ? 'licence-expiry-reminder-7' : 'licence-expiry-reminder-30',
        body: LicenceExpiryReminderEmail({
          agentName: agent.name,
          number: claimed.number,
          state: claimed.state,
          expiresOn: claimed.expiresOn!,
          daysLeft: daysBetween(licenceToday(claimed.state, now), claimed.expiresOn!),
          link: `${deps.config.appUrl}/agent/profile-settings?tab=profile`,
        }),
      });
      reminded++;
    });
  }
  return { reminded };
}
