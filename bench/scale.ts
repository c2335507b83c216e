/**
 * `npm run bench:scale`: every list at a thousand rows and at a million, in one run.
 *
 * One embedded PostgreSQL under .test-data/bench-scale (kept between runs) holds two databases seeded with SQL by
 * `seedScale` (apps/server/src/db/seed/scale.ts): THOUSAND (about 1,000 rows a list) and MILLION (60,000 users,
 * 200,000 properties, 1,000,000 appraisal requests, 300,000 appraisals, 20,000 sales, 15,000 cashback claims,
 * 50,000 charges). Seeding is idempotent: a second run finds the rows and goes straight to measuring.
 * A server (no job workers) runs on each; every list's first and tenth page (10 a page, as the apps ask) is loaded
 * with autocannon against both, one after the other, and the table of p50s and their ratio is written into
 * bench/README.md between the scale markers. The page must be full at both volumes, or the row says so.
 *
 *   npm run bench:scale                 # seed if needed, measure, write the README table
 *   npm run bench:scale -- --seconds 3  # shorter runs
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { getNamedType, isObjectType, type GraphQLField } from 'graphql';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { FOCUS_SUBURB_SQL, MILLION, SCALE_EMAILS, seedScale, THOUSAND, type ScaleVolumes } from '../apps/server/src/db/seed/scale.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { CURRENT_TERMS_VERSION } from '../apps/server/src/modules/accounts/terms.ts';
import { ensureDatabase, startServer, type RunningServer } from '../apps/server/src/server.ts';
import { printedSchema, selectionFor } from '../apps/server/src/test/schema-operations.ts';
import { BENCH_PASSWORD, load, loginToken } from './lib.ts';
import { measurePublicPages } from './scale-public-pages.ts';

const SECONDS = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 5;
/** `--public-only`: the public pages alone, printed and not written to the README (a quick check of their figures). */
const PUBLIC_ONLY = process.argv.includes('--public-only');
const PAGE = 10;
const TENTH_PAGE = 10;
const GOAL = 1.3;

type Role = 'agent' | 'seller' | 'admin';
interface List {
  name: string;
  as: Role;
  field: string;
  args?: (ids: { agentId: string; suburbId: number }) => Record<string, unknown>;
  /** A connection on AdminAgent, reached through adminAgent(id). */
  onAgent?: boolean;
}

/** Every list of the agent, the seller and the console (the public pages: scale-public-pages.ts). */
const LISTS: List[] = [
  { name: 'agent: appraisal requests (pending tab)', as: 'agent', field: 'myPendingAppraisalRequests' },
  { name: 'agent: appraised properties (complete tab)', as: 'agent', field: 'myCompleteAppraisalRequests' },
  { name: 'agent: appointment requests', as: 'agent', field: 'myAppointmentRequests' },
  { name: 'agent: billing history (myCharges)', as: 'agent', field: 'myCharges' },
  { name: 'seller: My Properties', as: 'seller', field: 'myProperties' },
  { name: 'console: ledger (adminCharges)', as: 'admin', field: 'adminCharges' },
  { name: 'console: ledger, failed charges', as: 'admin', field: 'adminCharges', args: () => ({ status: 'FAILED' }) },
  { name: "console: an agent's charges", as: 'admin', field: 'charges', onAgent: true },
  { name: 'console: sales (adminPropertySales)', as: 'admin', field: 'adminPropertySales' },
  {
    name: 'console: sales awaiting confirmation',
    as: 'admin',
    field: 'adminPropertySales',
    args: () => ({ filter: 'AWAITING_CONFIRMATION' }),
  },
  { name: 'console: cashback claims', as: 'admin', field: 'adminCashbackClaims' },
  { name: 'console: cashback claims payable', as: 'admin', field: 'adminCashbackClaims', args: () => ({ status: 'PAYABLE' }) },
  { name: 'console: audit log', as: 'admin', field: 'adminAuditLog' },
  { name: 'console: agents', as: 'admin', field: 'adminAgents' },
  { name: 'console: listings awaiting verification', as: 'admin', field: 'adminListingsAwaitingVerification' },
  { name: 'console: licences to check', as: 'admin', field: 'adminLicencesToCheck' },
  { name: 'console: suburbs with subscriptions', as: 'admin', field: 'adminSuburbs' },
  {
    name: "console: a suburb's subscriptions",
    as: 'admin',
    field: 'adminSuburbSubscriptions',
    args: (ids) => ({ suburbId: String(ids.suburbId) }),
  },
];

