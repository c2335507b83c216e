/**
 * Social sign-in port: one verifier per provider turns what the provider's browser SDK handed the web app into
 * an identity checked with the provider itself (docs/decisions/0012-social-sign-in.md). Nothing the browser says
 * is believed: Google and Apple ID tokens are verified against the provider's published keys, a Facebook access
 * token is checked with the Graph API using the app secret.
 */
export const SOCIAL_PROVIDERS = ['GOOGLE', 'APPLE', 'FACEBOOK'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface VerifiedSocialIdentity {
  provider: SocialProvider;
  /** The provider's stable id of the person (`sub`, or the Facebook user id). */
  subject: string;
  name: string | null;
  /** Lower-cased; null when the person did not share one. */
  email: string | null;
  /** True only when the provider vouches that the person controls `email`. */
  emailVerified: boolean;
}

/** Apple sends the name only once, on the first authorisation, and outside the signed token. */
export interface AppleUserName {
  firstName?: string | null;
  lastName?: string | null;
}

export interface VerifyOptions {
  now: Date;
  /** The server-issued nonce of this attempt: Google and Apple ID tokens must carry it in their `nonce` claim. */
  nonce: string;
  /** Apple only; untrusted, used for the name and nothing else. */
  appleUser?: AppleUserName | null;
}

export interface SocialIdentityVerifier {
  provider: SocialProvider;
  /** The public id the browser SDK is initialised with (Google client id, Apple services id, Facebook app id). */
  clientId: string;
  verify(credential: string, options: VerifyOptions): Promise<VerifiedSocialIdentity>;
}

/** A credential the provider did not vouch for; `reason` is for the log only, never for the caller. */
export class SocialCredentialRejected extends Error {
  constructor(readonly reason: string) {
    super(`social credential rejected: ${reason}`);
    this.name = 'SocialCredentialRejected';
  }
}

/** The configured verifiers, by provider; a provider without its ids configured is absent. */
export type SocialIdentityVerifiers = Partial<Record<SocialProvider, SocialIdentityVerifier>>;

/** Outbound calls to a provider give up after this long, so a slow provider cannot hold a request open. */
export const PROVIDER_TIMEOUT_MS = 5_000;

export const normaliseSocialEmail = (email: unknown): string | null =>
  typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;

/** Name parts joined, trimmed and bounded; null when nothing is left. */
export const joinName = (...parts: (string | null | undefined)[]): string | null => {
  const name = parts
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ')
    .slice(0, 196);
  return name || null;
};
