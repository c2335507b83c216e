import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseHealth } from '../db/database-health.ts';
import type { Deps } from '../deps.ts';
import { buildHttpApp } from '../http/app.ts';
import { QUERY_LIMITS } from '../http/graphql-route.ts';
import { schema } from '../app/schema.ts';
import { signUpAgent } from '../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../test/harness.ts';
import { persistedBody, productionTrusting } from '../test/trusted-documents.ts';
import { generatedDocuments, persistedDocumentsOf } from '../../../web/scripts/document-manifest.ts';

/**
 * The platform contract through HTTP: the error shape, query depth and cost limits, introspection and the
 * development pages (on in development, gone in production), and a health check that really asks the database.
 */
let server: TestServer;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await server?.stop();
});

/** The same HTTP app over the same database, with some dependencies swapped (production config, a broken db). */
async function appWith(patch: (deps: Deps) => Deps): Promise<FastifyInstance> {
  const app = await buildHttpApp(patch(server.deps));
  apps.push(app);
  return app;
}
const post = (app: FastifyInstance, query: string) =>
  app.inject({ method: 'POST', url: '/graphql', payload: { query } }).then((r) => ({ status: r.statusCode, body: r.json() }));
/** Production runs only trusted documents, sent by hash (http/persisted-documents.ts). */
const postTrusted = (app: FastifyInstance, query: string) =>
  app.inject({ method: 'POST', url: '/graphql', payload: persistedBody(query) }).then((r) => ({ status: r.statusCode, body: r.json() }));

const INTROSPECTION = `{ __schema { queryType { name } } }`;
const HIDDEN_INTROSPECTION = `query { ...Q } fragment Q on Query { types: __type(name: "User") { name } }`;
// Even a trusted document is checked: the production rules below hold for the web app's own documents too.
const production = productionTrusting([
  INTROSPECTION,
  HIDDEN_INTROSPECTION,
  `{ __typename staticCashbackAmount }`,
  `{ staticCashbackAmout }`,
  `{ staticCashbackAmount }`,
]);

describe('errors', () => {
  it('answer the catalogue code in message and extensions.code, with nothing internal', async () => {
    const result = await server.gql(`mutation { login(email: "nobody@example.com", password: "whatever-it-is") { token } }`);
    expect(result.errors).toEqual([
      expect.objectContaining({ message: 'invalid_credentials', extensions: { code: 'invalid_credentials' } }),
    ]);
    expect(JSON.stringify(result)).not.toMatch(/stack|at \/|select |argon/i);
  });

  it('describe a malformed query without internals', async () => {
    const result = await server.gql(`{ me { noSuchField } }`);
    expect(result.errors![0]!.message).toMatch(/noSuchField/);
    expect(result.errors![0]!.extensions!.code).not.toBe('internal_error');
  });
  it('refuse a variable of the wrong type without repeating its value (it may be a password or bank details)', async () => {
    const result = await server.gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
      e: 'someone@example.com',
      p: 734912581,
    });
    expect(result.errors![0]!.extensions!.code).toBe('bad_request');
    expect(result.errors![0]!.extensions!.field).toBe('p');
    expect(result.status).toBe(400);
    expect(JSON.stringify(result)).not.toContain('734912581');
  });
});

