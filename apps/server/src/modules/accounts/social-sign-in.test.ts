import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildHttpApp } from '../../http/app.ts';
import { createSocialIdentityVerifiers } from '../../ports/identity/create-social-identity-verifiers.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { signUpAgent, uniqueEmail } from '../../test/factories.ts';

/**
 * Social sign-in through the API, against local stand-ins for the providers: a JWKS endpoint serving the public
 * key of a pair made here (tokens are signed with its private key, exactly as Google and Apple sign theirs) and a
 * Graph API that knows a few Facebook access tokens.
 */

const GOOGLE_CLIENT_ID = 'listwise-test.apps.googleusercontent.com';
const APPLE_CLIENT_ID = 'au.com.listwise.web';
const FACEBOOK_APP_ID = '1234567890';
const FACEBOOK_APP_SECRET = 'facebook-app-secret-never-shown';
const KID = 'test-key-1';

let server: TestServer;
let providers: http.Server;
let providerKey: CryptoKey;
let strangerKey: CryptoKey;

interface FacebookPerson {
  appId: string;
  isValid: boolean;
  userId: string;
  name: string;
  email?: string;
}
const facebookTokens = new Map<string, FacebookPerson>();

function serveProviders(jwks: unknown): Promise<http.Server> {
  const fake = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/certs' || url.pathname === '/apple/keys') return send(200, jwks);
    if (url.pathname === '/graph/v21.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
        return send(400, { error: { message: 'bad app token' } });
      }
      const person = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      if (!person) return send(200, { data: { is_valid: false, error: { message: 'Invalid OAuth access token.' } } });
      return send(200, {
        data: { app_id: person.appId, is_valid: person.isValid, user_id: person.userId, expires_at: Math.floor(Date.now() / 1000) + 3600 },
      });
    }
    if (url.pathname === '/graph/v21.0/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const person = facebookTokens.get(token);
      const proof = crypto.createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!person || url.searchParams.get('appsecret_proof') !== proof) return send(400, { error: { message: 'bad proof' } });
      return send(200, { id: person.userId, name: person.name, ...(person.email && { email: person.email }) });
    }
    send(404, { error: 'not found' });
  });
  return new Promise((resolve) => fake.listen(0, '127.0.0.1', () => resolve(fake)));
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  providerKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  providers = await serveProviders({ keys: [jwk] });
  const base = `http://127.0.0.1:${(providers.address() as AddressInfo).port}`;
  server = await startTestServer({
    RATE_LIMIT_MAX: '5',
    // Ghost sellers are limited per client address (issue 19): each test's ghost comes from its own (X-Forwarded-For).
    TRUST_PROXY: 'true',
    GOOGLE_OAUTH_CLIENT_ID: GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: `${base}/google/certs`,
    APPLE_SIGN_IN_CLIENT_ID: APPLE_CLIENT_ID,
    APPLE_JWKS_URL: `${base}/apple/keys`,
    FACEBOOK_APP_ID,
    FACEBOOK_APP_SECRET,
    FACEBOOK_GRAPH_URL: `${base}/graph/v21.0`,
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => providers?.close(resolve));
});

const PROVIDERS = `{ socialSignInProviders { provider clientId } }`;
const START = `mutation($provider: SocialSignInProvider!) { startSocialSignIn(provider: $provider) { nonce expiresAt } }`;
const VERIFY_CALL = `mutation($provider: SocialSignInProvider!, $credential: String!, $nonce: String!, $appleUser: AppleUserInput) {
  verifySocialSignIn(provider: $provider, credential: $credential, nonce: $nonce, appleUser: $appleUser) { name email }
}`;
const UPDATE = `mutation($name: String, $email: String, $socialEmail: String, $isPrivacyPolicyAccepted: Boolean, $nextPage: String) {
  updateUserDetails(name: $name, email: $email, socialEmail: $socialEmail, isPrivacyPolicyAccepted: $isPrivacyPolicyAccepted, nextPage: $nextPage) {
    email isEmailVerified sellerProfile { name isPrivacyPolicyAccepted nextPage }
  }
}`;

type Verified = { verifySocialSignIn: { name: string | null; email: string | null } };
type Updated = { updateUserDetails: { email: string; isEmailVerified: boolean; sellerProfile: { name: string } } };

