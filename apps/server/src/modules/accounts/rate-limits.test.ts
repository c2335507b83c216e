import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createSeller, PASSWORD, signUpAgent, uniqueEmail } from '../../test/factories.ts';
import { GHOST_USERS_LIMIT_FACTOR, LOGIN_EMAIL_LIMIT_FACTOR } from './accounts.service.ts';
import { EMAIL_CHANGES_PER_ADDRESS_FACTOR } from './user-details.service.ts';

/**
 * Rate limits on login failures, reset, continue and verification e-mails: per e-mail (RATE_LIMIT_MAX; for logins
 * per e-mail and client address, with a wider per-e-mail limit) and per client address (ten times as many),
 * answering `too_many_requests`, shared through Postgres and atomic under concurrent requests; and on the 'already
 * in use' answers of sign-up and e-mail change, per client address. Behind a proxy (TRUST_PROXY) the client address is X-Forwarded-For, so each test uses
 * its own address and the limits of one test never leak into another.
 */
const MAX = 3;
const SIGN_UPS_MAX = 8;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_MAX: String(MAX),
    RATE_LIMIT_WINDOW_SECONDS: '600',
    TRUST_PROXY: 'true',
    SIGN_UPS_PER_ADDRESS_MAX: String(SIGN_UPS_MAX),
  });
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

