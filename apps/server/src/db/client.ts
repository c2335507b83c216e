import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.ts';
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

export interface ConnectOptions {
  max?: number;
  onQuery?: (sql: string, params: unknown[]) => void;
  /** The longest wait for a connection, a free one from the pool or a new one (unset: no limit). */
  connectTimeoutMs?: number;
  /**
   * The longest a statement may run: PostgreSQL cancels it (`statement_timeout`), and the client gives up a little
   * later if no answer comes at all (a paused or unreachable server). Unset: no limit (migrations).
   */
  queryTimeoutMs?: number;
}

/** Grace for the server's own cancellation to arrive before the client stops waiting for any answer. */
const CLIENT_QUERY_TIMEOUT_GRACE_MS = 2000;

export function connectDatabase(url: string, options: ConnectOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    ...(options.connectTimeoutMs && { connectionTimeoutMillis: options.connectTimeoutMs }),
    ...(options.queryTimeoutMs && {
      statement_timeout: options.queryTimeoutMs,
      query_timeout: options.queryTimeoutMs + CLIENT_QUERY_TIMEOUT_GRACE_MS,
    }),
    // A server that vanishes without closing the connection (a host failure) is noticed by the kernel.
    keepAlive: true,
    // Each parameterised statement is prepared once per connection, not parsed and planned at every call.
    Client: PreparingClient,
  });
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
