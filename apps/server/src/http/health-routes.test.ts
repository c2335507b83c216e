import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { ensureDatabase } from '../server.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { sampleOf, scrape } from '../test/metrics.ts';

/**
 * Liveness and readiness against a PostgreSQL of this file's own, which the test pauses (SIGSTOP to the postmaster
 * and every backend: it then neither answers nor refuses, as a hung host does) and resumes. Every probe must answer
 * within 2 s whatever the database does; readiness says 503 at once while a SIGTERM's drain lets requests finish.
 */
const dataDir = path.join(os.tmpdir(), `listwise-health-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
let postgres: EmbeddedDatabase;
let server: TestServer;
let releaseSlowRequest: (() => void) | undefined;

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
  await ensureDatabase(postgres.url('postgres'), 'listwise');
  server = await startTestServer(
    { METRICS_PORT: '0', DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_QUERY_TIMEOUT_MS: '1500' },
    {
      databaseUrl: postgres.url('listwise'),
      // A request that stays in flight until the test lets it finish.
      extraRoutes: [
        (app) => {
          app.get('/slow', async () => {
            await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
            return { finished: true };
          });
        },
      ],
    },
  );
}, 240_000);
afterAll(async () => {
  await resumePostgres().catch(() => undefined);
  await server?.stop();
  await postgres?.stop().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** The postmaster (first line of postmaster.pid) and its children, the backends holding the server's connections. */
async function postgresProcesses(): Promise<number[]> {
  const postmaster = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}
let paused: number[] = [];
async function pausePostgres() {
  paused = await postgresProcesses();
  for (const pid of paused) process.kill(pid, 'SIGSTOP');
}
async function resumePostgres() {
  for (const pid of paused) process.kill(pid, 'SIGCONT');
  paused = [];
}

async function probe(route: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${route}`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { status: string; reason?: string }, ms: performance.now() - started };
}

describe('/health/live and /health/ready', () => {
  it('say ok while the database answers', async () => {
    expect(await probe('/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await probe('/health/ready')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await probe('/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('say 503 (starting) until the process has started: main.ts seeds the demo data first', async () => {
    const held = await startTestServer({}, { holdReadiness: true });
    try {
      const at = (route: string) =>
        fetch(`${held.url}${route}`).then(async (response) => ({ status: response.status, body: await response.json() }));
      expect(await at('/health/ready')).toEqual({ status: 503, body: { status: 'unavailable', reason: 'starting' } });
      expect(await at('/health')).toMatchObject({ status: 503 });
      expect(await at('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      held.markReady();
      expect(await at('/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await held.stop();
    }
  }, 60_000);

  it('answer within 2 s with PostgreSQL paused: live 200, ready 503; ready again once it resumes', async () => {
    await pausePostgres();
    try {
      // Several probes at once, as a load balancer and an orchestrator send them: none waits on another.
      const probes = await Promise.all(['/health/ready', '/health', '/health/ready', '/health/live'].map(probe));
      for (const answer of probes) expect(answer.ms).toBeLessThan(2000);
      expect(probes.map((answer) => answer.status)).toEqual([503, 503, 503, 200]);
      expect(probes[0]!.body).toEqual({ status: 'unavailable', reason: 'database' });
      // And again, while the first check may still be waiting on the paused database.
      const again = await probe('/health/ready');
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(2000);
      // The metrics keep answering too (their database figures within their own short time limit).
      const started = performance.now();
      await scrape(server.metricsUrl);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await resumePostgres();
    }
    await expect.poll(async () => (await probe('/health/ready')).status, { timeout: 30_000, interval: 250 }).toBe(200);
  }, 60_000);

  it('say 503 at once from the shutdown on, while a request in flight finishes, then stop', async () => {
    const slow = fetch(`${server.url}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    // The slow request has reached its handler.
    await expect.poll(() => releaseSlowRequest !== undefined).toBe(true);
    const stopping = server.stop();
    const ready = await probe('/health/ready');
    expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'draining' } });
    expect(ready.ms).toBeLessThan(2000);
    expect((await probe('/health/live')).status).toBe(200);
    expect(sampleOf(await scrape(server.metricsUrl), 'listwise_draining')).toBe(1);
    releaseSlowRequest!();
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    await stopping;
    await expect(fetch(`${server.url}/health/live`)).rejects.toThrow();
  }, 60_000);
});
