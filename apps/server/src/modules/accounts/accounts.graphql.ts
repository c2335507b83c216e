import { AgentBadge, SellerStatus, UserType, valuesOf } from '@listwise/domain/enums';
import { and, eq } from 'drizzle-orm';
import { badgeForSales } from '@listwise/domain/badges';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { agentProfiles, sellerProfiles } from '../../db/schema/accounts.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext, UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
import * as accounts from './accounts.service.ts';
import { undoEmailChange, updateUserDetails } from './user-details.service.ts';
import { isAgentProfileComplete, isSellerProfileComplete } from './profile.service.ts';
import * as terms from './terms.ts';
import { liveSubscription } from '../../db/live-subscription.ts';

/** Users, profiles and every account call of spec 000 §7. Resolvers stay thin: parse, authorise, call the service. */

export const UserTypeEnum = builder.enumType('UserType', { values: valuesOf(UserType) });
export const SellerStatusEnum = builder.enumType('SellerStatus', { values: valuesOf(SellerStatus) });
export const AgentBadgeEnum = builder.enumType('AgentBadge', { values: valuesOf(AgentBadge) });

type AgentProfileRow = typeof agentProfiles.$inferSelect;
type SellerProfileRow = typeof sellerProfiles.$inferSelect;

const loadMedia = (ctx: GraphQLContext, id: string | null) => (id ? ctx.loaders.userMediaById.load(id) : null);

export const AgentProfileRef = builder.objectRef<AgentProfileRow>('AgentProfile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true }),
    bio: t.exposeString('bio', { nullable: true }),
    badge: t.field({ type: AgentBadgeEnum, nullable: true, resolve: (p) => badgeForSales(p.numberOfEngagements) }),
    numberOfEngagements: t.exposeInt('numberOfEngagements'),
    profilePicture: t.field({ type: UserMediaRef, nullable: true, resolve: (p, _a, ctx) => loadMedia(ctx, p.profilePictureMediaId) }),
    agencyLogo: t.field({ type: UserMediaRef, nullable: true, resolve: (p, _a, ctx) => loadMedia(ctx, p.agencyLogoMediaId) }),
    agencyName: t.exposeString('agencyName', { nullable: true }),
    agencyBio: t.exposeString('agencyBio', { nullable: true }),
    agencyAbn: t.exposeString('agencyAbn', {
      nullable: true,
      description: "The agency's ABN, 11 digits without spaces (public, as on the ABN Lookup); tax invoices name it as the buyer.",
    }),
    hasSubscribedSuburbs: t.boolean({
      description: 'Whether the agent holds any live suburb subscription (home routing of incomplete agents).',
      resolve: async (p, _a, ctx) => {
        const [row] = await ctx.deps.db
          .select({ id: suburbSubscriptions.id })
          .from(suburbSubscriptions)
          .where(and(eq(suburbSubscriptions.agentUserId, p.userId), liveSubscription(ctx.deps.clock.now())))
          .limit(1);
        return !!row;
      },
    }),
  }),
});

export const SellerProfileRef = builder.objectRef<SellerProfileRow>('SellerProfile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true }),
    isPrivacyPolicyAccepted: t.exposeBoolean('isPrivacyPolicyAccepted'),
    nextPage: t.exposeString('nextPage', { nullable: true }),
    status: t.field({ type: SellerStatusEnum, resolve: (p) => p.status }),
  }),
});

const canReadAccount = (u: UserRow, ctx: GraphQLContext) => ctx.user?.id === u.id || ctx.user?.userType === 'ADMIN';

const TermsVersionRef = builder.objectRef<terms.TermsVersion>('TermsVersion').implement({
  description: 'A published version of the terms and privacy policy, with what changed in it.',
  fields: (t) => ({
    version: t.exposeString('version', {
      description: "The version's date (YYYY-MM-DD), as the documents name it; what `acceptTerms` takes.",
    }),
    whatChanged: t.stringList({
      description: 'What changed in this version, in plain English, a sentence each.',
      resolve: (v) => [...v.whatChanged],
    }),
  }),
});