interface Volume {
  label: string;
  databaseUrl: string;
  volumes: ScaleVolumes;
  server: RunningServer;
  tokens: Record<Role, string>;
  ids: { agentId: string; suburbId: number };
}

const schema = printedSchema();

/** The query of one list: its node's own fields (what a list row shows), with `first` and `after`. */
function documentOf(list: List): { query: string; variables: Record<string, unknown> } {
  const parent = list.onAgent ? schema.getType('AdminAgent') : schema.getQueryType();
  if (!parent || !isObjectType(parent)) throw new Error('no parent type');
  const field = parent.getFields()[list.field] as GraphQLField<unknown, unknown>;
  const connection = getNamedType(field.type);
  if (!isObjectType(connection)) throw new Error(`${list.field} is not a connection`);
  const edge = getNamedType(connection.getFields().edges!.type);
  if (!isObjectType(edge)) throw new Error('no edge type');
  const node = selectionFor(edge.getFields().node!.type, 1);
  const argNames = Object.keys(list.args?.({ agentId: '', suburbId: 0 }) ?? {});
  const typeOf = (name: string) => field.args.find((a) => a.name === name)!.type.toString();
  const definitions = [
    '$first: Int',
    '$after: String',
    ...argNames.map((n) => `$${n}: ${typeOf(n)}`),
    ...(list.onAgent ? ['$id: ID!'] : []),
  ];
  const call = `${list.field}(${['first: $first', 'after: $after', ...argNames.map((n) => `${n}: $${n}`)].join(', ')}) { edges { cursor node ${node} } pageInfo { hasNextPage endCursor } }`;
  return { query: `query(${definitions.join(', ')}) { ${list.onAgent ? `adminAgent(id: $id) { ${call} }` : call} }`, variables: {} };
}

