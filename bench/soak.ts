/**
 * `npm run bench:soak`: two servers (the real main.ts, each a process of its own with its job workers) on one
 * PostgreSQL seeded with a million appraisal requests (`seedScale`, generate_series in SQL; kept under
 * .test-data/bench-soak between runs), driven for a set time by a mixed load: sellers, agents and operators through
 * GraphQL, visitors on the public pages, and jobs queued. Each server's /metrics is read every 10 s.
 *
 * It prints (and with --write puts in bench/README.md) p50/p95 per operation in the first and last fifth of the run,
 * errors, heap, handles, database connections and job lag, and fails when a request errs or any of those grew more
 * than 20% from the first fifth to the last (soak-figures.ts).
 *
 *   npm run bench:soak                            # 10 minutes
 *   npm run bench:soak -- --minutes 60 --write    # the long run, its figures written down
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { CURRENT_TERMS_VERSION } from '../apps/server/src/modules/accounts/terms.ts';
import { MILLION, SCALE_EMAILS, seedScale } from '../apps/server/src/db/seed/scale.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { ensureDatabase, prepareDatabase } from '../apps/server/src/server.ts';
import pino from 'pino';
import { BENCH_PASSWORD, loginToken } from './lib.ts';
import { fifthOf, figureRow, grew, mean, percentile, type Figure } from './soak-figures.ts';
import { OPERATIONS, type Operation } from './soak-operations.ts';
import { settleForJobs } from './soak-steady-state.ts';
import { startListwise, type ListwiseProcess } from './listwise-process.ts';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const DURATION_MS = (Number(arg('--minutes')) || 10) * 60_000;
const WARM_UP_MS = 30_000;
const USERS = 6;
/** Each simulated user waits this long between requests: a steady load, not a saturating one (a shared machine). */
const THINK_MS = 100;
const SAMPLE_EVERY_MS = 10_000;
const WRITE = process.argv.includes('--write');
/** Every sample of one metric in Prometheus' text format, whatever its labels. */
const valuesOf = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
const maxOf = (values: number[]) => Math.max(0, ...values);

interface Sample {
  at: number;
  /** The machine's one-minute load average: other engineers' work on the same 2 cores, not a figure of the run. */
  load: number;
  heapMb: number;
  rssMb: number;
  handles: number;
  connections: number;
  jobLagS: number;
}
interface Timing {
  at: number;
  operation: string;
  ms: number;
  ok: boolean;
}

