import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { buildHttpApp } from './app.ts';

/**
 * The built web app as a phone receives it: precompressed assets with a one-year immutable cache, index.html
 * (and every history-fallback page) revalidated and carrying a Content-Security-Policy, GraphQL answers over
 * 1 KB compressed on the fly. The web build is stood in for by a folder laid out as Vite and the precompress
 * step write it (files plus their .br and .gz).
 */
let server: TestServer;
let distDir: string;
const apps: FastifyInstance[] = [];

const ASSET = '/assets/index-Bx7qK2aP.js';
const ASSET_SOURCE = `export const greeting = ${JSON.stringify('Listwise '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html lang="en-AU"><head><title>Listwise</title><script type="module" crossorigin src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;

async function writeBuilt(relativePath: string, content: string) {
  const file = path.join(distDir, relativePath);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
}

async function appWith(config: Partial<Config> = {}) {
  const app = await buildHttpApp({ ...server.deps, config: { ...server.deps.config, webDistDir: distDir, ...config } });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  server = await startTestServer();
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), `listwise-dist-${crypto.randomBytes(4).toString('hex')}-`));
  await writeBuilt('index.html', INDEX_HTML);
  await writeBuilt(ASSET.slice(1), ASSET_SOURCE);
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await server?.stop();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

describe('built assets', () => {
  it('serves a hashed asset precompressed (Brotli first, gzip otherwise) with a one-year immutable cache', async () => {
    const app = await appWith();
    const brotli = await app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(ASSET_SOURCE);
    expect(brotli.rawPayload.length).toBeLessThan(ASSET_SOURCE.length / 4);

    const gzip = await app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET_SOURCE);

    const plain = await app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
  });

  it('answers a missing asset with 404, never the app page (a stale chunk after a deploy must fail loudly)', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone1234.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves index.html and every history-fallback page with no-cache and a CSP, compressed', async () => {
    const app = await appWith();
    for (const url of ['/index.html', '/login', '/new-property/address', '/property/7/compare?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('keeps a short cache on files that are not hashed', async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('Content-Security-Policy', () => {
  const policyOf = async (config: Partial<Config>) => {
    const app = await appWith(config);
    const response = await app.inject({ method: 'GET', url: '/login' });
    const header = String(response.headers['content-security-policy']);
    return Object.fromEntries(
      header.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values];
      }),
    );
  };

  it('allows nothing outside the origin by default: no inline or eval scripts, no frames, no third party', async () => {
    const policy = await policyOf({});
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toMatch(/stripe|google|apple|facebook|amazonaws/);
  });

  it('allows Stripe.js, its frames and API only when Stripe is configured', async () => {
    const policy = await policyOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    expect(policy['script-src']).toContain('https://js.stripe.com');
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(policy['connect-src']).toContain('https://api.stripe.com');
  });

  it('allows each social sign-in SDK only when its provider is configured', async () => {
    const google = await policyOf({ GOOGLE_OAUTH_CLIENT_ID: 'client.apps.googleusercontent.com' });
    expect(google['script-src']).toContain('https://accounts.google.com/gsi/client');
    expect(google['frame-src']).toContain('https://accounts.google.com/gsi/');
    expect(JSON.stringify(google)).not.toMatch(/apple|facebook/);

    const apple = await policyOf({ APPLE_SIGN_IN_CLIENT_ID: 'au.com.listwise.web' });
    expect(apple['script-src']).toContain('https://appleid.cdn-apple.com');
    expect(JSON.stringify(apple)).not.toMatch(/google|facebook/);

    const facebook = await policyOf({ FACEBOOK_APP_ID: '1234', FACEBOOK_APP_SECRET: 'secret' });
    expect(facebook['script-src']).toContain('https://connect.facebook.net');
    expect(JSON.stringify(facebook)).not.toMatch(/google|apple/);
  });

  it('allows the configured media host for images, video and uploads', async () => {
    const endpoint = await policyOf({ S3_BUCKET: 'media', S3_ENDPOINT: 'https://minio.example.com:9000/' });
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(endpoint[directive]).toContain('https://minio.example.com:9000');

    const aws = await policyOf({ S3_BUCKET: 'listwise-media', S3_REGION: 'ap-southeast-2' });
    expect(aws['img-src']).toContain('https://listwise-media.s3.ap-southeast-2.amazonaws.com');
  });

  it('is on every HTML response and not on the API', async () => {
    const app = await appWith();
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.headers['content-type']).toMatch(/^text\/html/);
    expect(mailbox.headers['content-security-policy']).toContain("script-src 'self'");
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['content-security-policy']).toBeUndefined();
  });
});

describe('GraphQL compression', () => {
  const post = (app: FastifyInstance, query: string) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: JSON.stringify({ query }),
    });

  it('compresses an answer over 1 KB with Brotli', async () => {
    const app = await appWith();
    const response = await post(app, '{ searchSuburbs(query: "ba", first: 40) { id name postcode state } }');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(response.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(response.rawPayload.length).toBeLessThan(body.length);
    const json = JSON.parse(body) as { data: { searchSuburbs: unknown[] } };
    expect(json.data.searchSuburbs.length).toBeGreaterThan(10);
  });

  it('sends a small answer as it is', async () => {
    const app = await appWith();
    const response = await post(app, '{ __typename }');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
