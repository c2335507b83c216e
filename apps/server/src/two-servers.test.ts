import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from './db/schema/platform.ts';
import { suburbSubscriptions } from './db/schema/subscriptions.ts';
import { suburbs } from './db/schema/suburbs.ts';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, subscribe, suburbId } from './test/agent-factories.ts';
import { login, PASSWORD, signUpAgent, uniqueEmail } from './test/factories.ts';
import { codeOf, startTestServer, type TestServer } from './test/harness.ts';

/**
 * Two app processes' worth of servers (each with its own HTTP port, database pool, job workers and in-process
 * caches) against one PostgreSQL behave as one: what docs/scaling.md promises an operator running several
 * replicas behind a load balancer.
 */
const MAX = 3;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  const env = { RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_SECONDS: '600' };
  a = await startTestServer(env);
  b = await startTestServer(env, { databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const ME = `{ me { id } }`;
const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;
const RESET_SUBJECT = 'Reset your Listwise password';
const RESET = `mutation($e: String!) { sendPasswordResetEmail(email: $e) { message } }`;

it('runs two servers on one database', () => {
  expect(b.databaseUrl).toBe(a.databaseUrl);
  expect(b.url).not.toBe(a.url);
});

describe('sessions', () => {
  it('a session made on one server is valid on the other, and a logout on one revokes it on both', async () => {
    const { email, userId } = await signUpAgent(a);
    const token = await login(b, email);
    expect((await a.gql(ME, {}, token)).data).toEqual({ me: { id: userId } });
    expect((await b.gql(ME, {}, token)).data).toEqual({ me: { id: userId } });

    expect((await b.gql(`mutation { logout }`, {}, token)).errors).toBeUndefined();
    for (const server of [a, b]) {
      expect((await server.gql(ME, {}, token)).data).toEqual({ me: null });
      expect(codeOf(await server.gql(`mutation { logout }`, {}, token))).toBe('unauthorized');
    }
  });
});

describe('rate limits', () => {
  it('count failed logins across both servers', async () => {
    const { email } = await signUpAgent(a);
    const servers = [a, b, a];
    for (const server of servers) expect(codeOf(await server.gql(LOGIN, { e: email, p: 'wrong-password' }))).toBe('invalid_credentials');
    // Three failures spread over two servers reach the limit of three: both now refuse, even the right password.
    expect(codeOf(await b.gql(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
    expect(codeOf(await a.gql(LOGIN, { e: email, p: PASSWORD }))).toBe('too_many_requests');
  });
});

describe('jobs', () => {
  it('deliver each queued e-mail exactly once, whichever server queued it and whichever worker takes it', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, () => signUpAgent(a, uniqueEmail('reset'))));
    const emails = accounts.map((account) => account.email);
    await Promise.all(emails.map((email, i) => (i % 2 ? a : b).gql(RESET, { e: email })));

    const resetMessages = () =>
      a.deps.db
        .select()
        .from(emailMessages)
        .where(and(inArray(emailMessages.toAddress, emails), eq(emailMessages.subject, RESET_SUBJECT)));
    for (let i = 0; i < 100 && (await resetMessages()).some((m) => m.status !== 'SENT'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const messages = await resetMessages();
    expect(messages).toHaveLength(10);
    // Each delivery run counts an attempt: one each means no message was delivered by both servers' workers.
    expect(messages.map((m) => [m.toAddress, m.status, m.attempts]).sort()).toEqual(emails.map((e) => [e, 'SENT', 1]).sort());
  });
});

describe('suburb subscriptions', () => {
  it('admit exactly the suburb’s maximum when 20 agents race for it through both servers', async () => {
    await setFreeTrialsAllowed(a, 0);
    const suburb = await suburbId(a, 'Tamarama', '2026');
    await a.deps.db.update(suburbs).set({ subscribedAgentsMax: 5 }).where(eq(suburbs.id, suburb));
    const agents = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const server = i % 2 ? a : b;
        const agent = await createAgentWithBasicDetails(server, `Racer ${i}`);
        await saveCard(server, agent.token);
        return agent;
      }),
    );
    const results = await Promise.all(agents.map((agent, i) => subscribe(i % 2 ? b : a, agent.token, [suburb])));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === null)).toHaveLength(5);
    expect(codes.filter((c) => c === 'some_suburb_at_capacity')).toHaveLength(15);
    const live = await a.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.suburbId, suburb));
    expect(live).toHaveLength(5);
  });
});
