import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { socialIdentities, socialSignInNonces } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimits, releaseRateLimits, type RateLimitRule } from '../../db/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  SOCIAL_PROVIDERS,
  SocialCredentialRejected,
  type AppleUserName,
  type SocialProvider,
} from '../../ports/identity/social-identity.ts';

/**
 * Social sign-in on the listing address step (spec 000 §7 'Other', docs/decisions/0012-social-sign-in.md): the
 * provider supplies name and e-mail; a rejection answers `social_sign_in_failed`, which the web app only logs.
 * A verified e-mail is remembered per user so `updateUserDetails(socialEmail)` can trust it.
 */

export interface SocialSignInProviderInfo {
  provider: SocialProvider;
  clientId: string;
}

/** socialSignInProviders: the configured providers with the public id their browser SDK needs (never a secret). */
export function listSocialSignInProviders(deps: Deps): SocialSignInProviderInfo[] {
  return SOCIAL_PROVIDERS.flatMap((provider) => {
    const verifier = deps.socialIdentity[provider];
    return verifier ? [{ provider, clientId: verifier.clientId }] : [];
  });
}

// Real ID tokens are a kilobyte or two and Facebook tokens a few hundred characters.
const MAX_CREDENTIAL_LENGTH = 8_192;

function rateLimitRules(deps: Deps, userId: string, clientAddress: string): RateLimitRule[] {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  return [
    { key: `social:user:${userId}`, max, windowSeconds },
    { key: `social:ip:${clientAddress}`, max: max * 10, windowSeconds },
  ];
}

/** A sign-in attempt lives as long as a person plausibly takes in the provider's popup. */
export const SOCIAL_SIGN_IN_NONCE_TTL_MS = 10 * 60 * 1000;

/**
 * startSocialSignIn: a random nonce for one sign-in attempt with the provider, issued before its popup opens (no
 * session needed: the ghost user is made only once the popup succeeded). Google and Apple sign it into the ID
 * token; for Facebook, whose access token carries none, it is the `state` the page hands back with the token.
 * Anyone may ask, so it is rate limited per client address, and spent attempts are swept as new ones are made.
 */
export async function startSocialSignIn(deps: Deps, provider: SocialProvider, clientAddress: string) {
  const now = deps.clock.now();
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  await consumeRateLimits(deps.db, now, [{ key: `social-nonce:ip:${clientAddress}`, max: max * 20, windowSeconds }]);
  const stale = deps.db
    .select({ id: socialSignInNonces.id })
    .from(socialSignInNonces)
    .where(lt(socialSignInNonces.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .limit(100);
  await deps.db.delete(socialSignInNonces).where(inArray(socialSignInNonces.id, stale));
  const nonce = newToken();
  const expiresAt = new Date(now.getTime() + SOCIAL_SIGN_IN_NONCE_TTL_MS);
  await deps.db.insert(socialSignInNonces).values({ nonceHash: hashToken(nonce), provider, createdAt: now, expiresAt });
  return { nonce, expiresAt };
}

/**
 * Spends the attempt's nonce for this provider: true once, for a nonce this server issued that has not expired. The
 * conditional update keeps it single-use even when two requests (on two API instances) race with it.
 */
async function consumeNonce(deps: Deps, provider: SocialProvider, nonce: string, userId: string, now: Date) {
  const [row] = await deps.db
    .update(socialSignInNonces)
    .set({ consumedAt: now, consumedByUserId: userId })
    .where(
      and(
        eq(socialSignInNonces.nonceHash, hashToken(nonce)),
        eq(socialSignInNonces.provider, provider),
        isNull(socialSignInNonces.consumedAt),
        gt(socialSignInNonces.expiresAt, now),
      ),
    )
    .returning({ id: socialSignInNonces.id });
  return row?.id ?? null;
}

/**
 * Records the verified credential against its attempt; false when that credential was verified before (a replay:
 * an ID token is bound to one nonce anyway, a Facebook access token to nothing, so it is the token itself).
 */
async function recordCredential(deps: Deps, attemptId: string, credential: string): Promise<boolean> {
  const credentialHash = hashToken(credential);
  const [row] = await deps.db
    .update(socialSignInNonces)
    .set({ credentialHash })
    .where(eq(socialSignInNonces.id, attemptId))
    .returning({ id: socialSignInNonces.id })
    .catch((error: { code?: string; cause?: { code?: string } }) => {
      // Drizzle wraps the driver's error; 23505 is Postgres' unique violation on the credential's hash.
      if ((error.cause?.code ?? error.code) === '23505') return [];
      throw error;
    });
  return !!row;
}

/**
 * verifySocialSignIn: checks the provider's credential with the provider, remembers the identity for the signed-in
 * seller (a ghost user on the address step) and answers the name and e-mail to pre-fill. Failures count against a
 * rate limit, since each one costs calls to the provider.
 */
export async function verifySocialSignIn(
  deps: Deps,
  user: UserRow,
  input: { provider: SocialProvider; credential: string; nonce: string; appleUser?: AppleUserName | null },
  clientAddress: string,
): Promise<{ name: string | null; email: string | null }> {
  const verifier = deps.socialIdentity[input.provider];
  const now = deps.clock.now();
  const rules = rateLimitRules(deps, user.id, clientAddress);
  await consumeRateLimits(deps.db, now, rules);
  if (!verifier || !input.credential || input.credential.length > MAX_CREDENTIAL_LENGTH) {
    deps.logger.info({ provider: input.provider, isConfigured: !!verifier }, 'social sign-in refused before verification');
    throw new AppError('social_sign_in_failed');
  }
  // The nonce is spent before the provider is asked, so a failed attempt cannot be retried with it either.
  const attemptId = input.nonce.length <= 256 ? await consumeNonce(deps, input.provider, input.nonce, user.id, now) : null;
  if (!attemptId) {
    deps.logger.info({ provider: input.provider }, 'social sign-in refused: nonce unknown, used, expired or of another provider');
    throw new AppError('social_sign_in_failed');
  }
  let identity;
  try {
    identity = await verifier.verify(input.credential, {
      now,
      nonce: input.nonce,
      appleUser: input.provider === 'APPLE' ? input.appleUser : null,
    });
  } catch (error) {
    if (error instanceof SocialCredentialRejected) deps.logger.info({ reason: error.reason }, 'social sign-in rejected');
    else deps.logger.warn({ err: error, provider: input.provider }, 'social sign-in could not be verified');
    throw new AppError('social_sign_in_failed');
  }
  if (!(await recordCredential(deps, attemptId, input.credential))) {
    deps.logger.warn({ provider: input.provider }, 'social sign-in refused: a credential verified before was replayed');
    throw new AppError('social_sign_in_failed');
  }
  await releaseRateLimits(deps.db, now, rules);
  await deps.db
    .insert(socialIdentities)
    .values({
      userId: user.id,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      isEmailVerified: identity.emailVerified,
      verifiedAt: now,
    })
    .onConflictDoUpdate({
      target: [socialIdentities.userId, socialIdentities.provider],
      set: { subject: identity.subject, email: identity.email, isEmailVerified: identity.emailVerified, verifiedAt: now },
    });
  return { name: identity.name, email: identity.email };
}

/** Whether a provider vouched, through `verifySocialSignIn` for this user, that the user controls `email`. */
export async function isSocialEmailVerified(tx: Tx, userId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: socialIdentities.id })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.email, email), eq(socialIdentities.isEmailVerified, true)))
    .limit(1);
  return !!row;
}
