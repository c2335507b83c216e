import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import type { Metrics } from '../observability/metrics.ts';
import { registerRequestMetrics } from '../observability/request-metrics.ts';
import { registerTraceCorrelation } from '../observability/tracing-hooks.ts';
import { registerUnsubscribeRoutes } from '../modules/notifications/unsubscribe.routes.ts';
import { registerProofOfAuthorityRoutes } from '../modules/listings/proof-of-authority.routes.ts';
import { registerMediaRoutes } from '../modules/media/media.routes.ts';
import { registerPublicPages } from '../modules/public-pages/public-pages.routes.tsx';
import { registerPrivacyRoutes } from '../modules/privacy/privacy.routes.ts';
import { registerApiErrors, sendApiError } from '../graphql/api-errors.ts';
import { registerClientErrorRoutes } from './client-errors-route.ts';
import { registerDevRoutes } from './dev-routes.ts';
import { registerTestGatewayRoutes } from './test-gateway-routes.ts';
import { registerGraphQL } from './graphql-route.ts';
import { registerCompression, registerContentSecurityPolicy, registerWebApp } from './web-app.ts';
import { registerRequestLogging } from './request-logging.ts';
import { registerHealthRoutes, type Lifecycle } from './health-routes.ts';

/** One year, subdomains included; not `preload`, which only the company can decide (docs/deploying.md). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Builds the HTTP server: GraphQL, health, media, dev pages and the built web app with history fallback. */
export interface ExtraRoutes {
  (app: FastifyInstance, deps: Deps): void | Promise<void>;
}

/** What the running server adds to the app it serves: its metrics and whether it is draining (server.ts). */
export interface Operations {
  metrics: Metrics;
  lifecycle: Lifecycle;
}

export async function buildHttpApp(deps: Deps, extraRoutes: ExtraRoutes[] = [], operations?: Operations): Promise<FastifyInstance> {
  // Typed as the default instance so route modules need not know the logger's concrete type.
  // Set once the public pages are registered: how a path Fastify cannot decode is answered (see frameworkErrors).
  let answerBadUrl: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null = null;
  const app: FastifyInstance = Fastify({
    // Broken percent-encoding ('/agents/%E0%A4%A') names no page: 404 (the public pages' own page on their
    // addresses, the API's not_found elsewhere) rather than Fastify's 400, so a crawler drops the address.
    frameworkErrors: (error, request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL') return answerBadUrl ? answerBadUrl(request, reply) : sendApiError(reply, 'not_found', 404);
      return sendApiError(reply, 'bad_request', 400);
    },
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // Replaced by one debug line per request, info only on failure or slowness (request-logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLogging(app);
  registerTraceCorrelation(app);
  if (operations) registerRequestMetrics(app, operations.metrics);

  await registerCompression(app);
  registerContentSecurityPolicy(app, deps.config);
  // Behind https, browsers are told to use nothing else for a year (docs/deploying.md 'HTTPS').
  const isHttps = deps.config.appUrl.startsWith('https://');
  app.addHook('onSend', async (_req, reply) => {
    if (isHttps) reply.header('strict-transport-security', HSTS);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });

  registerHealthRoutes(app, deps, operations?.lifecycle);

  registerApiErrors(app, deps.databaseHealth.noteFailure);
  registerGraphQL(app, deps);
  registerClientErrorRoutes(app, deps);
  await registerMediaRoutes(app, deps);
  await registerProofOfAuthorityRoutes(app, deps);
  await registerUnsubscribeRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  if (!deps.config.isProduction) registerDevRoutes(app, deps);
  registerTestGatewayRoutes(app, deps);
  for (const register of extraRoutes) await register(app, deps);
  // Before the web app, so its history fallback cannot answer the public pages' addresses with a 200.
  const publicPages = registerPublicPages(app, deps);
  answerBadUrl = publicPages.answerBadUrl;

  await registerWebApp(app, deps.config.webDistDir, {
    serveSourceMaps: !deps.config.isProduction,
    sendNotFoundPage: publicPages.sendNotFoundPage,
  });
  return app;
}