describe('query limits', () => {
  it('hold every operation of the web app within them, as the browser sends it', () => {
    // The web app's documents share fragments (docs/decisions/0019): a selection added to a fragment grows every
    // operation that spreads it. Each operation's text goes through the server's own limits (the rules its
    // GraphQL Armor plugin adds to validation, and the token count at parse), without running it.
    const { validationRules } = new ApolloArmor({ ...QUERY_LIMITS, blockFieldSuggestion: { enabled: false } }).protect();
    // graphql's CommonJS build, the copy the schema (Pothos) and the Armor rules are made with: its ES module build
    // is another copy, whose validate() refuses a schema from this one.
    const { parse, validate } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
    const problems = (text: string) => {
      try {
        return validate(schema, parse(text, { maxTokens: QUERY_LIMITS.maxTokens.n }), validationRules).map((error) => error.message);
      } catch (error) {
        return [(error as Error).message];
      }
    };
    // The check can fail: a document past a limit is named.
    let deep = 'id';
    for (let i = 0; i < 15; i++) deep = `nearbySuburbs { ${deep} }`;
    expect(problems(`query Deep { suburbs(ids: ["1"]) { ${deep} } }`)).toEqual([expect.stringMatching(/depth limit of \d+ exceeded/)]);
    expect(problems(`{ ${'staticCashbackAmount '.repeat(5001)} }`)).toEqual([expect.stringMatching(/5000 tokens/)]);

    const operations = Object.values(persistedDocumentsOf(generatedDocuments()));
    expect(operations.length).toBeGreaterThan(100);
    const refused = operations.map((text) => ({ operation: text.slice(0, 60), problems: problems(text) })).filter((o) => o.problems.length);
    expect(refused).toEqual([]);
  });

  it('refuse queries deeper than the limit', async () => {
    let nested = 'id';
    for (let i = 0; i < 15; i++) nested = `nearbySuburbs { ${nested} }`;
    const result = await server.gql(`{ suburbs(ids: ["1"]) { ${nested} } }`);
    expect(result.data ?? null).toBeNull();
    expect(result.errors![0]!.message).toMatch(/depth/i);
  });

  it('refuse queries that cost too much, even when shallow enough', async () => {
    const fields = 'id name state postcode subscribedAgentsCount subscribedAgentsMax';
    let nested = fields;
    for (let i = 0; i < 9; i++) nested = `${fields} nearbySuburbs { ${nested} }`;
    const wide = Array.from({ length: 18 }, (_, i) => `a${i}: suburbs(ids: ["1"]) { ${nested} }`).join(' ');
    const result = await server.gql(`{ ${wide} }`);
    expect(result.data ?? null).toBeNull();
    expect(result.errors![0]!.message).toMatch(/cost/i);
  });

  it('refuse too many aliases', async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: staticCashbackAmount`).join(' ');
    const result = await server.gql(`{ ${aliases} }`);
    expect(result.errors![0]!.message).toMatch(/alias/i);
  });

  it('let an ordinary screen query through', async () => {
    const { token } = await signUpAgent(server);
    const result = await server.gql(
      `{ me { id email agentProfile { name profilePicture { id url } } sellerProfile { name } } staticCashbackAmount }`,
      {},
      token,
    );
    expect(result.errors).toBeUndefined();
  });
});

describe('introspection and development pages', () => {
  it('are on in development: introspection answers and /dev/mailbox lists each message with its links', async () => {
    expect((await server.gql<{ __schema: unknown }>(INTROSPECTION)).data!.__schema).toEqual({ queryType: { name: 'Query' } });
    const { email } = await signUpAgent(server);
    const list = await fetch(`${server.url}/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    const html = await list.text();
    const [, messageId] = html.match(/href="\/dev\/mailbox\/([0-9a-f-]{36})"/) ?? [];
    expect(html).toContain('Verify your email for Listwise');
    const message = await fetch(`${server.url}/dev/mailbox/${messageId}`);
    expect(message.status).toBe(200);
    expect(await message.text()).toMatch(/<a [^>]*href="http:\/\/127\.0\.0\.1:3999\/verify-email\/[\w-]{43}"/);
    expect((await fetch(`${server.url}/dev/mailbox/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('are gone in production: no introspection, no field suggestions, no /dev pages', async () => {
    const app = await appWith(production);
    const introspection = await postTrusted(app, INTROSPECTION);
    expect(introspection.body.data ?? null).toBeNull();
    expect(introspection.body.errors[0].message).toMatch(/introspection/i);
    const hidden = await postTrusted(app, HIDDEN_INTROSPECTION);
    expect(hidden.body.errors[0].message).toMatch(/introspection/i);
    expect((await postTrusted(app, `{ __typename staticCashbackAmount }`)).body.data).toEqual({
      __typename: 'Query',
      staticCashbackAmount: 500,
    });
    const typo = await postTrusted(app, `{ staticCashbackAmout }`);
    expect(typo.body.errors[0].message).not.toMatch(/did you mean/i);
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/clock']) {
      const response = await app.inject({ method: url === '/dev/clock' ? 'POST' : 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/mailbox/i);
    }
    // The API itself still answers its trusted documents, and only those.
    expect((await postTrusted(app, `{ staticCashbackAmount }`)).body.data).toEqual({ staticCashbackAmount: 500 });
    expect((await post(app, INTROSPECTION)).body.errors[0].message).toBe('unknown_operation');
  });
});

describe('GET /health', () => {
  it('answers ok when the database answers', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const databaseHealth = createDatabaseHealth(() => Promise.reject(refused), pino({ level: 'silent' }));
    const app = await appWith((deps) => ({ ...deps, databaseHealth }));
    try {
      const response = await app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'database' });
      // Known to be down now: GraphQL answers at once, without trying (database-outage.test.ts stops a real one).
      const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ me { id } }' } });
      expect(graphql.statusCode).toBe(503);
      expect(graphql.headers['retry-after']).toBe('5');
      expect(graphql.json().errors[0].extensions.code).toBe('service_unavailable');
    } finally {
      databaseHealth.stop();
    }
  });
});

it('answers unauthorized, not internal_error, for a bearer token that is not one of ours', async () => {
  const result = await server.gql(`mutation { logout }`, {}, 'x'.repeat(5000));
  expect(codeOf(result)).toBe('unauthorized');
});
