/**
 * `npm run bench -- tracing-overhead` (`-- --write` after it puts the table in bench/README.md): what tracing costs a request.
 * Three real servers (main.ts, each a process of its own, so each has the OpenTelemetry SDK as production would) on
 * one embedded PostgreSQL seeded at a thousand rows a list:
 * - off: no OTEL_EXPORTER_OTLP_ENDPOINT, so the SDK is never started (production's default);
 * - started, no exporter: the endpoint set with OTEL_TRACES_EXPORTER=none, so the SDK starts and the Fastify and
 *   pg instrumentations hook in, but no span is recorded or sent;
 * - exporting: spans recorded and sent by OTLP (http/protobuf, the SDK's default) to a local receiver that
 *   answers 200 and keeps nothing (no collector: what is measured is the server's side of it).
 * The same request mix as the soak (soak-operations.ts: sellers, agents, operators, public pages, a password reset
 * queueing an e-mail) is driven by USERS concurrent clients with no pause for SECONDS on each server in turn, the
 * order rotating each round, ROUNDS rounds: the spread of one server's figures between rounds is the machine's
 * noise, which the differences between servers are read against.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { SCALE_EMAILS, seedScale, THOUSAND } from '../apps/server/src/db/seed/scale.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { CURRENT_TERMS_VERSION } from '../apps/server/src/modules/accounts/terms.ts';
import { ensureDatabase, prepareDatabase } from '../apps/server/src/server.ts';
import { BENCH_PASSWORD, loginToken } from './lib.ts';
import { startListwise, type ListwiseProcess } from './listwise-process.ts';
import { percentile } from './soak-figures.ts';
import { OPERATIONS, type SoakContext } from './soak-operations.ts';
import { settleForJobs } from './soak-steady-state.ts';

const ROUNDS = 3;
const SECONDS = 10;
const WARM_UP_SECONDS = 5;
const USERS = 6;

interface Mode {
  name: string;
  env: NodeJS.ProcessEnv;
}
interface Round {
  mode: string;
  round: number;
  requests: number;
  failed: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** USERS clients, each sending the mix's next request as soon as the last one answered, for `seconds`. */
async function drive(url: string, context: SoakContext, seconds: number) {
  const endAt = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      for (let i = user; Date.now() < endAt; i++) {
        const started = performance.now();
        const ok = await OPERATIONS[i % OPERATIONS.length]!.run(url, context).catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, failed };
}

export async function benchTracingOverhead(): Promise<Round[]> {
  const dir = path.resolve(import.meta.dirname, '../.test-data/bench-tracing');
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'postgres'), { recursive: true });
  const postgres = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  let exported = 0;
  receiver.on('request', () => exported++);
  const servers = new Map<string, ListwiseProcess>();
  const pool = new pg.Pool({ connectionString: postgres.url('listwise_tracing'), max: 2 });
  pool.on('error', () => undefined); // the database stopping at the end drops its idle connections
  try {
    await ensureDatabase(postgres.url('postgres'), 'listwise_tracing');
    const databaseUrl = postgres.url('listwise_tracing');
    await prepareDatabase(databaseUrl, pino({ level: 'warn' }));
    await seedScale(pool, THOUSAND, await hashPassword(BENCH_PASSWORD), CURRENT_TERMS_VERSION);
    await settleForJobs(pool);
    const modes: Mode[] = [
      { name: 'tracing off (SDK not started)', env: {} },
      { name: 'SDK started, no exporter', env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_EXPORTER: 'none' } },
      { name: 'SDK started, exporting by OTLP', env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } },
    ];
    // Started together (each compiles the server cold); those that did start are stopped at the end either way.
    const started = await Promise.allSettled(
      modes.map((mode, index) => startListwise(databaseUrl, path.join(dir, `server-${index + 1}`), mode.env)),
    );
    for (const [index, mode] of modes.entries()) {
      const outcome = started[index]!;
      if (outcome.status === 'fulfilled') servers.set(mode.name, outcome.value);
    }
    const refused = started.find((outcome) => outcome.status === 'rejected');
    if (refused) throw refused.reason;
    const first = servers.values().next().value!;
    const context: SoakContext = {
      pool,
      tokens: {
        agent: await loginToken(first.url, SCALE_EMAILS.agent),
        seller: await loginToken(first.url, SCALE_EMAILS.seller),
        admin: await loginToken(first.url, SCALE_EMAILS.admin),
      },
    };
    for (const server of servers.values()) await drive(server.url, context, WARM_UP_SECONDS);
    const rounds: Round[] = [];
    const loads: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round starts one server later, so none is always first after the others' load.
      const order = modes.map((_, i) => modes[(i + round - 1) % modes.length]!);
      for (const mode of order) {
        loads.push(os.loadavg()[0]!);
        const { latencies, failed } = await drive(servers.get(mode.name)!.url, context, SECONDS);
        rounds.push({
          mode: mode.name,
          round,
          requests: latencies.length,
          failed,
          perSecond: Math.round((latencies.length / SECONDS) * 10) / 10,
          p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
          p95: Math.round(percentile(latencies, 0.95) * 10) / 10,
          p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
        });
      }
    }
    console.table(rounds);
    const report = reportOf(modes, rounds, loads, exported);
    console.log(`\n${report}\n`);
    if (process.argv.includes('--write')) await writeReadme(report);
    return rounds;
  } finally {
    for (const server of servers.values()) await server.stop();
    await pool.end();
    receiver.close();
    await postgres.stop();
  }
}

function reportOf(modes: Mode[], rounds: Round[], loads: number[], exported: number) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const baseline = rounds.filter((r) => r.mode === modes[0]!.name);
  const base = { perSecond: median(baseline.map((r) => r.perSecond)), p50: median(baseline.map((r) => r.p50)) };
  const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  const rows = modes.map((mode) => {
    const of = rounds.filter((r) => r.mode === mode.name);
    const perSecond = median(of.map((r) => r.perSecond));
    const p50 = median(of.map((r) => r.p50));
    return `| ${mode.name} | ${spread(of.map((r) => r.perSecond))} | ${perSecond} | ${(perSecond / base.perSecond).toFixed(2)} | ${spread(of.map((r) => r.p50))} | ${p50} | ${(p50 / base.p50).toFixed(2)} | ${median(of.map((r) => r.p95))} / ${median(of.map((r) => r.p99))} | ${of.reduce((n, r) => n + r.failed, 0)} |`;
  });
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${ROUNDS} rounds of ${SECONDS} s a server, ${USERS} clients without pause, the soak's mix of ${OPERATIONS.length} requests; machine load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on the 2 cores; ${exported} OTLP exports received.`,
    '',
    '| server | req/s, each round | req/s, median | ratio to off | p50 ms, each round | p50 ms, median | ratio to off | p95 / p99 ms, median | failed |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function writeReadme(report: string) {
  const file = path.resolve(import.meta.dirname, 'README.md');
  const readme = await fs.readFile(file, 'utf8');
  const [start, end] = ['<!-- tracing-overhead:start -->', '<!-- tracing-overhead:end -->'];
  if (!readme.includes(start)) throw new Error(`bench/README.md has no ${start} marker`);
  await fs.writeFile(file, readme.slice(0, readme.indexOf(start) + start.length) + `\n${report}\n` + readme.slice(readme.indexOf(end)));
}
