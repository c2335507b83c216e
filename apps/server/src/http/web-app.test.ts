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
/** A build that also lists each route's scripts (route-preloads.json, written by apps/web/build/route-preloads.ts). */
let preloadingDistDir: string;
const apps: FastifyInstance[] = [];

const ASSET = '/assets/index-Bx7qK2aP.js';
const ASSET_SOURCE = `export const greeting = ${JSON.stringify('Listwise '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html lang="en-AU"><head><title>Listwise</title><script type="module" crossorigin src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;

const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['../../src/features/admin/secret.tsx'], mappings: '' });

/** index.html at its real size (over the 1 KB under which answers go uncompressed). */
const FULL_INDEX_HTML = INDEX_HTML.replace('<title>', `<meta name="description" content="${'Listwise '.repeat(150)}"><title>`);
/** Listed in the web build's order: parents' params before static children, as the route table declares them. */
const ROUTE_PRELOADS = [
  { path: '/', index: true, scripts: ['/assets/routes-i1.js'] },
  { path: '/login', scripts: ['/assets/public-layout-p1.js', '/assets/login-l1.js', '/assets/zod-z1.js'] },
  { path: '/reset-password', scripts: ['/assets/public-layout-p1.js', '/assets/reset-password-r1.js'] },
  { path: '/reset-password/success', scripts: ['/assets/public-layout-p1.js', '/assets/reset-password-success-s1.js'] },
  { path: '/*', scripts: ['/assets/public-layout-p1.js', '/assets/not-found-n1.js'] },
  { path: '/property/:propertyId', scripts: ['/assets/app-layout-a1.js', '/assets/property-detail-d1.js'] },
  { path: '/property/:propertyId/edit', scripts: ['/assets/app-layout-a1.js', '/assets/edit-listing-e1.js'] },
];

async function writeBuilt(relativePath: string, content: string, dir = distDir) {
  const file = path.join(dir, relativePath);
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
  await writeBuilt(`${ASSET.slice(1)}.map`, SOURCE_MAP);
  await fs.writeFile(path.join(distDir, 'persisted-documents.json'), '{}');
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  preloadingDistDir = await fs.mkdtemp(path.join(os.tmpdir(), `listwise-dist-${crypto.randomBytes(4).toString('hex')}-`));
  await writeBuilt('index.html', FULL_INDEX_HTML, preloadingDistDir);
  await writeBuilt(ASSET.slice(1), ASSET_SOURCE, preloadingDistDir);
  await writeBuilt('route-preloads.json', JSON.stringify({ routes: ROUTE_PRELOADS }), preloadingDistDir);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await server?.stop();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
  if (preloadingDistDir) await fs.rm(preloadingDistDir, { recursive: true, force: true });
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

describe('route preloads', () => {
  const preloadsIn = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
  const page = async (app: FastifyInstance, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode, url).toBe(200);
    return { response, html: zlib.brotliDecompressSync(response.rawPayload).toString() };
  };

  it("puts the route's scripts in the page's HTML as modulepreload links, keeping no-cache, the CSP and compression", async () => {
    const app = await appWith({ webDistDir: preloadingDistDir });
    const { response, html } = await page(app, '/login?from=%2Fprofile-settings');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(preloadsIn(html)).toEqual(['/assets/public-layout-p1.js', '/assets/login-l1.js', '/assets/zod-z1.js']);
    // The page is index.html with the links at the end of <head>, after the entry script.
    expect(html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s*<\/head>/, '</head>')).toBe(FULL_INDEX_HTML);
    expect(html.indexOf(ASSET)).toBeLessThan(html.indexOf('login-l1.js'));
    expect(html.indexOf('zod-z1.js')).toBeLessThan(html.indexOf('</head>'));

    const gzip = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('picks the route React Router would: the more specific path first; a path only the not-found route takes is a real 404', async () => {
    const app = await appWith({ webDistDir: preloadingDistDir });
    const pageScript = async (url: string) => preloadsIn((await page(app, url)).html).at(-1);
    expect(await pageScript('/property/7/edit')).toBe('/assets/edit-listing-e1.js');
    expect(await pageScript('/property/7')).toBe('/assets/property-detail-d1.js');
    expect(await pageScript('/reset-password/success')).toBe('/assets/reset-password-success-s1.js');
    expect(await pageScript('/reset-password/')).toBe('/assets/reset-password-r1.js');
    // / is the app for a signed-in member (for everyone else, the server's public homepage).
    const home = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br', cookie: 'listwise_logged_in=true' } });
    expect(preloadsIn(zlib.brotliDecompressSync(home.rawPayload).toString()).at(-1)).toBe('/assets/routes-i1.js');
    for (const method of ['GET', 'HEAD'] as const) {
      const missing = await app.inject({ method, url: '/no/such/page' });
      expect(missing.statusCode, method).toBe(404);
      expect(missing.headers['content-type'], method).toMatch(/^text\/html/);
      if (method === 'GET') expect(missing.body).toContain('<h1>Page not found</h1>');
      else expect(missing.body).toBe('');
    }
    const head = await app.inject({ method: 'HEAD', url: '/property/7' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('lets a browser revalidate a page (ETag, 304) and still serves /index.html as it was built', async () => {
    const app = await appWith({ webDistDir: preloadingDistDir });
    const first = await app.inject({ method: 'GET', url: '/login' });
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url: '/property/7', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(other.statusCode).toBe(200);

    const index = await app.inject({ method: 'GET', url: '/index.html' });
    expect(index.body).toBe(FULL_INDEX_HTML);
  });

  it('answers index.html as it is when the build lists no preloads', async () => {
    const app = await appWith();
    const { html } = await page(app, '/login');
    expect(html).toBe(INDEX_HTML);
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

describe('source maps and HSTS (issue 19)', () => {
  it('serves no source map in production, in any spelling or encoding, while the scripts still load', async () => {
    const app = await appWith({ isProduction: true });
    for (const url of [`${ASSET}.map`, `${ASSET}.map?v=1`, `${ASSET}.MAP`, `${ASSET}%2Emap`, `${ASSET}.map.br`]) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.tsx');
    }
    expect((await app.inject({ method: 'GET', url: ASSET })).statusCode).toBe(200);
  });

  it('serves them in development, for the browser tools', async () => {
    const app = await appWith({ isProduction: false });
    const response = await app.inject({ method: 'GET', url: `${ASSET}.map`, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SOURCE_MAP);
  });

  it('sends Strict-Transport-Security on every answer when APP_URL is https, and never over plain http', async () => {
    const https = await appWith({ appUrl: 'https://listwise.example' });
    for (const url of ['/login', ASSET, '/health', '/assets/gone.js']) {
      expect((await https.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    const http = await appWith({ appUrl: 'http://127.0.0.1:3999' });
    expect((await http.inject({ method: 'GET', url: '/login' })).headers['strict-transport-security']).toBeUndefined();
  });
});
