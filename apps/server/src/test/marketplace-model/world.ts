import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { freePort } from '../../db/embedded.ts';
import { createActiveProperty, createAgent, draftCompleteAppraisal, submitAppraisal } from '../../modules/appraisals/test-factories.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { SET_VISIBLE, verifyLicence } from '../../modules/public-pages/test-factories.ts';
import { saveTestCard } from '../../modules/sales/test-factories.ts';
import { createAdmin, createSeller, PASSWORD } from '../factories.ts';
import { setFreeTrialsAllowed, subscribe, suburbId } from '../agent-factories.ts';
import { startTestServer } from '../harness.ts';
import { mainProcessArgs, SERVER_DIR } from '../main-process.ts';
import { processorMs } from './profile.ts';

/**
 * The marketplace the model-based test starts every sequence from, and the real server it drives.
 *
 * The world is built once through the API test factories on a database copied from the migrated template, then
 * copied into the schema `model_snapshot`; every sequence starts from that copy (`reset`: one transaction that
 * empties the application's tables and the job queues and copies the snapshot back; DELETE, not TRUNCATE, as the tables hold a few
 * rows and TRUNCATE's new files cost seconds for the hundred tables), so a lane's two server
 * processes (the one its steps talk to, and the spare a kill takes down) serve every sequence and only a killed one
 * is started again.
 */
export const APP_SECRET = 'marketplace-model-secret-0123456789abcdef';

export interface Person {
  userId: string;
  email: string;
  token: string;
  /** A name no other page holds, so a public page that still shows it after closing is found by a plain search. */
  name: string;
  /** A public agent's profile page, as it was while the agent was open. */
  profilePath?: string;
}
export interface Seller extends Person {
  propertyId: string;
  /** Each seller's own account number: a payout file naming it pays that seller. */
  accountNumber: string;
}
export interface World {
  databaseUrl: string;
  admin: { email: string; token: string };
  agents: Person[];
  sellers: Seller[];
  /** The property's suburb first (every listing is there); seven in all, so the five-suburb limit is reachable. */
  suburbIds: number[];
  /** The suburbs' places as the world sets them (the property's suburb is the contested one). */
  suburbMax: Record<number, number>;
  suburbPage: string;
}

const SUBURBS: [string, string][] = [
  ['Bondi', '2026'],
  ['Coogee', '2034'],
  ['Bronte', '2024'],
  ['Clovelly', '2031'],
  ['Randwick', '2031'],
  ['Tamarama', '2026'],
  ['Maroubra', '2035'],
];
const AGENT_NAMES = ['Quillon Agentsmith', 'Verity Holloway', 'Thaddeus Brightwater', 'Marisol Quench'];
const SELLER_NAMES = ['Zephyrine Seller', 'Octavian Seller', 'Persephone Seller'];

