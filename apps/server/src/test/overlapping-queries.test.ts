import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import './overlapping-queries.ts';

// The guard itself: one connection, two queries at once fails; one after the other, and a pool's, pass.
describe('overlapping queries on one connection', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await client.connect();
  });
  afterAll(() => client.end());

  it('refuses a second query while the first runs', async () => {
    const first = client.query('select pg_sleep(0.05)');
    expect(() => client.query('select 1')).toThrow(/still running another one/);
    await first;
  });

  it('lets queries run one after the other', async () => {
    await client.query('select 1');
    await expect(client.query('select 2 as two')).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it("lets a pool's queries run side by side (each on its own connection)", async () => {
    const pool = new pg.Pool({ connectionString: inject('adminDatabaseUrl'), max: 2 });
    try {
      const [a, b] = await Promise.all([pool.query('select pg_sleep(0.05), 1 as n'), pool.query('select 2 as n')]);
      expect([a.rows[0].n, b.rows[0].n]).toEqual([1, 2]);
    } finally {
      await pool.end();
    }
  });
});
