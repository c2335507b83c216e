import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../db/embedded.ts';
import { mainProcessArgs, SERVER_DIR } from '../test/main-process.ts';

/**
 * Traces reach an OTLP receiver: the real `main.ts` runs as a process of its own with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a small HTTP server here that decodes what the SDK's OTLP/JSON exporter sends (the protocol chosen
 * by the standard OTEL_EXPORTER_OTLP_PROTOCOL). A GraphQL request must be one trace, its operation name on the
 * root span and its SQL statements as child spans, and every log line of the request must carry the trace id.
 * Beside it a server with tracing off, the default: neither start may differ in what it loads but for OpenTelemetry,
 * which only the traced one loads (each process records the modules it resolves: test/record-modules.mjs). Nor may
 * a start load the packages only some servers or requests need.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const spans: OtlpSpan[] = [];
let receiver: http.Server;

/** A real server process, and every module it resolved (test/record-modules.mjs). */
interface MainProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  modules: () => string[];
}
const processes: MainProcess[] = [];
let traced: MainProcess;
let untraced: MainProcess;

async function databaseFromTemplate(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name} template listwise_template`);
  await client.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

const RECORD_MODULES = path.join(import.meta.dirname, '../test/record-modules.mjs');

async function startMain(extraEnv: NodeJS.ProcessEnv): Promise<MainProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `listwise-tracing-${crypto.randomBytes(6).toString('hex')}`);
  const modulesFile = `${dataDir}-modules.txt`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATABASE_URL: await databaseFromTemplate(),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    PASSWORD_HASHING: 'fast',
    LOG_LEVEL: 'debug',
    RECORD_MODULES_FILE: modulesFile,
    ...extraEnv,
  };
  for (const name of Object.keys(env)) if (name.startsWith('OTEL_') && !(name in extraEnv)) delete env[name];
  const child = spawn(process.execPath, ['--import', RECORD_MODULES, ...mainProcessArgs()], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started: MainProcess = {
    child,
    url,
    output: () => output,
    modules: () => (fs.existsSync(modulesFile) ? fs.readFileSync(modulesFile, 'utf8').split('\n').filter(Boolean) : []),
  };
  processes.push(started);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Listwise did not start in time:\n${output}`)), 150_000);
    child.stdout!.on('data', () => {
      if (output.includes('Listwise is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Listwise exited (${code}) before it was running:\n${output}`));
    });
  });
  return started;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const request = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of request.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [traced, untraced] = await Promise.all([
    startMain({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    }),
    startMain({}),
  ]);
}, 180_000);

afterAll(async () => {
  for (const { child } of processes) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await new Promise((resolve) => receiver?.close(resolve));
}, 30_000);

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;
/** A statement's span (the instrumentation names the database by the stable conventions, or the older ones). */
const isSql = (span: OtlpSpan) =>
  (attribute(span, 'db.system.name') ?? attribute(span, 'db.system')) === 'postgresql' && span.name.startsWith('pg.query');

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends a GraphQL request as one trace: the operation on its root, its SQL as child spans, its id in its log lines', async () => {
    const response = await fetch(`${traced.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation SignInForTrace { login(email: "nobody@example.com", password: "not-a-password-1") { token } }',
      }),
    });
    expect(response.status).toBe(200);
    const root = await expect
      .poll(() => spans.find((span) => !span.parentSpanId && attribute(span, 'graphql.operation.name') === 'SignInForTrace'), {
        timeout: 15_000,
        interval: 100,
      })
      .toBeTruthy()
      .then(() => spans.find((span) => !span.parentSpanId && attribute(span, 'graphql.operation.name') === 'SignInForTrace')!);
    expect(root.name).toBe('POST /graphql SignInForTrace');
    // The statements arrive with (or just after) the root.
    await expect
      .poll(() => spans.filter((span) => span.traceId === root.traceId && isSql(span)).length, {
        timeout: 15_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    const inTrace = spans.filter((span) => span.traceId === root.traceId);
    const sql = inTrace.filter(isSql);
    const ids = new Set(inTrace.map((span) => span.spanId));
    for (const span of sql) expect(ids.has(span.parentSpanId!)).toBe(true);
    expect(sql.some((span) => /from "users"/i.test(attribute(span, 'db.query.text') ?? attribute(span, 'db.statement') ?? ''))).toBe(true);

    // The request's log lines (it failed: invalid_credentials, so at info) carry the trace id.
    await expect.poll(() => traced.output().includes('"request failed"'), { timeout: 5000 }).toBe(true);
    const lines = traced
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; trace_id?: string; url?: string });
    const requestLines = lines.filter((line) => line.url === '/graphql' || line.trace_id === root.traceId);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.trace_id).toBe(root.traceId);
  }, 60_000);
});

/** OpenTelemetry's packages, as their resolved files name them (their API's types alone are erased at build). */
const OPEN_TELEMETRY = /\/node_modules\/(@opentelemetry\/|@fastify\/otel\/)/;

describe('OpenTelemetry loaded only while tracing is on', () => {
  it('starts with tracing off without loading any of its packages', () => {
    const modules = untraced.modules();
    // The record holds the server's own modules and the packages it imports from node_modules (pg is one, bundled or
    // not: scripts/bundle.mjs): an empty one would prove nothing.
    expect(modules.some((url) => url.includes('/node_modules/pg/'))).toBe(true);
    expect(modules.filter((url) => OPEN_TELEMETRY.test(url))).toEqual([]);
  });

  it('loads the SDK and its instrumentations when tracing is on', () => {
    const loaded = traced.modules().filter((url) => OPEN_TELEMETRY.test(url));
    for (const name of ['@opentelemetry/sdk-node', '@opentelemetry/instrumentation-pg', '@fastify/otel']) {
      expect(loaded.some((url) => url.includes(`/node_modules/${name}/`))).toBe(true);
    }
  });
});

describe('packages only some servers or some requests need, loaded when needed', () => {
  // Each is some hundreds of modules: Stripe only with its keys, the AWS SDK only with S3, pdf-lib only when an
  // invoice's PDF is asked for. This server runs on the built-in test gateway and local storage.
  it.each(['stripe', '@aws-sdk/client-s3', 'pdf-lib'])('starts without loading %s', (name) => {
    const modules = untraced.modules();
    expect(modules.some((url) => url.includes('/node_modules/pg/'))).toBe(true);
    expect(modules.filter((url) => url.includes(`/node_modules/${name}/`))).toEqual([]);
  });
});
