import type { SuburbSubscriptionRow } from '../../db/schema/subscriptions.ts';
import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import { ADMIN, AdminUserRef, mustLoadUser, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import {
  cancelSuburbSubscriptionAsAdmin,
  isSubscriptionLive,
  listSuburbSubscriptions,
  listSuburbs,
  setSuburbSubscribedAgentsMax,
  setSuburbSubscriptionManuallyManaged,
} from './suburb-subscriptions.service.ts';

/** The console's Suburbs tab: each suburb's agent maximum and the subscriptions that hold its places. */

export const AdminSuburbSubscriptionRef = builder.objectRef<SuburbSubscriptionRow>('AdminSuburbSubscription').implement({
  description: "An agent's subscription to a suburb, live, lapsed or cancelled, as operators see it.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The subscription id.' }),
    suburb: t.field({
      type: SuburbRef,
      description: 'The suburb subscribed to.',
      resolve: async (s, _a, ctx) => (await adminLoaders(ctx).suburbById.load(s.suburbId))!,
    }),
    agent: t.field({
      type: AdminUserRef,
      description: 'The subscribing agent.',
      resolve: (s, _a, ctx) => mustLoadUser(ctx, s.agentUserId),
    }),
    isFreeTrial: t.exposeBoolean('isFreeTrial', { description: 'A free trial: nothing was charged for this period.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'When the current period began.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the current period ends (it renews then if autoRenew).' }),
    autoRenew: t.exposeBoolean('autoRenew', { description: 'The saved card is charged for another year when the period ends.' }),
    isManuallyManaged: t.exposeBoolean('isManuallyManaged', {
      description: "Only operators change it: the agent's own calls answer suburb_subscription_manually_managed.",
    }),
    cancelledAt: t.expose('cancelledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was cancelled (by the agent or an operator); it no longer holds a place.',
    }),
    isLive: t.boolean({
      description: "Counts against the suburb's agent maximum: not cancelled and not lapsed.",
      resolve: (s, _a, ctx) => isSubscriptionLive(s, ctx.deps.clock.now()),
    }),
  }),
});

builder.queryFields((t) => ({
  adminSuburbs: t.connection(
    {
      type: SuburbRef,
      authScopes: ADMIN,
      description: 'Suburbs by name or postcode prefix; with no search, the suburbs that have subscriptions.',
      args: { search: t.arg.string({ description: 'The start of a suburb name or postcode.' }) },
      resolve: (_r, args, ctx) => listSuburbs(ctx.deps.db, { ...page(args), search: args.search }),
    },
    { description: 'A page of suburbs, for operators.' },
    { description: 'A suburb, with its cursor.' },
  ),
  adminSuburbSubscriptions: t.connection(
    {
      type: AdminSuburbSubscriptionRef,
      authScopes: ADMIN,
      description: 'Every subscription of a suburb (live, lapsed and cancelled), newest first. not_found for an unknown suburb.',
      args: { suburbId: t.arg.id({ required: true, description: 'The suburb.' }) },
      resolve: (_r, args, ctx) => listSuburbSubscriptions(ctx.deps.db, String(args.suburbId), page(args)),
    },
    { description: "A page of a suburb's subscriptions." },
    { description: 'A subscription, with its cursor.' },
  ),
}));

builder.mutationFields((t) => ({
  setSuburbSubscribedAgentsMax: t.field({
    type: SuburbRef,
    authScopes: ADMIN,
    description:
      'Sets how many agents may hold a live subscription in the suburb (audit-logged). It cannot go below the agents subscribed ' +
      'now (subscribed_agents_max_below_subscribed_count): cancel subscriptions first.',
    args: {
      suburbId: t.arg.id({ required: true, description: 'The suburb.' }),
      subscribedAgentsMax: t.arg.int({ required: true, description: 'The new maximum of agents with a live subscription.' }),
    },
    resolve: (_r, args, ctx) =>
      setSuburbSubscribedAgentsMax(ctx.deps, currentUser(ctx), {
        suburbId: String(args.suburbId),
        subscribedAgentsMax: args.subscribedAgentsMax,
      }),
  }),
  setSuburbSubscriptionManuallyManaged: t.field({
    type: AdminSuburbSubscriptionRef,
    authScopes: ADMIN,
    description:
      "Marks a subscription as managed by operators only (the agent's own calls then answer suburb_subscription_manually_managed), or not; audit-logged.",
    args: {
      suburbSubscriptionId: t.arg.id({ required: true, description: 'The subscription.' }),
      isManuallyManaged: t.arg.boolean({ required: true, description: 'Whether only operators may change it.' }),
    },
    resolve: (_r, args, ctx) =>
      setSuburbSubscriptionManuallyManaged(ctx.deps, currentUser(ctx), {
        suburbSubscriptionId: String(args.suburbSubscriptionId),
        isManuallyManaged: args.isManuallyManaged,
      }),
  }),
  cancelSuburbSubscriptionAsAdmin: t.field({
    type: AdminSuburbSubscriptionRef,
    authScopes: ADMIN,
    description:
      "Cancels an agent's subscription at the agent's request (audit-logged): it stops holding a place at once and will not renew. invalid_state when cancelled already.",
    args: { suburbSubscriptionId: t.arg.id({ required: true, description: 'The subscription.' }) },
    resolve: (_r, args, ctx) => cancelSuburbSubscriptionAsAdmin(ctx.deps, currentUser(ctx), String(args.suburbSubscriptionId)),
  }),
}));
