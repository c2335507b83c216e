import { CURRENT_TERMS_VERSION } from '../modules/accounts/terms.ts';
import { createHash } from 'node:crypto';
import { getNamedType, isEnumType, isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOCUS_SUBURB_SQL, SCALE_EMAILS, seedScale, type ScaleVolumes } from '../db/seed/scale.ts';
import { hashPassword } from '../lib/passwords.ts';
import { login, PASSWORD } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { printedSchema } from '../test/schema-operations.ts';

/**
 * Every list reads its page in index order (issue 25), and keeps doing so: on a database seeded with enough rows
 * that a scan costs more than an index, each connection of the printed schema is called through GraphQL (first
 * page, then the page after it, with each of its filters), the statements the server issues are taken from the
 * Drizzle logger, and the plan of each page query (the one limited to `first + 1` rows) must read an index and
 * sort nothing it read by a sequential scan. The connections come from the schema, so a new list fails here
 * until it has its case below (who reads it, and the arguments it needs) and its index.
 */

/** Enough for the planner to prefer an index to a scan and a sort; small enough to seed in a couple of seconds. */
const VOLUMES: ScaleVolumes = {
  agents: 2_000,
  sellers: 4_000,
  properties: 8_000,
  requests: 20_000,
  sales: 4_000,
  cashbackClaims: 4_000,
  charges: 6_000,
  auditLog: 4_000,
  subscriptions: 4_000,
  focusRequests: 2_000,
  focusProperties: 1_000,
  focusCharges: 1_000,
  focusSubscriptions: 500,
};
const FIRST = 10;

type Role = 'admin' | 'agent' | 'seller';
interface Ids {
  focusAdminId: string;
  focusAgentId: string;
  focusSuburbId: number;
}
interface ListCase {
  as: Role;
  /** Arguments every call needs (beyond first and after). */
  args?: (ids: Ids) => Record<string, unknown>;
  /** More argument sets worth a plan of their own (each enum argument's every value is added by itself). */
  variants?: (ids: Ids) => Record<string, unknown>[];
  /** A connection on an object type: the query that reaches that object, around the connection's selection. */
  reach?: { variables: string; wrap: (inner: string) => string; args: (ids: Ids) => Record<string, unknown> };
}

/** Every connection of the schema, as `Type.field`. A new one needs its row. */
const CASES: Record<string, ListCase> = {
  'Query.adminAgents': { as: 'admin', variants: () => [{ search: 'scale.agent1' }] },
  // Each action is a variant by itself (an enum); the operator and a date range, alone and with an action.
  'Query.adminAuditLog': {
    as: 'admin',
    variants: (ids) => [
      { adminUserId: ids.focusAdminId },
      { createdFrom: '2020-01-01T00:00:00Z', createdBefore: '2100-01-01T00:00:00Z' },
      { action: 'REJECT_SELLER', adminUserId: ids.focusAdminId, createdFrom: '2020-01-01T00:00:00Z' },
    ],
  },
  'Query.adminCashbackClaims': { as: 'admin' },
  'Query.adminCharges': { as: 'admin', variants: (ids) => [{ userId: ids.focusAgentId }] },
  'Query.adminLicencesToCheck': { as: 'admin' },
  'Query.adminPropertySales': { as: 'admin' },
  'Query.adminListingsAwaitingVerification': { as: 'admin' },
  'Query.adminStuckEmails': { as: 'admin' },
  'Query.adminSuburbSubscriptions': { as: 'admin', args: (ids) => ({ suburbId: String(ids.focusSuburbId) }) },
  'Query.adminSuburbs': { as: 'admin', variants: () => [{ search: 'b' }, { search: '20' }] },
  'Query.cashbackPayoutBatches': { as: 'admin' },
  'Query.myAppointmentRequests': { as: 'agent' },
  'Query.myCharges': { as: 'agent' },
  'Query.myCompleteAppraisalRequests': { as: 'agent' },
  'Query.myPendingAppraisalRequests': { as: 'agent' },
  'Query.myProperties': { as: 'seller' },
  'Query.adminReviewsToModerate': { as: 'admin' },
  'Query.agentReviews': { as: 'seller', args: (ids) => ({ agentId: ids.focusAgentId }) },
  'Query.myAgentReviews': { as: 'agent' },
  // The agent of the focus seller's first appraisal (request 1 of the seed is the focus agent's, on property 1).
  'Agent.reviews': {
    as: 'seller',
    reach: {
      variables: '$appraisalId: ID!',
      wrap: (inner) => `propertyAppraisal(id: $appraisalId) { agent { ${inner} } }`,
      args: () => ({ appraisalId: seededId('appraisal', 1) }),
    },
  },
  'AdminAgent.charges': {
    as: 'admin',
    reach: { variables: '$id: ID!', wrap: (inner) => `adminAgent(id: $id) { ${inner} }`, args: (ids) => ({ id: ids.focusAgentId }) },
  },
};

