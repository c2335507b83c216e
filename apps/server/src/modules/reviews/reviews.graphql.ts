import { isReviewRemovalReason, ReviewHoldReason, ReviewRemovalReason, ReviewReportReason, ReviewStatus } from '@listwise/domain/reviews';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { byKey } from '../../graphql/loaders.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { PropertyAppraisalRef } from '../appraisals/appraisals.graphql.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import * as reviews from './reviews.service.ts';
import * as reviewedAgent from './reviewed-agent.service.ts';
import { findReportsOfReviews, listReviewsToModerate, moderateAgentReview, moderateReviewReply } from './review-moderation.service.ts';
import type { AgentReviewRow } from './reviews.service.ts';

/**
 * Agent reviews. A review shows its writer's first name and suburb, never more of them. Who reads
 * what: published reviews are public; the seller who wrote a review reads it in any status; operators read every
 * review with why it was held or reported; the agent reads only their published reviews.
 */
export const AgentReviewStatusEnum = builder.enumType('AgentReviewStatus', { values: Object.values(ReviewStatus) });
export const ReviewReportReasonEnum = builder.enumType('ReviewReportReason', { values: Object.values(ReviewReportReason) });
export const ReviewRemovalReasonEnum = builder.enumType('ReviewRemovalReason', { values: Object.values(ReviewRemovalReason) });
export const ReviewHoldReasonEnum = builder.enumType('ReviewHoldReason', { values: Object.values(ReviewHoldReason) });

const isOperator = (ctx: GraphQLContext) => ctx.user?.userType === 'ADMIN';
const isWriterOrOperator = (review: AgentReviewRow, ctx: GraphQLContext) => isOperator(ctx) || ctx.user?.id === review.sellerUserId;

const reviewLoaders = perRequest((ctx) => ({
  confirmedSellingAgentByProperty: byKey(
    (ids: readonly string[]) => reviews.findConfirmedSellingAgents(ctx.deps.db, ids),
    (row) => row.propertyId,
  ),
  reviewByAppraisal: byKey(
    (ids: readonly string[]) => reviews.findReviewsOfAppraisals(ctx.deps.db, ids),
    (row) => row.propertyAppraisalId,
  ),
  summaryByAgent: byKey(
    (ids: readonly string[]) => reviews.summariseReviews(ctx.deps.db, ids),
    (row) => row.agentUserId,
  ),
  reportsByReview: byKey(
    async (ids: readonly string[]) => {
      const rows = await findReportsOfReviews(ctx.deps.db, ids);
      return ids.map((id) => ({ id, reasons: rows.filter((r) => r.reviewId === id).map((r) => r.reason) }));
    },
    (row) => row.id,
  ),
}));

const isReplyAuthorOrOperator = (review: AgentReviewRow, ctx: GraphQLContext) => isOperator(ctx) || ctx.user?.id === review.agentUserId;

const ReviewReplyRef = builder.objectRef<AgentReviewRow>('AgentReviewReply').implement({
  description:
    "The reviewed agent's one reply; editable. Screened like a review: a held or removed reply shows only to its agent and operators.",
  fields: (t) => ({
    text: t.string({ resolve: (r) => r.replyText! }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.replyCreatedAt! }),
    edited: t.boolean({ resolve: (r) => !!r.replyEditedAt }),
    status: t.field({ type: AgentReviewStatusEnum, resolve: (r) => r.replyStatus ?? 'PUBLISHED' }),
    holdReasons: t.field({
      type: [ReviewHoldReasonEnum],
      description: 'Why the reply was held (its agent and operators; empty for anyone else).',
      resolve: (r, _a, ctx) => (isReplyAuthorOrOperator(r, ctx) ? (r.replyHoldReasons as ReviewHoldReason[]) : []),
    }),
    removalReason: t.field({
      type: ReviewRemovalReasonEnum,
      nullable: true,
      description: 'Why an operator took the reply down (its agent and operators).',
      resolve: (r, _a, ctx) => (isReplyAuthorOrOperator(r, ctx) ? (r.replyRemovalReason as ReviewRemovalReason | null) : null),
    }),
  }),
});

