import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import {
  joinName,
  normaliseSocialEmail,
  PROVIDER_TIMEOUT_MS,
  SocialCredentialRejected,
  type SocialIdentityVerifier,
  type SocialProvider,
} from './social-identity.ts';

/**
 * Google (Identity Services) and Apple (Sign in with Apple JS) both hand the browser an OpenID Connect ID token:
 * a JWT signed by the provider. It is good when its signature checks against the provider's published keys
 * (JWKS, fetched and cached by jose), its issuer is the provider, its audience is our client id and it has not
 * expired (by the server clock, `deps.clock`, so tests can move time).
 */
interface IdTokenProvider {
  provider: Extract<SocialProvider, 'GOOGLE' | 'APPLE'>;
  clientId: string;
  jwksUrl: string;
  issuers: string[];
}

// Providers sign with RS256 today; anything else (notably `none` or HMAC) is refused outright.
const ALGORITHMS = ['RS256', 'ES256'];

// Apple sends `email_verified` as the string 'true' in some tokens and a boolean in others.
const isTrue = (value: unknown) => value === true || value === 'true';

function createIdTokenVerifier(
  options: IdTokenProvider,
  identityFrom: (
    payload: JWTPayload,
    appleUser?: { firstName?: string | null; lastName?: string | null } | null,
  ) => {
    name: string | null;
  },
): SocialIdentityVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  return {
    provider: options.provider,
    clientId: options.clientId,
    async verify(credential, { now, nonce, appleUser }) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          issuer: options.issuers,
          audience: options.clientId,
          algorithms: ALGORITHMS,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 30,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw new SocialCredentialRejected(`${options.provider}: ${error.code}`);
        throw error;
      }
      // A token minted for another attempt (or before nonces) is a replay, however valid its signature.
      if (typeof payload.nonce !== 'string' || payload.nonce !== nonce) {
        throw new SocialCredentialRejected(`${options.provider}: nonce does not match this attempt`);
      }
      const email = normaliseSocialEmail(payload.email);
      return {
        provider: options.provider,
        subject: String(payload.sub),
        email,
        emailVerified: !!email && isTrue(payload.email_verified),
        name: identityFrom(payload, appleUser).name,
      };
    },
  };
}

export function createGoogleVerifier(config: { clientId: string; jwksUrl: string }): SocialIdentityVerifier {
  return createIdTokenVerifier(
    {
      provider: 'GOOGLE',
      clientId: config.clientId,
      jwksUrl: config.jwksUrl,
      issuers: ['accounts.google.com', 'https://accounts.google.com'],
    },
    (payload) => ({
      name:
        joinName(typeof payload.name === 'string' ? payload.name : null) ??
        joinName(payload.given_name as string | undefined, payload.family_name as string | undefined),
    }),
  );
}

export function createAppleVerifier(config: { clientId: string; jwksUrl: string }): SocialIdentityVerifier {
  return createIdTokenVerifier(
    { provider: 'APPLE', clientId: config.clientId, jwksUrl: config.jwksUrl, issuers: ['https://appleid.apple.com'] },
    // Apple's token never carries the name; the browser gets it once, outside the token, on the first sign-in.
    (_payload, appleUser) => ({ name: joinName(appleUser?.firstName, appleUser?.lastName) }),
  );
}
