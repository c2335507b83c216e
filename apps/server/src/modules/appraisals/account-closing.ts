import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';

/** The appraisals module's part of closing an agent's account: requests the agent will never answer stop waiting. */
export async function releaseRequestsOfClosedAgent(tx: Tx, agentUserId: string, now: Date): Promise<void> {
  await tx
    .update(propertyAppraisalRequests)
    .set({ state: 'NOT_REQUIRED', completedAt: now })
    .where(and(eq(propertyAppraisalRequests.agentUserId, agentUserId), eq(propertyAppraisalRequests.state, 'PENDING')));
}
