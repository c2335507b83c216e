import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin } from '../../test/factories.ts';
import { createSeller } from '../appraisals/test-factories.ts';

/**
 * Issue 19: an operator's session ends after 12 hours without use (the console moves money and sees every
 * seller), while using it keeps it alive; everyone else's sessions keep their 30 days.
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

it("ends an operator's session after 12 hours without use", async () => {
  const operator = await createAdmin(server);
  server.deps.clock.advance(12 * HOUR + 60_000);
  expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBe('unauthorized');
});

it("keeps an operator's session alive while it is used, and ends it 12 hours after the last use", async () => {
  const operator = await createAdmin(server);
  for (let i = 0; i < 4; i++) {
    server.deps.clock.advance(11 * HOUR);
    expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBeNull();
  }
  server.deps.clock.advance(12 * HOUR + 60_000);
  expect(codeOf(await server.gql(AUDIT, {}, operator.token))).toBe('unauthorized');
});

it("keeps a seller's session for days without use", async () => {
  const seller = await createSeller(server);
  server.deps.clock.advance(10 * 24 * HOUR);
  const me = await server.gql<{ me: { id: string } | null }>(ME, {}, seller.token);
  expect(me.errors).toBeUndefined();
  expect(me.data!.me).not.toBeNull();
});
