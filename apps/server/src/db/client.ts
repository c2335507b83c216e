import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services accept either. */
export type Tx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

// Dates come back as JS Date for timestamptz (pg default); bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export function connectDatabase(
  url: string,
  options: { max?: number; onQuery?: (sql: string, params: unknown[]) => void } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 20 });
  pool.on('error', () => undefined); // an idle client dropped by the server must not crash the process
  const db = drizzle(pool, {
    schema,
    logger: options.onQuery ? { logQuery: (query, params) => options.onQuery!(query, params) } : false,
  });
  return { db, pool, close: () => pool.end() };
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
