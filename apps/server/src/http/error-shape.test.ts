import { isErrorCode } from '@listwise/domain/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { buildHttpApp } from './app.ts';

/**
 * One error shape (issue 13): every refusal of the API — GraphQL or HTTP, from Yoga, graphql-armor, Fastify, the
 * rate limiter or our own routes — is `{ errors: [{ message, extensions: { code } }] }` with a catalogue code
 * and the HTTP status that says what went wrong, and nothing internal (Fastify or Yoga codes, stacks, SQL).
 */
let server: TestServer;
let failing: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '2' });
  // The same app with one route that fails the way a bug would, quoting SQL in its message.
  failing = await buildHttpApp(server.deps, [
    (app) => {
      app.post('/graphql-broken-for-test', async () => {
        throw new Error('relation "users" does not exist: select password_hash from users');
      });
    },
  ]);
});
afterAll(async () => {
  await failing?.close();
  await server?.stop();
});

const JSON_TYPE = { 'content-type': 'application/json' };

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', ...init });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text ? JSON.parse(text) : null) as { errors: { extensions: { code: string } }[] },
  };
}

/** Asserts the one shape with the code and status given, and that nothing internal leaked. */
function expectRefusal(result: Awaited<ReturnType<typeof send>>, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
  expect(result.body).toEqual({
    errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code }) }],
  });
  expect(isErrorCode(code)).toBe(true);
  expect(Object.keys(result.body)).toEqual(['errors']);
  expect(result.text).not.toMatch(/FST_|GRAPHQL_|BAD_REQUEST|originalError|statusCode|stack|\bat \/|select |password_hash|"http"/);
}

const graphql = (body: unknown) => send('/graphql', { headers: JSON_TYPE, body: JSON.stringify(body) });

