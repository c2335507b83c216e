import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agentNetworkAddresses, agentReviews, reviewInvitations } from '../../db/schema/reviews.ts';

/**
 * The reviews module's part of closing a seller's account. The seller's reviews are their words under their first
 * name: each is taken down (whether published, held or replied to) with the reason WRITER_CLOSED_ACCOUNT, and
 * emptied; the agent's reply goes with it, since it answered words that are gone and may quote or name the writer.
 * The rating and suburb stay on the row (no one sees a removed review) so the agent's history keeps its shape.
 */
export async function takeDownReviewsOfWriter(tx: Tx, sellerUserId: string, now: Date): Promise<void> {
  await tx
    .update(agentReviews)
    .set({
      status: 'REMOVED',
      text: '',
      reviewerFirstName: '',
      removalReason: 'WRITER_CLOSED_ACCOUNT',
      replyText: null,
      replyCreatedAt: null,
      replyEditedAt: null,
      awaitingModerationSince: null,
      moderatedAt: now,
    })
    .where(eq(agentReviews.sellerUserId, sellerUserId));
  await tx.delete(reviewInvitations).where(eq(reviewInvitations.sellerUserId, sellerUserId));
}

/** The reviews module's part of closing an agent's account: the network addresses kept to screen reviews. */
export async function forgetAgentNetworkAddresses(tx: Tx, agentUserId: string): Promise<void> {
  await tx.delete(agentNetworkAddresses).where(eq(agentNetworkAddresses.agentUserId, agentUserId));
}
