import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import { appraisalLoaders } from './appraisal-loaders.ts';
import * as appraisals from './appraisals.service.ts';
import {
  startNewDraftPropertyAppraisal,
  submitPropertyAppraisal,
  updateAdditionalNotes,
  updateCommission,
  updateComparableSales,
  updateMarketingFee,
  updateSellingRange,
  updateVideo,
} from './appraisal-drafting.service.ts';
import { declinePropertyAppraisalRequest } from './decline-appraisal-request.ts';
import { AppraisalRequestDeclineReasonEnum } from '../listings/property-enums.graphql.ts';
import { CommissionTypeEnum, PropertyAppraisalRef, PropertyAppraisalRequestRef, idArg } from './appraisals.graphql.ts';

/** The appraisal loop's queries and mutations: the agent's requests, drafting and sending an appraisal, declining (the types they answer: appraisals.graphql.ts). */

const agent = (ctx: GraphQLContext) => currentUser(ctx);

// The seller's appraisals on their property page (spec 001 'Property detail'): submitted ones only, and only
// for the property's seller (agents reach the same Property type through their requests and see none).
builder.objectField(PropertyRef, 'propertyAppraisals', (t) =>
  t.field({
    type: [PropertyAppraisalRef],
    description: 'The submitted appraisals of the property, to its seller (and operators) only; empty for agents.',
    resolve: (p, _args, ctx) => {
      const viewer = ctx.user;
      const maySee = !!viewer && (viewer.id === p.sellerUserId || viewer.userType === 'ADMIN') && p.detailsHidden !== true;
      return maySee ? appraisalLoaders(ctx).submittedAppraisalsByPropertyId.load(p.id) : [];
    },
  }),
);

builder.queryFields((t) => ({
  myPendingAppraisalRequests: t.connection({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description: "The 'Appraisal Requests' tab: pending, expired and not-required requests, newest first.",
    resolve: (_r, args, ctx) => appraisals.listAgentAppraisalRequests(ctx.deps.db, agent(ctx).id, 'pending', args),
  }),
  myCompleteAppraisalRequests: t.connection({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description: "The 'Appraised Properties' tab: requests answered with a submitted appraisal, newest first.",
    resolve: (_r, args, ctx) => appraisals.listAgentAppraisalRequests(ctx.deps.db, agent(ctx).id, 'complete', args),
  }),
  unseenAppraisalRequestsCount: t.int({
    authScopes: { agent: true },
    description: 'The red badge of the pending tab: pending or expired requests the agent has not opened.',
    resolve: (_r, _a, ctx) => appraisals.countUnseenAppraisalRequests(ctx.deps.db, agent(ctx).id),
  }),
  propertyAppraisalRequest: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description: "A request addressed to the signed-in agent; anyone else's is not_found.",
    args: { id: t.arg.id({ required: true, description: 'The request id.' }) },
    resolve: (_r, args, ctx) => appraisals.getAgentAppraisalRequest(ctx.deps.db, agent(ctx).id, idArg(args.id)),
  }),
  propertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { loggedIn: true },
    description:
      "An appraisal: its agent sees it as draft or sent; the property's seller and operators once submitted. not_found for anyone else.",
    args: { id: t.arg.id({ required: true, description: 'The appraisal id.' }) },
    resolve: (_r, args, ctx) => appraisals.getPropertyAppraisalForViewer(ctx.deps.db, currentUser(ctx), idArg(args.id)),
  }),
}));

const ComparableSaleInput = builder.inputType('ComparableSaleInput', {
  description: 'A comparable sale as the agent enters it.',
  fields: (t) => ({
    address: t.string({ required: true, description: 'The address sold, up to 255 characters.' }),
    salePriceDollars: t.float({ required: true, description: 'What it sold for, in dollars.' }),
    saleDate: t.string({ description: 'YYYY-MM-DD, today at the latest; empty or null when not known.' }),
    url: t.string({ description: 'A link to the sale, up to 255 characters.' }),
  }),
});

