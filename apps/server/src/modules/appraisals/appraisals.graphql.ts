import { isAppraisalRequestDeclineReason } from '@listwise/domain/appraisal-request-progress';
import { centsToDollars } from '@listwise/domain/pricing';
import { AppraisalRequestState, AppraisalState, CommissionType, valuesOf } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
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
  values: valuesOf(AppraisalRequestState),
});
export const PropertyAppraisalStateEnum = builder.enumType('PropertyAppraisalState', { values: valuesOf(AppraisalState) });
export const CommissionTypeEnum = builder.enumType('CommissionType', { values: valuesOf(CommissionType) });

const idArg = (value: string | number) => String(value);

export const ComparableSaleRef = builder.objectRef<ComparableSaleRow>('ComparableSale').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    order: t.exposeInt('order'),
    address: t.exposeString('address'),
    salePriceDollars: t.float({ resolve: (s) => centsToDollars(s.salePriceCents) }),
    saleDate: t.exposeString('saleDate', {
      nullable: true,
      description: 'YYYY-MM-DD: when the comparable property sold; null for sales entered before it was asked.',
    }),
    url: t.exposeString('url', { nullable: true }),
  }),
});

// Marketing fee and commission are parts of the appraisal row; they carry the appraisal's id so a client's
// normalised cache keeps one of each per appraisal.
const MarketingFeeRef = builder.objectRef<AppraisalRow>('MarketingFee').implement({
  description: 'The one-time marketing fee in dollars and what it includes.',
  fields: (t) => ({
    id: t.exposeID('id'),
    costDollars: t.float({ resolve: (a) => centsToDollars(a.marketingFeeCostCents ?? 0) }),
    marketingInclusions: t.stringList({ resolve: (a) => a.marketingInclusions ?? [] }),
  }),
});

const CommissionRef = builder.objectRef<AppraisalRow>('Commission').implement({
  description: 'A percentage of the sale price or a flat fee, both including GST.',
  fields: (t) => ({
    id: t.exposeID('id'),
    commissionType: t.field({ type: CommissionTypeEnum, resolve: (a) => a.commissionType! }),
    percentageRate: t.float({ nullable: true, resolve: (a) => (a.percentageRate === null ? null : Number(a.percentageRate)) }),
    flatFeeCostDollars: t.float({
      nullable: true,
      resolve: (a) => (a.flatFeeCostCents === null ? null : centsToDollars(a.flatFeeCostCents)),
    }),
  }),
});

export const PropertyAppraisalRef = builder.objectRef<AppraisalRow>('PropertyAppraisal');
PropertyAppraisalRef.implement({
  description: "An agent's appraisal of a property: a DRAFT while the agent writes it, SUBMITTED once sent to the seller.",
  fields: (t) => ({
    id: t.exposeID('id'),
    state: t.field({ type: PropertyAppraisalStateEnum, resolve: (a) => a.state }),
    sellingRangeMin: t.float({ nullable: true, resolve: (a) => a.sellingRangeMin }),
    sellingRangeMax: t.float({ nullable: true, resolve: (a) => a.sellingRangeMax }),
    comparableSales: t.field({
      type: [ComparableSaleRef],
      resolve: (a, _args, ctx) => appraisalLoaders(ctx).comparableSalesByAppraisalId.load(a.id),
    }),
    marketingFee: t.field({ type: MarketingFeeRef, nullable: true, resolve: (a) => (a.marketingFeeCostCents === null ? null : a) }),
    commission: t.field({ type: CommissionRef, nullable: true, resolve: (a) => (a.commissionType === null ? null : a) }),
    appraisalVideo: t.field({
      type: UserMediaRef,
      nullable: true,
      resolve: (a, _args, ctx) => (a.videoUserMediaId ? ctx.loaders.userMediaById.load(a.videoUserMediaId) : null),
    }),
    additionalNotes: t.exposeString('additionalNotes', { nullable: true }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.sentAt }),
    agent: t.field({ type: AgentRef, nullable: true, resolve: (a, _args, ctx) => ctx.loaders.agentProfileByUserId.load(a.agentUserId) }),
    agentMobileNumber: t.string({
      nullable: true,
      resolve: async (a, _args, ctx) => (await appraisalLoaders(ctx).userById.load(a.agentUserId))?.mobileNumber ?? null,
    }),
    property: t.field({
      type: PropertyRef,
      description: 'Only its agent and its seller read an appraisal; both may see every detail.',
      resolve: async (a, _args, ctx) => (await appraisalLoaders(ctx).propertyById.load(a.propertyId))!,
    }),
    appointmentRequestedBySeller: t.boolean({
      resolve: (a, _args, ctx) => appraisalLoaders(ctx).appointmentRequestedByAppraisalId.load(a.id),
    }),
  }),
});

