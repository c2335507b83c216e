import { eq, inArray } from 'drizzle-orm';
import {
  appraisalRequestProgress,
  isAppraisalRequestDeclineReason,
  type AppraisalRequestDeclineReason,
  type AppraisalRequestProgress,
} from '@listwise/domain/appraisal-request-progress';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import {
  AppraisalRequestDeclineReasonEnum,
  AdditionalFeatureEnum,
  CompleteTypeEnum,
  EstimatedSaleValueRangeEnum,
  IdealTimeframeOfSaleEnum,
  PreferredMethodOfSaleEnum,
  PropertyTypeEnum,
  YesNoEnum,
} from './property-enums.graphql.ts';
import { AgentRef, type AgentCardRow } from '../agents/agent-card.graphql.ts';
import { listingLoaders } from './listing-loaders.ts';
import { attachMediaArgs, attachMediaInput, PropertyRef, type PropertyViewRow } from './listings.graphql.ts';
import { requestAppraisalsFromMoreAgents } from './publish-property.service.ts';
import { askToBeToldWhenAgentJoins, hasWaitingAgentAlert } from './seller-agent-alerts.service.ts';
import * as published from './published-property.service.ts';

/**
 * The published listing in its seller's hands on the API: `Property.agentsAsked` (each agent asked
 * and where the request stands, the owner only), `Property.listingUpdatedAt`, and the calls that edit and
 * withdraw a published listing. The services authorise: the owner only, the listing ACTIVE.
 */

const AppraisalRequestProgressEnum = builder.enumType('AppraisalRequestProgress', {
  description: 'Where a request stands, as the seller follows it.',
  values: describedValues<AppraisalRequestProgress>({
    AWAITING_VERIFICATION: 'Held until Listwise verifies the listing; the agent has not been asked yet.',
    SENT: 'Sent; the agent has not opened it.',
    VIEWED: 'The agent opened it.',
    DRAFTING: 'The agent is writing an appraisal.',
    APPRAISAL_RECEIVED: 'The appraisal arrived (`propertyAppraisalId`).',
    EXPIRED: 'The agent did not answer within 48 hours.',
    NOT_REQUIRED: 'The listing was withdrawn or finished before the agent answered.',
    DECLINED: 'The agent declined (`declineReason`).',
  }),
});

interface AgentAskedRow {
  requestId: string | null;
  declineReason: AppraisalRequestDeclineReason | null;
  declineNote: string | null;
  agent: AgentCardRow;
  progress: AppraisalRequestProgress;
  requestedAt: Date | null;
  expiresAt: Date | null;
  propertyAppraisalId: string | null;
}

const AgentAskedRef = builder.objectRef<AgentAskedRow>('AgentAsked').implement({
  description: 'An agent the seller asked for an appraisal of the property, and where that request stands.',
  fields: (t) => ({
    id: t.id({
      nullable: true,
      description: 'The appraisal request (null while it is held for verification).',
      resolve: (r) => r.requestId,
    }),
    agent: t.field({ type: AgentRef, description: 'The agent asked.', resolve: (r) => r.agent }),
    progress: t.field({ type: AppraisalRequestProgressEnum, description: 'Where the request stands.', resolve: (r) => r.progress }),
    declineReason: t.field({
      type: AppraisalRequestDeclineReasonEnum,
      nullable: true,
      description: 'Why the agent declined, when the progress is DECLINED.',
      resolve: (r) => r.declineReason,
    }),
    declineNote: t.exposeString('declineNote', { nullable: true, description: "The agent's own words when the reason is OTHER." }),
    requestedAt: t.expose('requestedAt', { type: 'DateTime', nullable: true, description: 'When the agent was asked; null while held.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the request expires unanswered; null while held.',
    }),
    propertyAppraisalId: t.id({ nullable: true, description: 'The appraisal, once received.', resolve: (r) => r.propertyAppraisalId }),
  }),
});

