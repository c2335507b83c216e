import type { Config } from '../../config.ts';
import { createFacebookVerifier } from './facebook-verifier.ts';
import { createAppleVerifier, createGoogleVerifier } from './id-token-verifier.ts';
import type { SocialIdentityVerifiers } from './social-identity.ts';

/** One verifier per provider whose ids are configured; none by default (the address step then shows no buttons). */
export function createSocialIdentityVerifiers(config: Config): SocialIdentityVerifiers {
  const verifiers: SocialIdentityVerifiers = {};
  if (config.GOOGLE_OAUTH_CLIENT_ID) {
    verifiers.GOOGLE = createGoogleVerifier({ clientId: config.GOOGLE_OAUTH_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL });
  }
  if (config.APPLE_SIGN_IN_CLIENT_ID) {
    verifiers.APPLE = createAppleVerifier({ clientId: config.APPLE_SIGN_IN_CLIENT_ID, jwksUrl: config.APPLE_JWKS_URL });
  }
  if (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET) {
    verifiers.FACEBOOK = createFacebookVerifier({
      appId: config.FACEBOOK_APP_ID,
      appSecret: config.FACEBOOK_APP_SECRET,
      graphUrl: config.FACEBOOK_GRAPH_URL,
    });
  }
  return verifiers;
}
