import {
  isReviewRemovalReason,
  REVIEW_HOLD_REASON_LABELS,
  REVIEW_REMOVAL_REASON_LABELS,
  REVIEW_REPORT_REASON_LABELS,
  type ReviewHoldReason,
  type ReviewRemovalReason,
  type ReviewReportReason,
  type ReviewStatus,
} from '@listwise/domain/reviews';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
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
export const AgentReviewStatusEnum = builder.enumType('AgentReviewStatus', {
  description: 'Whether a review (or a reply) shows publicly.',
  values: describedValues<ReviewStatus>({
    PUBLISHED: 'Shown to everyone.',
    HELD: 'Waiting for an operator (`holdReasons`); only its writer and operators see it.',
    REMOVED: 'Taken down (`removalReason`); only its writer and operators see it.',
  }),
});
// The reasons' descriptions are the review policy's words, as the web app shows them.
export const ReviewReportReasonEnum = builder.enumType('ReviewReportReason', {
  description: 'Why an agent reports a review: exactly what an operator could remove it for.',
  values: describedValues<ReviewReportReason>(REVIEW_REPORT_REASON_LABELS),
});
export const ReviewRemovalReasonEnum = builder.enumType('ReviewRemovalReason', {
  description: "Why an operator took a review or reply down: the review policy's list (never for being negative).",
  values: describedValues<ReviewRemovalReason>(REVIEW_REMOVAL_REASON_LABELS),
});
export const ReviewHoldReasonEnum = builder.enumType('ReviewHoldReason', {
  description: 'Why a review or reply waits for an operator instead of being published at once.',
  values: describedValues<ReviewHoldReason>(REVIEW_HOLD_REASON_LABELS),
});

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
    text: t.string({ description: 'Plain text, up to 2000 characters: render it as text, never as HTML.', resolve: (r) => r.replyText! }),
    createdAt: t.field({ type: 'DateTime', description: 'When the agent first replied.', resolve: (r) => r.replyCreatedAt! }),
    edited: t.boolean({ description: 'Whether the agent changed it since.', resolve: (r) => !!r.replyEditedAt }),
    status: t.field({
      type: AgentReviewStatusEnum,
      description: 'Whether it shows publicly.',
      resolve: (r) => r.replyStatus ?? 'PUBLISHED',
    }),
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
  description: "An agent's published reviews in two figures.",
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
    id: t.exposeID('id', { description: 'The review id.' }),
    rating: t.exposeInt('rating', { description: '1 to 5 stars.' }),
    text: t.exposeString('text', { description: 'Plain text, 30 to 2000 characters: clients render it as text, never as HTML.' }),
    reviewerFirstName: t.exposeString('reviewerFirstName', { description: "The writer's first name (never more of them)." }),
    suburbName: t.exposeString('suburbName', { description: "The property's suburb." }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (r) => r.createdAt }),
    verifiedSale: t.boolean({
      description: 'The seller sold through this agent, and the agent confirmed the sale.',
      resolve: async (r, _a, ctx) =>
        (await reviewLoaders(ctx).confirmedSellingAgentByProperty.load(r.propertyId))?.sellingAgentUserId === r.agentUserId,
    }),
    edited: t.boolean({ description: 'Whether its writer changed it since.', resolve: (r) => !!r.editedAt }),
    status: t.field({ type: AgentReviewStatusEnum, description: 'Whether it shows publicly.', resolve: (r) => r.status }),
    reply: t.field({
      type: ReviewReplyRef,
      nullable: true,
      description: 'The published reply; a held or removed one to its agent and operators only.',
      resolve: (r, _a, ctx) =>
        r.replyText && ((r.replyStatus ?? 'PUBLISHED') === 'PUBLISHED' || isReplyAuthorOrOperator(r, ctx)) ? r : null,
    }),
    agent: t.field({
      type: AgentRef,
      nullable: true,
      description: 'The agent reviewed; null when the profile is gone.',
      resolve: (r, _a, ctx) => ctx.loaders.agentProfileByUserId.load(r.agentUserId),
    }),
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
    description: 'How many published reviews the agent has, and their average.',
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
    args: { agentId: t.arg.id({ required: true, description: "The agent's user id." }) },
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
    description:
      "The seller's one review of an appraisal they received (not_found otherwise); review_already_submitted for a second. Published at once unless screening holds it for an operator (contact details in the text, the agent's own e-mail domain or network).",
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: 'The appraisal reviewed.' }),
      rating: t.arg.int({ required: true, description: '1 to 5 stars.' }),
      text: t.arg.string({ required: true, description: 'Plain text, 30 to 2000 characters.' }),
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
    description:
      'The writer edits their review within 30 days of writing it (invalid_state after, or once removed for good); it shows as edited and is screened again: a held review that now passes is published, and one removed for something the writer could mend goes back to an operator.',
    args: {
      reviewId: t.arg.id({ required: true, description: 'The review id.' }),
      rating: t.arg.int({ required: true, description: '1 to 5 stars.' }),
      text: t.arg.string({ required: true, description: 'Plain text, 30 to 2000 characters.' }),
    },
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
    description:
      "The reviewed agent's one public reply; replying again edits it. Screened like a review, and for the reviewer's own details (surname, street): one that fails is held for an operator.",
    args: {
      reviewId: t.arg.id({ required: true, description: 'A published review of the agent.' }),
      text: t.arg.string({ required: true, description: 'Plain text, up to 2000 characters.' }),
    },
    resolve: (_r, args, ctx) =>
      reviewedAgent.replyToAgentReview(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), text: args.text }),
  }),
  reportAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { agent: true },
    description:
      'The reviewed agent asks an operator to look at a review. It stays published meanwhile; a second report by the same agent replaces the reason.',
    args: {
      reviewId: t.arg.id({ required: true, description: 'A published review of the agent.' }),
      reason: t.arg({ type: ReviewReportReasonEnum, required: true, description: 'Why.' }),
    },
    resolve: (_r, args, ctx) =>
      reviewedAgent.reportAgentReview(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), reason: args.reason }),
  }),
  moderateReviewReply: t.field({
    type: AgentReviewRef,
    authScopes: { admin: true },
    description:
      "Publish an agent's held reply, or take a reply down (held or published) with a reason from the review policy's list; audit-logged, the agent e-mailed a removal. not_found for a review without a reply; invalid_state to publish a reply not held.",
    args: {
      reviewId: t.arg.id({ required: true, description: 'The review whose reply it is.' }),
      publish: t.arg.boolean({ required: true, description: 'True publishes the reply, false takes it down.' }),
      reason: t.arg({ type: ReviewRemovalReasonEnum, description: 'Required to take it down.' }),
    },
    resolve: (_r, args, ctx) =>
      moderateReviewReply(ctx.deps, currentUser(ctx), { reviewId: String(args.reviewId), publish: args.publish, reason: args.reason }),
  }),
  moderateAgentReview: t.field({
    type: AgentReviewRef,
    authScopes: { admin: true },
    description: 'Publish a review, or remove it with a reason from the published list (never for being negative).',
    args: {
      reviewId: t.arg.id({ required: true, description: 'The review id.' }),
      publish: t.arg.boolean({ required: true, description: 'True publishes it, false removes it.' }),
      reason: t.arg({ type: ReviewRemovalReasonEnum, description: 'Required to remove it.' }),
    },
    resolve: (_r, args, ctx) =>
      moderateAgentReview(ctx.deps, currentUser(ctx), {
        reviewId: String(args.reviewId),
        publish: args.publish,
        reason: args.reason,
      }),
  }),
}));
