import { AgentLicenceStatus, isLicenceExpiredOn, isLicenceVerifiedOn, licenceToday } from '@listwise/domain/agent-licence';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { byKey } from '../../graphql/loaders.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { AgentProfileRef, currentUser } from '../accounts/accounts.graphql.ts';
import { AgentRef } from './agent-card.graphql.ts';
import { StateEnum } from '../suburbs/suburbs.graphql.ts';
import * as licences from './licences.service.ts';
import type { AgentLicenceRow } from './licences.service.ts';

/**
 * Licence verification. What a reader sees of a licence depends on who they are: the agent and
 * operators see all of it; everyone else (sellers choosing an agent) sees its state and status, and its number
 * only once an operator has verified it.
 */
export const AgentLicenceStatusEnum = builder.enumType('AgentLicenceStatus', { values: Object.values(AgentLicenceStatus) });

const isOwnerOrOperator = (licence: AgentLicenceRow, ctx: GraphQLContext) =>
  !!ctx.user && (ctx.user.id === licence.agentUserId || ctx.user.userType === 'ADMIN');

/** Whether sellers see 'Licence verified' today (verified and not expired). */
const isVerifiedNow = (licence: AgentLicenceRow, ctx: GraphQLContext) =>
  isLicenceVerifiedOn(licences.standingOf(licence), licenceToday(licence.state, ctx.deps.clock.now()));

export const AgentLicenceRef = builder.objectRef<AgentLicenceRow>('AgentLicence').implement({
  fields: (t) => ({
    id: t.id({ description: "The agent's user id: one licence per agent.", resolve: (l) => l.agentUserId }),
    number: t.string({
      nullable: true,
      description: "Sellers read it only while 'Licence verified' shows (isVerified).",
      resolve: (l, _a, ctx) => (isVerifiedNow(l, ctx) || isOwnerOrOperator(l, ctx) ? l.number : null),
    }),
    state: t.field({ type: StateEnum, resolve: (l) => l.state as (typeof StateEnum)['$inferType'] }),
    licenseeName: t.string({
      nullable: true,
      resolve: (l, _a, ctx) => (isVerifiedNow(l, ctx) || isOwnerOrOperator(l, ctx) ? l.licenseeName : null),
    }),
    status: t.field({
      type: AgentLicenceStatusEnum,
      description: "The operator's check of the licence on file (a renewal waits as PENDING). What sellers see is isVerified.",
      resolve: (l) => l.status,
    }),
    isVerified: t.boolean({
      description:
        "Sellers see 'Licence verified': an operator verified it and its expiry date has not passed (a renewal of the same number may be waiting for its check).",
      resolve: (l, _a, ctx) => isVerifiedNow(l, ctx),
    }),
    isExpired: t.boolean({
      description: 'The licence has expired and no renewal is verified yet: no new appraisal requests reach the agent.',
      resolve: (l, _a, ctx) => isLicenceExpiredOn(licences.standingOf(l), licenceToday(l.state, ctx.deps.clock.now())),
    }),
    expiresOn: t.string({
      nullable: true,
      description:
        'YYYY-MM-DD: the expiry date of the licence on file (null for one recorded before expiry dates were asked for). The agent and operators only.',
      resolve: (l, _a, ctx) => (isOwnerOrOperator(l, ctx) ? l.expiresOn : null),
    }),
    verifiedUntil: t.string({
      nullable: true,
      description: 'YYYY-MM-DD: the expiry date an operator verified. The agent and operators only.',
      resolve: (l, _a, ctx) => (isOwnerOrOperator(l, ctx) ? l.verifiedUntil : null),
    }),
    verifiedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.verifiedAt }),
    submittedAt: t.field({ type: 'DateTime', resolve: (l) => l.submittedAt }),
    rejectionReason: t.string({
      nullable: true,
      description: 'Only the agent and operators read why a licence was rejected.',
      resolve: (l, _a, ctx) => (isOwnerOrOperator(l, ctx) ? l.rejectionReason : null),
    }),
    agent: t.field({
      type: AgentRef,
      nullable: true,
      resolve: (l, _a, ctx) => ctx.loaders.agentProfileByUserId.load(l.agentUserId),
    }),
  }),
});

const licenceLoader = perRequest((ctx) =>
  byKey(
    (ids: readonly string[]) => licences.findLicences(ctx.deps.db, ids),
    (row) => row.agentUserId,
  ),
);
const licenceOf = (ctx: GraphQLContext, agentUserId: string) => licenceLoader(ctx).load(agentUserId);

builder.objectField(AgentRef, 'licence', (t) =>
  t.field({ type: AgentLicenceRef, nullable: true, resolve: (a, _a, ctx) => licenceOf(ctx, a.userId) }),
);
builder.objectField(AgentProfileRef, 'licence', (t) =>
  t.field({ type: AgentLicenceRef, nullable: true, resolve: (p, _a, ctx) => licenceOf(ctx, p.userId) }),
);

builder.queryFields((t) => ({
  adminLicencesToCheck: t.connection({
    type: AgentLicenceRef,
    authScopes: { admin: true },
    description: "'Licences to check': licences waiting for an operator, oldest first.",
    resolve: (_r, args, ctx) => licences.listLicencesToCheck(ctx.deps.db, { first: args.first, after: args.after }),
  }),
}));

builder.mutationFields((t) => ({
  updateAgentLicence: t.field({
    type: AgentLicenceRef,
    authScopes: { agent: true },
    args: {
      licenceNumber: t.arg.string({ required: true }),
      licenceState: t.arg({ type: StateEnum, required: true }),
      licenseeName: t.arg.string(),
      licenceExpiresOn: t.arg.string({
        required: true,
        description: 'YYYY-MM-DD: not passed where the licence was issued, within ten years.',
      }),
    },
    resolve: (_r, args, ctx) => licences.updateAgentLicence(ctx.deps, currentUser(ctx), args),
  }),
  verifyAgentLicence: t.field({
    type: AgentLicenceRef,
    authScopes: { admin: true },
    args: { agentId: t.arg.id({ required: true }), approved: t.arg.boolean({ required: true }), reason: t.arg.string() },
    resolve: (_r, args, ctx) =>
      licences.verifyAgentLicence(ctx.deps, currentUser(ctx), {
        agentId: String(args.agentId),
        approved: args.approved,
        reason: args.reason,
      }),
  }),
}));
