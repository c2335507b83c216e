import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { consumeRateLimits } from '../db/rate-limit.ts';
import { sendApiError } from '../graphql/api-errors.ts';

/**
 * The web app's error reporting (spec 000 §8: every GraphQL error is sent to error reporting). A report is a
 * short, bounded description of what went wrong in a browser; it is written to the structured log at `warn`,
 * where the log pipeline that collects the server's own errors picks it up. Nothing is stored in the database,
 * and a client can send at most `MAX_REPORTS` per window so a broken page cannot flood the log.
 */
export const clientErrorReport = z.object({
  kind: z.enum(['graphql', 'network', 'render']),
  message: z.string().trim().min(1).max(500),
  code: z.string().max(100).optional(),
  operationName: z.string().max(100).optional(),
  page: z.string().max(300).optional(),
});

const MAX_REPORTS = 30;
const WINDOW_SECONDS = 600;

export function registerClientErrorRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/client-errors', { bodyLimit: 4 * 1024 }, async (req, reply) => {
    const report = clientErrorReport.safeParse(req.body);
    if (!report.success) return sendApiError(reply, 'validation_failed', 400, { field: report.error.issues[0]?.path.join('.') });
    // A refusal (429 too_many_requests with retry-after) goes through the app's error handler (api-errors.ts).
    await consumeRateLimits(deps.db, deps.clock.now(), [
      { key: `client-errors:ip:${req.ip}`, max: MAX_REPORTS, windowSeconds: WINDOW_SECONDS },
    ]);
    req.log.warn({ clientError: report.data, userAgent: req.headers['user-agent'] }, 'client error reported');
    return reply.status(204).send();
  });
}
