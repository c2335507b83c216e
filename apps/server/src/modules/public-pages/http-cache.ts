import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the public pages are cached: they read nothing of the viewer, so a CDN may keep one copy for
 * everyone. A CDN keeps a page an hour and serves it stale for a day while it fetches a fresh one; browsers
 * re-check after 5 minutes, and a re-check that still holds the page's ETag gets 304 without a body.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';
export const NOT_FOUND_CACHE = 'public, max-age=60, s-maxage=300';

/** Sends text with a strong ETag (a hash of the body); a request that already holds it gets 304 and no body. */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { status?: number; type: string; body: string; cacheControl?: string; vary?: string },
) {
  const etag = `"${crypto.createHash('sha256').update(options.body).digest('base64url').slice(0, 32)}"`;
  reply
    .header('cache-control', options.cacheControl ?? PUBLIC_PAGE_CACHE)
    .header('etag', etag)
    .header('vary', options.vary ?? 'accept-encoding');
  const status = options.status ?? 200;
  const held = request.headers['if-none-match'];
  if (status === 200 && held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.code(status).type(options.type).send(options.body);
}
