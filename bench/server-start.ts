/**
 * `npm run bench -- server-start`: what a start of the real server (main.ts, a process of its own, compiled when the
 * build is fresh) costs, from spawn to 'Listwise is running' on a migrated database: wall time and the process's
 * processor time then. STARTS starts with tracing off (production's default) alternate with STARTS with tracing on
 * (the SDK started, OTEL_TRACES_EXPORTER=none: nothing sent), one at a time, so each pair saw the same load.
 * The model-based test restarts the server after every kill -9, and an operator's deploy waits on it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { processorMs } from '../apps/server/src/test/marketplace-model/profile.ts';
import { ensureDatabase, prepareDatabase } from '../apps/server/src/server.ts';
import { startListwise } from './listwise-process.ts';

const STARTS = 5;

interface Start {
  tracing: 'off' | 'on';
  wallMs: number;
  processorMs: number;
}

export async function benchServerStart(): Promise<Start[]> {
  const dir = path.resolve(import.meta.dirname, '../.test-data/bench-server-start');
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'postgres'), { recursive: true });
  const postgres = await startEmbeddedPostgres(path.join(dir, 'postgres'));
  try {
    await ensureDatabase(postgres.url('postgres'), 'listwise_start');
    const databaseUrl = postgres.url('listwise_start');
    await prepareDatabase(databaseUrl, pino({ level: 'warn' }));
    const starts: Start[] = [];
    const loads: number[] = [];
    for (let i = 0; i < STARTS * 2; i++) {
      const tracing = i % 2 === 0 ? 'off' : 'on';
      // An endpoint no one listens on: with the exporter 'none' nothing is sent to it.
      const env = tracing === 'on' ? { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_EXPORTER: 'none' } : {};
      loads.push(os.loadavg()[0]!);
      const started = performance.now();
      const server = await startListwise(databaseUrl, path.join(dir, `server-${i}`), env);
      starts.push({ tracing, wallMs: Math.round(performance.now() - started), processorMs: processorMs(server.child.pid!) });
      await server.stop();
    }
    console.table(starts);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const tracing of ['off', 'on'] as const) {
      const of = starts.filter((s) => s.tracing === tracing);
      console.log(
        `tracing ${tracing}: ${of.length} starts, median ${median(of.map((s) => s.wallMs))} ms of wall time` +
          ` and ${median(of.map((s) => s.processorMs))} ms of processor time (each: ${of.map((s) => s.processorMs).join(', ')})`,
      );
    }
    console.log(`load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores`);
    return starts;
  } finally {
    await postgres.stop();
  }
}
