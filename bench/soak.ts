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
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { CURRENT_TERMS_VERSION } from '../apps/server/src/modules/accounts/terms.ts';
import { MILLION, SCALE_EMAILS, seedScale } from '../apps/server/src/db/seed/scale.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { ensureDatabase, prepareDatabase } from '../apps/server/src/server.ts';
import { mainProcessArgs, SERVER_DIR } from '../apps/server/src/test/main-process.ts';
import pino from 'pino';
import { BENCH_PASSWORD, loginToken } from './lib.ts';
import { fifthOf, figureRow, grew, mean, percentile, type Figure } from './soak-figures.ts';
import { OPERATIONS, type Operation } from './soak-operations.ts';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const DURATION_MS = (Number(arg('--minutes')) || 10) * 60_000;
const WARM_UP_MS = 30_000;
const USERS = 6;
/** Each simulated user waits this long between requests: a steady load, not a saturating one (a shared machine). */
const THINK_MS = 100;
const SAMPLE_EVERY_MS = 10_000;
const WRITE = process.argv.includes('--write');

interface Server {
  child: ChildProcess;
  url: string;
  metricsUrl: string;
}

async function startListwise(databaseUrl: string, index: number): Promise<Server> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.resolve(import.meta.dirname, `../.test-data/bench-soak/server-${index}`),
    METRICS_PORT: String(metricsPort),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
  };
  delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // tsx passes the bench's --tsconfig (a relative path) on to child processes: the server resolves its own.
  delete env.TSX_TSCONFIG_PATH;
  const child = spawn(process.execPath, mainProcessArgs(), { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${index} did not start:\n${output}`)), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listwise is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server ${index} exited (${code}):\n${output}`)));
  });
  child.stdout!.resume();
  return { child, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** Every sample of one metric in Prometheus' text format, whatever its labels. */
const valuesOf = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
const maxOf = (values: number[]) => Math.max(0, ...values);

interface Sample {
  at: number;
  heapMb: number;
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
const servers: Server[] = [];
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
  servers.push(await startListwise(databaseUrl, 1), await startListwise(databaseUrl, 2));
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
        heapMb: maxOf(texts.flatMap((text) => valuesOf(text, 'nodejs_heap_size_used_bytes'))) / 1e6,
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
  ].join('\n');
  console.log(`\n${report}\n`);
  if (errors.length) console.log(`errors:\n${errors.slice(0, 20).join('\n')}`);
  if (WRITE) await writeReadme(report, DURATION_MS / 60_000);
} finally {
  for (const server of servers) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
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
