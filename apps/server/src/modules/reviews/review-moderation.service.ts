import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  REVIEW_POLICY_PATH,
  REVIEW_REMOVAL_REASON_LABELS,
  reviewModerationSchema,
  type ReviewRemovalReason,
} from '@listwise/domain/reviews';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { agentReviewReports, agentReviews } from '../../db/schema/reviews.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageSize, type Connection, afterCursor, keyedConnection, keyOf, timeCursor, type PageArgs } from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { ReplyRemovedEmail, ReviewModeratedEmail } from '../notifications/templates/review-emails.tsx';
import { theRow } from '../../lib/rows.ts';
import { AgentReviewRow, awaitingModerationSince, isReviewEditable, notifyAgentOfReview } from './reviews.service.ts';

/** Operators moderating reviews: the queue of held and reported reviews, and the decision, e-mailed to the reviewer. */

// ——— Operators ———

/** The console's queue: held reviews and reviews reported since the last decision, oldest first. */
export async function listReviewsToModerate(db: Tx, args: PageArgs): Promise<Connection<AgentReviewRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: agentReviews, key: keyOf(agentReviews.awaitingModerationSince) })
    .from(agentReviews)
    .where(
      and(
        isNotNull(agentReviews.awaitingModerationSince),
        afterCursor(agentReviews.awaitingModerationSince, agentReviews.id, cursor, 'asc'),
      ),
    )
    .orderBy(asc(agentReviews.awaitingModerationSince), asc(agentReviews.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/**
 * moderateAgentReview: an operator publishes a review, or removes it with a reason from the published list (never
 * for being negative). The decision is audit-logged and e-mailed to the reviewer; publishing tells the agent.
 */
export async function moderateAgentReview(
  deps: Deps,
  admin: UserRow,
  input: { reviewId: string; publish: boolean; reason?: ReviewRemovalReason | null },
): Promise<AgentReviewRow> {
  if (!isUuid(input.reviewId)) throw notFound();
  const decision = parseInput(reviewModerationSchema, { publish: input.publish, reason: input.reason });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(agentReviews).where(eq(agentReviews.id, input.reviewId)).for('update');
    if (!review) throw notFound();
    const reports = await tx
      .select({ reason: agentReviewReports.reason })
      .from(agentReviewReports)
      .where(eq(agentReviewReports.reviewId, review.id));
    const reason = decision.publish ? null : decision.reason!;
    const status = decision.publish ? 'PUBLISHED' : 'REMOVED';
    // Reports are answered by the decision: a later report opens the review to moderation again.
    await tx.delete(agentReviewReports).where(eq(agentReviewReports.reviewId, review.id));
    const decided = await tx
      .update(agentReviews)
      .set({
        status,
        removalReason: reason,
        moderatedAt: now,
        // A held reply still waits for its own decision.
        awaitingModerationSince: await awaitingModerationSince(tx, review, { status }, now),
      })
      .where(eq(agentReviews.id, review.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: decision.publish ? 'PUBLISH_AGENT_REVIEW' : 'REMOVE_AGENT_REVIEW',
      targetType: 'AGENT_REVIEW',
      targetId: review.id,
      details: {
        agentUserId: review.agentUserId,
        previousStatus: review.status,
        holdReasons: review.holdReasons,
        reportReasons: reports.map((r) => r.reason),
        ...(reason ? { reason } : {}),
      },
    });
    await emailReviewerOfDecision(deps, tx, decided, reason, now);
    return decision.publish ? notifyAgentOfReview(deps, tx, decided, now) : decided;
  });
}