const dir = path.resolve(import.meta.dirname, '../.test-data/bench-soak');
await fs.mkdir(path.join(dir, 'postgres'), { recursive: true });
const postgres = await startEmbeddedPostgres(path.join(dir, 'postgres'));
const servers: ListwiseProcess[] = [];
const seedStarted = performance.now();
let failed: boolean;
try {
  await ensureDatabase(postgres.url('postgres'), 'listwise_soak');
  const databaseUrl = postgres.url('listwise_soak');
  await prepareDatabase(databaseUrl, pino({ level: 'warn' }));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined); // the database stopping at the end drops its idle connections
  await seedScale(pool, MILLION, await hashPassword(BENCH_PASSWORD), CURRENT_TERMS_VERSION);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log(`database seeded (or found) in ${seedSeconds} s`);
  // The seed is kept between runs: its people accept the terms in force now, as they would at their next visit
  // (a seed made before a new version would otherwise be refused everything but the terms: terms_not_accepted).
  await pool.query(
    `update users set accepted_terms_version = $1, accepted_terms_at = now()
     where user_type in ('SELLER', 'AGENT') and accepted_terms_version is distinct from $1`,
    [CURRENT_TERMS_VERSION],
  );
  const settled = await settleForJobs(pool);
  console.log(`brought to the state running workers leave: ${JSON.stringify(settled)}`);
  servers.push(await startListwise(databaseUrl, path.join(dir, 'server-1')), await startListwise(databaseUrl, path.join(dir, 'server-2')));
  const tokens = {
    agent: await loginToken(servers[0]!.url, SCALE_EMAILS.agent),
    seller: await loginToken(servers[0]!.url, SCALE_EMAILS.seller),
    admin: await loginToken(servers[0]!.url, SCALE_EMAILS.admin),
  };
  const context = { tokens, pool };

  const timings: Timing[] = [];
  const samples: Sample[] = [];
  const errors: string[] = [];
  const warmUntil = Date.now() + WARM_UP_MS;
  const endAt = warmUntil + DURATION_MS;
  console.log(
    `warming up for ${WARM_UP_MS / 1000} s, then ${DURATION_MS / 60_000} min of load (${USERS} users, ${THINK_MS} ms between requests)`,
  );

  const user = async (n: number) => {
    for (let i = n; Date.now() < endAt; i++) {
      const operation: Operation = OPERATIONS[i % OPERATIONS.length]!;
      const server = servers[i % servers.length]!;
      const started = performance.now();
      let ok = false;
      try {
        ok = await operation.run(server.url, context);
      } catch (error) {
        errors.push(`${operation.name}: ${(error as Error).message}`);
      }
      const ms = performance.now() - started;
      if (!ok && errors.length < 20) errors.push(`${operation.name} failed`);
      if (Date.now() >= warmUntil) timings.push({ at: Date.now(), operation: operation.name, ms, ok });
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  };
  const sampler = (async () => {
    while (Date.now() < endAt) {
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
      if (Date.now() < warmUntil) continue;
      const texts = await Promise.all(servers.map((server) => fetch(server.metricsUrl).then((response) => response.text())));
      const connections = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = 'listwise_soak'`,
      );
      samples.push({
        at: Date.now(),
        load: os.loadavg()[0]!,
        heapMb: maxOf(texts.flatMap((text) => valuesOf(text, 'nodejs_heap_size_used_bytes'))) / 1e6,
        rssMb: maxOf(texts.flatMap((text) => valuesOf(text, 'process_resident_memory_bytes'))) / 1e6,
        handles: maxOf(texts.flatMap((text) => valuesOf(text, 'nodejs_active_handles_total'))),
        connections: connections.rows[0]!.n,
        jobLagS: maxOf(texts.flatMap((text) => valuesOf(text, 'listwise_job_queue_oldest_age_seconds'))),
      });
    }
  })();
  await Promise.all([...Array.from({ length: USERS }, (_, n) => user(n)), sampler]);
  await pool.end();

  const fifth = (at: number) => fifthOf(at, warmUntil, DURATION_MS);
  const figures: Figure[] = [];
  const operationRows: string[] = [];
  for (const name of [...new Set(OPERATIONS.map((operation) => operation.name))]) {
    const of = (f: number) =>
      timings
        .filter((t) => t.operation === name && fifth(t.at) === f)
        .map((t) => t.ms)
        .sort((a, b) => a - b);
    const [first, last] = [of(0), of(4)];
    operationRows.push(
      `| ${name} | ${first.length} | ${Math.round(percentile(first, 0.5))} / ${Math.round(percentile(first, 0.95))} | ${Math.round(percentile(last, 0.5))} / ${Math.round(percentile(last, 0.95))} |`,
    );
    figures.push({ name: `p95 ${name}`, first: percentile(first, 0.95), last: percentile(last, 0.95), unit: 'ms', slack: 10 });
  }
  const sampled = (key: keyof Sample, f: number) => mean(samples.filter((s) => fifth(s.at) === f).map((s) => s[key]));
  figures.push(
    { name: 'heap used (the larger server)', first: sampled('heapMb', 0), last: sampled('heapMb', 4), unit: 'MB', slack: 5 },
    { name: 'active handles (the larger server)', first: sampled('handles', 0), last: sampled('handles', 4), unit: '', slack: 5 },
    { name: 'database connections', first: sampled('connections', 0), last: sampled('connections', 4), unit: '', slack: 3 },
    { name: 'job lag (oldest due job, any queue)', first: sampled('jobLagS', 0), last: sampled('jobLagS', 4), unit: 's', slack: 5 },
  );
  // What the rule does not judge but a reader needs: how much was done, how busy the machine was, the worst lag.
  const inFifth = (f: number) => timings.filter((t) => fifth(t.at) === f);
  const allMs = (f: number) =>
    inFifth(f)
      .map((t) => t.ms)
      .sort((a, b) => a - b);
  const fifthSeconds = DURATION_MS / 5 / 1000;
  const maxIn = (key: keyof Sample, f: number) => Math.max(0, ...samples.filter((s) => fifth(s.at) === f).map((s) => s[key]));
  const contextRow = (name: string, value: (f: number) => string) => `| ${name} | ${[0, 1, 2, 3, 4].map(value).join(' | ')} |`;
  const contextRows = [
    contextRow('requests a second (all servers)', (f) => String(Math.round((inFifth(f).length / fifthSeconds) * 10) / 10)),
    contextRow('p50 / p95 / p99 ms, every request', (f) => [0.5, 0.95, 0.99].map((p) => Math.round(percentile(allMs(f), p))).join(' / ')),
    contextRow('failed requests', (f) => String(inFifth(f).filter((t) => !t.ok).length)),
    contextRow('heap MB (mean of samples, the larger server)', (f) => String(Math.round(sampled('heapMb', f)))),
    contextRow('resident memory MB (the larger server)', (f) => String(Math.round(sampled('rssMb', f)))),
    contextRow(
      'job lag s, mean / worst sample',
      (f) => `${Math.round(sampled('jobLagS', f) * 10) / 10} / ${Math.round(maxIn('jobLagS', f) * 10) / 10}`,
    ),
    contextRow('machine load average (1 min, 2 cores)', (f) => String(Math.round(sampled('load', f) * 10) / 10)),
  ];
  const failedRequests = timings.filter((t) => !t.ok).length;
  failed = failedRequests > 0 || errors.length > 0 || figures.some(grew);
  const report = [
    `Run ${new Date(warmUntil).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${DURATION_MS / 60_000} min after a ${WARM_UP_MS / 1000} s warm-up, ${USERS} users ${THINK_MS} ms apart on 2 servers, ${timings.length.toLocaleString('en-AU')} requests, ${failedRequests} failed; seed ${seedSeconds} s. **${failed ? 'FAILED' : 'passed'}**.`,
    '',
    '| operation | requests in the first fifth | p50 / p95 ms, first fifth | p50 / p95 ms, last fifth |',
    '|---|---|---|---|',
    ...operationRows,
    '',
    '| figure | first fifth | last fifth | change | verdict |',
    '|---|---|---|---|---|',
    ...figures.map(figureRow),
    '',
    '| each fifth of the run | 1st | 2nd | 3rd | 4th | 5th |',
    '|---|---|---|---|---|---|',
    ...contextRows,
  ].join('\n');
  console.log(`\n${report}\n`);
  if (errors.length) console.log(`errors:\n${errors.slice(0, 20).join('\n')}`);
  if (WRITE) await writeReadme(report, DURATION_MS / 60_000);
} finally {
  for (const server of servers) await server.stop();
  await postgres.stop();
}
process.exit(failed ? 1 : 0);

async function writeReadme(report: string, minutes: number) {
  const file = path.resolve(import.meta.dirname, 'README.md');
  const readme = await fs.readFile(file, 'utf8');
  const [start, end] = [`<!-- soak-${minutes}:start -->`, `<!-- soak-${minutes}:end -->`];
  if (!readme.includes(start)) throw new Error(`bench/README.md has no ${start} marker`);
  await fs.writeFile(file, readme.slice(0, readme.indexOf(start) + start.length) + `\n${report}\n` + readme.slice(readme.indexOf(end)));
}