async function gql(volume: Volume, list: List, variables: Record<string, unknown>) {
  const { query } = documentOf(list);
  const response = await fetch(`${volume.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${volume.tokens[list.as]}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (body.errors) throw new Error(`${list.name}: ${JSON.stringify(body.errors)}`);
  const data = list.onAgent ? (body.data!.adminAgent as Record<string, unknown>) : body.data!;
  return data[list.field] as { edges: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** The variables of the first and of the tenth page, and how many rows each holds. */
async function pages(volume: Volume, list: List) {
  const base = { ...list.args?.(volume.ids), ...(list.onAgent ? { id: volume.ids.agentId } : {}), first: PAGE };
  const result: { page: number; variables: Record<string, unknown>; rows: number }[] = [];
  let after: string | null = null;
  for (let page = 1; page <= TENTH_PAGE; page++) {
    const variables = { ...base, after };
    const connection = await gql(volume, list, variables);
    if (page === 1 || page === TENTH_PAGE) result.push({ page, variables, rows: connection.edges.length });
    after = connection.pageInfo.endCursor;
    if (!after) {
      if (page < TENTH_PAGE) result.push({ page: TENTH_PAGE, variables: { ...base, after: 'none' }, rows: 0 });
      break;
    }
  }
  return result;
}

async function prepare(adminUrl: string, label: string, name: string, volumes: ScaleVolumes, passwordHash: string): Promise<Volume> {
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.resolve(import.meta.dirname, '../.test-data/bench-scale', name),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
  });
  // The server migrates the database and loads the suburbs; then the seed (skipped where done) and sessions.
  const server = await startServer({ config, databaseUrl: url.toString(), logger: pino({ level: 'silent' }), runWorkers: false });
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    const started = performance.now();
    await seedScale(pool, volumes, passwordHash, CURRENT_TERMS_VERSION);
    console.log(`${label}: seeded or found in ${Math.round((performance.now() - started) / 100) / 10} s`);
    const agent = await pool.query<{ id: string }>('select id from users where email = $1', [SCALE_EMAILS.agent]);
    const suburb = await pool.query<{ id: number }>(FOCUS_SUBURB_SQL);
    const tokens = {
      agent: await loginToken(server.url, SCALE_EMAILS.agent),
      seller: await loginToken(server.url, SCALE_EMAILS.seller),
      admin: await loginToken(server.url, SCALE_EMAILS.admin),
    };
    return {
      label,
      databaseUrl: url.toString(),
      volumes,
      server,
      tokens,
      ids: { agentId: agent.rows[0]!.id, suburbId: suburb.rows[0]!.id },
    };
  } finally {
    await pool.end();
  }
}

const dir = path.resolve(import.meta.dirname, '../.test-data/bench-scale/postgres');
await fs.mkdir(dir, { recursive: true });
const postgres = await startEmbeddedPostgres(dir);
const startedAt = new Date();
const volumesOf: Volume[] = [];
try {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const adminUrl = postgres.url('postgres');
  const small = await prepare(adminUrl, '1,000', 'listwise_scale_thousand', THOUSAND, passwordHash);
  volumesOf.push(small);
  const large = await prepare(adminUrl, '1,000,000', 'listwise_scale_million', MILLION, passwordHash);
  volumesOf.push(large);

  const rows: string[] = [];
  for (const list of PUBLIC_ONLY ? [] : LISTS) {
    const [smallPages, largePages] = [await pages(small, list), await pages(large, list)];
    for (let i = 0; i < 2; i++) {
      const s = smallPages[i]!;
      const l = largePages[i]!;
      const { query } = documentOf(list);
      const measure = (volume: Volume, variables: Record<string, unknown>) =>
        load(
          list.name,
          volume.server.url,
          { query, variables },
          { token: volume.tokens[list.as], connections: 10, durationSeconds: SECONDS },
        );
      const a = s.rows ? await measure(small, s.variables) : null;
      const b = l.rows ? await measure(large, l.variables) : null;
      const ratio = a && b ? Math.round((b.latencyP50Ms / a.latencyP50Ms) * 100) / 100 : null;
      const full = s.rows === PAGE && l.rows === PAGE ? 'yes' : `no (${s.rows} / ${l.rows})`;
      const errors = (a?.errors ?? 0) + (a?.non2xx ?? 0) + (b?.errors ?? 0) + (b?.non2xx ?? 0);
      const line = `| ${list.name} | ${s.page === 1 ? 'first' : 'tenth'} | ${a?.latencyP50Ms ?? '—'} | ${b?.latencyP50Ms ?? '—'} | ${ratio ?? '—'}${ratio !== null && ratio > GOAL ? ' ⚠' : ''} | ${a?.requestsPerSecond ?? '—'} / ${b?.requestsPerSecond ?? '—'} | ${full} | ${errors} |`;
      console.log(line);
      rows.push(line);
    }
  }
  const publicRows = await measurePublicPages(
    { label: small.label, url: small.server.url, databaseUrl: small.databaseUrl },
    { label: large.label, url: large.server.url, databaseUrl: large.databaseUrl },
    SECONDS,
    GOAL,
  );
  if (!PUBLIC_ONLY) await writeReadme(rows, publicRows, startedAt);
} finally {
  for (const volume of volumesOf) await volume.server.stop();
  await postgres.stop();
}
process.exit(0);

async function writeReadme(rows: string[], publicRows: string[], started: Date) {
  const file = path.resolve(import.meta.dirname, 'README.md');
  const readme = await fs.readFile(file, 'utf8');
  const [start, end] = ['<!-- scale:start -->', '<!-- scale:end -->'];
  const minutes = Math.round((Date.now() - started.getTime()) / 6000) / 10;
  const table = [
    start,
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${minutes} min, ${SECONDS} s a measurement, 10 connections, ${PAGE} rows a page).`,
    '',
    '| list | page | p50 ms at 1,000 | p50 ms at 1,000,000 | ratio | req/s (1,000 / 1,000,000) | page full | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'The public pages: single-request p50 / p95 in ms (one request at a time, the server rendering each), then the p50 under load as above.',
    '',
    '| page | single p50 / p95 ms at 1,000 | single p50 / p95 ms at 1,000,000 | loaded p50 ms at 1,000 | loaded p50 ms at 1,000,000 | ratio | req/s (1,000 / 1,000,000) | errors |',
    '|---|---|---|---|---|---|---|---|',
    ...publicRows,
    end,
  ].join('\n');
  const next = readme.includes(start)
    ? readme.slice(0, readme.indexOf(start)) + table + readme.slice(readme.indexOf(end) + end.length)
    : `${readme.trimEnd()}\n\n${table}\n`;
  await fs.writeFile(file, next);
}