export const UserRef = builder.objectRef<UserRow>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { nullable: true }),
    userType: t.field({ type: UserTypeEnum, resolve: (u) => u.userType }),
    isGhostUser: t.exposeBoolean('isGhostUser'),
    isEmailVerified: t.boolean({ resolve: (u) => !!u.emailVerifiedAt }),
    mobileNumber: t.exposeString('mobileNumber', { nullable: true }),
    hasPassword: t.boolean({
      nullable: true,
      description: 'Whether the account has a password (changing it or the e-mail then asks for it); only to the user.',
      resolve: (u, _a, ctx) => (ctx.user?.id === u.id ? !!u.passwordHash && !u.isGhostUser : null),
    }),
    acceptedTermsVersion: t.string({
      nullable: true,
      description: 'The version of the terms and privacy policy the user accepted; only to the user and operators.',
      resolve: (u, _a, ctx) => (canReadAccount(u, ctx) ? u.acceptedTermsVersion : null),
    }),
    acceptedTermsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the user accepted it; only to the user and operators.',
      resolve: (u, _a, ctx) => (canReadAccount(u, ctx) ? u.acceptedTermsAt : null),
    }),
    mustAcceptTerms: t.boolean({
      description:
        'A newer version of the terms and privacy policy than the user accepted is in force: the web app shows it and waits for `acceptTerms` before anything else. False for anyone but the user.',
      resolve: (u, _a, ctx) => ctx.user?.id === u.id && terms.mustAcceptTerms(u),
    }),
    termsChanges: t.field({
      type: [TermsVersionRef],
      description:
        'What changed in the versions of the terms and privacy policy the user has not accepted, newest first (the version in force alone for a user who accepted none): the re-acceptance screen shows it. Empty once the version in force is accepted, and for anyone but the user.',
      resolve: (u, _a, ctx) => (ctx.user?.id === u.id && terms.mustAcceptTerms(u) ? terms.termsChangesSince(u.acceptedTermsVersion) : []),
    }),
    deletedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the user closed the account (`deleteMyAccount`); only to operators (a closed account has no session).',
      resolve: (u, _a, ctx) => (canReadAccount(u, ctx) ? u.deletedAt : null),
    }),
    profileComplete: t.boolean({
      resolve: async (u, _a, ctx) => {
        if (u.userType === 'ADMIN') return true;
        if (u.userType === 'AGENT') return isAgentProfileComplete(u, await ctx.loaders.agentProfileByUserId.load(u.id));
        return isSellerProfileComplete(u, await ctx.loaders.sellerProfileByUserId.load(u.id));
      },
    }),
    agentProfile: t.field({
      type: AgentProfileRef,
      nullable: true,
      resolve: (u, _a, ctx) => (u.userType === 'AGENT' ? ctx.loaders.agentProfileByUserId.load(u.id) : null),
    }),
    sellerProfile: t.field({
      type: SellerProfileRef,
      nullable: true,
      resolve: (u, _a, ctx) => (u.userType === 'SELLER' ? ctx.loaders.sellerProfileByUserId.load(u.id) : null),
    }),
  }),
});

const AuthPayloadRef = builder.objectRef<accounts.AuthResult>('AuthPayload').implement({
  fields: (t) => ({ token: t.exposeString('token'), user: t.field({ type: UserRef, resolve: (r) => r.user }) }),
});

