import { isAppraisalRequestDeclineReason } from '@listwise/domain/appraisal-request-progress';
import { centsToDollars } from '@listwise/domain/pricing';
import type { AppraisalRequestState, AppraisalState, CommissionType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
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
import type { AppraisalRequestRow, AppraisalRow, ComparableSaleRow } from '../../db/schema/appraisals.ts';

/**
 * The appraisal loop's types and calls (spec 000 §7, spec 001 §7): the agent's request lists and detail, the
 * payment condition, the drafting steps and submission, and the appraisal as its agent and its seller read it.
 * Resolvers stay thin: parse, authorise and rule in appraisals.service.ts.
 */

export const PropertyAppraisalRequestStateEnum = builder.enumType('PropertyAppraisalRequestState', {
  description: 'Where a request for an appraisal stands.',
  values: describedValues<AppraisalRequestState>({
    PENDING: 'Waiting for the agent, for 48 hours from `requestedAt`.',
    COMPLETE: 'The agent sent an appraisal.',
    EXPIRED: 'The agent did not answer within 48 hours.',
    NOT_REQUIRED: 'The listing was withdrawn or finished before the agent answered.',
    DECLINED: 'The agent said they will not appraise it (`declineReason`).',
  }),
});
export const PropertyAppraisalStateEnum = builder.enumType('PropertyAppraisalState', {
  description: 'Where an appraisal stands.',
  values: describedValues<AppraisalState>({
    DRAFT: 'The agent is writing it; only the agent sees it.',
    SUBMITTED: 'Sent to the seller; it no longer changes.',
  }),
});
export const CommissionTypeEnum = builder.enumType('CommissionType', {
  description: 'How an agent charges commission.',
  values: describedValues<CommissionType>({
    FLAT_FEE: 'A fixed amount in dollars (`flatFeeCostDollars`).',
    PERCENTAGE: 'A percentage of the sale price (`percentageRate`).',
  }),
});

const idArg = (value: string | number) => String(value);

export const ComparableSaleRef = builder.objectRef<ComparableSaleRow>('ComparableSale').implement({
  description: 'A sale nearby the agent cites to support the selling range.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The comparable sale id.' }),
    order: t.exposeInt('order', { description: 'Its position in the appraisal, from 0.' }),
    address: t.exposeString('address', { description: 'The address of the property sold, up to 255 characters.' }),
    salePriceDollars: t.float({ description: 'What it sold for, in dollars.', resolve: (s) => centsToDollars(s.salePriceCents) }),
    saleDate: t.exposeString('saleDate', {
      nullable: true,
      description: 'YYYY-MM-DD: when the comparable property sold; null for sales entered before it was asked.',
    }),
    url: t.exposeString('url', {
      nullable: true,
      description: 'A link to the sale (a listing site), up to 255 characters; null when none.',
    }),
  }),
});

// Marketing fee and commission are parts of the appraisal row; they carry the appraisal's id so a client's
// normalised cache keeps one of each per appraisal.
const MarketingFeeRef = builder.objectRef<AppraisalRow>('MarketingFee').implement({
  description: 'The one-time marketing fee in dollars and what it includes.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The appraisal's id." }),
    costDollars: t.float({ description: 'The fee in dollars.', resolve: (a) => centsToDollars(a.marketingFeeCostCents ?? 0) }),
    marketingInclusions: t.stringList({
      description: "What it pays for ('Photography'), each up to 50 characters.",
      resolve: (a) => a.marketingInclusions ?? [],
    }),
  }),
});

const CommissionRef = builder.objectRef<AppraisalRow>('Commission').implement({
  description: 'A percentage of the sale price or a flat fee, both including GST.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The appraisal's id." }),
    commissionType: t.field({ type: CommissionTypeEnum, description: 'Percentage or flat fee.', resolve: (a) => a.commissionType! }),
    percentageRate: t.float({
      nullable: true,
      description: 'Percent of the sale price (2.5 is 2.5%), up to 100; null for a flat fee.',
      resolve: (a) => (a.percentageRate === null ? null : Number(a.percentageRate)),
    }),
    flatFeeCostDollars: t.float({
      nullable: true,
      description: 'The fee in dollars; null for a percentage.',
      resolve: (a) => (a.flatFeeCostCents === null ? null : centsToDollars(a.flatFeeCostCents)),
    }),
  }),
});