export async function buildWorld(): Promise<World> {
  const server = await startTestServer({ APP_SECRET });
  try {
    await setFreeTrialsAllowed(server, 0);
    const suburbIds: number[] = [];
    for (const [name, postcode] of SUBURBS) suburbIds.push(await suburbId(server, name, postcode));
    const suburbMax: Record<number, number> = { [suburbIds[0]!]: 3, [suburbIds[1]!]: 2 };
    for (const [id, max] of Object.entries(suburbMax)) {
      await server.deps.db
        .update(suburbs)
        .set({ subscribedAgentsMax: max })
        .where(eq(suburbs.id, Number(id)));
    }
    const agents: Person[] = [];
    for (const name of AGENT_NAMES) {
      const agent = await createAgent(server, { name });
      await saveTestCard(server, agent.userId);
      agents.push({ ...agent, name });
    }
    // Two agents serve the property's suburb from the start, both public; the others subscribe as the sequence goes.
    for (const agent of agents.slice(0, 2)) {
      const result = await subscribe(server, agent.token, [suburbIds[0]!]);
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      await verifyLicence(server, agent.userId);
      const visible = await server.gql<{ setAgentPublicProfileVisible: { publicProfileUrl: string } }>(
        SET_VISIBLE,
        { visible: true },
        agent.token,
      );
      if (!visible.data) throw new Error(JSON.stringify(visible.errors));
      agent.profilePath = new URL(visible.data.setAgentPublicProfileVisible.publicProfileUrl).pathname;
    }
    const sellers: Seller[] = [];
    for (const [i, name] of SELLER_NAMES.entries()) {
      // At a public mail provider, as most sellers are: a review from an agent's own domain (the factories' one) is
      // held for an operator, and the model's reviews would never be published.
      const email = `${name.split(' ')[0]!.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@gmail.com`;
      const seller = await createSeller(server, { email, name });
      // A finished draft: the seller lists it (publishProperty) as the wizard's last step does.
      const property = await createActiveProperty(server, seller.userId, { suburbId: suburbIds[0]! });
      await server.deps.db.update(properties).set({ state: 'DRAFT', submittedAt: null }).where(eq(properties.id, property.id));
      sellers.push({ ...seller, name, propertyId: property.id, accountNumber: `90000${i + 1}1` });
    }
    // Seller 0 has listed and holds an appraisal (a sale can be reported at once), seller 1 has listed and waits
    // for both agents, seller 2 is still to list: sequences start in the middle of the marketplace, not at its door.
    for (const seller of sellers.slice(0, 2)) {
      const listed = await server.gql(
        `mutation($p: ID!, $a: [ID!]!) { publishProperty(propertyId: $p, selectedAgents: $a) { id } }`,
        { p: seller.propertyId, a: agents.slice(0, 2).map((a) => a.userId) },
        seller.token,
      );
      if (listed.errors) throw new Error(JSON.stringify(listed.errors));
    }
    const request = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: and(
        eq(propertyAppraisalRequests.propertyId, sellers[0]!.propertyId),
        eq(propertyAppraisalRequests.agentUserId, agents[0]!.userId),
      ),
    });
    await submitAppraisal(server, agents[0]!.token, await draftCompleteAppraisal(server, agents[0]!.token, request!.id));
    const admin = await createAdmin(server);
    const suburbRow = await server.deps.db.query.suburbs.findFirst({ where: eq(suburbs.id, suburbIds[0]!) });
    const suburbPage = `/agents/${suburbRow!.state.toLowerCase()}/${suburbRow!.searchName.replace(/\s+/g, '-')}-${suburbRow!.postcode}`;
    return { databaseUrl: server.databaseUrl, admin, agents, sellers, suburbIds, suburbMax, suburbPage };
  } finally {
    await server.stop();
  }
}

export { PASSWORD };

// ——— The snapshot and the reset ———

/** Tables the reset leaves alone: the suburb dataset and its neighbours (read-only but for the places, reset on their own). */
const KEPT_TABLES = new Set(['suburbs', 'nearby_suburbs']);

export interface Snapshot {
  reset: (client: pg.Client) => Promise<void>;
}

export async function takeSnapshot(client: pg.Client, world: World): Promise<Snapshot> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const reset = tables.map((t) => t.name).filter((name) => !KEPT_TABLES.has(name) && !name.startsWith('__drizzle'));
  await client.query('drop schema if exists model_snapshot cascade; create schema model_snapshot');
  const copies: string[] = [];
  for (const table of reset) {
    // Generated columns are computed again on the way back; everything else is copied as it is.
    const { rows: columns } = await client.query<{ name: string }>(
      `select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
      [table],
    );
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from public."${table}"`);
    await client.query(`create table model_snapshot."${table}" as select ${list} from public."${table}"`);
    if (Number(rows[0]!.n) > 0) {
      copies.push(`insert into public."${table}" (${list}) overriding system value select ${list} from model_snapshot."${table}";`);
    }
  }
  const places = Object.entries(world.suburbMax)
    .map(([id, max]) => `update suburbs set subscribed_agents_max = ${max} where id = ${id};`)
    .join('\n');
  // One function, so a reset is one round trip and its statements are planned once, not at every sequence.
  await client.query(`create or replace function model_snapshot.reset() returns void language plpgsql as $reset$
begin
  set local session_replication_role = replica;
${reset.map((t) => `  delete from public."${t}";`).join('\n')}
${copies.map((c) => `  ${c}`).join('\n')}
${places}
  -- The previous sequence's jobs (an e-mail its reset deleted, a retry it scheduled) would otherwise run in this
  -- one, failing or acting on rows they were never meant for; a sequence replayed alone would not see them.
  delete from pgboss.job;
end
$reset$`);
  return {
    reset: async (c) => {
      if (process.env.MODEL_PROFILE) {
        const { rows } = await c.query<{ table: string; n: number }>(
          `select relname as table, n_live_tup::int as n from pg_stat_user_tables where schemaname = 'public' and n_live_tup > 20 order by 2 desc`,
        );
        console.log(`before reset: ${rows.map((r) => `${r.table} ${r.n}`).join(', ')}`);
      }
      await c.query('begin');
      try {
        await c.query('select model_snapshot.reset()');
        await c.query('commit');
      } catch (error) {
        await c.query('rollback');
        throw error;
      }
    },
  };
}

