import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import type { ExtraRoutes } from '../apps/server/src/http/app.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';

/**
 * Bench harness: a real server on 127.0.0.1 with its own embedded Postgres under .test-data/bench,
 * and a bounded autocannon run (fixed duration, fixed connections) that stops by itself.
 */
export async function startBenchServer(options: { extraRoutes?: ExtraRoutes[] } = {}): Promise<RunningServer> {
  const dataDir = path.resolve(import.meta.dirname, '../.test-data/bench');
  await fs.rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
  });
  return startServer({ config, logger: pino({ level: 'silent' }), extraRoutes: options.extraRoutes });
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

export async function load(
  name: string,
  url: string,
  body: unknown,
  options: { token?: string; connections?: number; durationSeconds?: number; path?: string; method?: 'GET' | 'POST' } = {},
): Promise<LoadResult> {
  const method = options.method ?? 'POST';
  const result = await autocannon({
    url: `${url}${options.path ?? '/graphql'}`,
    method,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 8,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Time one GraphQL request end to end (for single-request figures on large data). */
export async function timeRequest(url: string, body: unknown, token?: string, repeats = 20) {
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { errors?: unknown[] };
    if (json.errors) throw new Error(JSON.stringify(json.errors));
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: round(samples[Math.floor(samples.length / 2)]!), p95Ms: round(samples[Math.floor(samples.length * 0.95)]!) };
}

export const BENCH_PASSWORD = 'bench-password';

/** A session token from a real `login` call. */
export async function loginToken(url: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }`,
      variables: { email, password },
    }),
  });
  return ((await response.json()) as { data: { login: { token: string } } }).data.login.token;
}

export const round = (n: number) => Math.round(n * 10) / 10;

export function printTable(rows: object[]) {
  console.table(rows);
}
