import type { AgentBadge, SellerStatus, UserType } from '@listwise/domain/enums';
import { and, eq } from 'drizzle-orm';
import { badgeForSales } from '@listwise/domain/badges';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { agentProfiles, sellerProfiles } from '../../db/schema/accounts.ts';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import type { GraphQLContext, UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
import * as accounts from './accounts.service.ts';
import { undoEmailChange, updateUserDetails } from './user-details.service.ts';
import { isAgentProfileComplete, isSellerProfileComplete } from './profile.service.ts';
import * as terms from './terms.ts';
import { liveSubscription } from '../../db/live-subscription.ts';

/** Users, profiles and every account call of spec 000 §7. Resolvers stay thin: parse, authorise, call the service. */

export const UserTypeEnum = builder.enumType('UserType', {
  description: 'The role of an account; it decides which calls the account may make.',
  values: describedValues<UserType>({
    AGENT: 'A real estate agent: subscribes to suburbs and answers appraisal requests.',
    SELLER: 'A home seller (or someone acting for one): lists properties and asks agents for appraisals.',
    ADMIN: 'A Listwise operator: uses the console.',
  }),
});
export const SellerStatusEnum = builder.enumType('SellerStatus', {
  description: 'Whether a seller who is not the owner has been checked by an operator.',
  values: describedValues<SellerStatus>({
    APPROVED: 'The seller may list: the owner, or someone an operator approved.',
    PENDING_VERIFICATION: 'Waiting for an operator to check the seller.',
    VERIFICATION_REJECTED: 'An operator refused the seller.',
  }),
});
export const AgentBadgeEnum = builder.enumType('AgentBadge', {
  description: "An agent's tier by property sales confirmed through Listwise.",
  values: describedValues<AgentBadge>({
    VERIFIED: "1 or more sales (shown as 'First sale': it checks nothing).",
    BRONZE: '10 or more sales.',
    SILVER: '20 or more sales.',
    GOLD: '30 or more sales.',
    PLATINUM: '50 or more sales.',
    DIAMOND: '100 or more sales.',
  }),
});

type AgentProfileRow = typeof agentProfiles.$inferSelect;
type SellerProfileRow = typeof sellerProfiles.$inferSelect;

const loadMedia = (ctx: GraphQLContext, id: string | null) => (id ? ctx.loaders.userMediaById.load(id) : null);

export const AgentProfileRef = builder.objectRef<AgentProfileRow>('AgentProfile').implement({
  description: "An agent's profile as the agent keeps it: what sellers read about the agent and the agency.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id of the profile (not of the user).' }),
    name: t.exposeString('name', { nullable: true, description: "The agent's full name (up to 196 characters); null until given." }),
    bio: t.exposeString('bio', { nullable: true, description: 'About the agent, up to 500 characters; null until given.' }),
    badge: t.field({
      type: AgentBadgeEnum,
      nullable: true,
      description: 'The tier `numberOfEngagements` earns; null before the first sale.',
      resolve: (p) => badgeForSales(p.numberOfEngagements),
    }),
    numberOfEngagements: t.exposeInt('numberOfEngagements', { description: 'Property sales the agent confirmed through Listwise.' }),
    profilePicture: t.field({
      type: UserMediaRef,
      nullable: true,
      description: "The agent's photo; null until uploaded.",
      resolve: (p, _a, ctx) => loadMedia(ctx, p.profilePictureMediaId),
    }),
    agencyLogo: t.field({
      type: UserMediaRef,
      nullable: true,
      description: "The agency's logo; null until uploaded.",
      resolve: (p, _a, ctx) => loadMedia(ctx, p.agencyLogoMediaId),
    }),
    agencyName: t.exposeString('agencyName', { nullable: true, description: 'Up to 196 characters; null until given.' }),
    agencyBio: t.exposeString('agencyBio', { nullable: true, description: 'About the agency, up to 500 characters; null until given.' }),
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
  description: "A seller's profile.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id of the profile (not of the user).' }),
    name: t.exposeString('name', { nullable: true, description: "The seller's full name (up to 196 characters); null until given." }),
    isPrivacyPolicyAccepted: t.exposeBoolean('isPrivacyPolicyAccepted', {
      description: 'Whether the seller ticked the privacy policy while signing up (`acceptedTermsVersion` says which version).',
    }),
    nextPage: t.exposeString('nextPage', {
      nullable: true,
      description: 'The web app path (`/…`) to continue signing up at, as the app last saved it; null when none.',
    }),
    status: t.field({ type: SellerStatusEnum, description: 'Whether the seller may list.', resolve: (p) => p.status }),
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
  description: 'An account: a seller, an agent or an operator.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The user id.' }),
    email: t.exposeString('email', { nullable: true, description: 'The login e-mail; null for a ghost seller who has not given one.' }),
    userType: t.field({ type: UserTypeEnum, description: 'The role of the account.', resolve: (u) => u.userType }),
    isGhostUser: t.exposeBoolean('isGhostUser', {
      description:
        'A temporary seller made by `createGhostUser` for someone who started a listing before signing up; setting a password (`updateUserPassword`) makes it a normal seller. Removed after 30 days unfinished.',
    }),
    isEmailVerified: t.boolean({
      description: 'Whether the current `email` was verified through an e-mailed link.',
      resolve: (u) => !!u.emailVerifiedAt,
    }),
    mobileNumber: t.exposeString('mobileNumber', {
      nullable: true,
      description: 'An Australian mobile number, 10 digits; null until given.',
    }),
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
      description:
        'Whether the account is finished: an agent with name, mobile, photo, bio, agency name, logo and bio; a seller (not a ghost) with name, e-mail, mobile and password; always true for an operator.',
      resolve: async (u, _a, ctx) => {
        if (u.userType === 'ADMIN') return true;
        if (u.userType === 'AGENT') return isAgentProfileComplete(u, await ctx.loaders.agentProfileByUserId.load(u.id));
        return isSellerProfileComplete(u, await ctx.loaders.sellerProfileByUserId.load(u.id));
      },
    }),
    agentProfile: t.field({
      type: AgentProfileRef,
      nullable: true,
      description: "An agent's profile; null for anyone else.",
      resolve: (u, _a, ctx) => (u.userType === 'AGENT' ? ctx.loaders.agentProfileByUserId.load(u.id) : null),
    }),
    sellerProfile: t.field({
      type: SellerProfileRef,
      nullable: true,
      description: "A seller's profile; null for anyone else.",
      resolve: (u, _a, ctx) => (u.userType === 'SELLER' ? ctx.loaders.sellerProfileByUserId.load(u.id) : null),
    }),
  }),
});

