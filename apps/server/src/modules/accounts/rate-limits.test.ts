import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createSeller, PASSWORD, signUpAgent, uniqueEmail } from '../../test/factories.ts';

/**
 * Rate limits on login failures, reset, continue and verification e-mails: per e-mail (RATE_LIMIT_MAX) and per
 * client address (ten times as many), answering `too_many_requests`, shared through Postgres and atomic under
 * concurrent requests. Behind a proxy (TRUST_PROXY) the client address is X-Forwarded-For, so each test uses
 * its own address and the limits of one test never leak into another.
 */
const MAX = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_SECONDS: '600', TRUST_PROXY: 'true' });
});
afterAll(() => server?.stop());

let lastOctet = 0;
/** A fresh client address (TEST-NET-3) for one test. */
const newClient = () => {
  const address = `203.0.113.${++lastOctet}`;
  return (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    server.gql(query, variables, token, { 'x-forwarded-for': address });
};

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
const RESET = `mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`;
const CONTINUE = `mutation($e: String!) { sendContinueEmail(email: $e) { message } }`;
const RESEND = `mutation($id: ID) { resendVerificationEmail(userId: $id) { message } }`;
const WINDOW_MS = 600_000;

async function ghostSellerWithEmail(email: string) {
  const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
  const token = ghost.data!.createGhostUser.token;
  await server.gql(`mutation($e: String) { updateUserDetails(name: "Gus Ghost", email: $e) { id } }`, { e: email }, token);
  return token;
}

describe('login', () => {
  it('counts failures per e-mail, not successes, and lets the e-mail in again in the next window', async () => {
    const gql = newClient();
    const { email } = await signUpAgent(server);
    for (let i = 0; i < 5; i++) expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    for (let i = 0; i < MAX; i++) expect(codeOf(await gql(LOGIN, { e: email, p: 'wrong-password' }))).toBe('invalid_credentials');
    const blocked = await gql(LOGIN, { e: email, p: PASSWORD });
    expect(blocked.errors![0]).toMatchObject({ message: 'too_many_requests', extensions: { code: 'too_many_requests' } });
    // The same e-mail from another address is still limited: the limit follows the account.
    expect(codeOf(await newClient()(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    server.deps.clock.advance(WINDOW_MS);
    try {
      expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    } finally {
      server.deps.clock.reset();
    }
  });

  it('limits failures per client address across many e-mails', async () => {
    const gql = newClient();
    const { email } = await signUpAgent(server);
    for (let i = 0; i < MAX * 10; i++) {
      expect(codeOf(await gql(LOGIN, { e: uniqueEmail('guess'), p: 'wrong-password' }))).toBe('invalid_credentials');
    }
    expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    // Another address is unaffected.
    expect(codeOf(await newClient()(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
  });

  it('never lets more than the limit of failed attempts through, even all at once', async () => {
    const gql = newClient();
    const { email } = await signUpAgent(server);
    const results = await Promise.all(Array.from({ length: MAX + 4 }, () => gql(LOGIN, { e: email, p: 'wrong-password' })));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(MAX);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(4);
  });
});

describe('password reset e-mails', () => {
  it('are limited per e-mail, every request counting, with no more e-mails past the limit', async () => {
    const gql = newClient();
    const { email } = await signUpAgent(server);
    for (let i = 0; i < MAX; i++) expect(codeOf(await gql(RESET, { e: email }))).toBeNull();
    expect(codeOf(await gql(RESET, { e: email }))).toBe('too_many_requests');
    expect((await server.emailsTo(email)).filter((m) => m.template === 'password-reset')).toHaveLength(MAX);
  });

  it('are limited per client address, for unknown e-mails too', async () => {
    const gql = newClient();
    for (let i = 0; i < MAX * 10; i++) expect(codeOf(await gql(RESET, { e: uniqueEmail('probe') }))).toBeNull();
    expect(codeOf(await gql(RESET, { e: uniqueEmail('probe') }))).toBe('too_many_requests');
    expect(codeOf(await newClient()(RESET, { e: uniqueEmail('probe') }))).toBeNull();
  });

  it('hold under concurrent requests', async () => {
    const gql = newClient();
    const { email } = await signUpAgent(server);
    const results = await Promise.all(Array.from({ length: MAX + 5 }, () => gql(RESET, { e: email })));
    expect(results.map(codeOf).filter((c) => c === null)).toHaveLength(MAX);
    expect((await server.emailsTo(email)).filter((m) => m.template === 'password-reset')).toHaveLength(MAX);
  });
});

describe('continue e-mails', () => {
  it('are limited per e-mail and per client address', async () => {
    const gql = newClient();
    const email = uniqueEmail('ghost');
    await ghostSellerWithEmail(email);
    for (let i = 0; i < MAX; i++) expect(codeOf(await gql(CONTINUE, { e: email }))).toBeNull();
    expect(codeOf(await gql(CONTINUE, { e: email }))).toBe('too_many_requests');
    expect((await server.emailsTo(email)).filter((m) => m.template === 'continue-signup')).toHaveLength(MAX);

    const other = newClient();
    for (let i = 0; i < MAX * 10; i++) {
      expect(codeOf(await other(CONTINUE, { e: uniqueEmail('nobody') }))).toBe('user_invalid_or_already_verified');
    }
    const another = uniqueEmail('ghost');
    await ghostSellerWithEmail(another);
    expect(codeOf(await other(CONTINUE, { e: another }))).toBe('too_many_requests');
    expect(codeOf(await newClient()(CONTINUE, { e: another }))).toBeNull();
  });
});

describe('verification e-mails', () => {
  it('are limited per e-mail', async () => {
    const gql = newClient();
    const agent = await signUpAgent(server);
    for (let i = 0; i < MAX; i++) expect(codeOf(await gql(RESEND, {}, agent.token))).toBeNull();
    expect(codeOf(await gql(RESEND, {}, agent.token))).toBe('too_many_requests');
    expect(codeOf(await newClient()(RESEND, { id: agent.userId }))).toBe('too_many_requests');
    // The sign-up e-mail plus MAX resends.
    expect(await server.emailsTo(agent.email)).toHaveLength(MAX + 1);
  });

  it('do not count for an already verified user', async () => {
    const gql = newClient();
    const seller = await createSeller(server);
    for (let i = 0; i < MAX + 1; i++) expect(codeOf(await gql(RESEND, {}, seller.token))).toBe('user_invalid_or_already_verified');
  });
});
