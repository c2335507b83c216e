import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import { findSuburbsByIds } from '../suburbs/suburbs.service.ts';
import { type SuburbRow } from '../../db/schema/suburbs.ts';
import * as signupSelection from './signup-selection.service.ts';
import * as subscriptions from './subscriptions.service.ts';
import { subscribeToSuburbs } from './suburb-purchase.service.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';

/**
 * Suburb subscriptions (spec 000 §7): `subscribeToSuburbs`, `cancelSuburbSubscription`, `renewSuburbSubscription`,
 * `mySubscribedSuburbs`, `myAgentSuburbSubscriptionFreeTrialState`, and `Suburb.isSubscribedByMe` for the pickers.
 */

// Per-request loaders, kept on the context object.
const loaders = new WeakMap<
  GraphQLContext,
  { suburbById: DataLoader<number, SuburbRow | null>; mySuburbIds: Promise<Set<number>> | null }
>();
function loadersFor(ctx: GraphQLContext) {
  let entry = loaders.get(ctx);
  if (!entry) {
    entry = {
      suburbById: new DataLoader(async (ids) => {
        const rows = await findSuburbsByIds(ctx.deps.db, [...ids]);
        return ids.map((id) => rows.find((r) => r.id === id) ?? null);
      }),
      mySuburbIds: null,
    };
    loaders.set(ctx, entry);
  }
  return entry;
}

/** The suburbs the signed-in agent holds a live subscription in (one query per request). */
function mySuburbIds(ctx: GraphQLContext): Promise<Set<number>> {
  const entry = loadersFor(ctx);
  if (!entry.mySuburbIds) {
    const user = ctx.user;
    entry.mySuburbIds =
      user?.userType === 'AGENT'
        ? subscriptions
            .findLiveSubscriptions(ctx.deps.db, user.id, ctx.deps.clock.now())
            .then((rows) => new Set(rows.map((r) => r.suburbId)))
        : Promise.resolve(new Set());
  }
  return entry.mySuburbIds;
}

const SubscriptionToRenewRef = builder.objectRef<{ date: Date; priceDollars: number }>('SubscriptionToRenew').implement({
  description: 'The next period of a subscription that renews automatically: when, and what it will cost.',
  fields: (t) => ({
    date: t.field({ type: 'DateTime', description: 'When the next period starts and is charged.', resolve: (r) => r.date }),
    priceDollars: t.exposeFloat('priceDollars', { description: 'What it will cost, in dollars including GST.' }),
  }),
});

export const SubscribedSuburbRef = builder.objectRef<SubscriptionRow>('SubscribedSuburb').implement({
  description: "An agent's subscription to a suburb: 12-month periods in which the agent receives its appraisal requests.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The subscription id (`suburbSubscriptionId`).' }),
    suburb: t.field({
      type: SuburbRef,
      description: 'The suburb.',
      resolve: async (s, _a, ctx) => (await loadersFor(ctx).suburbById.load(s.suburbId))!,
    }),
    subscriptionToRenew: t.field({
      type: SubscriptionToRenewRef,
      nullable: true,
      description: 'Null when auto-renewal is off or the subscription has lapsed.',
      resolve: (s, _a, ctx) => subscriptions.subscriptionToRenew(s, ctx.deps.clock.now()),
    }),
    subscriptionExpiresAt: t.field({ type: 'DateTime', description: 'When the current period ends.', resolve: (s) => s.expiresAt }),
    isFreeTrial: t.exposeBoolean('isFreeTrial', { description: 'Whether the current period is a free trial.' }),
    isActive: t.boolean({
      description: 'Whether the subscription is live (not lapsed).',
      resolve: (s, _a, ctx) => s.expiresAt > ctx.deps.clock.now(),
    }),
    isManuallyManaged: t.exposeBoolean('isManuallyManaged', {
      description: 'Managed by Listwise operators: the agent cannot cancel or renew it (suburb_subscription_manually_managed).',
    }),
  }),
});

const FreeTrialStateRef = builder
  .objectRef<{ numberOfFreeTrialsClaimed: number; totalFreeTrialsAllowed: number }>('AgentSuburbSubscriptionFreeTrialState')
  .implement({
    description: "An agent's free trials: the next (allowed − claimed) suburbs subscribed to are free for their first period.",
    fields: (t) => ({
      numberOfFreeTrialsClaimed: t.exposeInt('numberOfFreeTrialsClaimed', { description: 'Free trials the agent has used.' }),
      totalFreeTrialsAllowed: t.exposeInt('totalFreeTrialsAllowed', { description: 'Free trials an agent gets in all.' }),
    }),
  });

