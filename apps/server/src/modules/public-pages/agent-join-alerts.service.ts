import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { emailIssue } from '@listwise/domain/credentials';
import { suburbPagePath } from '@listwise/domain/public-pages';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { agentJoinAlerts } from '../../db/schema/agent-join-alerts.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { consumeRateLimits } from '../../db/rate-limit.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { AgentJoinedSuburbEmail } from './agent-joined-email.tsx';
import { mayBeAskedBySellers } from '../agents/public-agent.ts';
import { notifySellerAgentAlerts } from '../listings/seller-agent-alerts.service.ts';

/**
 * 'Tell me when an agent joins', offered on the page of a suburb where a seller can ask no agent. A visitor leaves
 * an e-mail address; when a seller can ask an agent there (`mayBeAskedBySellers`: subscribed, profile complete, in
 * any order), a job sends one e-mail and the alert is spent: one-shot, so there is nothing to unsubscribe from and an
 * address typed by someone else receives at most one message per suburb. Rate-limited per client and per address.
 */

export const AGENT_JOIN_QUEUES = { notify: 'public-pages.agent-join-alerts' } as const;

/** Alerts e-mailed per run of the job (it runs every few minutes). */
const NOTIFY_BATCH = 200;

export type AgentJoinAlertOutcome = { ok: true } | { ok: false; message: string };

/**
 * Records an alert for a suburb. The answer is the same whether the address already waited there or not, so the
 * form tells nobody which addresses are waiting. Throws `too_many_requests` (RateLimitedError) past the limits.
 */
export async function askToBeToldWhenAgentJoins(
  deps: Deps,
  input: { suburbId: number; email: unknown; clientAddress: string },
): Promise<AgentJoinAlertOutcome> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const issue = emailIssue(email);
  if (issue) return { ok: false, message: issue };
  const now = deps.clock.now();
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  await consumeRateLimits(deps.db, now, [
    { key: `agent-join-alert:ip:${input.clientAddress}`, max, windowSeconds },
    { key: `agent-join-alert:email:${email}`, max: 3, windowSeconds },
  ]);
  await deps.db.insert(agentJoinAlerts).values({ suburbId: input.suburbId, email, createdAt: now }).onConflictDoNothing();
  return { ok: true };
}

/**
 * The job: e-mails every waiting alert whose suburb now has an agent a seller can ask, once. Each alert is claimed with a
 * conditional update in the same transaction as its e-mail, so two runs at once never send it twice.
 */
export async function notifyAgentJoinAlerts(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ alert: agentJoinAlerts, suburb: suburbs })
    .from(agentJoinAlerts)
    .innerJoin(suburbs, eq(suburbs.id, agentJoinAlerts.suburbId))
    .where(
      and(
        isNull(agentJoinAlerts.notifiedAt),
        // A seller's alert names their listing: notifySellerAgentAlerts sends it when an agent they may ask serves it.
        isNull(agentJoinAlerts.propertyId),
        sql`exists (select 1 from ${agentProfiles} where ${mayBeAskedBySellers(now, sql`${agentJoinAlerts.suburbId}`)})`,
      ),
    )
    .orderBy(asc(agentJoinAlerts.createdAt))
    .limit(NOTIFY_BATCH);
  let sent = 0;
  for (const { alert, suburb } of due) {
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(agentJoinAlerts)
        .set({ notifiedAt: now })
        .where(and(eq(agentJoinAlerts.id, alert.id), isNull(agentJoinAlerts.notifiedAt)))
        .returning({ id: agentJoinAlerts.id });
      if (!claimed) return;
      await queueEmail(deps, tx, {
        to: alert.email,
        subject: `An agent now serves ${suburb.name} on Listwise`,
        template: 'agent-joined-suburb',
        body: AgentJoinedSuburbEmail({
          suburbName: suburb.name,
          pageLink: `${deps.config.appUrl}${suburbPagePath(suburb)}`,
          startLink: `${deps.config.appUrl}/new-property/address?suburb=${suburb.id}`,
        }),
      });
      sent++;
    });
  }
  return sent + (await notifySellerAgentAlerts(deps));
}
