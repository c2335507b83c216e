import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendApiError } from '../../graphql/api-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { unsubscribeWithLink } from './email-preferences.service.ts';

/**
 * POST /unsubscribe/<token> (RFC 8058): what a mail client's unsubscribe button sends
 * (`List-Unsubscribe=One-Click`, form-encoded) to the address in the List-Unsubscribe header. No session: the
 * signed token is the authority. Answers 200 `{ category }` once the category is off. A link already used answers
 * 200 too, `{ alreadyUsed: true }`, and changes nothing (not even a category switched back on since): mail providers
 * retry the POST and read any 4xx as a failed unsubscribe. A forged link answers the API's error shape with
 * unsubscribe_link_invalid (403).
 * A GET of the same address is the web app's confirm page, which changes nothing by itself, so a mail scanner
 * following links cannot unsubscribe anyone.
 */
export async function registerUnsubscribeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    // RFC 8058 bodies are form-encoded (some clients send multipart); the body says nothing the token does not.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
      try {
        return reply.status(200).send(await unsubscribeWithLink(deps, request.params.token));
      } catch (error) {
        if (error instanceof AppError && error.code === 'unsubscribe_link_invalid') return sendApiError(reply, error.code, 403);
        if (error instanceof AppError && error.code === 'unsubscribe_link_already_used')
          return reply.status(200).send({ alreadyUsed: true });
        throw error;
      }
    });
  });
}
