import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../test/harness.ts';
import { createAgent, createSeller } from '../modules/appraisals/test-factories.ts';

/**
 * A cursor comes back from the client: whatever it decodes to, a list answers `validation_failed` on `after`
 * (the row id or timestamp it names cannot be compared), never `internal_error` from Postgres.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const cursor = (sortKey: string, id: string) => Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');
const UUID = '00000000-0000-0000-0000-000000000000';

const TIME_CURSORS = [
  cursor('-100000-01-01T00:00:00.000Z', UUID), // a JavaScript date before Postgres's first timestamp
  cursor('+200000-01-01T00:00:00.000Z', UUID),
  cursor('1', UUID), // Date.parse reads it as 2001; Postgres does not
  cursor('-1', UUID),
  cursor('2026-13-45 10:00:00.123456+00', UUID), // the shape of a Postgres timestamp, not a date
  cursor('2026-02-30T10:00:00.000Z', UUID),
];

const LISTS: [string, 'seller' | 'agent' | 'admin'][] = [
  ['query($after: String) { myProperties(after: $after) { edges { cursor } } }', 'seller'],
  ['query($after: String) { myPendingAppraisalRequests(after: $after) { edges { cursor } } }', 'agent'],
  ['query($after: String) { myCompleteAppraisalRequests(after: $after) { edges { cursor } } }', 'agent'],
  ['query($after: String) { myAppointmentRequests(after: $after) { edges { cursor } } }', 'agent'],
  ['query($after: String) { adminAgents(after: $after) { edges { cursor } } }', 'admin'],
  ['query($after: String) { adminAuditLog(after: $after) { edges { cursor } } }', 'admin'],
  ['query($after: String) { adminListingsAwaitingVerification(after: $after) { edges { cursor } } }', 'admin'],
];

it('answers validation_failed to a cursor whose timestamp Postgres cannot read', async () => {
  const tokens = {
    seller: (await createSeller(server)).token,
    agent: (await createAgent(server)).token,
    admin: (await createAdmin(server)).token,
  };
  for (const [query, role] of LISTS) {
    for (const after of TIME_CURSORS) {
      const result = await server.gql(query, { after }, tokens[role]);
      expect({ query, after: Buffer.from(after, 'base64url').toString(), code: codeOf(result) }).toMatchObject({
        code: 'validation_failed',
      });
    }
  }
});

it('answers validation_failed to a suburb cursor beyond the integer id column', async () => {
  const admin = await createAdmin(server);
  for (const after of [cursor('bondi', '2147483648'), cursor('bondi', '99999999999999999999')]) {
    const result = await server.gql(`query($after: String) { adminSuburbs(after: $after) { edges { cursor } } }`, { after }, admin.token);
    expect(codeOf(result)).toBe('validation_failed');
  }
});

it('still pages with the cursors it hands out', async () => {
  const admin = await createAdmin(server);
  await createAgent(server);
  await createAgent(server);
  const first = await server.gql<{ adminAgents: { edges: { cursor: string }[] } }>(
    `query { adminAgents(first: 1) { edges { cursor } } }`,
    {},
    admin.token,
  );
  const next = await server.gql<{ adminAgents: { edges: { cursor: string }[] } }>(
    `query($after: String) { adminAgents(first: 1, after: $after) { edges { cursor } } }`,
    { after: first.data!.adminAgents.edges[0]!.cursor },
    admin.token,
  );
  expect(next.errors).toBeUndefined();
  expect(next.data!.adminAgents.edges).toHaveLength(1);
});

it('answers validation_failed on first to a page size below 1, and caps a large one at the maximum (issue 19)', async () => {
  const tokens = {
    seller: (await createSeller(server)).token,
    agent: (await createAgent(server)).token,
    admin: (await createAdmin(server)).token,
  };
  for (const [query, role] of LISTS) {
    const withFirst = query
      .replace('($after: String)', '($after: String, $first: Int)')
      .replace('(after: $after)', '(first: $first, after: $after)');
    for (const first of [0, -1, -2147483648]) {
      const result = await server.gql<unknown>(withFirst, { first }, tokens[role]);
      expect({ query, first, code: codeOf(result), field: result.errors?.[0]?.extensions?.field }).toMatchObject({
        code: 'validation_failed',
        field: 'first',
      });
    }
    const large = await server.gql<unknown>(withFirst, { first: 2147483647 }, tokens[role]);
    expect({ query, errors: large.errors }).toEqual({ query, errors: undefined });
  }
  const suburbs = await server.gql(`query { searchSuburbs(query: "bon", first: 0) { id } }`, {}, tokens.seller);
  expect(codeOf(suburbs)).toBe('validation_failed');
});
