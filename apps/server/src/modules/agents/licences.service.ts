import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { agentLicenceSchema, licenceDecisionSchema, type AgentLicenceInput } from '@listwise/domain/agent-licence';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Connection } from '../../lib/pagination.ts';
import { pageSize } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { LicenceRejectedEmail, LicenceVerifiedEmail } from '../notifications/templates/licence-emails.tsx';
import { afterCursor, keyedConnection, keyOf, recordAdminAction, timeCursor, type PageArgs } from '../admin/admin.service.ts';

/**
 * Licence verification (issue 12): an agent records their state licence; operators check it on the state's public
 * register and verify or reject it (audit-logged). A changed number or state goes back to the queue. Nothing else
 * waits on it: an unverified agent subscribes and appraises as before; sellers only see who is verified.
 */
export type AgentLicenceRow = typeof agentLicences.$inferSelect;

export type AgentLicenceValues = z.output<typeof agentLicenceSchema>;

/** A licence as an agent enters it, checked (`validation_failed` on `licenceNumber`, `licenceState` or `licenseeName`). */
export const parseAgentLicence = (input: AgentLicenceInput): AgentLicenceValues => parseInput(agentLicenceSchema, input);

/**
 * Records the agent's licence inside the caller's transaction; a new number or state (or a new licence) is PENDING
 * again, the same one only changes the licensee's name.
 */
export async function saveAgentLicence(tx: Tx, now: Date, agentUserId: string, values: AgentLicenceValues): Promise<AgentLicenceRow> {
  const [current] = await tx.select().from(agentLicences).where(eq(agentLicences.agentUserId, agentUserId)).for('update');
  const isSameLicence = current && current.number === values.licenceNumber && current.state === values.licenceState;
  if (isSameLicence) {
    const [updated] = await tx
      .update(agentLicences)
      .set({ licenseeName: values.licenseeName })
      .where(eq(agentLicences.agentUserId, agentUserId))
      .returning();
    return updated!;
  }
  const fresh = {
    number: values.licenceNumber,
    state: values.licenceState,
    licenseeName: values.licenseeName,
    status: 'PENDING' as const,
    submittedAt: now,
    verifiedAt: null,
    checkedByUserId: null,
    rejectionReason: null,
  };
  const [saved] = await tx
    .insert(agentLicences)
    .values({ agentUserId, ...fresh })
    .onConflictDoUpdate({ target: agentLicences.agentUserId, set: fresh })
    .returning();
  return saved!;
}

/** updateAgentLicence: records the agent's licence (Profile Settings and the sign-up profile step). */
export async function updateAgentLicence(deps: Deps, agent: UserRow, input: AgentLicenceInput): Promise<AgentLicenceRow> {
  const values = parseAgentLicence(input);
  const now = deps.clock.now();
  return deps.db.transaction((tx) => saveAgentLicence(tx, now, agent.id, values));
}

/** verifyAgentLicence: an operator's decision on the licence as it stands; a rejection needs a reason. */
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
    const [decided] = await tx
      .update(agentLicences)
      .set({
        status: decision.approved ? 'VERIFIED' : 'REJECTED',
        verifiedAt: decision.approved ? now : null,
        rejectionReason: decision.approved ? null : decision.reason!,
        checkedByUserId: admin.id,
      })
      .where(eq(agentLicences.agentUserId, licence.agentUserId))
      .returning();
    await recordAdminAction(tx, admin, now, {
      action: decision.approved ? 'VERIFY_AGENT_LICENCE' : 'REJECT_AGENT_LICENCE',
      targetType: 'AGENT_LICENCE',
      targetId: licence.agentUserId,
      details: { number: licence.number, state: licence.state, ...(decision.approved ? {} : { reason: decision.reason }) },
    });
    await emailLicenceDecision(deps, tx, decided!);
    return decided!;
  });
}

/** Tells the agent what the operator decided, in the transaction that records it (issue 23). */
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