let ghosts = 0;
async function createGhost(): Promise<string> {
  const address = `198.51.100.${++ghosts}`;
  const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`, {}, undefined, {
    'x-forwarded-for': address,
  });
  return ghost.data!.createGhostUser.token;
}

/** A new attempt's nonce, as the web app asks for one before opening the provider's popup. */
async function startAttempt(provider: string): Promise<string> {
  const result = await server.gql<{ startSocialSignIn: { nonce: string } }>(START, { provider });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.startSocialSignIn.nonce;
}

// The nonce each ID token made here was signed with, so a call sends the token back with its own attempt.
const nonceOfToken = new Map<string, string>();

/** verifySocialSignIn as the web app calls it: the credential with its attempt's nonce (a fresh one for Facebook). */
async function verify(variables: { provider: string; credential: string; nonce?: string; appleUser?: unknown }, token?: string) {
  const nonce = variables.nonce ?? nonceOfToken.get(variables.credential) ?? (await startAttempt(variables.provider));
  return server.gql<Verified>(VERIFY_CALL, { ...variables, nonce }, token);
}

const nowSeconds = () => Math.floor(server.deps.clock.now().getTime() / 1000);

async function idToken(
  claims: JWTPayload,
  options: { issuer?: string; audience?: string; expiresAt?: number; key?: CryptoKey; nonce?: string | null } = {},
): Promise<string> {
  const issuer = options.issuer ?? 'https://accounts.google.com';
  const nonce = options.nonce === undefined ? await startAttempt(issuer.includes('apple') ? 'APPLE' : 'GOOGLE') : options.nonce;
  const token = await new SignJWT({ ...claims, ...(nonce !== null && { nonce }) })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(issuer)
    .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
    .setSubject(claims.sub ?? `google-${crypto.randomBytes(4).toString('hex')}`)
    .setIssuedAt(nowSeconds() - 10)
    .setExpirationTime(options.expiresAt ?? nowSeconds() + 3600)
    .sign(options.key ?? providerKey);
  if (nonce) nonceOfToken.set(token, nonce);
  return token;
}

const googleToken = (email: string, options: Parameters<typeof idToken>[1] = {}, extra: JWTPayload = {}) =>
  idToken({ email, email_verified: true, name: 'Gina Google', ...extra }, options);

const verificationMails = async (email: string) => (await server.emailsTo(email)).filter((m) => m.template === 'verify-email');

describe('socialSignInProviders', () => {
  it('lists the configured providers with their public ids and never a secret', async () => {
    const result = await server.gql<{ socialSignInProviders: { provider: string; clientId: string }[] }>(PROVIDERS);
    expect(result.data!.socialSignInProviders).toEqual([
      { provider: 'GOOGLE', clientId: GOOGLE_CLIENT_ID },
      { provider: 'APPLE', clientId: APPLE_CLIENT_ID },
      { provider: 'FACEBOOK', clientId: FACEBOOK_APP_ID },
    ]);
    expect(JSON.stringify(result)).not.toContain(FACEBOOK_APP_SECRET);
  });

  it('lists only the providers whose ids are set, and none by default', () => {
    const onlyApple = createSocialIdentityVerifiers(loadConfig({ NODE_ENV: 'test', APPLE_SIGN_IN_CLIENT_ID: APPLE_CLIENT_ID }));
    expect(Object.keys(onlyApple)).toEqual(['APPLE']);
    expect(createSocialIdentityVerifiers(loadConfig({ NODE_ENV: 'test' }))).toEqual({});
  });

  it('refuses to start with a Facebook app id but no secret (or the other way round)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FACEBOOK_APP_ID })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'test', FACEBOOK_APP_SECRET })).toThrow(/FACEBOOK_APP_ID/);
  });
});

describe('verifySocialSignIn', () => {
  it('needs a session, and a seller', async () => {
    const token = await googleToken(uniqueEmail('nobody'));
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: token }))).toBe('unauthorized');
    const agent = await signUpAgent(server);
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: token }, agent.token))).toBe('forbidden');
  });

  it('Google: answers the name and e-mail, and updateUserDetails(socialEmail) verifies the e-mail without a link', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('Gina');
    const verified = await verify({ provider: 'GOOGLE', credential: await googleToken(email) }, ghost);
    expect(verified.errors).toBeUndefined();
    expect(verified.data!.verifySocialSignIn).toEqual({ name: 'Gina Google', email: email.toLowerCase() });

    const updated = await server.gql<Updated>(
      UPDATE,
      { name: 'Gina Google', email, socialEmail: email, isPrivacyPolicyAccepted: true, nextPage: '/new-property/details' },
      ghost,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateUserDetails).toMatchObject({ email: email.toLowerCase(), isEmailVerified: true });
    expect(await verificationMails(email.toLowerCase())).toEqual([]);
  });

  it.each([
    ['another audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { issuer: 'https://evil.example.com' }],
    ['an expired token', { expiresAt: Math.floor(Date.now() / 1000) - 120 }],
    ["a key that is not the provider's", { key: undefined as CryptoKey | undefined, useStranger: true }],
  ])('Google: refuses %s with social_sign_in_failed, and nothing is remembered', async (_what, options) => {
    const ghost = await createGhost();
    const email = uniqueEmail('refused');
    const { useStranger, ...tokenOptions } = options as { useStranger?: boolean } & Parameters<typeof idToken>[1];
    const credential = await googleToken(email, { ...tokenOptions, ...(useStranger && { key: strangerKey }) });
    const result = await verify({ provider: 'GOOGLE', credential }, ghost);
    expect(codeOf(result)).toBe('social_sign_in_failed');
    expect(result.errors![0]!.message).toBe('social_sign_in_failed');
    const updated = await server.gql<Updated>(UPDATE, { email, socialEmail: email }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(false);
    expect(await verificationMails(email)).toHaveLength(1);
  });

  it('refuses garbage, an unsigned token and a provider that is not configured the same way', async () => {
    const ghost = await createGhost();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        iss: 'https://accounts.google.com',
        aud: GOOGLE_CLIENT_ID,
        sub: '1',
        email: 'x@example.com',
        exp: nowSeconds() + 60,
      }),
    ).toString('base64url')}.`;
    for (const credential of ['not-a-token', unsigned, 'x'.repeat(10_000)]) {
      expect(codeOf(await verify({ provider: 'GOOGLE', credential }, ghost))).toBe('social_sign_in_failed');
    }
  });

  it('judges expiry by the server clock', async () => {
    const ghost = await createGhost();
    const credential = await googleToken(uniqueEmail('late'), { expiresAt: nowSeconds() + 600 });
    server.deps.clock.advance(3_600_000);
    try {
      expect(codeOf(await verify({ provider: 'GOOGLE', credential }, ghost))).toBe('social_sign_in_failed');
    } finally {
      server.deps.clock.reset();
    }
  });

  it('Apple: checks issuer and audience, takes the name from the first authorisation, verifies the e-mail', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('apple');
    const credential = await idToken({ email, email_verified: 'true' }, { issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT_ID });
    const verified = await verify({ provider: 'APPLE', credential, appleUser: { firstName: ' Ada ', lastName: 'Apple' } }, ghost);
    expect(verified.data!.verifySocialSignIn).toEqual({ name: 'Ada Apple', email: email.toLowerCase() });
    const updated = await server.gql<Updated>(UPDATE, { name: 'Ada Apple', email, socialEmail: email }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(true);

    // A Google token (right key, Google's issuer) is no Apple token.
    const googleCredential = await googleToken(email, { audience: APPLE_CLIENT_ID });
    expect(codeOf(await verify({ provider: 'APPLE', credential: googleCredential }, ghost))).toBe('social_sign_in_failed');
  });

  it('Facebook: checks the token with the Graph API for our app, then reads name and e-mail', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('facebook');
    facebookTokens.set('fb-good', { appId: FACEBOOK_APP_ID, isValid: true, userId: '1001', name: 'Fay Book', email });
    facebookTokens.set('fb-other-app', { appId: '999', isValid: true, userId: '1002', name: 'Other', email: uniqueEmail() });
    facebookTokens.set('fb-revoked', { appId: FACEBOOK_APP_ID, isValid: false, userId: '1003', name: 'Revoked' });

    const verified = await verify({ provider: 'FACEBOOK', credential: 'fb-good' }, ghost);
    expect(verified.data!.verifySocialSignIn).toEqual({ name: 'Fay Book', email: email.toLowerCase() });
    const updated = await server.gql<Updated>(UPDATE, { email, socialEmail: email }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(true);

    for (const credential of ['fb-other-app', 'fb-revoked', 'fb-unknown']) {
      expect(codeOf(await verify({ provider: 'FACEBOOK', credential }, await createGhost()))).toBe('social_sign_in_failed');
    }
  });

  it('limits failed attempts per user', async () => {
    const ghost = await createGhost();
    const codes = [];
    for (let attempt = 0; attempt < 7; attempt++) codes.push(codeOf(await verify({ provider: 'GOOGLE', credential: 'bad' }, ghost)));
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('social_sign_in_failed'));
    expect(codes.slice(5)).toEqual(['too_many_requests', 'too_many_requests']);
  });
});