/** The id the scale seed gives its n-th row of a kind (`md5('scale-<kind>-' || n)::uuid`). */
const seededId = (kind: string, n: number) =>
  createHash('md5')
    .update(`scale-${kind}-${n}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const isConnection = (type: GraphQLObjectType) => Boolean(type.getFields().edges && type.getFields().pageInfo);

/** Every field of every object type whose type is a relay connection. */
function connectionFields(schema: GraphQLSchema): { key: string; field: GraphQLField<unknown, unknown> }[] {
  const found: { key: string; field: GraphQLField<unknown, unknown> }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isObjectType(named) && isConnection(named)) found.push({ key: `${type.name}.${field.name}`, field });
    }
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const INDEX_READS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** What is wrong with a page query's plan: no index read, or a sort over a sequential scan. */
export function planProblems(plan: PlanNode): string[] {
  const problems: string[] = [];
  const nodes = nodesOf(plan);
  if (!nodes.some((n) => INDEX_READS.has(n['Node Type']))) problems.push('reads no index');
  for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')) {
    const scans = nodesOf(sort).filter((n) => n['Node Type'] === 'Seq Scan');
    for (const scan of scans) problems.push(`sorts a sequential scan of ${scan['Relation Name']}`);
  }
  return problems;
}

/** A compact one-line plan for failure messages: node types with their relation or index. */
const describePlan = (node: PlanNode): string =>
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}` +
  (node.Plans?.length ? ` (${node.Plans.map(describePlan).join(', ')})` : '');

describe('plan checks', () => {
  it('flags a sort over a sequential scan and a plan without an index', () => {
    const scanAndSort: PlanNode = {
      'Node Type': 'Limit',
      Plans: [{ 'Node Type': 'Sort', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'charges' }] }],
    };
    expect(planProblems(scanAndSort)).toEqual(['reads no index', 'sorts a sequential scan of charges']);
    const inOrder: PlanNode = { 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan', 'Index Name': 'charges_created_idx' }] };
    expect(planProblems(inOrder)).toEqual([]);
  });
});

