import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../config.ts';
import { emailMessages } from '../db/schema/platform.ts';
import { createClock } from '../lib/clock.ts';
import type { ExtraRoutes } from '../http/app.ts';
import { startServer, type RunningServer } from '../server.ts';
import './overlapping-queries.ts';

/**
 * A real Listwise server for one test file: its own database copied from the migrated template, a
 * listening HTTP port on 127.0.0.1, real jobs, and a clock the test can move.
 */
export interface TestServer extends RunningServer {
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
    headers?: Record<string, string>,
  ) => Promise<GqlResult<T>>;
  sqlCount: () => number;
  /** Every statement the server issued since the last call, with its parameters (then forgotten). */
  takeStatements: () => { sql: string; params: unknown[] }[];
  /** The database this server uses (a second server can be started on it: `startTestServer(env, { databaseUrl })`). */
  databaseUrl: string;
  emailsTo: (address: string) => Promise<(typeof emailMessages.$inferSelect)[]>;
}

export interface GqlResult<T> {
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; field?: string; reason?: string } }[];
  status: number;
}

/** A database of its own for a test file, copied from the suite's template (migrated, with the job system's queues). */
export async function createDatabaseFromTemplate(adminUrl: string) {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name} template listwise_template`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: { databaseUrl?: string; extraRoutes?: ExtraRoutes[]; holdReadiness?: boolean } = {},
): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createDatabaseFromTemplate(inject('adminDatabaseUrl')));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1:3999',
    // The cheap argon2id profile: the suite makes and signs in about 1,800 accounts (lib/passwords.ts).
    PASSWORD_HASHING: 'fast',
    // Test files sign up many agents from 127.0.0.1; rate-limits.test.ts sets its own limit.
    SIGN_UPS_PER_ADDRESS_MAX: '100000',
    // Media and anything else on disk goes to a throwaway folder, never the developer's .data.
    DATA_DIR: path.join(os.tmpdir(), `listwise-test-${crypto.randomBytes(6).toString('hex')}`),
    ...env,
  });
  let queries = 0;
  let statements: { sql: string; params: unknown[] }[] = [];
  const server = await startServer({
    config,
    databaseUrl,
    clock: createClock(),
    extraRoutes: options.extraRoutes,
    holdReadiness: options.holdReadiness,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    onQuery: (sql, params) => {
      queries++;
      // Kept only for a test that takes them, and only the last few thousand.
      if (statements.length < 5000) statements.push({ sql, params });
    },
  });
  const gql: TestServer['gql'] = async (query, variables, token, headers) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as GqlResult<never>;
    return { ...body, status: response.status };
  };
  return {
    ...server,
    gql,
    sqlCount: () => queries,
    takeStatements: () => {
      const taken = statements;
      statements = [];
      return taken;
    },
    databaseUrl,
    emailsTo: (address) =>
      server.deps.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address)).orderBy(desc(emailMessages.createdAt)),
  };
}

/** The first error code of a result, for `expect(codeOf(result)).toBe('not_found')`. */
export const codeOf = (result: GqlResult<unknown>) => result.errors?.[0]?.extensions?.code ?? null;

/** The token in the last link of an e-mail (`…/verify-email/<token>`). */
export const linkFrom = (text: string, pattern: RegExp) => {
  const match = text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in: ${text}`);
  return match;
};
