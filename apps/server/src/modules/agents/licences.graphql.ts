import { isLicenceExpiredOn, isLicenceVerifiedOn, licenceToday, type AgentLicenceStatus } from '@listwise/domain/agent-licence';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
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
export const AgentLicenceStatusEnum = builder.enumType('AgentLicenceStatus', {
  description: "An operator's check of the licence on file.",
  values: describedValues<AgentLicenceStatus>({
    PENDING: 'Waiting for an operator (a new licence, or a renewal).',
    VERIFIED: 'An operator checked it with the state register.',
    REJECTED: 'An operator could not verify it (`rejectionReason`); the agent should correct it.',
  }),
});

const isOwnerOrOperator = (licence: AgentLicenceRow, ctx: GraphQLContext) =>
  !!ctx.user && (ctx.user.id === licence.agentUserId || ctx.user.userType === 'ADMIN');

/** Whether sellers see 'Licence verified' today (verified and not expired). */
const isVerifiedNow = (licence: AgentLicenceRow, ctx: GraphQLContext) =>
  isLicenceVerifiedOn(licences.standingOf(licence), licenceToday(licence.state, ctx.deps.clock.now()));

export const AgentLicenceRef = builder.objectRef<AgentLicenceRow>('AgentLicence').implement({
  description:
    "An agent's real estate licence. The agent and operators see all of it; anyone else sees its state and standing, and its number and licensee only while it shows as verified.",
  fields: (t) => ({
    id: t.id({ description: "The agent's user id: one licence per agent.", resolve: (l) => l.agentUserId }),
    number: t.string({
      nullable: true,
      description: "Sellers read it only while 'Licence verified' shows (isVerified).",
      resolve: (l, _a, ctx) => (isVerifiedNow(l, ctx) || isOwnerOrOperator(l, ctx) ? l.number : null),
    }),
    state: t.field({ type: StateEnum, description: 'Where it was issued.', resolve: (l) => l.state as (typeof StateEnum)['$inferType'] }),
    licenseeName: t.string({
      nullable: true,
      description: "The name on the licence when not the agent's own; null when none, or for sellers until it shows as verified.",
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
    verifiedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When an operator last verified it; null before.',
      resolve: (l) => l.verifiedAt,
    }),
    submittedAt: t.field({ type: 'DateTime', description: 'When the agent entered it as it stands.', resolve: (l) => l.submittedAt }),
    rejectionReason: t.string({
      nullable: true,
      description: 'Only the agent and operators read why a licence was rejected.',
      resolve: (l, _a, ctx) => (isOwnerOrOperator(l, ctx) ? l.rejectionReason : null),
    }),
    agent: t.field({
      type: AgentRef,
      nullable: true,
      description: "The agent who holds it (for the operators' queue); null when the profile is gone.",
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
  t.field({
    type: AgentLicenceRef,
    nullable: true,
    description: "The agent's licence; null before one is entered.",
    resolve: (a, _a, ctx) => licenceOf(ctx, a.userId),
  }),
);
builder.objectField(AgentProfileRef, 'licence', (t) =>
  t.field({
    type: AgentLicenceRef,
    nullable: true,
    description: "The agent's licence; null before one is entered.",
    resolve: (p, _a, ctx) => licenceOf(ctx, p.userId),
  }),
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
    description:
      "Records the signed-in agent's licence for an operator to check (PENDING). A renewal of the same number and state keeps the verified expiry, so sellers keep seeing 'Licence verified' until it passes. validation_failed names the field at fault.",
    args: {
      licenceNumber: t.arg.string({
        required: true,
        description: 'Digits only in NSW, VIC and QLD (5 to 10); elsewhere 4 to 20 letters or digits. Spaces and dashes are dropped.',
      }),
      licenceState: t.arg({ type: StateEnum, required: true, description: 'Where it was issued.' }),
      licenseeName: t.arg.string({ description: "The name on the licence, when not the agent's own." }),
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
    description:
      "An operator's decision on an agent's licence as it stands; the agent is e-mailed. Audit-logged. licence_expired when verifying a licence whose expiry has passed.",
    args: {
      agentId: t.arg.id({ required: true, description: "The agent's user id." }),
      approved: t.arg.boolean({ required: true, description: 'True verifies it, false rejects it.' }),
      reason: t.arg.string({ description: 'Why it was rejected: required with `approved: false`.' }),
    },
    resolve: (_r, args, ctx) =>
      licences.verifyAgentLicence(ctx.deps, currentUser(ctx), {
        agentId: String(args.agentId),
        approved: args.approved,
        reason: args.reason,
      }),
  }),
}));
