import DataLoader from 'dataloader';
import { agentProfilePath, suburbPagePath } from '@listwise/domain/public-pages';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { AgentProfileRef, currentUser } from '../accounts/accounts.graphql.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';
import * as publicAgents from './public-agents.service.ts';

/**
 * Public profiles in the API: the agent's switch, the address of a profile wherever an agent is shown
 * (null unless every visitor may open it), and what the listing wizard's address step says about a suburb.
 */

const publicIdsLoader = perRequest(
  (ctx) =>
    new DataLoader(async (ids: readonly string[]) => {
      const shown = await publicAgents.findPublicAgentIds(ctx.deps.db, ids, ctx.deps.clock.now());
      return ids.map((id) => shown.has(id));
    }),
);

const profileUrl = async (ctx: GraphQLContext, profile: publicAgents.AgentProfileRow) =>
  (await publicIdsLoader(ctx).load(profile.userId)) ? `${ctx.deps.config.appUrl}${agentProfilePath(profile)}` : null;

builder.objectField(AgentRef, 'publicProfileUrl', (t) =>
  t.string({
    nullable: true,
    description: "The agent's public profile page; null unless the agent turned it on, the licence is verified and a subscription lives.",
    resolve: (a, _args, ctx) => profileUrl(ctx, a),
  }),
);

const PublicProfileHiddenReasonEnum = builder.enumType('PublicProfileHiddenReason', {
  description: 'What keeps a public profile off the public pages.',
  values: {
    TURNED_OFF: { description: 'The agent has not turned the public profile on.' },
    PROFILE_INCOMPLETE: { description: 'Photo, bio, agency name, agency bio or agency logo is missing.' },
    LICENCE_NOT_VERIFIED: { description: 'An operator has not verified the licence (or it was rejected).' },
    NO_LIVE_SUBSCRIPTION: { description: 'Every suburb subscription has lapsed or been cancelled.' },
  } satisfies Record<publicAgents.PublicProfileHiddenReason, { description: string }>,
});

builder.objectFields(AgentProfileRef, (t) => ({
  publicProfileVisible: t.boolean({
    description: 'The agent chose to show a public profile (it is shown only once the licence is verified, with a live subscription).',
    resolve: (p) => p.publicProfileVisible,
  }),
  publicProfileUrl: t.string({
    nullable: true,
    description: 'The public profile page; null while hidden, and while the licence is unverified or every subscription has lapsed.',
    resolve: (p, _args, ctx) => profileUrl(ctx, p),
  }),
  publicProfileHiddenReasons: t.field({
    type: [PublicProfileHiddenReasonEnum],
    description: 'Why the public profile is not shown now; empty while it is.',
    resolve: (p, _args, ctx) => publicAgents.findPublicProfileHiddenReasons(ctx.deps.db, p.userId, ctx.deps.clock.now()),
  }),
}));

const servingCountLoader = perRequest(
  (ctx) =>
    new DataLoader((ids: readonly number[]) =>
      Promise.all(ids.map((id) => publicAgents.countAgentsServingSuburb(ctx.deps.db, id, ctx.deps.clock.now()))),
    ),
);

/**
 * How far a seller may sensibly be sent for an agent: a suburb farther than this (in a straight line) is not offered
 * as 'nearby'. Straight lines understate trips across water (Manly to Bondi is about 11 km as the crow flies), so
 * each suburb offered says its distance and the seller judges.
 */
export const NEARBY_SUBURB_MAX_KM = 15;

const NearbySuburbRef = builder.objectRef<SuburbRow & { distanceKm: number }>('NearbySuburb').implement({
  description: 'A suburb near another where a seller can ask an agent now, with its straight-line distance.',
  fields: (t) => ({
    suburb: t.field({ type: SuburbRef, description: 'The nearby suburb.', resolve: (s) => s }),
    distanceKm: t.float({
      description: 'Straight-line distance between the two suburbs, in km (one decimal).',
      resolve: (s) => Math.round(s.distanceKm * 10) / 10,
    }),
  }),
});

builder.objectFields(SuburbRef, (t) => ({
  nearbySuburbsWithAgents: t.field({
    type: [NearbySuburbRef],
    description: `Up to 3 nearest other suburbs, within ${NEARBY_SUBURB_MAX_KM} km in a straight line, where a seller can ask an agent now; each with its distance.`,
    resolve: (s, _a, ctx) =>
      publicAgents.findNearestSuburbsWithAgents(ctx.deps.db, s, ctx.deps.clock.now(), {
        limit: 3,
        publicOnly: false,
        maxDistanceKm: NEARBY_SUBURB_MAX_KM,
      }),
  }),
  servingAgentsCount: t.int({
    description: 'Agents a seller in this suburb can ask for an appraisal now (a live subscription and a complete profile).',
    resolve: (s, _a, ctx) => servingCountLoader(ctx).load(s.id),
  }),
  publicAgents: t.field({
    type: [AgentRef],
    description: 'The agents with a public profile serving this suburb, in the order /how-we-rank describes.',
    resolve: async (s, _a, ctx) =>
      (await publicAgents.findRankedAgentsForSuburb(ctx.deps.db, s.id, ctx.deps.clock.now())).map((a) => a.profile),
  }),
  nearestSuburbsWithAgents: t.field({
    type: [SuburbRef],
    description:
      'Up to 3 nearest other suburbs where a seller can ask an agent now, however far. The wizard reads nearbySuburbsWithAgents.',
    resolve: (s, _a, ctx) =>
      publicAgents.findNearestSuburbsWithAgents(ctx.deps.db, s, ctx.deps.clock.now(), { limit: 3, publicOnly: false }),
  }),
  publicPageUrl: t.string({
    description: "The suburb's public page of agents.",
    resolve: (s, _a, ctx) => `${ctx.deps.config.appUrl}${suburbPagePath(s)}`,
  }),
}));

builder.mutationFields((t) => ({
  setAgentPublicProfileVisible: t.field({
    type: AgentProfileRef,
    authScopes: { agent: true },
    description: "Turns the signed-in agent's public profile on or off (`publicProfileHiddenReasons` says what else keeps it off).",
    args: { visible: t.arg.boolean({ required: true, description: 'True shows it, false hides it.' }) },
    resolve: (_r, args, ctx) => publicAgents.setAgentPublicProfileVisible(ctx.deps, currentUser(ctx), args.visible),
  }),
}));