export const MessagePayloadRef = builder.objectRef<{ message: string }>('MessagePayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

/** The signed-in user, for resolvers guarded by an auth scope. */
export const currentUser = (ctx: GraphQLContext): UserRow => {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user;
};

builder.queryField('me', (t) => t.field({ type: UserRef, nullable: true, resolve: (_r, _a, ctx) => ctx.user }));

builder.queryField('currentTermsVersion', (t) =>
  t.string({
    description: 'The version of the terms and privacy policy in force: what `acceptTerms` takes.',
    resolve: () => terms.CURRENT_TERMS_VERSION,
  }),
);

builder.mutationFields((t) => ({
  createAgentUser: t.field({
    type: AuthPayloadRef,
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.createAgentUser(ctx.deps, args, ctx.clientAddress),
  }),
  login: t.field({
    type: AuthPayloadRef,
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.login(ctx.deps, args, ctx.clientAddress),
  }),
  createGhostUser: t.field({ type: AuthPayloadRef, resolve: (_r, _a, ctx) => accounts.createGhostUser(ctx.deps, ctx.clientAddress) }),
  getUserByToken: t.field({
    type: AuthPayloadRef,
    args: { continueToken: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.getUserByToken(ctx.deps, args.continueToken),
  }),
  sendContinueEmail: t.field({
    type: MessagePayloadRef,
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.sendContinueEmail(ctx.deps, args, ctx.clientAddress),
  }),
  sendPasswordResetEmail: t.field({
    type: MessagePayloadRef,
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.sendPasswordResetEmail(ctx.deps, args, ctx.clientAddress),
  }),
  updateUserPasswordWithResetToken: t.field({
    type: MessagePayloadRef,
    args: {
      userId: t.arg.id({ required: true }),
      passwordResetToken: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) => accounts.updateUserPasswordWithResetToken(ctx.deps, { ...args, userId: String(args.userId) }),
  }),
  updateUserPassword: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description:
      'Sets a new password (and mobile number). `currentPassword` is needed when the account has a password (not for ghost or social-only accounts): incorrect_password when missing or wrong.',
    args: { password: t.arg.string({ required: true }), mobileNumber: t.arg.string(), currentPassword: t.arg.string() },
    resolve: (_r, args, ctx) => accounts.updateUserPassword(ctx.deps, currentUser(ctx), ctx.sessionId!, args),
  }),
  updateUserDetails: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    args: {
      name: t.arg.string(),
      mobileNumber: t.arg.string(),
      email: t.arg.string(),
      socialEmail: t.arg.string(),
      isPrivacyPolicyAccepted: t.arg.boolean(),
      nextPage: t.arg.string(),
      currentPassword: t.arg.string(),
    },
    description:
      'Partial update of the signed-in user. A new `email` needs `currentPassword` when the account has a password (incorrect_password when missing or wrong); the old address is e-mailed a link that undoes the change for 7 days.',
    resolve: (_r, args, ctx) => updateUserDetails(ctx.deps, currentUser(ctx), args, ctx.clientAddress),
  }),
  verifyEmail: t.field({
    type: MessagePayloadRef,
    args: { emailVerificationToken: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => accounts.verifyEmail(ctx.deps, args.emailVerificationToken),
  }),
  undoEmailChange: t.field({
    type: MessagePayloadRef,
    description:
      'The link e-mailed to the old address after an e-mail change: puts it back, signs every session out and e-mails a link to choose a new password. invalid_token when unknown, used or older than 7 days.',
    args: { emailChangeUndoToken: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => undoEmailChange(ctx.deps, args.emailChangeUndoToken),
  }),
  resendVerificationEmail: t.field({
    type: MessagePayloadRef,
    args: { userId: t.arg.id() },
    resolve: (_r, args, ctx) =>
      accounts.resendVerificationEmail(ctx.deps, ctx.user, args.userId ? String(args.userId) : null, ctx.clientAddress),
  }),
  acceptTerms: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description:
      'The signed-in user accepts the terms and privacy policy of `version` (`currentTermsVersion`); the version and time are stored. terms_version_outdated when a newer version is in force.',
    args: { version: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => terms.acceptTerms(ctx.deps, currentUser(ctx), args.version),
  }),
  logout: t.boolean({
    authScopes: { loggedIn: true },
    resolve: (_r, _a, ctx) => accounts.logout(ctx.deps, ctx.sessionId!),
  }),
}));