const AuthPayloadRef = builder.objectRef<accounts.AuthResult>('AuthPayload').implement({
  description: 'A new session.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The session token: send it as `Authorization: Bearer <token>`.' }),
    user: t.field({ type: UserRef, description: 'The signed-in user.', resolve: (r) => r.user }),
  }),
});

export const MessagePayloadRef = builder.objectRef<{ message: string }>('MessagePayload').implement({
  description: 'The answer of a call that only confirms it was done.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'A short confirmation in English, not meant to be parsed.' }) }),
});

/** The signed-in user, for resolvers guarded by an auth scope. */
export const currentUser = (ctx: GraphQLContext): UserRow => {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user;
};

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user; null without a session.',
    resolve: (_r, _a, ctx) => ctx.user,
  }),
);

builder.queryField('currentTermsVersion', (t) =>
  t.string({
    description: 'The version of the terms and privacy policy in force: what `acceptTerms` takes.',
    resolve: () => terms.CURRENT_TERMS_VERSION,
  }),
);

builder.mutationFields((t) => ({
  createAgentUser: t.field({
    type: AuthPayloadRef,
    description:
      'Signs up a new agent and signs them in; a verification e-mail (a link valid 24 hours) goes to `email`. Answers email_invalid, password_too_short, email_is_already_in_use, or too_many_requests past the sign-ups or in-use answers allowed per client address.',
    args: {
      email: t.arg.string({ required: true, description: 'The login e-mail, up to 196 characters (case does not matter).' }),
      password: t.arg.string({ required: true, description: 'At least 9 characters.' }),
    },
    resolve: (_r, args, ctx) => accounts.createAgentUser(ctx.deps, args, ctx.clientAddress),
  }),
  login: t.field({
    type: AuthPayloadRef,
    description:
      'Signs in with e-mail and password. Answers invalid_credentials, or too_many_requests after too many failures for the e-mail or from the client address (a success counts nothing).',
    args: {
      email: t.arg.string({ required: true, description: 'The login e-mail (case does not matter).' }),
      password: t.arg.string({ required: true, description: 'The password.' }),
    },
    resolve: (_r, args, ctx) => accounts.login(ctx.deps, args, ctx.clientAddress),
  }),
  createGhostUser: t.field({
    type: AuthPayloadRef,
    description:
      'Makes a ghost seller (see `User.isGhostUser`) and signs them in, for someone who starts a listing before signing up. Anyone may call it; too_many_requests past the allowance per client address.',
    resolve: (_r, _a, ctx) => accounts.createGhostUser(ctx.deps, ctx.clientAddress),
  }),
  getUserByToken: t.field({
    type: AuthPayloadRef,
    description: 'Exchanges the token of a continue link (`sendContinueEmail`) for a session. invalid_token when unknown, used or expired.',
    args: { continueToken: t.arg.string({ required: true, description: 'The token from the link.' }) },
    resolve: (_r, args, ctx) => accounts.getUserByToken(ctx.deps, args.continueToken),
  }),
  sendContinueEmail: t.field({
    type: MessagePayloadRef,
    description:
      'E-mails a link to continue signing up to a seller who has not finished (a ghost, unverified or without a password). user_invalid_or_already_verified for any other address; too_many_requests.',
    args: { email: t.arg.string({ required: true, description: "The seller's e-mail." }) },
    resolve: (_r, args, ctx) => accounts.sendContinueEmail(ctx.deps, args, ctx.clientAddress),
  }),
  sendPasswordResetEmail: t.field({
    type: MessagePayloadRef,
    description:
      'E-mails a password reset link when an account with a password has this e-mail; answers the same either way, so it tells nothing about the address. Only the newest link works. too_many_requests.',
    args: { email: t.arg.string({ required: true, description: 'The login e-mail.' }) },
    resolve: (_r, args, ctx) => accounts.sendPasswordResetEmail(ctx.deps, args, ctx.clientAddress),
  }),
  updateUserPasswordWithResetToken: t.field({
    type: MessagePayloadRef,
    description:
      'Sets a new password from a reset link, ends every reset link and signs the user out everywhere. invalid_password_reset_token when the link is unknown, used, superseded or expired; password_too_short.',
    args: {
      userId: t.arg.id({ required: true, description: 'The user id in the link.' }),
      passwordResetToken: t.arg.string({ required: true, description: 'The token in the link.' }),
      password: t.arg.string({ required: true, description: 'The new password, at least 9 characters.' }),
    },
    resolve: (_r, args, ctx) => accounts.updateUserPasswordWithResetToken(ctx.deps, { ...args, userId: String(args.userId) }),
  }),
  updateUserPassword: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description:
      'Sets a new password (and mobile number) of the signed-in user; a ghost seller with an e-mail becomes a normal seller. Other sessions and reset links end. `currentPassword` is needed when the account has a password (not for ghost or social-only accounts): incorrect_password when missing or wrong, too_many_requests after too many wrong ones. password_too_short.',
    args: {
      password: t.arg.string({ required: true, description: 'The new password, at least 9 characters.' }),
      mobileNumber: t.arg.string({ description: 'An Australian mobile number; left out, it stays.' }),
      currentPassword: t.arg.string({ description: 'The current password, when the account has one.' }),
    },
    resolve: (_r, args, ctx) => accounts.updateUserPassword(ctx.deps, currentUser(ctx), ctx.sessionId!, args),
  }),
  updateUserDetails: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    args: {
      name: t.arg.string({ description: 'Full name, up to 196 characters.' }),
      mobileNumber: t.arg.string({ description: 'An Australian mobile number.' }),
      email: t.arg.string({
        description: 'A new login e-mail: unverified until its link is used (email_invalid, email_is_already_in_use).',
      }),
      socialEmail: t.arg.string({
        description:
          'The e-mail a social sign-in provider vouched for (`verifySocialSignIn`): when it equals `email`, the address is verified at once and no link is sent; otherwise ignored.',
      }),
      isPrivacyPolicyAccepted: t.arg.boolean({ description: 'A seller ticking the privacy policy; true also accepts the terms in force.' }),
      nextPage: t.arg.string({ description: "A seller's web app path to continue signing up at (`/…`, no host)." }),
      currentPassword: t.arg.string({ description: 'The current password, needed with a new `email` when the account has one.' }),
    },
    description:
      'Partial update of the signed-in user: an argument left out stays. A new `email` needs `currentPassword` when the account has a password (incorrect_password when missing or wrong); the old address is e-mailed a link that undoes the change for 7 days. too_many_requests past the e-mail changes allowed a day.',
    resolve: (_r, args, ctx) => updateUserDetails(ctx.deps, currentUser(ctx), args, ctx.clientAddress),
  }),
  verifyEmail: t.field({
    type: MessagePayloadRef,
    description:
      "Verifies the address a verification link was sent to, while it is still the user's e-mail. invalid_token when unknown, used or expired (24 hours); email_already_verified when the link already verified it.",
    args: { emailVerificationToken: t.arg.string({ required: true, description: 'The token from the link.' }) },
    resolve: (_r, args, ctx) => accounts.verifyEmail(ctx.deps, args.emailVerificationToken),
  }),
  undoEmailChange: t.field({
    type: MessagePayloadRef,
    description:
      'The link e-mailed to the old address after an e-mail change: puts it back, signs every session out and e-mails a link to choose a new password. invalid_token when unknown, used or older than 7 days.',
    args: { emailChangeUndoToken: t.arg.string({ required: true, description: 'The token from the link.' }) },
    resolve: (_r, args, ctx) => undoEmailChange(ctx.deps, args.emailChangeUndoToken),
  }),
  resendVerificationEmail: t.field({
    type: MessagePayloadRef,
    description:
      'Sends a new verification link (valid 24 hours) to the signed-in user, or to `userId` from a signed-out screen. user_invalid_or_already_verified when already verified; unauthorized without either.',
    args: { userId: t.arg.id({ description: 'The user, when there is no session.' }) },
    resolve: (_r, args, ctx) =>
      accounts.resendVerificationEmail(ctx.deps, ctx.user, args.userId ? String(args.userId) : null, ctx.clientAddress),
  }),
  acceptTerms: t.field({
    type: UserRef,
    authScopes: { loggedIn: true },
    description:
      'The signed-in user accepts the terms and privacy policy of `version` (`currentTermsVersion`); the version and time are stored. terms_version_outdated when a newer version is in force.',
    args: { version: t.arg.string({ required: true, description: 'The version the user read.' }) },
    resolve: (_r, args, ctx) => terms.acceptTerms(ctx.deps, currentUser(ctx), args.version),
  }),
  logout: t.boolean({
    authScopes: { loggedIn: true },
    description: 'Ends the current session (other sessions stay); true.',
    resolve: (_r, _a, ctx) => accounts.logout(ctx.deps, ctx.sessionId!),
  }),
}));
