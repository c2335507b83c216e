import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MAX_PREPARED_PER_CONNECTION, PreparingClient } from './prepared-statements.ts';

/**
 * The server's connections prepare each parameterised statement once (db/client.ts, jobs/queue.ts): PostgreSQL then
 * parses it once and keeps a generic plan, where an unnamed statement was parsed and planned at every call.
 */
const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});

/** One connection, so every query below runs in the same session (its temporary tables, its prepared statements). */
function onePool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: inject('adminDatabaseUrl'), max: 1, Client: PreparingClient });
  pools.push(pool);
  return pool;
}

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}
const preparedIn = async (pool: pg.Pool) =>
  (await pool.query<Prepared>('select statement, generic_plans::int, custom_plans::int from pg_prepared_statements')).rows;

describe('statements prepared once per connection', () => {
  it('prepares a statement with parameters, whichever way node-postgres is called, and runs it on a generic plan', async () => {
    const pool = onePool();
    for (let i = 0; i < 8; i++) expect((await pool.query('select $1::int + 1 as n', [i])).rows[0].n).toBe(i + 1);
    // Drizzle's way: the config without values, the values beside it, rows as arrays.
    for (let i = 0; i < 3; i++) {
      const result = await pool.query({ text: 'select $1::int * 2 as n', rowMode: 'array' } as pg.QueryConfig, [i]);
      expect(result.rows[0]).toEqual([i * 2]);
    }
    // pg-boss's way: the values in the config.
    expect((await pool.query({ text: 'select $1::text as t', values: ['x'] })).rows[0].t).toBe('x');
    // A callback, as pg-pool's own query calls the client.
    const client = await pool.connect();
    const viaCallback = await new Promise<number>((resolve, reject) =>
      client.query('select $1::int - 3 as n', [10], (error: Error | null, result: pg.QueryResult<{ n: number }>) =>
        error ? reject(error) : resolve(result.rows[0]!.n),
      ),
    );
    client.release();
    expect(viaCallback).toBe(7);

    const prepared = await preparedIn(pool);
    expect(prepared.map((p) => p.statement).sort()).toEqual([
      'select $1::int * 2 as n',
      'select $1::int + 1 as n',
      'select $1::int - 3 as n',
      'select $1::text as t',
    ]);
    const repeated = prepared.find((p) => p.statement === 'select $1::int + 1 as n')!;
    expect(repeated.custom_plans + repeated.generic_plans).toBe(8);
    expect(repeated.generic_plans).toBeGreaterThan(0);
  });

  it('sends a text without parameters as it is: it may be several statements', async () => {
    const pool = onePool();
    await pool.query('create temporary table several (n int); insert into several values (1), (2)');
    expect((await pool.query('select count(*)::int as n from several')).rows[0].n).toBe(2);
    expect(await preparedIn(pool)).toEqual([]);
  });

  it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} texts on a connection, then sends the others unnamed`, async () => {
    const pool = onePool();
    const count = MAX_PREPARED_PER_CONNECTION + 20;
    for (let i = 0; i < count; i++) expect((await pool.query(`select $1::int + ${i} as n`, [1])).rows[0].n).toBe(1 + i);
    expect(await preparedIn(pool)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    // One prepared before the limit still runs under its name.
    expect((await pool.query('select $1::int + 0 as n', [5])).rows[0].n).toBe(5);
  });

  it('after a column it selects changes type, fails that once and prepares it again under a new name', async () => {
    const pool = onePool();
    // A table of its own (not temporary): a connection a query failed on may be replaced by the pool.
    const table = `prepared_${crypto.randomBytes(6).toString('hex')}`;
    await pool.query(`create table ${table} (id int primary key, amount int)`);
    await pool.query(`insert into ${table} values (1, 10)`);
    const client = await pool.connect();
    try {
      const read = () => client.query<{ amount: unknown }>(`select amount from ${table} where id = $1`, [1]);
      expect((await read()).rows[0]!.amount).toBe(10);
      // A migration while the server runs: PostgreSQL refuses a prepared plan whose result would change type.
      await onePool().query(`alter table ${table} alter column amount type text`);
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      // The same connection (a transaction's, which the pool does not replace) reads it again.
      expect((await read()).rows[0]!.amount).toBe('10');
      expect((await read()).rows[0]!.amount).toBe('10');
    } finally {
      client.release();
      await pool.query(`drop table ${table}`);
    }
  });
});