export const PropertyAppraisalRef = builder.objectRef<AppraisalRow>('PropertyAppraisal');
PropertyAppraisalRef.implement({
  description: "An agent's appraisal of a property: a DRAFT while the agent writes it, SUBMITTED once sent to the seller.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The appraisal id.' }),
    state: t.field({ type: PropertyAppraisalStateEnum, description: 'Draft or submitted.', resolve: (a) => a.state }),
    sellingRangeMin: t.float({
      nullable: true,
      description: 'The bottom of the estimated selling price, in dollars (50,000 at least); null until given.',
      resolve: (a) => a.sellingRangeMin,
    }),
    sellingRangeMax: t.float({
      nullable: true,
      description: 'The top, in dollars; in NSW and VIC at most 10% above the bottom. Null until given.',
      resolve: (a) => a.sellingRangeMax,
    }),
    comparableSales: t.field({
      type: [ComparableSaleRef],
      description: 'Up to 3, in order.',
      resolve: (a, _args, ctx) => appraisalLoaders(ctx).comparableSalesByAppraisalId.load(a.id),
    }),
    marketingFee: t.field({
      type: MarketingFeeRef,
      nullable: true,
      description: 'Null until given.',
      resolve: (a) => (a.marketingFeeCostCents === null ? null : a),
    }),
    commission: t.field({
      type: CommissionRef,
      nullable: true,
      description: 'Null until given.',
      resolve: (a) => (a.commissionType === null ? null : a),
    }),
    appraisalVideo: t.field({
      type: UserMediaRef,
      nullable: true,
      description: "The agent's video for the seller; null when none.",
      resolve: (a, _args, ctx) => (a.videoUserMediaId ? ctx.loaders.userMediaById.load(a.videoUserMediaId) : null),
    }),
    additionalNotes: t.exposeString('additionalNotes', {
      nullable: true,
      description: "The agent's notes to the seller, up to 3500 characters; null until given.",
    }),
    sentAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was submitted; null for a draft.',
      resolve: (a) => a.sentAt,
    }),
    agent: t.field({
      type: AgentRef,
      nullable: true,
      description: 'The agent who wrote it; null when the profile is gone.',
      resolve: (a, _args, ctx) => ctx.loaders.agentProfileByUserId.load(a.agentUserId),
    }),
    agentMobileNumber: t.string({
      nullable: true,
      description: "The agent's mobile number, for the seller to call; null when none.",
      resolve: async (a, _args, ctx) => (await appraisalLoaders(ctx).userById.load(a.agentUserId))?.mobileNumber ?? null,
    }),
    property: t.field({
      type: PropertyRef,
      description: 'Only its agent and its seller read an appraisal; both may see every detail.',
      resolve: async (a, _args, ctx) => (await appraisalLoaders(ctx).propertyById.load(a.propertyId))!,
    }),
    appointmentRequestedBySeller: t.boolean({
      description: 'Whether the seller has asked this agent for an appointment.',
      resolve: (a, _args, ctx) => appraisalLoaders(ctx).appointmentRequestedByAppraisalId.load(a.id),
    }),
  }),
});

export const PropertyAppraisalRequestRef = builder.objectRef<AppraisalRequestRow>('PropertyAppraisalRequest');
PropertyAppraisalRequestRef.implement({
  description:
    'A seller asking one agent for an appraisal of a property: PENDING for 48 hours, then COMPLETE, EXPIRED, NOT_REQUIRED or DECLINED (the agent said no).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The request id.' }),
    state: t.field({ type: PropertyAppraisalRequestStateEnum, description: 'Where it stands.', resolve: (r) => r.state }),
    requestedAt: t.field({ type: 'DateTime', description: 'When the agent was asked.', resolve: (r) => r.requestedAt }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it expires unanswered (48 hours on).', resolve: (r) => r.expiresAt }),
    seenByAgent: t.boolean({ description: "Whether the agent has opened it (drops the 'New' tag).", resolve: (r) => !!r.seenByAgentAt }),
    declineReason: t.field({
      type: AppraisalRequestDeclineReasonEnum,
      nullable: true,
      description: 'Why the agent declined, when the state is DECLINED.',
      resolve: (r) => (isAppraisalRequestDeclineReason(r.declineReason) ? r.declineReason : null),
    }),
    declineNote: t.exposeString('declineNote', { nullable: true, description: "The agent's note when the decline reason is OTHER." }),
    paymentConditionAccepted: t.boolean({
      description: 'Whether the agent accepted the lead fee condition (`acceptPaymentCondition`).',
      resolve: (r) => !!r.paymentConditionAcceptedAt,
    }),
    detailsHidden: t.boolean({
      description: "Whether the property's details are hidden: until the payment condition is accepted.",
      resolve: (r) => appraisals.isDetailsHidden(r),
    }),
    property: t.field({
      type: PropertyRef,
      description: 'Street, unit, media and notes are hidden until the agent accepts the payment condition.',
      resolve: async (r, _args, ctx) => appraisals.asAgentProperty((await appraisalLoaders(ctx).propertyById.load(r.propertyId))!, r),
    }),
    draftPropertyAppraisal: t.field({
      type: PropertyAppraisalRef,
      nullable: true,
      description: "The agent's draft answer; null when none or once submitted.",
      resolve: async (r, _args, ctx) => {
        const appraisal = await appraisalLoaders(ctx).appraisalByRequestId.load(r.id);
        return appraisal?.state === 'DRAFT' ? appraisal : null;
      },
    }),
    propertyAppraisal: t.field({
      type: PropertyAppraisalRef,
      nullable: true,
      description: 'The submitted appraisal; null until submitted.',
      resolve: async (r, _args, ctx) => {
        const appraisal = await appraisalLoaders(ctx).appraisalByRequestId.load(r.id);
        return appraisal?.state === 'SUBMITTED' ? appraisal : null;
      },
    }),
  }),
});

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
