import { badgeForSales } from '@listwise/domain/badges';
import type { agentProfiles } from '../../db/schema/accounts.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { AgentBadgeEnum } from '../accounts/accounts.graphql.ts';
import { UserMediaRef } from '../media/media.graphql.ts';

/**
 * `Agent`: an agent as sellers see one (spec 001 §3 'Agent (as data)'): the select-agents cards and the
 * agent of an appraisal. The id is the agent's user id, which `publishProperty(selectedAgents)` takes and
 * appraisal requests reference. Other modules resolve fields to an agent profile row and use `AgentRef`.
 */
export type AgentCardRow = typeof agentProfiles.$inferSelect;

const loadMedia = (ctx: GraphQLContext, id: string | null) => (id ? ctx.loaders.userMediaById.load(id) : null);

export const AgentRef = builder.objectRef<AgentCardRow>('Agent').implement({
  fields: (t) => ({
    id: t.id({ resolve: (a) => a.userId }),
    name: t.exposeString('name', { nullable: true }),
    bio: t.exposeString('bio', { nullable: true }),
    agencyName: t.exposeString('agencyName', { nullable: true }),
    agencyBio: t.exposeString('agencyBio', { nullable: true }),
    badge: t.field({ type: AgentBadgeEnum, nullable: true, resolve: (a) => badgeForSales(a.numberOfEngagements) }),
    numberOfEngagements: t.exposeInt('numberOfEngagements'),
    profilePicture: t.field({ type: UserMediaRef, nullable: true, resolve: (a, _args, ctx) => loadMedia(ctx, a.profilePictureMediaId) }),
    agencyLogo: t.field({ type: UserMediaRef, nullable: true, resolve: (a, _args, ctx) => loadMedia(ctx, a.agencyLogoMediaId) }),
  }),
});
