import type { paymentMethods } from '../../db/schema/payments.ts';
import { builder } from '../../graphql/builder.ts';
import { AgentProfileRef } from '../accounts/accounts.graphql.ts';
import { ADMIN, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import * as admin from './admin.service.ts';
import { LedgerChargeConnection } from './ledger.graphql.ts';
import { AdminSuburbSubscriptionRef } from './suburbs.graphql.ts';

/** The console's Agents tab: an agent's account, profile, saved cards, subscriptions and charges. */

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const AdminCardRef = builder.objectRef<PaymentMethodRow>('AdminCard').implement({
  description: 'A saved card: brand and last four digits only.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The saved card id.' }),
    cardBrand: t.exposeString('cardBrand', { description: 'visa, mastercard, amex or unknown.' }),
    cardSuffix: t.exposeString('cardSuffix', { description: 'The last four digits.' }),
    expMonth: t.exposeInt('expMonth', { nullable: true, description: 'The expiry month (1 to 12), when the provider gave it.' }),
    expYear: t.exposeInt('expYear', { nullable: true, description: 'The expiry year, when the provider gave it.' }),
    isDefault: t.exposeBoolean('isDefault', { description: 'The card renewals and lead fees are charged to.' }),
  }),
});

const AdminAgentRef = builder.objectRef<admin.AgentUserRow>('AdminAgent').implement({
  description: "An agent's account as operators see it, with what the agent pays for.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The agent's user id." }),
    email: t.exposeString('email', { nullable: true, description: 'The sign-in e-mail; empty once the account is closed.' }),
    mobileNumber: t.exposeString('mobileNumber', { nullable: true, description: 'The mobile number, if given.' }),
    isEmailVerified: t.boolean({ description: 'The agent has confirmed their e-mail address.', resolve: (u) => !!u.emailVerifiedAt }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the agent signed up.' }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The agent closed the account: name, e-mail, phone and photos are erased; shown as deleted.',
    }),
    profile: t.field({
      type: AgentProfileRef,
      nullable: true,
      description: "The agent's profile (name, agency, licence), once made.",
      resolve: (u, _a, ctx) => ctx.loaders.agentProfileByUserId.load(u.id),
    }),
    cards: t.field({
      type: [AdminCardRef],
      description: "The agent's saved cards.",
      resolve: (u, _a, ctx) => adminLoaders(ctx).paymentMethodsByUserId.load(u.id),
    }),
    subscriptions: t.field({
      type: [AdminSuburbSubscriptionRef],
      description: "The agent's suburb subscriptions, live, lapsed and cancelled, newest first.",
      resolve: (u, _a, ctx) => adminLoaders(ctx).subscriptionsByAgentId.load(u.id),
    }),
    charges: t.field({
      type: LedgerChargeConnection,
      description: "The agent's charges, newest first.",
      args: {
        first: t.arg.int({ description: 'How many charges: 10 when not given, at most 50.' }),
        after: t.arg.string({ description: 'The cursor of the last charge of the page before.' }),
      },
      resolve: (u, args, ctx) => admin.listCharges(ctx.deps.db, { userId: u.id, first: args.first, after: args.after }),
    }),
  }),
});

builder.queryFields((t) => ({
  adminAgents: t.connection(
    {
      type: AdminAgentRef,
      authScopes: ADMIN,
      description: 'Agents, newest first; with a search, those whose e-mail or name contains it (any case).',
      args: { search: t.arg.string({ description: 'Part of an e-mail address or name.' }) },
      resolve: (_r, args, ctx) => admin.listAgents(ctx.deps.db, { ...page(args), search: args.search }),
    },
    { description: 'A page of agents.' },
    { description: 'An agent, with its cursor.' },
  ),
  adminAgent: t.field({
    type: AdminAgentRef,
    authScopes: ADMIN,
    description: 'One agent. not_found for an unknown id or one that is not an agent.',
    args: { id: t.arg.id({ required: true, description: "The agent's user id." }) },
    resolve: (_r, args, ctx) => admin.getAgent(ctx.deps.db, String(args.id)),
  }),
}));