/** `count` copies of a database no one is connected to (CREATE DATABASE … TEMPLATE): each lane's own world. */
export async function copyDatabase(databaseUrl: string, count: number): Promise<string[]> {
  const source = new URL(databaseUrl);
  const name = source.pathname.slice(1);
  // Connected to the server's maintenance database: a template may have no session while it is copied.
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  const copies: string[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      await admin.query(`create database ${name}_lane${i} template ${name}`);
      const copy = new URL(databaseUrl);
      copy.pathname = `/${name}_lane${i}`;
      copies.push(copy.toString());
    }
  } finally {
    await admin.end();
  }
  return copies;
}

// ——— The real server, as a process of its own ———

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** The servers' processor time (MODEL_PROFILE): how many started, what starting cost, and what the stopped ones used. */
export const serverTime = { starts: 0, startingMs: 0, stoppedMs: 0 };

/** A server process that has loaded its modules and waits for its database (standby.mjs). */
interface Standby {
  child: ChildProcess;
  port: number;
  output: () => string;
}

const STANDBY = path.join(import.meta.dirname, 'standby.mjs');
let standby: Promise<Standby> | undefined;

async function spawnStandby(): Promise<Standby> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: path.join(os.tmpdir(), `listwise-model-${crypto.randomBytes(4).toString('hex')}`),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    APP_SECRET,
    LOG_LEVEL: 'error',
    SEED_DEMO_DATA: 'false',
    ENABLE_TEST_CLOCK: 'true',
    PASSWORD_HASHING: 'fast',
    RATE_LIMIT_MAX: '1000000',
    // Each person of the model has a client address of their own (commands.ts, clientAddressOf).
    TRUST_PROXY: 'true',
    // A lane sends one request at a time (a check reads up to three pages at once). A kill's restart opens every
    // connection afresh, each a PostgreSQL process with cold caches that prepares its statements again: with three
    // rather than the default twenty (and the job system's three rather than five), PostgreSQL spent 15–20% less
    // processor time over 100 sequences (docs/development.md).
    DATABASE_POOL_SIZE: '3',
    // A restart compiles the same modules again: Node 22.1+ keeps their compiled code here (about a fifth of a
    // start's processor time); older Node ignores it.
    NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'listwise-model-compile-cache'),
  };
  const args = mainProcessArgs();
  const child = spawn(process.execPath, [...args.slice(0, -1), STANDBY, args.at(-1)!], {
    cwd: SERVER_DIR,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, port, output: () => output };
}

/**
 * Has the next server process load its modules now, while the test does other things: the start after a kill then
 * costs the test only the server's own start (a fresh process, as after a crash, but its seconds of loading done).
 */
export function prepareServerProcess(): void {
  standby ??= spawnStandby();
}

export async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  // Taken before any wait, so two lanes starting at once never take the same process.
  const taken = standby ?? spawnStandby();
  standby = undefined;
  const { child, port, output } = await taken;
  child.stdin!.end(`${JSON.stringify({ DATABASE_URL: databaseUrl })}\n`);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Listwise exited before it was running:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`Listwise did not start in time:\n${output()}`);
    const healthy = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) {
      serverTime.starts++;
      serverTime.startingMs += processorMs(child.pid!);
      prepareServerProcess();
      return { url, child, output };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  serverTime.stoppedMs += processorMs(server.child.pid!);
  server.child.kill('SIGKILL');
  await exited;
}

/** The end of the run: the waiting process goes too. */
export async function stopStandby(): Promise<void> {
  const waiting = await standby;
  standby = undefined;
  if (waiting) await killServerProcess({ url: '', ...waiting });
}
