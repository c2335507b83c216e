import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/**
 * DATABASE_POOL_SIZE bounds the connections one server holds: its requests' pool, and the job system's, which never
 * holds more. Requests beyond it wait their turn for a connection (up to DATABASE_CONNECT_TIMEOUT_MS) and are answered.
 */
const POOL_SIZE = 2;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_CONNECT_TIMEOUT_MS: '1000' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The connections to the server's database, seen from a connection of the test's own. */
async function connectionsToDatabase(): Promise<number> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('DATABASE_POOL_SIZE', () => {
  it('answers many requests at once on a few connections, and holds no more than it allows', async () => {
    const seller = await createSeller(server);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => server.gql<{ me: { id: string } }>(`{ me { id } }`, {}, seller.token)),
    );
    expect(answers.map((answer) => answer.data?.me.id)).toEqual(answers.map(() => seller.userId));
    // The requests' pool and the job system's, each at most POOL_SIZE.
    expect(await connectionsToDatabase()).toBeLessThanOrEqual(2 * POOL_SIZE);
  });

  it('makes a request wait for a connection when all are taken, and gives up after DATABASE_CONNECT_TIMEOUT_MS', async () => {
    const held = await Promise.all(Array.from({ length: POOL_SIZE }, () => server.database.pool.connect()));
    try {
      const failed = await server.deps.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String((failed as Error)?.cause ?? failed)).toMatch(/timeout exceeded when trying to connect/);
    } finally {
      for (const client of held) client.release();
    }
    await expect(server.deps.db.execute(sql`select 1`)).resolves.toBeDefined();
  });
});
