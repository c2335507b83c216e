import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendApiError } from '../../graphql/api-errors.ts';
import { findSessionUser } from '../accounts/sessions.service.ts';
import { mustAcceptTerms } from '../accounts/terms.ts';
import { findProofOfAuthorityByToken, receiveProofOfAuthority } from './proof-of-authority.service.ts';

/**
 * The proof-of-authority routes (registered from http/app.ts):
 * - `PUT /properties/<id>/proof-of-authority`: the listing's seller uploads the document, with the session's bearer
 *   token (same origin, no CORS), its type in Content-Type and its name in `X-File-Name` (URI-encoded). The body is
 *   streamed through the byte check to storage, never buffered. 200 `{ status: 'uploaded' }`, or a catalogue error.
 * - `GET /proof-of-authority/<token>`: the document, through the short-lived link the API issued to the seller or
 *   an operator. Anything else (forged, expired, no document) is `not_found`. Never cached.
 */
const LINK_REDIRECT_TTL_SECONDS = 300;
const bearerToken = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

const decodedFileName = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
};

export async function registerProofOfAuthorityRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread: the handler streams it through the checks itself.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    scope.put('/properties/:propertyId/proof-of-authority', async (request, reply) => {
      const { propertyId } = request.params as { propertyId: string };
      const token = bearerToken(request.headers.authorization);
      const session = token ? await findSessionUser(deps.db, token, deps.clock.now()) : null;
      // An answer before the whole body was read must close the connection, or Node would read the rest.
      const answer = (code: Parameters<typeof sendApiError>[1], status: number) => {
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        return sendApiError(reply, code, status);
      };
      if (!session) return answer('unauthorized', 401);
      // Like every GraphQL call but the terms' own (http/terms-gate.ts).
      if (mustAcceptTerms(session.user)) return answer('terms_not_accepted', 403);
      const body = new PassThrough();
      request.raw.pipe(body);
      request.raw.on('error', (error) => body.destroy(error));
      const outcome = await receiveProofOfAuthority(deps, session.user, propertyId, {
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        fileName: decodedFileName(request.headers['x-file-name']),
        body,
      });
      if (outcome.status !== 200) return answer(outcome.code, outcome.status);
      return reply.status(200).send({ status: 'uploaded' });
    });
  });

  app.get('/proof-of-authority/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const document = await findProofOfAuthorityByToken(deps, token);
    if (!document) return sendApiError(reply, 'not_found', 404);
    reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
    if (deps.storage.presignDownload) {
      return reply.redirect(await deps.storage.presignDownload(document.storageKey, { expiresInSeconds: LINK_REDIRECT_TTL_SECONDS }), 302);
    }
    const ascii = document.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('content-type', document.mimeType)
      .header('content-length', document.sizeBytes)
      .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
      .send(await deps.storage.read(document.storageKey));
  });
}