const ReviewSummaryRef = builder.objectRef<reviews.ReviewSummary>('AgentReviewSummary').implement({
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'Published reviews.' }),
    averageRating: t.float({
      nullable: true,
      description: 'The average of the published ratings, to one decimal; null below 3 published reviews.',
      resolve: (s) => s.averageRating,
    }),
  }),
});

export const AgentReviewRef = builder.objectRef<AgentReviewRow>('AgentReview').implement({
  description: "A seller's review of an agent whose appraisal they received.",
  fields: (t) => ({
    id: t.exposeID('id'),
    rating: t.exposeInt('rating'),
    text: t.exposeString('text', { description: 'Plain text: clients render it as text, never as HTML.' }),
    reviewerFirstName: t.exposeString('reviewerFirstName'),
    suburbName: t.exposeString('suburbName'),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    verifiedSale: t.boolean({
      description: 'The seller sold through this agent, and the agent confirmed the sale.',
      resolve: async (r, _a, ctx) =>
        (await reviewLoaders(ctx).confirmedSellingAgentByProperty.load(r.propertyId))?.sellingAgentUserId === r.agentUserId,
    }),
    edited: t.boolean({ resolve: (r) => !!r.editedAt }),
    status: t.field({ type: AgentReviewStatusEnum, resolve: (r) => r.status }),
    reply: t.field({
      type: ReviewReplyRef,
      nullable: true,
      description: 'The published reply; a held or removed one to its agent and operators only.',
      resolve: (r, _a, ctx) =>
        r.replyText && ((r.replyStatus ?? 'PUBLISHED') === 'PUBLISHED' || isReplyAuthorOrOperator(r, ctx)) ? r : null,
    }),
    agent: t.field({ type: AgentRef, nullable: true, resolve: (r, _a, ctx) => ctx.loaders.agentProfileByUserId.load(r.agentUserId) }),
    canEdit: t.boolean({
      description: 'Whether the caller wrote it and may still edit it (30 days, not removed).',
      resolve: (r, _a, ctx) => ctx.user?.id === r.sellerUserId && reviews.isReviewEditable(r, ctx.deps.clock.now()),
    }),
    removalReason: t.field({
      type: ReviewRemovalReasonEnum,
      nullable: true,
      description: 'Only its writer and operators read why a review was removed.',
      // A review taken down because its writer closed their account has no operator's reason to show.
      resolve: (r, _a, ctx) => (isWriterOrOperator(r, ctx) && isReviewRemovalReason(r.removalReason) ? r.removalReason : null),
    }),
    holdReasons: t.field({
      type: [ReviewHoldReasonEnum],
      description: 'Operators only (empty for anyone else): why the review was held.',
      resolve: (r, _a, ctx) => (isOperator(ctx) ? (r.holdReasons as ReviewHoldReason[]) : []),
    }),
    reportReasons: t.field({
      type: [ReviewReportReasonEnum],
      description: 'Operators only (empty for anyone else): the reasons of the open reports.',
      resolve: async (r, _a, ctx) =>
        isOperator(ctx) ? (((await reviewLoaders(ctx).reportsByReview.load(r.id))?.reasons ?? []) as ReviewReportReason[]) : [],
    }),
  }),
});

builder.objectFields(AgentRef, (t) => ({
  reviews: t.connection({
    type: AgentReviewRef,
    description: "The agent's published reviews, newest first.",
    resolve: (a, args, ctx) => reviews.listPublishedReviews(ctx.deps.db, a.userId, { first: args.first, after: args.after }),
  }),
  reviewSummary: t.field({
    type: ReviewSummaryRef,
    resolve: async (a, _a, ctx) => (await reviewLoaders(ctx).summaryByAgent.load(a.userId))!,
  }),
}));

