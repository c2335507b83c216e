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
  description: 'An agent as sellers see one: the cards to choose agents from, and the agent of an appraisal.',
  fields: (t) => ({
    id: t.id({ description: "The agent's user id (what `publishProperty(selectedAgents)` takes).", resolve: (a) => a.userId }),
    name: t.exposeString('name', { nullable: true, description: "The agent's full name; null until given." }),
    bio: t.exposeString('bio', { nullable: true, description: 'About the agent; null until given.' }),
    agencyName: t.exposeString('agencyName', { nullable: true, description: 'Null until given.' }),
    agencyBio: t.exposeString('agencyBio', { nullable: true, description: 'About the agency; null until given.' }),
    badge: t.field({
      type: AgentBadgeEnum,
      nullable: true,
      description: 'The tier `numberOfEngagements` earns; null before the first sale.',
      resolve: (a) => badgeForSales(a.numberOfEngagements),
    }),
    numberOfEngagements: t.exposeInt('numberOfEngagements', { description: 'Property sales the agent confirmed through Listwise.' }),
    profilePicture: t.field({
      type: UserMediaRef,
      nullable: true,
      description: "The agent's photo; null until uploaded.",
      resolve: (a, _args, ctx) => loadMedia(ctx, a.profilePictureMediaId),
    }),
    agencyLogo: t.field({
      type: UserMediaRef,
      nullable: true,
      description: "The agency's logo; null until uploaded.",
      resolve: (a, _args, ctx) => loadMedia(ctx, a.agencyLogoMediaId),
    }),
  }),
});
