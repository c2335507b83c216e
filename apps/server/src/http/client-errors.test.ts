import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { capturingLogger } from '../test/log-capture.ts';
import { buildHttpApp } from './app.ts';

/** POST /client-errors: the web app's error reports reach the structured log, bounded and rate limited. */
let server: TestServer;
let app: FastifyInstance;
const { logger, lines } = capturingLogger('warn');

beforeAll(async () => {
  server = await startTestServer();
  app = await buildHttpApp({ ...server.deps, logger });
});
afterAll(async () => {
  await app?.close();
  await server?.stop();
});

const report = (payload: unknown, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/client-errors', payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('client error reports', () => {
  it('writes a report to the log at warn with its code, operation and page', async () => {
    const response = await report({
      kind: 'graphql',
      message: 'not_found',
      code: 'not_found',
      operationName: 'Property',
      page: '/property/1',
    });
    expect(response.statusCode).toBe(204);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'client error reported',
        clientError: { kind: 'graphql', message: 'not_found', code: 'not_found', operationName: 'Property', page: '/property/1' },
      }),
    );
  });

  it('refuses a malformed or oversized report without logging it', async () => {
    const before = lines.length;
    expect((await report({ kind: 'graphql' })).statusCode).toBe(400);
    expect((await report({ kind: 'nonsense', message: 'x' })).statusCode).toBe(400);
    expect((await report({ kind: 'render', message: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report({ kind: 'render', message: 'x', page: 'y'.repeat(5000) })).statusCode).toBe(413);
    expect(lines.length).toBe(before);
  });

  it('limits how many reports one client address can send', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await report({ kind: 'network', message: `offline ${i}` }, '198.51.100.9')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await report({ kind: 'network', message: 'offline' }, '198.51.100.10')).statusCode).toBe(204);
  });
});
