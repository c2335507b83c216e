import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendApiError } from '../../graphql/api-errors.ts';
import { receiveUpload, SERVABLE_KEY } from './media.service.ts';

/**
 * The media HTTP routes (registered from http/app.ts):
 * - `PUT /media/upload/<token>`: the signed upload of local storage. The raw body is streamed to storage, never
 *   buffered, so its content-type parser hands the stream on untouched. The token is the credential, so the
 *   route answers CORS for any origin (no cookies are involved).
 * - `GET /media/<key>`: a stored file. Local storage streams it with Range support (video seeking) and
 *   immutable caching (a key never changes content); S3 storage redirects to a short-lived presigned URL.
 */
const DOWNLOAD_URL_TTL_SECONDS = 3600;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'PUT, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

export async function registerMediaRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams `request.raw` itself, enforcing the size limit as it goes.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    scope.options('/media/upload/:token', async (_request, reply) => reply.headers(CORS_HEADERS).status(204).send());

    scope.put('/media/upload/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const source = request.raw;
      // Storage gets a pass-through, not the request itself: when the size limit cuts the write off, the
      // request must stay open long enough to carry the 413 answer. A client that goes away ends the write.
      const body = new PassThrough();
      source.pipe(body);
      source.on('error', (error) => body.destroy(error));
      source.on('close', () => {
        if (!source.readableEnded) body.destroy(new Error('upload aborted by the client'));
      });
      let outcome;
      try {
        outcome = await receiveUpload(deps, token, {
          contentType: request.headers['content-type'],
          contentLength: request.headers['content-length'],
          body,
        });
      } catch (error) {
        if (source.readableEnded) throw error;
        request.log.info({ err: error }, 'media upload did not complete');
        return sendApiError(reply.header('connection', 'close'), 'upload_incomplete', 400);
      }
      reply.headers(CORS_HEADERS);
      // An answer before the whole body was read must close the connection, or Node would read the rest.
      if (!request.raw.readableEnded) reply.header('connection', 'close');
      if (outcome.status !== 200) return sendApiError(reply, outcome.code, outcome.status);
      return reply.status(200).send({ status: 'uploaded' });
    });
  });

  app.get('/media/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    if (!SERVABLE_KEY.test(key)) return sendApiError(reply, 'not_found');
    if (deps.storage.presignDownload) {
      const url = await deps.storage.presignDownload(key, { expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS });
      return reply.header('cache-control', `private, max-age=${DOWNLOAD_URL_TTL_SECONDS - 300}`).redirect(url, 302);
    }
    return serveLocalFile(deps, key, request, reply);
  });
}

async function serveLocalFile(deps: Deps, key: string, request: FastifyRequest, reply: FastifyReply) {
  const object = await deps.storage.stat(key);
  if (!object) return sendApiError(reply, 'not_found');
  const etag = `"${key.slice(0, 36)}-${object.sizeBytes}"`;
  reply.headers({
    'content-type': object.contentType ?? 'application/octet-stream',
    'accept-ranges': 'bytes',
    // Keys are random and a stored file never changes, so browsers and CDNs may keep it for good.
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
  });
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const range = parseRange(request.headers.range, object.sizeBytes);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${object.sizeBytes}`).send();
  }
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.sizeBytes}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await deps.storage.read(key, range));
  }
  reply.header('content-length', object.sizeBytes);
  return reply.send(await deps.storage.read(key));
}

/**
 * A single `bytes=` range of RFC 9110 (`a-b`, `a-`, `-n`); several ranges or a malformed header mean the
 * whole file, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