/** The agents asked about one property: its requests in the order sent, then agents held for verification. */
async function findAgentsAsked(ctx: GraphQLContext, property: PropertyViewRow): Promise<AgentAskedRow[]> {
  const { db } = ctx.deps;
  const rows = await db
    .select({
      request: propertyAppraisalRequests,
      agent: agentProfiles,
      appraisal: { id: propertyAppraisals.id, state: propertyAppraisals.state },
    })
    .from(propertyAppraisalRequests)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, propertyAppraisalRequests.agentUserId))
    .leftJoin(propertyAppraisals, eq(propertyAppraisals.appraisalRequestId, propertyAppraisalRequests.id))
    .where(eq(propertyAppraisalRequests.propertyId, property.id))
    .orderBy(propertyAppraisalRequests.requestedAt, agentProfiles.name);
  const asked: AgentAskedRow[] = rows.map(({ request, agent, appraisal }) => ({
    requestId: request.id,
    declineReason: isAppraisalRequestDeclineReason(request.declineReason) ? request.declineReason : null,
    declineNote: request.declineNote,
    agent,
    progress: appraisalRequestProgress({
      state: request.state,
      isSeenByAgent: !!request.seenByAgentAt,
      hasAppraisalDraft: !!appraisal,
    }),
    requestedAt: request.requestedAt,
    expiresAt: request.expiresAt,
    propertyAppraisalId: appraisal?.state === 'SUBMITTED' ? appraisal.id : null,
  }));
  if (property.heldAgentUserIds.length === 0) return asked;
  const held = await db.select().from(agentProfiles).where(inArray(agentProfiles.userId, property.heldAgentUserIds));
  return [
    ...asked,
    ...held.map((agent) => ({
      requestId: null,
      declineReason: null,
      declineNote: null,
      agent,
      progress: 'AWAITING_VERIFICATION' as const,
      requestedAt: null,
      expiresAt: null,
      propertyAppraisalId: null,
    })),
  ];
}

builder.objectFields(PropertyRef, (t) => ({
  isWaitingForAgentAlert: t.boolean({
    description:
      'Whether the seller asked to be e-mailed when an agent they may ask joins the suburb (and is still waiting); false for anyone but the seller.',
    resolve: async (p, _a, ctx) => ctx.user?.id === p.sellerUserId && (await hasWaitingAgentAlert(ctx.deps.db, p.id)),
  }),
  agentsAsked: t.field({
    type: [AgentAskedRef],
    description: 'The agents the seller asked for an appraisal and where each request stands; [] for anyone but the seller.',
    // Agents reach this type through their requests and must not learn who else was asked.
    resolve: (p, _a, ctx) => (ctx.user?.id === p.sellerUserId ? findAgentsAsked(ctx, p) : []),
  }),
  agentsAskedCount: t.int({
    description: 'Agents the seller asked (requests sent, and agents held for verification); 0 for anyone but the seller.',
    resolve: async (p, _a, ctx) =>
      ctx.user?.id === p.sellerUserId
        ? (await listingLoaders(ctx).requestCountsByPropertyId.load(p.id)).asked + p.heldAgentUserIds.length
        : 0,
  }),
  pendingAppraisalRequestCount: t.int({
    description:
      'Agents still to answer: pending requests, and agents held for verification; 0 for anyone but the seller. With none, no appraisal is on its way.',
    resolve: async (p, _a, ctx) =>
      ctx.user?.id === p.sellerUserId
        ? (await listingLoaders(ctx).requestCountsByPropertyId.load(p.id)).pending + p.heldAgentUserIds.length
        : 0,
  }),
  listingUpdatedAt: t.expose('listingUpdatedAt', {
    type: 'DateTime',
    nullable: true,
    description: 'When the seller last changed the published listing (agents show it as updated).',
  }),
}));

