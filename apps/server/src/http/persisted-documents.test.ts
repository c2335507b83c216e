import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import { signUpAgent } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { capturingLogger } from '../test/log-capture.ts';
import { documentHash, persistedBody, productionTrusting } from '../test/trusted-documents.ts';
import { buildHttpApp } from './app.ts';

/**
 * Trusted documents (persisted-documents.ts) and the request log (request-logging.ts), through HTTP over a real
 * database: production runs only the web app's documents, by hash; elsewhere any query runs.
 */
let server: TestServer;
let token: string;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUpAgent(server)).token;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await server?.stop();
});

async function appWith(patch: (deps: Deps) => Deps) {
  const app = await buildHttpApp(patch(server.deps));
  apps.push(app);
  return app;
}

const ME = `query Me { me { id userType } }`;
const SUBURB = `query Suburb($query: String!) { searchSuburbs(query: $query, first: 1) { name } }`;

const send = (app: FastifyInstance, payload: object, withToken = true) =>
  app
    .inject({ method: 'POST', url: '/graphql', payload, headers: withToken ? { authorization: `Bearer ${token}` } : {} })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

describe('in production', () => {
  it('runs a trusted document sent by its hash, with variables', async () => {
    const app = await appWith(productionTrusting([ME, SUBURB]));
    const me = await send(app, persistedBody(ME));
    expect(me.body).toEqual({ data: { me: { id: expect.any(String), userType: 'AGENT' } } });
    const suburb = await send(app, persistedBody(SUBURB, { query: 'bondi' }));
    expect(suburb.body.data.searchSuburbs).toEqual([{ name: 'Bondi' }]);
  });

  it('refuses any other document with the catalogue code unknown_operation', async () => {
    const app = await appWith(productionTrusting([ME]));
    const refusals = [
      await send(app, { query: `{ me { id email } }` }), // arbitrary text
      await send(app, { query: ME }), // even the text of a trusted document: production takes hashes only
      await send(app, persistedBody(`{ me { id email } }`)), // a hash the build never made
      await send(app, { variables: {} }), // neither
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      expect(refused.body.data ?? null).toBeNull();
      expect(refused.body.errors).toEqual([{ message: 'unknown_operation', extensions: { code: 'unknown_operation' } }]);
    }
  });

  it('will not start without the web build’s manifest', async () => {
    await expect(
      buildHttpApp({ ...server.deps, config: { ...server.deps.config, isProduction: true, webDistDir: '/nonexistent/web-dist' } }),
    ).rejects.toThrow(/trusted documents at \/nonexistent\/web-dist\/persisted-documents\.json: run npm run build/);
  });
});

describe('outside production', () => {
  it('runs arbitrary queries and trusted hashes, and answers an unknown hash so the client resends the text', async () => {
    const development = (deps: Deps): Deps => ({
      ...deps,
      config: { ...productionTrusting([ME])(deps).config, NODE_ENV: 'development', isProduction: false },
    });
    const app = await appWith(development);
    expect((await send(app, { query: `{ me { userType } }` })).body).toEqual({ data: { me: { userType: 'AGENT' } } });
    expect((await send(app, persistedBody(ME))).body.data.me.userType).toBe('AGENT');
    const unknown = await send(app, persistedBody(`{ me { id email } }`));
    expect(unknown.body.errors[0].message).toBe('PersistedQueryNotFound');
    expect(documentHash(ME)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('request log', () => {
  it('writes one debug line per request, and one info line only for a failed request', async () => {
    const { logger, lines } = capturingLogger('debug');
    const app = await appWith((deps) => ({ ...deps, logger }));
    await send(app, { query: ME });
    const perRequest = () => lines.filter((line) => line.msg !== 'trusted documents loaded');
    expect(perRequest()).toEqual([expect.objectContaining({ level: 20, msg: 'request completed', statusCode: 200, operation: 'Me' })]);

    lines.length = 0;
    await send(app, { query: `mutation Login { login(email: "nobody@example.com", password: "not-the-password") { token } }` });
    expect(perRequest()).toEqual([
      expect.objectContaining({ level: 30, msg: 'request failed', operation: 'Login', errors: ['invalid_credentials'] }),
    ]);
  });
});