export const PropertyAppraisalRequestRef = builder.objectRef<AppraisalRequestRow>('PropertyAppraisalRequest');
PropertyAppraisalRequestRef.implement({
  description:
    'A seller asking one agent for an appraisal of a property: PENDING for 48 hours, then COMPLETE, EXPIRED, NOT_REQUIRED or DECLINED (the agent said no).',
  fields: (t) => ({
    id: t.exposeID('id'),
    state: t.field({ type: PropertyAppraisalRequestStateEnum, resolve: (r) => r.state }),
    requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (r) => r.expiresAt }),
    seenByAgent: t.boolean({ resolve: (r) => !!r.seenByAgentAt }),
    declineReason: t.field({
      type: AppraisalRequestDeclineReasonEnum,
      nullable: true,
      description: 'Why the agent declined, when the state is DECLINED.',
      resolve: (r) => (isAppraisalRequestDeclineReason(r.declineReason) ? r.declineReason : null),
    }),
    declineNote: t.exposeString('declineNote', { nullable: true, description: "The agent's note when the decline reason is OTHER." }),
    paymentConditionAccepted: t.boolean({ resolve: (r) => !!r.paymentConditionAcceptedAt }),
    detailsHidden: t.boolean({ resolve: (r) => appraisals.isDetailsHidden(r) }),
    property: t.field({
      type: PropertyRef,
      description: 'Street, unit, media and notes are hidden until the agent accepts the payment condition.',
      resolve: async (r, _args, ctx) => appraisals.asAgentProperty((await appraisalLoaders(ctx).propertyById.load(r.propertyId))!, r),
    }),
    draftPropertyAppraisal: t.field({
      type: PropertyAppraisalRef,
      nullable: true,
      resolve: async (r, _args, ctx) => {
        const appraisal = await appraisalLoaders(ctx).appraisalByRequestId.load(r.id);
        return appraisal?.state === 'DRAFT' ? appraisal : null;
      },
    }),
    propertyAppraisal: t.field({
      type: PropertyAppraisalRef,
      nullable: true,
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
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appraisals.getAgentAppraisalRequest(ctx.deps.db, agent(ctx).id, idArg(args.id)),
  }),
  propertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { loggedIn: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appraisals.getPropertyAppraisalForViewer(ctx.deps.db, currentUser(ctx), idArg(args.id)),
  }),
}));

const ComparableSaleInput = builder.inputType('ComparableSaleInput', {
  fields: (t) => ({
    address: t.string({ required: true }),
    salePriceDollars: t.float({ required: true }),
    saleDate: t.string({ description: 'YYYY-MM-DD, today at the latest; empty or null when not known.' }),
    url: t.string(),
  }),
});

builder.mutationFields((t) => ({
  propertyAppraisalRequestSeenByAgent: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appraisals.markAppraisalRequestSeen(ctx.deps, agent(ctx), idArg(args.id)),
  }),
  declinePropertyAppraisalRequest: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    description:
      'The agent will not appraise this pending request, for a reason from the short list (OTHER with a short note the seller reads); allowed before the payment condition is accepted. The seller is e-mailed at once.',
    args: {
      id: t.arg.id({ required: true }),
      reason: t.arg({ type: AppraisalRequestDeclineReasonEnum, required: true }),
      note: t.arg.string({ required: false, description: 'Required with OTHER, at most 200 characters; ignored with any other reason.' }),
    },
    resolve: (_r, args, ctx) =>
      declinePropertyAppraisalRequest(ctx.deps, agent(ctx), { id: idArg(args.id), reason: args.reason, note: args.note ?? null }),
  }),
  acceptPaymentCondition: t.field({
    type: PropertyAppraisalRequestRef,
    authScopes: { agent: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => appraisals.acceptPaymentCondition(ctx.deps, agent(ctx), idArg(args.id)),
  }),
  startNewDraftPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    args: { propertyAppraisalRequestId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => startNewDraftPropertyAppraisal(ctx.deps, agent(ctx), idArg(args.propertyAppraisalRequestId)),
  }),
  updateDraftPropertyAppraisalSellingRange: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      sellingRangeMin: t.arg.float(),
      sellingRangeMax: t.arg.float(),
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
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      commissionType: t.arg({ type: CommissionTypeEnum }),
      percentageRate: t.arg.float(),
      flatFeeCostDollars: t.arg.float(),
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
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      comparableSales: t.arg({ type: [ComparableSaleInput], required: true }),
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
    args: {
      propertyAppraisalId: t.arg.id({ required: true }),
      costDollars: t.arg.float(),
      marketingInclusions: t.arg.stringList(),
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
    args: { propertyAppraisalId: t.arg.id({ required: true }), videoUserMediaId: t.arg.id() },
    resolve: (_r, args, ctx) =>
      updateVideo(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        videoUserMediaId: args.videoUserMediaId === null || args.videoUserMediaId === undefined ? null : idArg(args.videoUserMediaId),
      }),
  }),
  updateDraftPropertyAppraisalAdditionalNotes: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    args: { propertyAppraisalId: t.arg.id({ required: true }), additionalNotes: t.arg.string() },
    resolve: (_r, args, ctx) =>
      updateAdditionalNotes(ctx.deps, agent(ctx), {
        propertyAppraisalId: idArg(args.propertyAppraisalId),
        additionalNotes: args.additionalNotes as string,
      }),
  }),
  submitPropertyAppraisal: t.field({
    type: PropertyAppraisalRef,
    authScopes: { agent: true },
    args: { propertyAppraisalId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => submitPropertyAppraisal(ctx.deps, agent(ctx), idArg(args.propertyAppraisalId)),
  }),
}));
