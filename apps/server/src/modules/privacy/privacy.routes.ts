import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendApiError } from '../../graphql/api-errors.ts';
import { consumeRateLimits } from '../../db/rate-limit.ts';
import { findSessionUser } from '../accounts/sessions.service.ts';
import { buildAccountExport } from './account-export.service.ts';

const bearerToken = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

/**
 * `GET /account/export`: 'Download my data'. The session's bearer token says whose data; there is no
 * argument naming a user, so nobody can ask for another's. Answers the JSON as an attachment, never cached; 401
 * `unauthorized` without a live session. A few downloads per window and user: each reads every table.
 */
export function registerPrivacyRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/account/export', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    const now = deps.clock.now();
    const session = token ? await findSessionUser(deps.db, token, now) : null;
    if (!session) return sendApiError(reply, 'unauthorized', 401);
    const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
    await consumeRateLimits(deps.db, now, [{ key: `account-export:user:${session.user.id}`, max, windowSeconds }]);
    const data = await buildAccountExport(deps, session.user);
    const day = now.toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="listwise-my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
}
