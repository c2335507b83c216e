import { isAppraisalRequestDeclineReason } from '@listwise/domain/appraisal-request-progress';
import { centsToDollars } from '@listwise/domain/pricing';
import type { AppraisalRequestState, AppraisalState, CommissionType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
import { appraisalLoaders } from './appraisal-loaders.ts';
import * as appraisals from './appraisals.service.ts';
import { AppraisalRequestDeclineReasonEnum } from '../listings/property-enums.graphql.ts';
import type { AppraisalRequestRow, AppraisalRow, ComparableSaleRow } from '../../db/schema/appraisals.ts';

/**
 * The appraisal loop's types (spec 000 §7, spec 001 §7): the appraisal request and the appraisal as its agent and
 * its seller read them; the calls (request lists, the payment condition, drafting, submission, declining) are in
 * appraisal-operations.graphql.ts. Resolvers stay thin: parse, authorise and rule in appraisals.service.ts.
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

export const idArg = (value: string | number) => String(value);

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
