import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userMedia } from './media.ts';
import { UserType, SellerStatus, OneTimeTokenPurpose, SocialProvider } from '@listwise/domain/enums';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { OneTimeTokenPurpose };

/** Users, their role profiles, sessions and one-time tokens. Tokens are stored only as SHA-256 hashes. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Lower-cased on write; ghost users have none until the address step.
    email: text('email'),
    passwordHash: text('password_hash'),
    userType: text('user_type').$type<UserType>().notNull(),
    isGhostUser: boolean('is_ghost_user').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mobileNumber: text('mobile_number'),
    /** The version of the terms and privacy policy the user accepted (modules/accounts/terms.ts), and when. */
    acceptedTermsVersion: text('accepted_terms_version'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    /** The user closed the account (`deleteMyAccount`): the row stays for the records that must be kept, emptied. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('users_user_type_check', t.userType, UserType),
    uniqueIndex('users_email_unique')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    index('users_ghost_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isGhostUser}`),
    // The console's agents list, newest first.
    index('users_agents_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.userType} = 'AGENT'`),
  ],
);

export const agentProfiles = pgTable(
  'agent_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    bio: text('bio'),
    profilePictureMediaId: uuid('profile_picture_media_id').references(() => userMedia.id, { onDelete: 'set null' }),
    agencyLogoMediaId: uuid('agency_logo_media_id').references(() => userMedia.id, { onDelete: 'set null' }),
    agencyName: text('agency_name'),
    agencyBio: text('agency_bio'),
    /** The agency's ABN, 11 digits without spaces: tax invoices name it as the buyer. */
    agencyAbn: text('agency_abn'),
    numberOfEngagements: integer('number_of_engagements').notNull().default(0),
    /**
     * The suburbs chosen during sign-up and not yet subscribed to, in the order chosen: kept here
     * as they are made, so a reload, another tab or a pause to find the card keeps them. Emptied by the subscription.
     */
    signupSuburbIds: integer('signup_suburb_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The agent chose to show a public profile; shown only while the licence is verified and a subscription lives. */
    publicProfileVisible: boolean('public_profile_visible').notNull().default(false),
    /** The short stable id ending the profile's slug (`/agent/jane-citizen-3f9a2c1b7e`): a renamed agent keeps it. */
    publicId: text('public_id')
      .notNull()
      .unique()
      .default(sql`substr(md5(gen_random_uuid()::text), 1, 10)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_profiles_public_idx')
      .on(t.userId)
      .where(sql`${t.publicProfileVisible}`),
  ],
);

export const sellerProfiles = pgTable(
  'seller_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    socialEmail: text('social_email'),
    isPrivacyPolicyAccepted: boolean('is_privacy_policy_accepted').notNull().default(false),
    nextPage: text('next_page'),
    /**
     * The owner answer of the seller's draft (spec 001 §4: 'approved' gates agent selection): PENDING_VERIFICATION
     * while it says 'No'. Verification itself is per listing (properties.verification_status);
     * VERIFICATION_REJECTED is no longer written.
     */
    status: text('status').$type<SellerStatus>().notNull().default('APPROVED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's verification queue (and the rejected sellers), oldest first.
  (t) => [
    oneOf('seller_profiles_status_check', t.status, SellerStatus),
    index('seller_profiles_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The client addresses a user signed in from with the right password, with the last time: a failed login from one
 * of them is not counted against the account-wide limit, so strangers' wrong passwords cannot lock the owner out
 * where the owner signs in (docs/authorisation.md). Kept SIGN_IN_ADDRESS_KNOWN_DAYS, deleted when the account closes.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last_idx').on(t.lastSignedInAt)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The address the link was sent to. A verification link verifies only this address (a link sent before an
     * e-mail change must not verify the new one); an undo link of an e-mail change restores it.
     */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('one_time_tokens_purpose_check', t.purpose, OneTimeTokenPurpose),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Identities a social sign-in provider vouched for (docs/decisions/0012-social-sign-in.md): written only by
 * `verifySocialSignIn` after the provider's token checked out, read by `updateUserDetails(socialEmail)` to mark the
 * e-mail verified without a link. One row per user and provider; a later sign-in replaces it.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    oneOf('social_identities_provider_check', t.provider, SocialProvider),
    uniqueIndex('social_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);

/**
 * One social sign-in attempt (docs/decisions/0012-social-sign-in.md): the server issues a random nonce before the
 * provider's popup opens; Google and Apple sign it into the ID token, Facebook's access token comes back with it.
 * Only its hash is kept. `verifySocialSignIn` consumes it once (in Postgres, so any API instance can), and records
 * the credential's hash so the same token can never be verified again.
 */
export const socialSignInNonces = pgTable(
  'social_sign_in_nonces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonceHash: text('nonce_hash').notNull(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    consumedByUserId: uuid('consumed_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    credentialHash: text('credential_hash'),
  },
  (t) => [
    oneOf('social_sign_in_nonces_provider_check', t.provider, SocialProvider),
    uniqueIndex('social_sign_in_nonces_nonce_unique').on(t.nonceHash),
    uniqueIndex('social_sign_in_nonces_credential_unique').on(t.credentialHash),
    index('social_sign_in_nonces_expires_idx').on(t.expiresAt),
  ],
);
