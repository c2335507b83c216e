import { is } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerStatus } from '@listwise/domain/enums';
import { createSeller } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import * as schema from './schema/index.ts';

/**
 * Issue 24: the CHECK constraints on enumerated columns are made from packages/domain (db/schema/checks.ts). The
 * migrated database must hold exactly the checks the schema declares, with the same values: a value added to an
 * enumeration without its migration fails here, not in production when the first row with it is written.
 */
let server: TestServer;
let pool: pg.Pool;
beforeAll(async () => {
  server = await startTestServer();
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

const quoted = (text: string) => [...text.matchAll(/'([A-Za-z0-9_]+)'/g)].map((m) => m[1] ?? '').sort();

describe('CHECK constraints from the domain enumerations', () => {
  it('are in the database exactly as the schema declares them', async () => {
    const dialect = new PgDialect();
    const declared = new Map<string, string[]>();
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const config = getTableConfig(table);
      for (const check of config.checks) declared.set(`${config.name}.${check.name}`, quoted(dialect.sqlToQuery(check.value).sql));
    }
    const { rows } = await pool.query<{ name: string; definition: string }>(
      `select cls.relname || '.' || con.conname as name, pg_get_constraintdef(con.oid) as definition
       from pg_constraint con join pg_class cls on cls.oid = con.conrelid join pg_namespace ns on ns.oid = cls.relnamespace
       where con.contype = 'c' and ns.nspname = 'public'`,
    );
    const inDatabase = new Map(rows.map((r) => [r.name, quoted(r.definition)]));
    expect(declared.size).toBeGreaterThanOrEqual(40);
    expect(Object.fromEntries(inDatabase)).toEqual(Object.fromEntries(declared));
  });

  it('refuse a value outside the enumeration, and take every value in it', async () => {
    const seller = await createSeller(server);
    const update = (sql: string) => pool.query(sql, [seller.userId]);
    for (const status of Object.values(SellerStatus)) await update(`update seller_profiles set status = '${status}' where user_id = $1`);
    await expect(update(`update seller_profiles set status = 'MAYBE' where user_id = $1`)).rejects.toMatchObject({ code: '23514' });
    await expect(update(`update users set user_type = 'SUPERUSER' where id = $1`)).rejects.toMatchObject({ code: '23514' });
    expect((await pool.query(`select user_type from users where id = $1`, [seller.userId])).rows).toEqual([{ user_type: 'SELLER' }]);
  });
});