describe('GraphQL requests the server cannot run', () => {
  it('a query that does not parse: 400 bad_request, saying where', async () => {
    const result = await graphql({ query: '{ me ' });
    expectRefusal(result, 400, 'bad_request');
    expect(result.text).toMatch(/Syntax Error/);
  });

  it('a query that does not validate against the schema: 400 bad_request', async () => {
    expectRefusal(await graphql({ query: '{ noSuchField }' }), 400, 'bad_request');
    expectRefusal(await graphql({ query: 'subscription { anything }' }), 400, 'bad_request');
    expectRefusal(await graphql({ query: 'query A { __typename } query B { __typename }' }), 400, 'bad_request');
  });

  it('a body without a query, or with a query that is not text: 400 bad_request', async () => {
    expectRefusal(await graphql({}), 400, 'bad_request');
    expectRefusal(await graphql({ query: 5 }), 400, 'bad_request');
    expectRefusal(await graphql({ query: '{ __typename }', variables: 'nope' }), 400, 'bad_request');
  });

  it('an Accept the server cannot answer: 406 bad_request', async () => {
    const result = await send('/graphql', {
      headers: { ...JSON_TYPE, accept: 'text/html' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expectRefusal(result, 406, 'bad_request');
  });

  it('validation errors answer the same code whichever response type the client accepts', async () => {
    const body = JSON.stringify({ query: '{ noSuchField }' });
    for (const accept of ['application/json', 'application/graphql-response+json', '*/*']) {
      expectRefusal(await send('/graphql', { headers: { ...JSON_TYPE, accept }, body }), 400, 'bad_request');
    }
  });

  it('a batch of operations: 400 bad_request (batching is off)', async () => {
    expectRefusal(await graphql([{ query: '{ __typename }' }, { query: '{ __typename }' }]), 400, 'bad_request');
  });

  it('a query past the depth, cost, alias or token limits: 400 query_too_complex', async () => {
    const deep = `{ suburbs(ids: ["1"]) { ${'nearbySuburbs { '.repeat(15)}id${' }'.repeat(15)} } }`;
    expectRefusal(await graphql({ query: deep }), 400, 'query_too_complex');
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: staticCashbackAmount`).join(' ');
    expectRefusal(await graphql({ query: `{ ${aliases} }` }), 400, 'query_too_complex');
    expectRefusal(await graphql({ query: `{ ${'__typename '.repeat(6000)}}` }), 400, 'query_too_complex');
  });

  it('a failure of one field stays a 200 next to the data that resolved', async () => {
    const result = await graphql({ query: '{ staticCashbackAmount property(id: "00000000-0000-4000-8000-000000000000") { id } }' });
    expect(result.status).toBe(200);
    expect(result.body.errors[0]!.extensions.code).toBe('unauthorized');
  });
});

describe('bodies the server cannot read', () => {
  it('invalid JSON, an empty JSON body and a prototype-polluting key: 400 invalid_json', async () => {
    expectRefusal(await send('/graphql', { headers: JSON_TYPE, body: '{"query": ' }), 400, 'invalid_json');
    expectRefusal(await send('/graphql', { headers: JSON_TYPE, body: '' }), 400, 'invalid_json');
    expectRefusal(
      await send('/graphql', { headers: JSON_TYPE, body: '{"__proto__": {"x": 1}, "query": "{ __typename }"}' }),
      400,
      'invalid_json',
    );
  });

  it('a body over the limit: 413 payload_too_large', async () => {
    const body = JSON.stringify({ query: '{ __typename }', padding: 'x'.repeat(1024 * 1024) });
    expectRefusal(await send('/graphql', { headers: JSON_TYPE, body }), 413, 'payload_too_large');
  });

  it('a body that is not JSON: 415 unsupported_media_type', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectRefusal(
        await send('/graphql', { headers: { 'content-type': type }, body: 'query={__typename}' }),
        415,
        'unsupported_media_type',
      );
    }
    expectRefusal(await send('/graphql', { body: new Uint8Array([1, 2, 3]) }), 415, 'unsupported_media_type');
  });
});

describe('routes and methods', () => {
  it('GET and other methods on /graphql: 405 method_not_allowed, naming POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const result = await send('/graphql?query=%7B__typename%7D', { method });
      expectRefusal(result, 405, 'method_not_allowed');
      expect(result.headers.get('allow')).toBe('POST');
    }
  });

  it('an unknown API route or media key: 404 not_found', async () => {
    expectRefusal(await send('/graphql/extra', { headers: JSON_TYPE, body: '{}' }), 404, 'not_found');
    expectRefusal(await send('/health', {}), 404, 'not_found');
    expectRefusal(await send('/media/not-a-key', { method: 'GET' }), 404, 'not_found');
  });

  it('an unexpected failure: 500 internal_error, logged, with nothing of it in the answer', async () => {
    const response = await failing.inject({ method: 'POST', url: '/graphql-broken-for-test', payload: {} });
    const result = {
      status: response.statusCode,
      headers: new Headers(response.headers as Record<string, string>),
      text: response.body,
      body: response.json(),
    };
    expectRefusal(result, 500, 'internal_error');
  });
});

describe('rate limits', () => {
  it('a rate-limited operation: 429 too_many_requests with retry-after', async () => {
    const login = { query: 'mutation { login(email: "limited@example.com", password: "not-the-password") { token } }' };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await graphql(login));
    expect(results.slice(0, 2).map((r) => [r.status, r.body.errors[0]!.extensions.code])).toEqual([
      [200, 'invalid_credentials'],
      [200, 'invalid_credentials'],
    ]);
    const limited = results[2]!;
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]!.extensions).toEqual({ code: 'too_many_requests' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  });
});

describe('the other API routes answer the same shape', () => {
  it('client error reports: invalid JSON, too large, invalid, rate limited', async () => {
    expectRefusal(await send('/client-errors', { headers: JSON_TYPE, body: '{' }), 400, 'invalid_json');
    expectRefusal(
      await send('/client-errors', { headers: { 'content-type': 'application/xml' }, body: '<a/>' }),
      415,
      'unsupported_media_type',
    );
    const big = JSON.stringify({ kind: 'render', message: 'x', page: 'y'.repeat(5000) });
    expectRefusal(await send('/client-errors', { headers: JSON_TYPE, body: big }), 413, 'payload_too_large');
    const invalid = await send('/client-errors', { headers: JSON_TYPE, body: JSON.stringify({ kind: 'graphql' }) });
    expectRefusal(invalid, 400, 'validation_failed');
    expect(invalid.body.errors[0]!.extensions).toEqual({ code: 'validation_failed', field: 'message' });
    let last;
    for (let i = 0; i < 31; i++)
      last = await send('/client-errors', { headers: JSON_TYPE, body: JSON.stringify({ kind: 'network', message: 'offline' }) });
    expectRefusal(last!, 429, 'too_many_requests');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the upload URL: a forged token is 403 upload_url_invalid', async () => {
    const result = await send('/media/upload/not-a-token', { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: 'x' });
    expectRefusal(result, 403, 'upload_url_invalid');
  });
});
