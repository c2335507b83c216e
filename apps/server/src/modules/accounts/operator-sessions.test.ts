import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin } from '../../test/factories.ts';
import { createSeller } from '../appraisals/test-factories.ts';

/**
 * An operator's session ends after 2 hours without use and, however much it is used, 12 hours after signing in (the
 * console moves money and sees every seller); everyone else's sessions keep their 30 days.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.deps.clock.reset());
afterAll(() => server?.stop());

const HOUR = 60 * 60 * 1000;
const AUDIT = `{ adminAuditLog(first: 1) { edges { cursor } } }`;
const ME = `{ me { id } }`;

it("ends an operator's session after 2 hours without use", async () => {
  const operator = await createAdmin(server);
  server.deps.clock.advance(2 * HOUR + 60_000);
  expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBe('unauthorized');
});

it("keeps an operator's session alive while it is used, and ends it 2 hours after the last use", async () => {
  const operator = await createAdmin(server);
  for (let i = 0; i < 4; i++) {
    server.deps.clock.advance(HOUR + 50 * 60_000);
    expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBeNull();
  }
  server.deps.clock.advance(2 * HOUR + 60_000);
  expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBe('unauthorized');
});

it("ends an operator's session 12 hours after signing in, however often it is used", async () => {
  const operator = await createAdmin(server);
  // Used every 30 minutes for 11.5 hours: alive throughout.
  for (let i = 0; i < 23; i++) {
    server.deps.clock.advance(30 * 60_000);
    expect(codeOf(await server.gql(AUDIT, {}, operator.token)), `after ${(i + 1) / 2} hours`).toBeNull();
  }
  server.deps.clock.advance(30 * 60_000 + 1000);
  expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBe('unauthorized');
  // Signing in again starts a new session of its own.
  const again = await createAdmin(server);
  expect(codeOf(await server.gql(AUDIT, {}, again.token))).toBeNull();
});

it("keeps a seller's session for days without use", async () => {
  const seller = await createSeller(server);
  server.deps.clock.advance(10 * 24 * HOUR);
  const me = await server.gql<{ me: { id: string } | null }>(ME, {}, seller.token);
  expect(me.errors).toBeUndefined();
  expect(me.data!.me).not.toBeNull();
});
