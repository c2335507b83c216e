import type { properties } from '../../db/schema/properties.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { UserTypeEnum } from '../accounts/accounts.graphql.ts';
import { ListingVerificationStatusEnum, PropertyRef } from '../listings/listings.graphql.ts';
import { CompleteTypeEnum, PropertyStateEnum, YesNoEnum } from '../listings/property-enums.graphql.ts';
import { adminLoaders, type AdminUserSummary } from './admin-loaders.ts';
import { formatPropertyAddress } from './admin.service.ts';

/**
 * The operators' console on the API (PRODUCT.md 'Roles'), one file per console tab; this one holds what the tabs
 * share. Every console field needs the `admin` scope: others get `forbidden` (`unauthorized` without a session).
 * Types are prefixed Admin (or Ledger) so they never collide with what sellers and agents see. Cashback bank details
 * appear only masked.
 */

type PropertyRow = typeof properties.$inferSelect;

export const ADMIN = { admin: true } as const;

/** The page arguments of a connection field, as the console's list services take them. */
export const page = (args: { first?: number | null; after?: string | null }) => ({ first: args.first, after: args.after });

export const loadUser = async (ctx: GraphQLContext, id: string | null) => (id ? adminLoaders(ctx).userById.load(id) : null);
export const mustLoadUser = async (ctx: GraphQLContext, id: string) => (await adminLoaders(ctx).userById.load(id))!;

/** An enum's values, each with its description, as Pothos takes them: the record's type makes every value described. */
export const describedValues = <V extends string>(descriptions: Record<V, string>) =>
  Object.fromEntries(Object.entries<string>(descriptions).map(([value, description]) => [value, { description }])) as Record<
    V,
    { description: string }
  >;

export const AdminUserRef = builder.objectRef<AdminUserSummary>('AdminUser').implement({
  description: 'A user as operators see them in lists.',
  fields: (t) => ({
    id: t.id({ description: 'The user id.', resolve: (u) => u.user.id }),
    email: t.string({ nullable: true, description: 'The sign-in e-mail; empty once the account is closed.', resolve: (u) => u.user.email }),
    name: t.string({
      nullable: true,
      description: "The agent's or seller's full name; empty for an operator or a closed account.",
      resolve: (u) => u.name,
    }),
    userType: t.field({ type: UserTypeEnum, description: 'Seller, agent or operator.', resolve: (u) => u.user.userType }),
    mobileNumber: t.string({ nullable: true, description: 'The mobile number, if given.', resolve: (u) => u.user.mobileNumber }),
    isEmailVerified: t.boolean({ description: 'The user has confirmed their e-mail address.', resolve: (u) => !!u.user.emailVerifiedAt }),
    createdAt: t.field({ type: 'DateTime', description: 'When the account was made.', resolve: (u) => u.user.createdAt }),
    deletedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The user closed the account: name, e-mail and phone are erased; shown as deleted.',
      resolve: (u) => u.user.deletedAt,
    }),
  }),
});

export const AdminPropertyRef = builder.objectRef<PropertyRow>('AdminProperty').implement({
  description: 'A property as operators see it: the full address and the ownership answers.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The property (listing) id.' }),
    address: t.string({
      description: 'The full street address with suburb, state and postcode.',
      resolve: async (p, _a, ctx) =>
        formatPropertyAddress(p, p.suburbId == null ? null : await adminLoaders(ctx).suburbById.load(p.suburbId)),
    }),
    state: t.field({
      type: PropertyStateEnum,
      description: 'Where the listing stands: a draft, active, or complete.',
      resolve: (p) => p.state,
    }),
    completeType: t.field({
      type: CompleteTypeEnum,
      nullable: true,
      description: 'Why the listing is complete (sold, or the seller stopped), once it is.',
      resolve: (p) => p.completeType,
    }),
    areYouThePropertyOwner: t.field({
      type: YesNoEnum,
      nullable: true,
      description: "The seller's answer to 'Are you the property owner?'.",
      resolve: (p) => p.areYouThePropertyOwner,
    }),
    noPropertyOwnerReason: t.exposeString('noPropertyOwnerReason', {
      nullable: true,
      description: 'Why a seller who is not the owner may sell the property, in their words.',
    }),
    verificationStatus: t.field({
      type: ListingVerificationStatusEnum,
      description: "Whether an operator must verify the seller's authority before the requests go out.",
      resolve: (p) => p.verificationStatus,
    }),
    heldAgentCount: t.int({
      description: 'Agents waiting for the listing to be verified before they receive the request.',
      resolve: (p) => p.heldAgentUserIds.length,
    }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true, description: 'When the seller submitted the listing.' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true, description: 'When the seller completed the listing.' }),
    listing: t.field({
      type: PropertyRef,
      description: 'The whole listing as the seller entered it (details, sale information, photos, floor plans, videos), to decide on.',
      resolve: (p) => ({ ...p, detailsHidden: false }),
    }),
  }),
});
