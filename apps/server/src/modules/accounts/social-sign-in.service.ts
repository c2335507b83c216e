import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { socialIdentities } from '../../db/schema/accounts.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimits, releaseRateLimits, type RateLimitRule } from '../../lib/rate-limit.ts';
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

/**
 * verifySocialSignIn: checks the provider's credential with the provider, remembers the identity for the signed-in
 * seller (a ghost user on the address step) and answers the name and e-mail to pre-fill. Failures count against a
 * rate limit, since each one costs calls to the provider.
 */
export async function verifySocialSignIn(
  deps: Deps,
  user: UserRow,
  input: { provider: SocialProvider; credential: string; appleUser?: AppleUserName | null },
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
  let identity;
  try {
    identity = await verifier.verify(input.credential, { now, appleUser: input.provider === 'APPLE' ? input.appleUser : null });
  } catch (error) {
    if (error instanceof SocialCredentialRejected) deps.logger.info({ reason: error.reason }, 'social sign-in rejected');
    else deps.logger.warn({ err: error, provider: input.provider }, 'social sign-in could not be verified');
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
