import pg from 'pg';
import pino from 'pino';
import { afterAll, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../server.ts';

/**
 * Replicas started together against a fresh database (compose.yaml, a rolling deploy) each run the migrations
 * and the suburb import on start; they must not race to create the same tables.
 */
const name = `listwise_prepare_${process.pid}`;
const adminUrl = inject('adminDatabaseUrl');
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

afterAll(() => admin(`drop database if exists ${name} with (force)`));

it('lets two servers prepare one fresh database at the same time', { timeout: 120_000 }, async () => {
  await admin(`create database ${name}`);
  const logger = pino({ level: 'silent' });
  await expect(Promise.all([prepareDatabase(url, logger), prepareDatabase(url, logger)])).resolves.toBeDefined();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const suburbs = await client.query('select count(*)::int as n from suburbs');
    expect(suburbs.rows[0].n).toBeGreaterThan(15_000);
    const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations.rows[0].n).toBe((await import('./migrations/meta/_journal.json')).default.entries.length);
  } finally {
    await client.end();
  }
});
