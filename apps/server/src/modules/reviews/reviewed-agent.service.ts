import { and, eq } from 'drizzle-orm';
import { replyHoldReasons, reviewReplySchema, type ReviewReportReason } from '@listwise/domain/reviews';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles } from '../../db/schema/accounts.ts';
import { properties } from '../../db/schema/properties.ts';
import { agentReviewReports, agentReviews } from '../../db/schema/reviews.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { theRow } from '../../lib/rows.ts';
import { awaitingModerationSince, type AgentReviewRow } from './reviews.service.ts';

/**
 * The reviewed agent's side of a published review: one public reply (screened like the review) and a report asking
 * an operator to look at it.
 */

async function getPublishedReviewOfAgent(
  tx: Tx,
  agent: UserRow,
  reviewId: string,
  options: { lock?: boolean } = {},
): Promise<AgentReviewRow> {
  if (!isUuid(reviewId)) throw notFound();
  const query = tx
    .select()
    .from(agentReviews)
    .where(and(eq(agentReviews.id, reviewId), eq(agentReviews.agentUserId, agent.id), eq(agentReviews.status, 'PUBLISHED')));
  const [review] = options.lock ? await query.for('update') : await query;
  if (!review) throw notFound();
  return review;
}

/** What a reply must not give away of the reviewer: their full name and the street of the property they sold. */
async function reviewerDetailsOf(tx: Tx, review: AgentReviewRow) {
  const [row] = await tx
    .select({ fullName: sellerProfiles.name, streetName: properties.streetName })
    .from(properties)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, review.sellerUserId))
    .where(eq(properties.id, review.propertyId));
  return { fullName: row?.fullName ?? null, streetName: row?.streetName ?? null };
}

/** A reply is screened for the reviewer's details too: the agent knows who sold, and a reply must not say it. */
export async function replyToAgentReview(deps: Deps, agent: UserRow, input: { reviewId: string; text: string }): Promise<AgentReviewRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const review = await getPublishedReviewOfAgent(tx, agent, input.reviewId, { lock: true });
    const values = parseInput(reviewReplySchema, { text: input.text });
    const holdReasons = replyHoldReasons(values.text, await reviewerDetailsOf(tx, review));
    const isHeld = holdReasons.length > 0;
    const screening = {
      replyStatus: isHeld ? ('HELD' as const) : ('PUBLISHED' as const),
      replyHoldReasons: holdReasons,
      replyRemovalReason: null,
      awaitingModerationSince: await awaitingModerationSince(tx, review, { replyStatus: isHeld ? 'HELD' : 'PUBLISHED' }, now),
    };
    const updated = await tx
      .update(agentReviews)
      .set(
        review.replyCreatedAt
          ? { ...screening, replyText: values.text, replyEditedAt: now }
          : { ...screening, replyText: values.text, replyCreatedAt: now, replyEditedAt: null },
      )
      .where(eq(agentReviews.id, review.id))
      .returning()
      .then(theRow);
    return updated;
  });
}

/** A review stays published while reported: an agent must not be able to hide a bad review by reporting it. */
export async function reportAgentReview(
  deps: Deps,
  agent: UserRow,
  input: { reviewId: string; reason: ReviewReportReason },
): Promise<AgentReviewRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const review = await getPublishedReviewOfAgent(tx, agent, input.reviewId, { lock: true });
    await tx
      .insert(agentReviewReports)
      .values({ reviewId: review.id, agentUserId: agent.id, reason: input.reason, createdAt: now })
      .onConflictDoUpdate({
        target: [agentReviewReports.reviewId, agentReviewReports.agentUserId],
        set: { reason: input.reason, createdAt: now },
      });
    const updated = await tx
      .update(agentReviews)
      .set({ awaitingModerationSince: review.awaitingModerationSince ?? now })
      .where(eq(agentReviews.id, review.id))
      .returning()
      .then(theRow);
    return updated;
  });
}
