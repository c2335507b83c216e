import crypto from 'node:crypto';
import {
  joinName,
  normaliseSocialEmail,
  PROVIDER_TIMEOUT_MS,
  SocialCredentialRejected,
  type SocialIdentityVerifier,
} from './social-identity.ts';

/**
 * Facebook Login for the web hands the browser a user access token, not a signed identity. The server asks the
 * Graph API whether the token is valid and was issued to our app (`/debug_token` with the app access token
 * `appId|appSecret`), then reads the person (`/me?fields=id,name,email`) with `appsecret_proof`, so a token
 * issued to another app can never sign anyone in here. The Graph API only returns an e-mail Facebook has
 * confirmed, so a returned e-mail counts as verified.
 */
export function createFacebookVerifier(config: { appId: string; appSecret: string; graphUrl: string }): SocialIdentityVerifier {
  const graphUrl = config.graphUrl.replace(/\/$/, '');

  async function graphGet(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`${graphUrl}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    } catch (error) {
      throw new SocialCredentialRejected(`FACEBOOK: ${path} unreachable (${(error as Error).name})`);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body || body.error) throw new SocialCredentialRejected(`FACEBOOK: ${path} answered ${response.status}`);
    return body;
  }

  return {
    provider: 'FACEBOOK',
    clientId: config.appId,
    async verify(accessToken, { now }) {
      if (!accessToken || accessToken.length > 4096) throw new SocialCredentialRejected('FACEBOOK: malformed token');
      const debug = await graphGet('/debug_token', {
        input_token: accessToken,
        access_token: `${config.appId}|${config.appSecret}`,
      });
      const data = (debug.data ?? {}) as { app_id?: unknown; is_valid?: unknown; user_id?: unknown; expires_at?: unknown };
      if (data.is_valid !== true) throw new SocialCredentialRejected('FACEBOOK: token not valid');
      if (String(data.app_id) !== config.appId) throw new SocialCredentialRejected('FACEBOOK: token issued to another app');
      // 0 means a token that does not expire; otherwise it must still be alive by our clock.
      if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at * 1000 <= now.getTime()) {
        throw new SocialCredentialRejected('FACEBOOK: token expired');
      }
      const proof = crypto.createHmac('sha256', config.appSecret).update(accessToken).digest('hex');
      const me = await graphGet('/me', { fields: 'id,name,email', access_token: accessToken, appsecret_proof: proof });
      if (!me.id || String(me.id) !== String(data.user_id)) throw new SocialCredentialRejected('FACEBOOK: token and person differ');
      const email = normaliseSocialEmail(me.email);
      return {
        provider: 'FACEBOOK',
        subject: String(me.id),
        name: joinName(typeof me.name === 'string' ? me.name : null),
        email,
        emailVerified: !!email,
      };
    },
  };
}