const PublishedPropertyChangesInput = builder.inputType('PublishedPropertyChangesInput', {
  description: 'What a seller may change on a published listing; a field left out stays as it is, null clears an optional answer.',
  fields: (t) => ({
    propertyType: t.field({ type: PropertyTypeEnum, description: 'The property type; answers it does not ask are cleared.' }),
    numberOfBedrooms: t.int({ description: 'A count, 0 or more.' }),
    numberOfBathrooms: t.int({ description: 'A count, 0 or more.' }),
    numberOfToilets: t.int({ description: 'A count, 0 or more.' }),
    numberOfCarSpaces: t.int({ description: 'A count, 0 or more.' }),
    numberOfLivingSpaces: t.int({ description: 'A count, 0 or more.' }),
    additionalFeatures: t.field({ type: [AdditionalFeatureEnum], description: 'Every feature ticked (replaces the list).' }),
    propertySizeSqm: t.int({ description: 'Floor area in square metres.' }),
    landSizeSqm: t.int({ description: 'Land area in square metres.' }),
    propertyAge: t.int({ description: 'Age of the building in years.' }),
    capitalImprovements: t.field({ type: YesNoEnum, description: 'Whether the property had capital improvements.' }),
    estimatedSaleValueRange: t.field({ type: EstimatedSaleValueRangeEnum, description: "The seller's guess of the price." }),
    idealTimeframeOfSale: t.field({ type: IdealTimeframeOfSaleEnum, description: 'When the seller would like to have sold.' }),
    preferredMethodOfSale: t.field({ type: PreferredMethodOfSaleEnum, description: 'How the seller would like to sell.' }),
    additionalInformation: t.string({ description: 'Notes to agents, up to 3500 characters.' }),
  }),
});

const seller = { seller: true } as const;

builder.mutationFields((t) => ({
  updatePublishedProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Changes the owner's published listing; the agents asked see it as updated and are e-mailed a few minutes later.",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's ACTIVE listing." }),
      changes: t.arg({ type: PublishedPropertyChangesInput, required: true, description: 'What changes.' }),
    },
    resolve: (_r, args, ctx) =>
      published.updatePublishedProperty(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), changes: args.changes }),
  }),
  attachUserMediaToPublishedProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Adds one of the seller's uploads at the end of a media list of their ACTIVE listing; adding it twice changes nothing.",
    args: attachMediaArgs("The seller's ACTIVE listing."),
    resolve: (_r, args, ctx) => published.attachUserMediaToPublishedProperty(ctx.deps, currentUser(ctx), attachMediaInput(args)),
  }),
  removePropertyMediaFromPublishedProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: "Takes a media off the seller's ACTIVE listing (the upload itself stays the seller's).",
    args: { propertyMediaId: t.arg.id({ required: true, description: 'The `PropertyMedia.id`.' }) },
    resolve: (_r, args, ctx) =>
      published.removePropertyMediaFromPublishedProperty(ctx.deps, currentUser(ctx), String(args.propertyMediaId)),
  }),
  requestAppraisalsFromMoreAgents: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "Asks agents not asked yet about the owner's published listing (after one declined or let the request expire): each serves the suburb (not_found), was not asked before, and with those still answering or who answered stays within five (validation_failed). invalid_state unless the listing is ACTIVE; email_not_verified. A listing awaiting verification has them held, as at publishing.",
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's ACTIVE listing." }),
      selectedAgents: t.arg.idList({ required: true, description: 'User ids of agents from `agentsForProperty`.' }),
    },
    resolve: (_r, args, ctx) =>
      requestAppraisalsFromMoreAgents(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        selectedAgents: args.selectedAgents.map(String),
      }),
  }),
  askToBeToldWhenAgentJoins: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "While no agent is left to ask about the owner's published listing, the seller is e-mailed once when one the listing may ask joins the suburb.",
    args: { propertyId: t.arg.id({ required: true, description: "The seller's ACTIVE listing." }) },
    resolve: (_r, args, ctx) => askToBeToldWhenAgentJoins(ctx.deps, currentUser(ctx), String(args.propertyId)),
  }),
  relistProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description:
      "Puts the owner's withdrawn listing back on Listwise: ACTIVE again, and the agents whose requests the withdrawal ended are asked again (a fresh 48 hours).",
    args: { propertyId: t.arg.id({ required: true, description: "The seller's withdrawn listing." }) },
    resolve: (_r, args, ctx) => published.relistProperty(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId) }),
  }),
  withdrawProperty: t.field({
    type: PropertyRef,
    authScopes: seller,
    description: 'Takes the published listing off Listwise: pending requests become NOT_REQUIRED and the agents asked are e-mailed.',
    args: {
      propertyId: t.arg.id({ required: true, description: "The seller's ACTIVE listing." }),
      completeType: t.arg({
        type: CompleteTypeEnum,
        required: true,
        description: 'Why: DECIDED_NOT_TO_SELL or DECIDED_NOT_TO_USE_LISTWISE.',
      }),
    },
    resolve: (_r, args, ctx) =>
      published.withdrawProperty(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), completeType: args.completeType }),
  }),
}));
