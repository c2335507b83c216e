import { and, asc, eq, inArray } from 'drizzle-orm';
import { agentLicenceSchema, licenceDecisionSchema } from '@listwise/domain/agent-licence';
import type { Tx } from '../../db/client.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Connection } from '../../lib/pagination.ts';
import { pageSize } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { afterCursor, keyedConnection, keyOf, recordAdminAction, timeCursor, type PageArgs } from '../admin/admin.service.ts';

/**
 * Licence verification (issue 12): an agent records their state licence; operators check it on the state's public
 * register and verify or reject it (audit-logged). A changed number or state goes back to the queue. Nothing else
 * waits on it: an unverified agent subscribes and appraises as before; sellers only see who is verified.
 */
export type AgentLicenceRow = typeof agentLicences.$inferSelect;

/** updateAgentLicence: records the agent's licence; a new number or state (or a new licence) is PENDING again. */
export async function updateAgentLicence(
  deps: Deps,
  agent: UserRow,
  input: { licenceNumber: string; licenceState: string; licenseeName?: string | null },
): Promise<AgentLicenceRow> {
  const values = parseInput(agentLicenceSchema, input);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(agentLicences).where(eq(agentLicences.agentUserId, agent.id)).for('update');
    const isSameLicence = current && current.number === values.licenceNumber && current.state === values.licenceState;
    if (isSameLicence) {
      const [updated] = await tx
        .update(agentLicences)
        .set({ licenseeName: values.licenseeName })
        .where(eq(agentLicences.agentUserId, agent.id))
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
      .values({ agentUserId: agent.id, ...fresh })
      .onConflictDoUpdate({ target: agentLicences.agentUserId, set: fresh })
      .returning();
    return saved!;
  });
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
    return decided!;
  });
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
