import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sendApiError } from '../graphql/api-errors.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { loadPageHtml, preferredEncoding } from './route-preloads.ts';

/**
 * How the server answers a phone on 4G: compressed text, cached assets, a CSP on every page.
 *
 * - Built files are served precompressed (the web build writes .br and .gz next to them, see
 *   apps/web/build/precompress.ts); everything else that is text and over 1 KB (GraphQL answers above all) is
 *   compressed as it goes out, Brotli at a fast level so the API does not trade much CPU for bytes.
 * - Vite's hashed assets never change under their name: cached for a year, immutable. index.html (and every
 *   history-fallback route that answers with it) must be revalidated, so a deploy reaches users on the next load.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
/** Paths the single-page app never answers (the API, media, dev pages and missing built assets). */
const NOT_A_PAGE = /^\/(graphql|media|health|dev|assets)(\/|$)/;

/** Must be registered before any route: the plugin hooks every route as it is added. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
  // Yoga hands its JSON answer to Fastify as a stream, which the plugin would compress whatever its size; read
  // into a buffer (it is already whole in memory) the 1 KB threshold applies and small answers go out as they are.
  app.addHook('onSend', async (_req, reply, payload) => {
    const isJson = /^application\/(graphql-response\+)?json/.test(String(reply.getHeader('content-type') ?? ''));
    if (!isJson || !isAsyncIterable(payload)) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.from(chunk as Uint8Array));
    reply.removeHeader('content-length');
    return Buffer.concat(chunks);
  });
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The Content-Security-Policy header on every HTML response, whichever route produced it. */
export function registerContentSecurityPolicy(app: FastifyInstance, config: Config) {
  const policy = contentSecurityPolicy(config);
  app.addHook('onSend', async (_req, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('content-security-policy', policy);
    return payload;
  });
}

/**
 * The build keeps its source maps (`sourcemap: 'hidden'`: written next to the scripts, named by no script) so an
 * error report's stack can be read against them, but in production they are never served: they are the
 * whole web app's source, the console's included; nor are their precompressed copies.
 */
const SOURCE_MAP_PATH = /\.map(\.br|\.gz)?$/i;

function refuseSourceMaps(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    const pathname = req.url.split('?', 1)[0] ?? '';
    if (SOURCE_MAP_PATH.test(pathname) || SOURCE_MAP_PATH.test(safeDecode(pathname))) return sendApiError(reply, 'not_found');
  });
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Checked on every load: the service worker (a deploy must reach it at once) and the pages. */
const REVALIDATED = /(\.html|[\\/]sw\.js)$/;

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const file = filePath.replace(/\.(br|gz)$/, '');
  const isHashedAsset = file.split(path.sep).includes('assets');
  reply.header('cache-control', isHashedAsset ? IMMUTABLE_CACHE : REVALIDATED.test(file) ? 'no-cache' : SHORT_CACHE);
  // The worker may control the whole origin although it is served from one file.
  if (file.endsWith(`${path.sep}sw.js`)) reply.header('service-worker-allowed', '/');
}

/**
 * The built web app (apps/web/dist) with its history fallback: a page GET or HEAD whose path one of the app's routes
 * matches answers index.html, with modulepreload links for the scripts of that route (route-preloads.ts), so the
 * app's own addresses work on reload. A path no route matches (only the app's catch-all would take it) answers the
 * public site's 404 page: no soft 404s for search engines. Files in dist (icons, manifest) are served before this.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { serveSourceMaps: boolean; sendNotFoundPage?: (request: FastifyRequest, reply: FastifyReply) => unknown },
) {
  const hasWebApp = fs.existsSync(path.join(distDir, 'index.html'));
  const pageHtml = hasWebApp ? loadPageHtml(distDir) : null;
  if (!options.serveSourceMaps) refuseSourceMaps(app);
  if (hasWebApp) {
    const served = { index: false, preCompressed: true, cacheControl: false, setHeaders: setCacheHeaders } as const;
    // The files at dist's root (icons, the manifest, the service worker): a route each, so every other path is
    // left to the history fallback below.
    await app.register(fastifyStatic, { ...served, root: distDir, wildcard: false, globIgnore: ['assets/**'] });
    // Vite's hashed assets: one route for their folder, as a route for each of its 900 files (with their compressed
    // copies) would cost every start some 150 processor-ms to build (bench/README.md, 'Server start').
    await app.register(fastifyStatic, { ...served, root: path.join(distDir, 'assets'), prefix: '/assets/', decorateReply: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !NOT_A_PAGE.test(req.url);
    if (isPageRequest && pageHtml) {
      const page = pageHtml.forRoute(req.url);
      if (!page) return options.sendNotFoundPage ? options.sendNotFoundPage(req, reply) : sendApiError(reply, 'not_found');
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      // Keeps what a route that handed the request on varies by (/ varies by the signed-in flag).
      const vary = reply.getHeader('vary');
      reply
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      if (page.isCachedBy(req.headers['if-none-match'])) return reply.code(304).send();
      if (encoding) reply.header('content-encoding', encoding);
      return reply.code(200).type('text/html; charset=utf-8').send(page.body(encoding));
    }
    if (isPageRequest && hasWebApp) return reply.code(200).sendFile('index.html');
    return sendApiError(reply, 'not_found');
  });
}
