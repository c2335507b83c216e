import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';

/**
 * The subscriptions module's part of closing an agent's account, in two steps.
 *
 * First, under the user's lock and before closing checks for a charge in progress, the agent's open subscriptions
 * are locked (in id order): a renewal that has just locked one to record its charge finishes first, so the check
 * that follows sees that charge, and no renewal can start on them until closing commits.
 */
export async function lockOpenSubscriptionsOfAgent(tx: Tx, agentUserId: string): Promise<void> {
  await tx
    .select({ id: suburbSubscriptions.id })
    .from(suburbSubscriptions)
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), isNull(suburbSubscriptions.cancelledAt)))
    .orderBy(asc(suburbSubscriptions.id))
    .for('update');
}

/** Then: no renewal is ever charged again, and the suburbs' places are free for other agents. */
export async function cancelSubscriptionsOfClosedAgent(tx: Tx, agentUserId: string, now: Date): Promise<void> {
  await tx
    .update(suburbSubscriptions)
    .set({ cancelledAt: now, autoRenew: false })
    .where(and(eq(suburbSubscriptions.agentUserId, agentUserId), isNull(suburbSubscriptions.cancelledAt)));
}