builder.objectField(SuburbRef, 'isSubscribedByMe', (t) =>
  t.boolean({
    description: 'Whether the signed-in agent holds a live subscription here (false for everyone else).',
    resolve: async (s, _a, ctx) => (await mySuburbIds(ctx)).has(s.id),
  }),
);

builder.queryFields((t) => ({
  mySubscribedSuburbs: t.field({
    type: [SubscribedSuburbRef],
    authScopes: { agent: true },
    description:
      "The signed-in agent's suburbs, one per suburb, oldest claim first: the live subscription, or the latest lapsed one (which the agent may renew). Subscriptions an operator cancelled are left out.",
    resolve: (_r, _a, ctx) => subscriptions.listSubscribedSuburbs(ctx.deps, currentUser(ctx).id),
  }),
  myAgentSuburbSubscriptionFreeTrialState: t.field({
    type: FreeTrialStateRef,
    authScopes: { agent: true },
    description: "The signed-in agent's free trials.",
    resolve: (_r, _a, ctx) => subscriptions.getFreeTrialState(ctx.deps, currentUser(ctx).id),
  }),
  mySignupSuburbSelection: t.field({
    type: [SuburbRef],
    authScopes: { agent: true },
    description: 'The suburbs chosen during sign-up and not subscribed to yet, in the order chosen (empty once subscribed).',
    resolve: (_r, _a, ctx) => signupSelection.getSignupSuburbSelection(ctx.deps, currentUser(ctx)),
  }),
}));

builder.mutationFields((t) => ({
  saveSignupSuburbSelection: t.field({
    type: [SuburbRef],
    authScopes: { agent: true },
    description:
      'Keeps the suburbs chosen during sign-up on the server as they are chosen, in this order (an empty list clears them), so a reload or another tab keeps them. Subscribing empties them.',
    args: { suburbIds: t.arg.idList({ required: true, description: 'The suburbs chosen, in order.' }) },
    resolve: (_r, args, ctx) => signupSelection.saveSignupSuburbSelection(ctx.deps, currentUser(ctx), { suburbIds: args.suburbIds }),
  }),
  subscribeToSuburbs: t.field({
    type: [SubscribedSuburbRef],
    authScopes: { agent: true },
    description:
      "Claims the suburbs in the order given. The first (totalFreeTrialsAllowed − claimed) are free trials; the rest cost the annual price each for 12 months, charged to the default card in one payment. Nothing is made until the payment's outcome is known; then the whole claim. Answers agents_profile_is_incomplete (no name or mobile), agent_suspended, not_found (a suburb), some_suburb_already_subscribed_to, some_suburb_at_capacity, validation_failed (more than 5 suburbs with those held or trials used), invalid_state (another purchase under way), user_missing_stripe_customer (no card) and payment_declined.",
    args: { suburbIds: t.arg.idList({ required: true, description: 'The suburbs to claim, in order.' }) },
    resolve: (_r, args, ctx) => subscribeToSuburbs(ctx.deps, currentUser(ctx), { suburbIds: args.suburbIds }),
  }),
  cancelSuburbSubscription: t.field({
    type: SubscribedSuburbRef,
    authScopes: { agent: true },
    description:
      'Turns auto-renewal off: the subscription runs to its end date. suburb_subscription_manually_managed for one operators manage.',
    args: { suburbSubscriptionId: t.arg.id({ required: true, description: "One of the agent's subscriptions." }) },
    resolve: (_r, args, ctx) => subscriptions.cancelSuburbSubscription(ctx.deps, currentUser(ctx), String(args.suburbSubscriptionId)),
  }),
  renewSuburbSubscription: t.field({
    type: SubscribedSuburbRef,
    authScopes: { agent: true },
    description:
      'Turns auto-renewal back on. A lapsed subscription starts a new 12-month period now and is charged the annual price at once, if its place can be claimed: some_suburb_at_capacity, some_suburb_already_subscribed_to, validation_failed (5 suburbs held), agent_suspended, payment_declined, suburb_subscription_manually_managed.',
    args: { suburbSubscriptionId: t.arg.id({ required: true, description: "One of the agent's subscriptions." }) },
    resolve: (_r, args, ctx) => subscriptions.renewSuburbSubscription(ctx.deps, currentUser(ctx), String(args.suburbSubscriptionId)),
  }),
}));
