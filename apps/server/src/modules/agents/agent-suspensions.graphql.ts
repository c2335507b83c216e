import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { byKey } from '../../graphql/loaders.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { AgentProfileRef, currentUser, UserRef } from '../accounts/accounts.graphql.ts';
import * as suspensions from './agent-suspensions.service.ts';
import type { AgentSuspensionRow } from './agent-suspensions.service.ts';

/**
 * Suspending an agent: operators suspend with a reason and lift it; the agent and operators read
 * the suspension on the agent's profile. Sellers never see it: a suspended agent is simply not offered or shown.
 */
const AgentSuspensionRef = builder.objectRef<AgentSuspensionRow>('AgentSuspension').implement({
  description: 'An operator suspended the agent: no new appraisal requests, not shown publicly.',
  fields: (t) => ({
    reason: t.exposeString('reason', { description: "The operator's reason, as the agent was e-mailed it." }),
    suspendedAt: t.expose('suspendedAt', { type: 'DateTime', description: 'When the suspension began.' }),
  }),
});

const suspensionLoader = perRequest((ctx) =>
  byKey(
    (ids: readonly string[]) => suspensions.findSuspensions(ctx.deps.db, ids),
    (row) => row.agentUserId,
  ),
);

const isOwnerOrOperator = (agentUserId: string, ctx: GraphQLContext) =>
  !!ctx.user && (ctx.user.id === agentUserId || ctx.user.userType === 'ADMIN');

builder.objectField(AgentProfileRef, 'suspension', (t) =>
  t.field({
    type: AgentSuspensionRef,
    nullable: true,
    description: 'Set while an operator has suspended the agent. The agent and operators only.',
    resolve: (p, _a, ctx) => (isOwnerOrOperator(p.userId, ctx) ? suspensionLoader(ctx).load(p.userId) : null),
  }),
);

builder.mutationFields((t) => ({
  suspendAgent: t.field({
    type: UserRef,
    authScopes: { admin: true },
    description:
      'Suspends an agent with a reason (1–500 characters) the agent is e-mailed: no new requests, not shown publicly. Audit-logged; invalid_state when already suspended.',
    args: {
      agentId: t.arg.id({ required: true, description: "The agent's user id." }),
      reason: t.arg.string({ required: true, description: 'Why, 1 to 500 characters.' }),
    },
    resolve: (_r, args, ctx) =>
      suspensions.suspendAgent(ctx.deps, currentUser(ctx), { agentId: String(args.agentId), reason: args.reason }),
  }),
  liftAgentSuspension: t.field({
    type: UserRef,
    authScopes: { admin: true },
    description: "Lifts an agent's suspension; the agent is e-mailed. Audit-logged; invalid_state when not suspended.",
    args: { agentId: t.arg.id({ required: true, description: "The agent's user id." }) },
    resolve: (_r, args, ctx) => suspensions.liftAgentSuspension(ctx.deps, currentUser(ctx), { agentId: String(args.agentId) }),
  }),
}));