builder.mutationFields((t) => ({
  propertyAppraisalRequestSeenByAgent: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description: "Records that the agent opened the request: the 'New' tag and the badge drop it.",
    args: { id: t.arg.id({ required: true, description: 'The request id.' }) },
    resolve: (_r, args, ctx) => appraisals.markAppraisalRequestSeen(ctx.deps, agent(ctx), idArg(args.id)),
  }),
  declinePropertyAppraisalRequest: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description:
      'The agent will not appraise this pending request, for a reason from the short list (OTHER with a short note the seller reads); allowed before the payment condition is accepted. The seller is e-mailed at once.',
    args: {
      id: t.arg.id({ required: true, description: 'The request id.' }),
      reason: t.arg({ type: AppraisalRequestDeclineReasonEnum, required: true, description: 'Why.' }),
      note: t.arg.string({ required: false, description: 'Required with OTHER, at most 200 characters; ignored with any other reason.' }),
    },
    resolve: (_r, args, ctx) =>
      declinePropertyAppraisalRequest(ctx.deps, agent(ctx), { id: idArg(args.id), reason: args.reason, note: args.note ?? null }),
  }),
  acceptPaymentCondition: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description:
      "The agent agrees to pay the lead fee (`leadFee`) if the property sells unconditionally through them, which shows the property's details. Needs a saved card: user_missing_stripe_customer. Accepting again changes nothing.",
    args: { id: t.arg.id({ required: true, description: 'The request id.' }) },
    resolve: (_r, args, ctx) => appraisals.acceptPaymentCondition(ctx.deps, agent(ctx), idArg(args.id)),
  }),
  startNewDraftPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description:
      "The agent's draft for a pending request, after the payment condition; an existing draft is answered as it is. invalid_state for a request no longer pending.",
    args: { propertyAppraisalRequestId: t.arg.id({ required: true, description: 'The request id.' }) },
    resolve: (_r, args, ctx) => startNewDraftPropertyAppraisal(ctx.deps, agent(ctx), idArg(args.propertyAppraisalRequestId)),
  }),
  updateDraftPropertyAppraisalSellingRange: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description:
      "Step 1 of 5: the estimated selling range. selling_range_too_wide in NSW and VIC above 10%. Every drafting step answers not_found for a draft not the agent's and invalid_state once it is sent or its request expired.",
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      sellingRangeMin: t.arg.float({ description: 'The bottom, in dollars, 50,000 at least.' }),
      sellingRangeMax: t.arg.float({ description: 'The top, in dollars, not below the bottom.' }),
    },
    resolve: (_r, args, ctx) =>
      updateSellingRange(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        sellingRangeMin: args.sellingRangeMin as number,
        sellingRangeMax: args.sellingRangeMax as number,
      }),
  }),
  updateDraftPropertyAppraisalCommission: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description: 'Step 2 of 5: the commission, a percentage or a flat fee, both including GST.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      commissionType: t.arg({ type: CommissionTypeEnum, description: 'Percentage or flat fee.' }),
      percentageRate: t.arg.float({ description: 'With PERCENTAGE: percent of the sale price, above 0 and up to 100.' }),
      flatFeeCostDollars: t.arg.float({ description: 'With FLAT_FEE: the fee in dollars.' }),
    },
    resolve: (_r, args, ctx) =>
      updateCommission(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        commissionType: args.commissionType as string,
        percentageRate: args.percentageRate,
        flatFeeCostDollars: args.flatFeeCostDollars,
      }),
  }),
  updateDraftPropertyAppraisalComparableSales: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description: 'Step 3 of 5: replaces the comparable sales (at most 3), in the order given.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      comparableSales: t.arg({ type: [ComparableSaleInput], required: true, description: 'The sales, in order.' }),
    },
    resolve: (_r, args, ctx) =>
      updateComparableSales(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        comparableSales: args.comparableSales,
      }),
  }),
  updateDraftPropertyAppraisalMarketingFee: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description: 'Step 2 of 5: the one-time marketing fee and what it includes.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      costDollars: t.arg.float({ description: 'The fee in dollars.' }),
      marketingInclusions: t.arg.stringList({ description: 'What it pays for, each up to 50 characters.' }),
    },
    resolve: (_r, args, ctx) =>
      updateMarketingFee(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        costDollars: args.costDollars as number,
        marketingInclusions: args.marketingInclusions,
      }),
  }),
  updateDraftPropertyAppraisalVideo: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description: "Step 4 of 5: the agent's own uploaded video, or null to remove it.",
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      videoUserMediaId: t.arg.id({ description: "One of the agent's video uploads; null removes it." }),
    },
    resolve: (_r, args, ctx) =>
      updateVideo(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        videoUserMediaId: args.videoUserMediaId === null || args.videoUserMediaId === undefined ? null : idArg(args.videoUserMediaId),
      }),
  }),
  updateDraftPropertyAppraisalAdditionalNotes: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description: 'Step 5 of 5: notes to the seller, required, trimmed, at most 3500 characters.',
    args: {
      propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }),
      additionalNotes: t.arg.string({ description: 'The notes.' }),
    },
    resolve: (_r, args, ctx) =>
      updateAdditionalNotes(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        additionalNotes: args.additionalNotes as string,
      }),
  }),
  submitPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    description:
      'Sends the draft to the seller: the request becomes COMPLETE and the seller is e-mailed. required_questions_not_answered without the selling range, commission, marketing fee and notes; invalid_state when already sent or expired.',
    args: { propertyAppraisalId: t.arg.id({ required: true, description: "The agent's draft." }) },
    resolve: (_r, args, ctx) => submitPropertyAppraisal(ctx.deps, agent(ctx), idArg(args.propertyAppraisalId)),
  }),
}));