async function emailReviewerOfDecision(deps: Deps, tx: Tx, review: AgentReviewRow, reason: ReviewRemovalReason | null, now: Date) {
  const [reviewer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.sellerUserId));
  if (!reviewer?.email) return;
  const [agent] = await tx.select({ name: agentProfiles.name }).from(agentProfiles).where(eq(agentProfiles.userId, review.agentUserId));
  const agentName = agent?.name || 'your agent';
  await queueEmail(deps, tx, {
    to: reviewer.email,
    subject: reason ? `Your review of ${agentName} was removed` : `Your review of ${agentName} is published`,
    template: reason ? 'agent-review-removed' : 'agent-review-published-by-operator',
    body: ReviewModeratedEmail({
      agentName,
      isPublished: !reason,
      reasonLabel: reason ? REVIEW_REMOVAL_REASON_LABELS[reason] : null,
      policyLink: `${deps.config.appUrl}${REVIEW_POLICY_PATH}`,
      // A review removed for something the writer can mend is offered back to them, while it is editable.
      editLink:
        reason && isReviewEditable(review, now)
          ? `${deps.config.appUrl}/property/${review.propertyId}/appraisal/${review.propertyAppraisalId}/review`
          : null,
    }),
  });
}

/** The open reports of some reviews (a DataLoader batch, for the console). */
export const findReportsOfReviews = (db: Tx, reviewIds: readonly string[]) =>
  reviewIds.length
    ? db
        .select()
        .from(agentReviewReports)
        .where(inArray(agentReviewReports.reviewId, [...reviewIds]))
        .orderBy(asc(agentReviewReports.createdAt))
    : Promise.resolve([]);

/**
 * moderateReviewReply: an operator publishes an agent's reply (held by the screening), or takes a reply down (held
 * or published) with a reason from the review policy's list. Audit-logged; the agent is e-mailed a removal. The
 * review leaves the queue unless it waits for a decision of its own (held, or reported).
 */
export async function moderateReviewReply(
  deps: Deps,
  admin: UserRow,
  input: { reviewId: string; publish: boolean; reason?: ReviewRemovalReason | null },
): Promise<AgentReviewRow> {
  if (!isUuid(input.reviewId)) throw notFound();
  const decision = parseInput(reviewModerationSchema, { publish: input.publish, reason: input.reason });
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(agentReviews).where(eq(agentReviews.id, input.reviewId)).for('update');
    if (!review || !review.replyText) throw notFound();
    if (decision.publish && review.replyStatus !== 'HELD') throw new AppError('invalid_state');
    const reason = decision.publish ? null : decision.reason!;
    const replyStatus = decision.publish ? 'PUBLISHED' : 'REMOVED';
    const decided = await tx
      .update(agentReviews)
      .set({
        replyStatus,
        replyRemovalReason: reason,
        // The review stays while it waits for a decision of its own (held, or reported).
        awaitingModerationSince: await awaitingModerationSince(tx, review, { replyStatus }, now),
      })
      .where(eq(agentReviews.id, review.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: decision.publish ? 'PUBLISH_REVIEW_REPLY' : 'REMOVE_REVIEW_REPLY',
      targetType: 'AGENT_REVIEW',
      targetId: review.id,
      details: {
        agentUserId: review.agentUserId,
        previousStatus: review.replyStatus,
        holdReasons: review.replyHoldReasons,
        ...(reason ? { reason } : {}),
      },
    });
    if (reason) await emailAgentReplyRemoved(deps, tx, decided, reason);
    return decided;
  });
}

async function emailAgentReplyRemoved(deps: Deps, tx: Tx, review: AgentReviewRow, reason: ReviewRemovalReason) {
  const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.agentUserId));
  if (!agent?.email) return;
  await queueEmail(deps, tx, {
    to: agent.email,
    subject: 'Your reply to a review was taken down',
    template: 'review-reply-removed',
    body: ReplyRemovedEmail({
      reasonLabel: REVIEW_REMOVAL_REASON_LABELS[reason],
      repliesLink: `${deps.config.appUrl}/agent/reviews`,
      policyLink: `${deps.config.appUrl}${REVIEW_POLICY_PATH}`,
    }),
  });
}
