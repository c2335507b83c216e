import { and, eq, inArray } from 'drizzle-orm';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { agentSuspensions } from '../../db/schema/licences.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { AgentSuspendedEmail, AgentSuspensionLiftedEmail } from '../notifications/templates/licence-emails.tsx';

/**
 * Suspending an agent: an operator stops an agent with a reason, and lifts it later. While
 * suspended, no new appraisal request reaches the agent and nothing public shows them (agent-standing.ts: the
 * picker, request matching and every public page read the same condition); requests already received, the
 * subscriptions and the account stay as they are. Both actions are audit-logged and e-mailed to the agent.
 */
export type AgentSuspensionRow = typeof agentSuspensions.$inferSelect;

async function lockAgent(tx: Tx, agentId: string) {
  if (!isUuid(agentId)) throw notFound();
  const [agent] = await tx
    .select({ id: users.id, email: users.email, name: agentProfiles.name })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(and(eq(users.id, agentId), eq(users.userType, 'AGENT')))
    .for('update', { of: users });
  if (!agent) throw notFound();
  return agent;
}

/** suspendAgent: `not_found` for anyone but an agent, `validation_failed` (reason) without one, `invalid_state` when already suspended. */
export async function suspendAgent(deps: Deps, admin: UserRow, input: { agentId: string; reason: string }): Promise<UserRow> {
  const { reason } = parseInput(operatorReasonSchema, { reason: input.reason });
  return deps.db.transaction(async (tx) => {
    const agent = await lockAgent(tx, input.agentId);
    const now = deps.clock.now();
    const [suspended] = await tx
      .insert(agentSuspensions)
      .values({ agentUserId: agent.id, reason, suspendedAt: now, suspendedByUserId: admin.id })
      .onConflictDoNothing()
      .returning();
    if (!suspended) throw new AppError('invalid_state');
    await recordAdminAction(tx, admin, now, { action: 'SUSPEND_AGENT', targetType: 'AGENT', targetId: agent.id, details: { reason } });
    if (agent.email) {
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: 'Your Listwise agent account is suspended',
        template: 'agent-suspended',
        body: AgentSuspendedEmail({ agentName: agent.name, reason }),
      });
    }
    return (await tx.query.users.findFirst({ where: eq(users.id, agent.id) }))!;
  });
}

/** liftAgentSuspension: `not_found` for anyone but an agent, `invalid_state` when the agent is not suspended. */
export async function liftAgentSuspension(deps: Deps, admin: UserRow, input: { agentId: string }): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const agent = await lockAgent(tx, input.agentId);
    const now = deps.clock.now();
    const [lifted] = await tx.delete(agentSuspensions).where(eq(agentSuspensions.agentUserId, agent.id)).returning();
    if (!lifted) throw new AppError('invalid_state');
    await recordAdminAction(tx, admin, now, {
      action: 'LIFT_AGENT_SUSPENSION',
      targetType: 'AGENT',
      targetId: agent.id,
      details: { reason: lifted.reason, suspendedAt: lifted.suspendedAt.toISOString() },
    });
    if (agent.email) {
      await queueEmail(deps, tx, {
        to: agent.email,
        subject: 'Your Listwise agent account is active again',
        template: 'agent-suspension-lifted',
        body: AgentSuspensionLiftedEmail({ agentName: agent.name, link: `${deps.config.appUrl}/` }),
      });
    }
    return (await tx.query.users.findFirst({ where: eq(users.id, agent.id) }))!;
  });
}

/** Suspensions of several agents (a DataLoader batch). */
export const findSuspensions = (db: Tx, agentUserIds: readonly string[]) =>
  agentUserIds.length
    ? db
        .select()
        .from(agentSuspensions)
        .where(inArray(agentSuspensions.agentUserId, [...agentUserIds]))
    : Promise.resolve([]);