describe('every list reads its page in index order', () => {
  let server: TestServer;
  let pool: pg.Pool;
  let ids: Ids;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    server = await startTestServer();
    pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
    await seedScale(pool, VOLUMES, await hashPassword(PASSWORD), CURRENT_TERMS_VERSION);
    const agent = await pool.query<{ id: string }>('select id from users where email = $1', [SCALE_EMAILS.agent]);
    const operator = await pool.query<{ id: string }>('select id from users where email = $1', [SCALE_EMAILS.admin]);
    const suburb = await pool.query<{ id: number }>(FOCUS_SUBURB_SQL);
    ids = { focusAdminId: operator.rows[0]!.id, focusAgentId: agent.rows[0]!.id, focusSuburbId: suburb.rows[0]!.id };
    tokens.admin = await login(server, SCALE_EMAILS.admin);
    tokens.agent = await login(server, SCALE_EMAILS.agent);
    tokens.seller = await login(server, SCALE_EMAILS.seller);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  // Counts shown on a page: the agent's two badges and a suburb's demand (listings in 90 days, sellers waiting for an
  // agent, live subscriptions).
  // Each must be an index-only count over exactly what it counts (a partial index, or a range bounded by the window
  // or by the suburb's maximum), never a scan of the table or of the agent's whole history.
  it('badges and suburb demand are index-only counts', async () => {
    // The lists' tests before this one write rows (a page read marks requests seen): vacuumed, as autovacuum keeps a
    // live table, the visibility map lets a count read the index alone.
    await pool.query('vacuum analyze');
    server.takeStatements();
    const result = await server.gql(
      `{ unseenAppraisalRequestsCount unreadAppointmentRequestsCount
         searchSuburbs(query: "syd", first: 10) { id demand { listingsLast90Days sellersWaitingForAgent subscribedAgentsCount } } }`,
      {},
      tokens.agent,
    );
    expect(result.errors).toBeUndefined();
    const counts = server.takeStatements().filter((s) => /\bcount\(/i.test(s.sql));
    expect(counts).toHaveLength(5);
    for (const statement of counts) {
      const explained = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.sql}`,
        statement.params,
      );
      const plan = explained.rows[0]!['QUERY PLAN'][0].Plan;
      const types = nodesOf(plan).map((n) => n['Node Type']);
      expect(types, `${describePlan(plan)}\n${statement.sql}`).toContain('Index Only Scan');
      expect(types, `${describePlan(plan)}\n${statement.sql}`).not.toContain('Seq Scan');
    }
  });

  const schema = printedSchema();
  const connections = connectionFields(schema);

  it('finds the connections of the schema', () => {
    expect(connections.length).toBeGreaterThan(10);
  });

  for (const { key, field } of connections) {
    it(`${key}: first and later pages read an index, sorting no table scan`, async () => {
      const listCase = CASES[key];
      expect(listCase, `${key} is a new connection: give it a case in list-plans.test.ts (and the index its order needs)`).toBeDefined();
      const { as, args, variants, reach } = listCase!;
      const base = { ...args?.(ids) };
      const enumVariants = field.args.flatMap((arg) => {
        const type = getNamedType(arg.type);
        return isEnumType(type) ? type.getValues().map((value) => ({ [arg.name]: value.name })) : [];
      });
      const argumentSets = [{}, ...enumVariants, ...(variants?.(ids) ?? [])].map((set) => ({ ...base, ...set }));

      for (const set of argumentSets) {
        const names = ['first', 'after', ...Object.keys(set)];
        const typeOf = (name: string) => field.args.find((arg) => arg.name === name)?.type.toString() ?? 'String';
        const definitions = [...names.map((name) => `$${name}: ${typeOf(name)}`), ...(reach ? [reach.variables] : [])].join(', ');
        const selection = `${field.name}(${names.map((name) => `${name}: $${name}`).join(', ')}) { edges { cursor node { __typename } } pageInfo { hasNextPage endCursor } }`;
        const document = `query(${definitions}) { ${reach ? reach.wrap(selection) : selection} }`;

        let after: string | null = null;
        for (const page of ['first page', 'second page']) {
          const label = `${key}(${JSON.stringify({ ...set, page })})`;
          server.takeStatements();
          const result = await server.gql(document, { ...reach?.args(ids), ...set, first: FIRST, after }, tokens[as]);
          expect(result.errors, label).toBeUndefined();
          // Reached through other objects: the first object down the answer that holds the field.
          const dig = (value: unknown): unknown => {
            if (!value || typeof value !== 'object') return undefined;
            const record = value as Record<string, unknown>;
            return field.name in record ? record[field.name] : Object.values(record).map(dig).find(Boolean);
          };
          const connection = dig(result.data);
          const { edges, pageInfo } = connection as { edges: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
          const pageQueries = server.takeStatements().filter((s) => pageLimit(s) === FIRST + 1);
          expect(pageQueries.length, `${label}: no statement limited to first + 1 rows`).toBeGreaterThan(0);
          for (const statement of pageQueries) {
            const explained = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
              `explain (format json) ${statement.sql}`,
              statement.params,
            );
            const plan = explained.rows[0]!['QUERY PLAN'][0].Plan;
            expect(planProblems(plan), `${label}: ${describePlan(plan)}\n${statement.sql}`).toEqual([]);
          }
          if (page === 'first page') {
            // Only a full page proves the later page is read from the index too.
            if (!pageInfo.hasNextPage) break;
            expect(edges).toHaveLength(FIRST);
            after = pageInfo.endCursor;
          }
        }
      }
    });
  }
});

/** The LIMIT of a statement, whether a parameter or a literal. */
function pageLimit(statement: { sql: string; params: unknown[] }): number | null {
  const match = /\blimit\s+(?:\$(\d+)|(\d+))\s*\)?\s*$/i.exec(statement.sql.trim());
  if (!match) return null;
  return match[1] ? Number(statement.params[Number(match[1]) - 1]) : Number(match[2]);
}