describe('replayed sign-ins (a nonce per attempt)', () => {
  it('startSocialSignIn needs no session and answers a fresh nonce, valid ten minutes, each time', async () => {
    const first = await server.gql<{ startSocialSignIn: { nonce: string; expiresAt: string } }>(START, { provider: 'GOOGLE' });
    const second = await server.gql<{ startSocialSignIn: { nonce: string; expiresAt: string } }>(START, { provider: 'GOOGLE' });
    expect(first.data!.startSocialSignIn.nonce).toMatch(/^[\w-]{40,}$/);
    expect(second.data!.startSocialSignIn.nonce).not.toBe(first.data!.startSocialSignIn.nonce);
    const validFor = new Date(first.data!.startSocialSignIn.expiresAt).getTime() - server.deps.clock.now().getTime();
    expect(validFor).toBeGreaterThan(590_000);
    expect(validFor).toBeLessThanOrEqual(600_000);
  });

  it('refuses the same Google ID token a second time, with its nonce or with a new one, even for its own user', async () => {
    const ghost = await createGhost();
    const credential = await googleToken(uniqueEmail('once'));
    expect((await verify({ provider: 'GOOGLE', credential }, ghost)).errors).toBeUndefined();
    expect(codeOf(await verify({ provider: 'GOOGLE', credential }, ghost))).toBe('social_sign_in_failed');
    const attacker = await createGhost();
    expect(codeOf(await verify({ provider: 'GOOGLE', credential }, attacker))).toBe('social_sign_in_failed');
    const freshNonce = await startAttempt('GOOGLE');
    expect(codeOf(await verify({ provider: 'GOOGLE', credential, nonce: freshNonce }, attacker))).toBe('social_sign_in_failed');
  });

  it("refuses an ID token without a nonce, or with one this server never issued, and the attempt's nonce is then spent", async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('nonceless');
    const nonce = await startAttempt('GOOGLE');
    const withoutNonce = await idToken({ email, email_verified: true }, { nonce: null });
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: withoutNonce, nonce }, ghost))).toBe('social_sign_in_failed');
    const invented = await idToken({ email, email_verified: true }, { nonce: 'made-up-by-the-client' });
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: invented, nonce: 'made-up-by-the-client' }, ghost))).toBe(
      'social_sign_in_failed',
    );
    // A good token minted for the nonce of the failed attempt: that attempt is over.
    const late = await idToken({ email, email_verified: true }, { nonce });
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: late, nonce }, ghost))).toBe('social_sign_in_failed');
  });

  it('refuses an attempt older than ten minutes and a nonce issued for another provider', async () => {
    const ghost = await createGhost();
    const stale = await googleToken(uniqueEmail('stale'), { expiresAt: nowSeconds() + 7200 });
    server.deps.clock.advance(11 * 60_000);
    try {
      expect(codeOf(await verify({ provider: 'GOOGLE', credential: stale }, ghost))).toBe('social_sign_in_failed');
    } finally {
      server.deps.clock.reset();
    }
    const appleNonce = await startAttempt('APPLE');
    const google = await googleToken(uniqueEmail('crossed'), { nonce: appleNonce });
    expect(codeOf(await verify({ provider: 'GOOGLE', credential: google, nonce: appleNonce }, ghost))).toBe('social_sign_in_failed');
  });

  it('Apple: the ID token must carry the nonce of the attempt too', async () => {
    const ghost = await createGhost();
    const nonce = await startAttempt('APPLE');
    const apple = { issuer: 'https://appleid.apple.com', audience: APPLE_CLIENT_ID };
    const other = await idToken({ email: uniqueEmail('apple') }, { ...apple, nonce: await startAttempt('APPLE') });
    expect(codeOf(await verify({ provider: 'APPLE', credential: other, nonce }, ghost))).toBe('social_sign_in_failed');
    const own = await idToken({ email: uniqueEmail('apple') }, apple);
    expect((await verify({ provider: 'APPLE', credential: own }, ghost)).errors).toBeUndefined();
    expect(codeOf(await verify({ provider: 'APPLE', credential: own }, ghost))).toBe('social_sign_in_failed');
  });

  it('Facebook: each attempt needs its own nonce back, and an access token works once', async () => {
    facebookTokens.set('fb-once', { appId: FACEBOOK_APP_ID, isValid: true, userId: '2001', name: 'Fay Once', email: uniqueEmail('fb') });
    const ghost = await createGhost();
    expect(codeOf(await verify({ provider: 'FACEBOOK', credential: 'fb-once', nonce: 'never-issued' }, ghost))).toBe(
      'social_sign_in_failed',
    );
    expect((await verify({ provider: 'FACEBOOK', credential: 'fb-once' }, ghost)).errors).toBeUndefined();
    expect(codeOf(await verify({ provider: 'FACEBOOK', credential: 'fb-once' }, await createGhost()))).toBe('social_sign_in_failed');
  });

  it('an attempt started on one API instance is finished on another, and only once across both', async () => {
    // A second HTTP app over the same database, as a second server behind the load balancer: nonces live in Postgres.
    const other = await buildHttpApp(server.deps);
    try {
      const started = await other.inject({ method: 'POST', url: '/graphql', payload: { query: START, variables: { provider: 'GOOGLE' } } });
      const nonce = (started.json() as { data: { startSocialSignIn: { nonce: string } } }).data.startSocialSignIn.nonce;
      const ghost = await createGhost();
      const credential = await googleToken(uniqueEmail('two-servers'), { nonce });
      expect((await verify({ provider: 'GOOGLE', credential, nonce }, ghost)).errors).toBeUndefined();
      const replayed = await other.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${ghost}` },
        payload: { query: VERIFY_CALL, variables: { provider: 'GOOGLE', credential, nonce } },
      });
      expect((replayed.json() as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('social_sign_in_failed');
    } finally {
      await other.close();
    }
  });
});

describe('updateUserDetails(socialEmail)', () => {
  it('ignores a socialEmail no provider vouched for: not verified, and a verification e-mail is queued', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('claimed');
    const updated = await server.gql<Updated>(UPDATE, { name: 'Claire', email, socialEmail: email, isPrivacyPolicyAccepted: true }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(false);
    expect(await verificationMails(email)).toHaveLength(1);
  });

  it('ignores an e-mail the provider did not mark verified', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('unverified');
    const credential = await googleToken(email, {}, { email_verified: false });
    expect((await verify({ provider: 'GOOGLE', credential }, ghost)).data!.verifySocialSignIn.email).toBe(email);
    const updated = await server.gql<Updated>(UPDATE, { email, socialEmail: email }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(false);
    expect(await verificationMails(email)).toHaveLength(1);
  });

  it('ignores a verified socialEmail when another e-mail is saved, or when another user verified it', async () => {
    const ghost = await createGhost();
    const socialEmail = uniqueEmail('social');
    await verify({ provider: 'GOOGLE', credential: await googleToken(socialEmail) }, ghost);
    const typed = uniqueEmail('typed');
    const updated = await server.gql<Updated>(UPDATE, { email: typed, socialEmail }, ghost);
    expect(updated.data!.updateUserDetails).toMatchObject({ email: typed, isEmailVerified: false });
    expect(await verificationMails(typed)).toHaveLength(1);

    const otherGhost = await createGhost();
    const stolen = await server.gql<Updated>(UPDATE, { email: socialEmail, socialEmail }, otherGhost);
    expect(stolen.data!.updateUserDetails.isEmailVerified).toBe(false);
    expect(await verificationMails(socialEmail)).toHaveLength(1);
  });

  it('verifies an e-mail already saved but not yet verified', async () => {
    const ghost = await createGhost();
    const email = uniqueEmail('later');
    await server.gql(UPDATE, { email }, ghost);
    await verify({ provider: 'GOOGLE', credential: await googleToken(email) }, ghost);
    const updated = await server.gql<Updated>(UPDATE, { email, socialEmail: email }, ghost);
    expect(updated.data!.updateUserDetails.isEmailVerified).toBe(true);
    expect(await verificationMails(email)).toHaveLength(1);
  });
});