builder.objectField(PropertyAppraisalRef, 'review', (t) =>
  t.field({
    type: AgentReviewRef,
    nullable: true,
    description: "The seller's review of this appraisal: its seller and operators see it in any status, its agent once published.",
    resolve: async (a, _a, ctx) => {
      const review = await reviewLoaders(ctx).reviewByAppraisal.load(a.id);
      if (!review) return null;
      return isWriterOrOperator(review, ctx) || review.status === 'PUBLISHED' ? review : null;
    },
  }),
);

const page = (args: { first?: number | null; after?: string | null }) => ({ first: args.first, after: args.after });

builder.queryFields((t) => ({
  agentReviews: t.connection({
    type: AgentReviewRef,
    description:
      "An agent's published reviews, newest first (of a public agent to anyone; else to the agent, operators, and sellers who asked or may ask the agent: the appraisal page, the agent picker; not_found otherwise).",
    args: { agentId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      reviews.listAgentReviews(ctx.deps.db, String(args.agentId), page(args), { user: ctx.user ?? null, now: ctx.deps.clock.now() }),
  }),
  myAgentReviews: t.connection({
    type: AgentReviewRef,
    authScopes: { agent: true },
    description: "The calling agent's published reviews, newest first (to reply or report).",
    resolve: (_r, args, ctx) => reviews.listPublishedReviews(ctx.deps.db, currentUser(ctx).id, page(args)),
  }),
  adminReviewsToModerate: t.connection({
    type: AgentReviewRef,
    authScopes: { admin: true },
    description: 'Held reviews, reviews reported since the last decision, and reviews whose reply is held, oldest first.',
    resolve: (_r, args, ctx) => listReviewsToModerate(ctx.deps.db, page(args)),
  }),
}));

builder.mutationFields((t) => ({
  submitAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { seller: true },
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      rating: t.arg.int({ required: true }),
      text: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      reviews.submitAgentReview(
        ctx.deps,
        currentUser(ctx),
        { propertyAppraisalId: String(args.propertyAppraisalId), rating: args.rating, text: args.text },
        ctx.clientAddress,
      ),
  }),
  updateAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { seller: true },
    args: { reviewId: t.arg.id({ required: true }), rating: t.arg.int({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      reviews.updateAgentReview(
        ctx.deps,
        currentUser(ctx),
        { reviewId: String(args.reviewId), rating: args.rating, text: args.text },
        ctx.clientAddress,
      ),
  }),
  replyToAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { agent: true },
    args: { reviewId: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      reviewedAgent.replyToAgentReview(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), text: args.text }),
  }),
  reportAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { agent: true },
    args: { reviewId: t.arg.id({ required: true }), reason: t.arg({ type: ReviewReportReasonEnum, required: true }) },
    resolve: (_r, args, ctx) =>
      reviewedAgent.reportAgentReview(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), reason: args.reason }),
  }),
  moderateReviewReply: t.field({
    type: AgentReviewRef,
    authScopes: { admin: true },
    description:
      "Publish an agent's held reply, or take a reply down (held or published) with a reason from the review policy's list; audit-logged, the agent e-mailed a removal. not_found for a review without a reply; invalid_state to publish a reply not held.",
    args: {
      reviewId: t.arg.id({ required: true }),
      publish: t.arg.boolean({ required: true }),
      reason: t.arg({ type: ReviewRemovalReasonEnum }),
    },
    resolve: (_r, args, ctx) =>
      moderateReviewReply(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), publish: args.publish, reason: args.reason }),
  }),
  moderateAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { admin: true },
    description: 'Publish a review, or remove it with a reason from the published list (never for being negative).',
    args: {
      reviewId: t.arg.id({ required: true }),
      publish: t.arg.boolean({ required: true }),
      reason: t.arg({ type: ReviewRemovalReasonEnum }),
    },
    resolve: (_r, args, ctx) =>
      moderateAgentReview(ctx.deps, currentUser(ctx), {
        reviewId: String(args.reviewId),
        publish: args.publish,
        reason: args.reason,
      }),
  }),
}));