let signUps = 0;
/** An agent signed up from an address of its own (198.18.0.0/15), so no test meets the sign-up limit of 127.0.0.1. */
const newAgent = () => {
  const n = ++signUps;
  return signUpAgent(server, uniqueEmail('agent'), PASSWORD, { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` });
};

async function ghostSellerWithEmail(email: string) {
  const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
  const token = ghost.data!.createGhostUser.token;
  await server.gql(`mutation($e: String) { updateUserDetails(name: "Gus Ghost", email: $e) { id } }`, { e: email }, token);
  return token;
}

describe('login', () => {
  it('counts failures per e-mail and client address, not successes, and lets the e-mail in again in the next window', async () => {
    const gql = newClient();
    const { email } = await newAgent();
    for (let i = 0; i < 5; i++) expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    for (let i = 0; i < MAX; i++) expect(codeOf(await gql(LOGIN, { e: email, p: 'wrong-password' }))).toBe('invalid_credentials');
    const blocked = await gql(LOGIN, { e: email, p: PASSWORD });
    expect(blocked.errors![0]).toMatchObject({ message: 'too_many_requests', extensions: { code: 'too_many_requests' } });
    server.deps.clock.advance(WINDOW_MS);
    try {
      expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    } finally {
      server.deps.clock.reset();
    }
  });

  it("never locks the owner out because of one client's wrong passwords, however many", async () => {
    const attacker = newClient();
    const { email } = await newAgent();
    for (let i = 0; i < MAX; i++) expect(codeOf(await attacker(LOGIN, { e: email, p: 'wrong-password' }))).toBe('invalid_credentials');
    // Refused attempts count nowhere else, so hammering on does not fill the e-mail's wider limit either.
    for (let i = 0; i < MAX * LOGIN_EMAIL_LIMIT_FACTOR + 2; i++) {
      expect(codeOf(await attacker(LOGIN, { e: email, p: 'wrong-password' }))).toBe('too_many_requests');
    }
    expect(codeOf(await attacker(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    const owner = newClient();
    expect(codeOf(await owner(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    expect(codeOf(await owner(LOGIN, { e: email, p: 'a-typo-of-it' }))).toBe('invalid_credentials');
    expect(codeOf(await owner(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
  });

  it('slows guesses at one e-mail spread over many addresses with a wider per-e-mail limit', async () => {
    const { email } = await newAgent();
    const wider = MAX * LOGIN_EMAIL_LIMIT_FACTOR;
    for (let i = 0; i < wider; i++) {
      // One guess from each address: no address reaches its own limit.
      expect(codeOf(await newClient()(LOGIN, { e: email, p: `guess-number-${i}` }))).toBe('invalid_credentials');
    }
    const refused = await newClient()(LOGIN, { e: email, p: 'one-more-guess' });
    expect(codeOf(refused)).toBe('too_many_requests');
    expect(refused.status).toBe(429);
    server.deps.clock.advance(WINDOW_MS);
    try {
      expect(codeOf(await newClient()(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    } finally {
      server.deps.clock.reset();
    }
  });

  it('never lets strangers on many addresses lock the owner out where the owner signs in', async () => {
    const { email } = await newAgent();
    const owner = newClient();
    expect(codeOf(await owner(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    // Five strangers' addresses, each to its own limit: the e-mail's account-wide limit is full.
    const strangers = Array.from({ length: LOGIN_EMAIL_LIMIT_FACTOR }, () => newClient());
    for (const stranger of strangers) {
      for (let i = 0; i < MAX; i++) expect(codeOf(await stranger(LOGIN, { e: email, p: 'wrong-password' }))).toBe('invalid_credentials');
    }
    // A new address is held by the account-wide limit, right password or not…
    expect(codeOf(await newClient()(LOGIN, { e: email, p: 'one-more-guess' }))).toBe('too_many_requests');
    expect(codeOf(await newClient()(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    // …but the owner, where they signed in before, is not: a typo counts only against their own address.
    expect(codeOf(await owner(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    expect(codeOf(await owner(LOGIN, { e: email, p: 'a-typo-of-it' }))).toBe('invalid_credentials');
    expect(codeOf(await owner(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    // The address the account was created from counts as one it signs in from.
    const creator = newClient();
    const created = uniqueEmail('created');
    expect(
      codeOf(
        await creator(`mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token } }`, {
          e: created,
          p: PASSWORD,
        }),
      ),
    ).toBeNull();
    for (const stranger of strangers) {
      for (let i = 0; i < MAX; i++) await stranger(LOGIN, { e: created, p: 'wrong-password' });
    }
    expect(codeOf(await newClient()(LOGIN, { e: created, p: PASSWORD }))).toBe('too_many_requests');
    expect(codeOf(await creator(LOGIN, { e: created, p: PASSWORD }))).toBeNull();
  }, 90_000);

  it('limits failures per client address across many e-mails', async () => {
    const gql = newClient();
    const { email } = await newAgent();
    for (let i = 0; i < MAX * 10; i++) {
      expect(codeOf(await gql(LOGIN, { e: uniqueEmail('guess'), p: 'wrong-password' }))).toBe('invalid_credentials');
    }
    expect(codeOf(await gql(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    // Another address is unaffected.
    expect(codeOf(await newClient()(LOGIN, { e: email, p: PASSWORD }))).toBeNull();
    // Thirty-odd argon2 checks: slow on a busy machine.
  }, 90_000);

  it('never lets more than the limit of failed attempts through, even all at once', async () => {
    const gql = newClient();
    const { email } = await newAgent();
    const results = await Promise.all(Array.from({ length: MAX + 4 }, () => gql(LOGIN, { e: email, p: 'wrong-password' })));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(MAX);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(4);
  });
});

describe("'already in use' answers", () => {
  const SIGN_UP = `mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token } }`;
  const CHANGE_EMAIL = `mutation($e: String) { updateUserDetails(email: $e) { id } }`;

  it('of sign-up are limited per client address; successful sign-ups do not count', async () => {
    const prober = newClient();
    const { email: taken } = await newAgent();
    for (let i = 0; i < MAX + 2; i++) expect(codeOf(await prober(SIGN_UP, { e: uniqueEmail('fresh'), p: PASSWORD }))).toBeNull();
    for (let i = 0; i < MAX; i++) expect(codeOf(await prober(SIGN_UP, { e: taken, p: PASSWORD }))).toBe('email_is_already_in_use');
    const refused = await prober(SIGN_UP, { e: taken, p: PASSWORD });
    expect(codeOf(refused)).toBe('too_many_requests');
    expect(refused.status).toBe(429);
    // A free address gets the same answer now, so the answer tells nothing.
    expect(codeOf(await prober(SIGN_UP, { e: uniqueEmail('fresh'), p: PASSWORD }))).toBe('too_many_requests');
    expect(codeOf(await newClient()(SIGN_UP, { e: taken, p: PASSWORD }))).toBe('email_is_already_in_use');
  });

  it('never exceed the limit under concurrent probes, and concurrent sign-ups of free addresses all go through', async () => {
    const prober = newClient();
    const { email: taken } = await newAgent();
    const fresh = await Promise.all(Array.from({ length: MAX + 3 }, () => prober(SIGN_UP, { e: uniqueEmail('busy'), p: PASSWORD })));
    expect(fresh.map(codeOf)).toEqual(Array.from({ length: MAX + 3 }, () => null));
    const probes = await Promise.all(Array.from({ length: MAX + 4 }, () => prober(SIGN_UP, { e: taken, p: PASSWORD })));
    const codes = probes.map(codeOf);
    expect(codes.filter((c) => c === 'email_is_already_in_use')).toHaveLength(MAX);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(4);
  });

  it('of an e-mail change are limited per client address, sharing the count with sign-up', async () => {
    const prober = newClient();
    const { email: taken } = await newAgent();
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    expect(codeOf(await prober(SIGN_UP, { e: taken, p: PASSWORD }))).toBe('email_is_already_in_use');
    for (let i = 1; i < MAX; i++) expect(codeOf(await prober(CHANGE_EMAIL, { e: taken }, token))).toBe('email_is_already_in_use');
    expect(codeOf(await prober(CHANGE_EMAIL, { e: taken }, token))).toBe('too_many_requests');
    expect(codeOf(await prober(CHANGE_EMAIL, { e: uniqueEmail('free') }, token))).toBe('too_many_requests');
    expect(codeOf(await newClient()(CHANGE_EMAIL, { e: uniqueEmail('free') }, token))).toBeNull();
  });
});

describe('successful agent sign-ups', () => {
  const SIGN_UP = `mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token } }`;

  it('are limited per client address, sending no more e-mails past the limit; another address signs up', async () => {
    const client = newClient();
    for (let i = 0; i < SIGN_UPS_MAX; i++) expect(codeOf(await client(SIGN_UP, { e: uniqueEmail('signup'), p: PASSWORD }))).toBeNull();
    const refusedEmail = uniqueEmail('signup');
    const refused = await client(SIGN_UP, { e: refusedEmail, p: PASSWORD });
    expect(codeOf(refused)).toBe('too_many_requests');
    expect(refused.status).toBe(429);
    expect(await server.emailsTo(refusedEmail)).toHaveLength(0);
    expect(await server.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, refusedEmail) })).toBeUndefined();
    expect(codeOf(await newClient()(SIGN_UP, { e: refusedEmail, p: PASSWORD }))).toBeNull();
    server.deps.clock.advance(WINDOW_MS);
    try {
      expect(codeOf(await client(SIGN_UP, { e: uniqueEmail('signup'), p: PASSWORD }))).toBeNull();
    } finally {
      server.deps.clock.reset();
    }
  });

  it('hold under concurrent sign-ups', async () => {
    const client = newClient();
    const results = await Promise.all(
      Array.from({ length: SIGN_UPS_MAX + 4 }, () => client(SIGN_UP, { e: uniqueEmail('rush'), p: PASSWORD })),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === null)).toHaveLength(SIGN_UPS_MAX);
    expect(codes.filter((c) => c === 'too_many_requests')).toHaveLength(4);
  });
});

describe('e-mail changes', () => {
  const CHANGE_EMAIL = `mutation($e: String, $p: String) { updateUserDetails(email: $e, currentPassword: $p) { id email } }`;

  it('are limited per account, each change e-mailing the new address, and nothing is sent past the limit', async () => {
    const agent = await newAgent();
    const client = newClient();
    for (let i = 0; i < MAX; i++)
      expect(codeOf(await client(CHANGE_EMAIL, { e: uniqueEmail('moved'), p: PASSWORD }, agent.token))).toBeNull();
    const stranger = uniqueEmail('stranger');
    // From another address too: the count is the account's.
    expect(codeOf(await newClient()(CHANGE_EMAIL, { e: stranger, p: PASSWORD }, agent.token))).toBe('too_many_requests');
    expect(await server.emailsTo(stranger)).toHaveLength(0);
    // A change refused for the address being in use counts nothing.
    const other = await newAgent();
    const fresh = await newAgent();
    expect(codeOf(await client(CHANGE_EMAIL, { e: other.email, p: PASSWORD }, fresh.token))).toBe('email_is_already_in_use');
    for (let i = 0; i < MAX; i++)
      expect(codeOf(await newClient()(CHANGE_EMAIL, { e: uniqueEmail('moved'), p: PASSWORD }, fresh.token))).toBeNull();
  });

  it('are limited per client address over many accounts', async () => {
    const client = newClient();
    const perAddress = MAX * EMAIL_CHANGES_PER_ADDRESS_FACTOR;
    let made = 0;
    while (made < perAddress) {
      const agent = await newAgent();
      for (let i = 0; i < MAX && made < perAddress; i++, made++) {
        expect(codeOf(await client(CHANGE_EMAIL, { e: uniqueEmail('moved'), p: PASSWORD }, agent.token))).toBeNull();
      }
    }
    const agent = await newAgent();
    expect(codeOf(await client(CHANGE_EMAIL, { e: uniqueEmail('moved'), p: PASSWORD }, agent.token))).toBe('too_many_requests');
    expect(codeOf(await newClient()(CHANGE_EMAIL, { e: uniqueEmail('moved'), p: PASSWORD }, agent.token))).toBeNull();
  }, 90_000);
});

describe('password reset e-mails', () => {
  it('are limited per e-mail, every request counting, with no more e-mails past the limit', async () => {
    const gql = newClient();
    const { email } = await newAgent();
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
    const { email } = await newAgent();
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
    const agent = await newAgent();
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

describe('ghost sellers', () => {
  it('are limited per client address (issue 19), while another address can still start a listing', async () => {
    const gql = newClient();
    const GHOST = `mutation { createGhostUser { token } }`;
    for (let i = 0; i < MAX * GHOST_USERS_LIMIT_FACTOR; i++) expect(codeOf(await gql(GHOST))).toBeNull();
    const refused = await gql(GHOST);
    expect(refused.errors![0]).toMatchObject({ message: 'too_many_requests', extensions: { code: 'too_many_requests' } });
    expect(codeOf(await newClient()(GHOST))).toBeNull();
  });
});
