import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import type { Deps } from '../../deps.ts';
import { errorBody } from '../../lib/app-error.ts';
import { agentJoinAlertPage, resolveAgentsPage } from './agent-pages.routes.tsx';
import { NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE, sendCacheable } from './http-cache.ts';
import { renderPage, type PageContent } from './pages/layout.tsx';
import { legalDocumentReader } from './pages/legal-pages.tsx';
import { NotFoundPage } from './pages/pages.tsx';
import { PUBLIC_SITE_SCRIPT, PUBLIC_SITE_SCRIPT_PATH } from './public-site-script.ts';
import { readPageNumber, readPublicPath } from './public-urls.ts';
import { HOME_CRUMB, SITE_PAGES } from './site-pages.routes.tsx';
import { OG_IMAGE_PATH, registerSitemap } from './sitemap.ts';

/**
 * The public site (docs/decisions/0014-public-pages.md): Fastify routes that render React to HTML on the server,
 * registered before the web app so they answer their addresses with real statuses (404 for an unknown suburb, state
 * or agent; 301 to the canonical address) instead of the app's 200 fallback. What each page shows is read in
 * site-pages.routes.tsx (the homepage, marketing and legal pages) and agent-pages.routes.tsx (the find-agents pages).
 * The pages read nothing of the viewer (no session), so a CDN may share one copy between everyone; only / looks at
 * the signed-in flag, and varies by it.
 */

/** The flag the web app sets while a member is signed in (lib/auth-store.ts): / is then their home in the app. */
const SIGNED_IN_COOKIE = /(?:^|;\s*)listwise_logged_in=true(?:;|$)/;

/** What registering the public pages gives the rest of the server. */
export interface PublicPagesHandles {
  /** How a path Fastify cannot decode is answered: the not-found page on page addresses, the API's not_found elsewhere. */
  answerBadUrl: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** The helpful 404 page, for any page address no route answers (the web app's history fallback uses it). */
  sendNotFoundPage: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** Registers the site's pages, the suburb and agent pages, the sitemap and robots.txt. */
export function registerPublicPages(app: FastifyInstance, deps: Deps): PublicPagesHandles {
  const appUrl = deps.config.appUrl;
  const readLegal = legalDocumentReader(deps.config.webDistDir);
  const siteImage = { url: `${appUrl}${OG_IMAGE_PATH}`, alt: 'Listwise: compare local real estate agents' };
  const render = ({ head: { shareImage = siteImage, ...head }, body }: PageContent) =>
    renderPage(appUrl, { ...head, image: shareImage.url, imageAlt: shareImage.alt }, body);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendCacheable(request, reply, {
      status: 404,
      type: 'text/html; charset=utf-8',
      cacheControl: NOT_FOUND_CACHE,
      body: render({
        head: {
          title: 'Page not found | Listwise',
          description: 'There is no page at this address.',
          canonicalPath: PUBLIC_SITE_PATHS.home,
          noindex: true,
          breadcrumbs: [HOME_CRUMB],
        },
        body: <NotFoundPage />,
      }),
    });

  // Upper-case spellings of our addresses go to the lower-case one (the routes below match lower case only).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0]!;
    if (!/^\/(agents?|how-we-rank)(\/|$)/i.test(path) || path === path.toLowerCase()) return;
    const parsed = readPublicPath(path);
    if (!parsed || parsed.page === 'not-found' || parsed.canonical === parsed.path) return;
    return reply.code(301).header('cache-control', PUBLIC_PAGE_CACHE).redirect(parsed.canonical, 301);
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const parsed = readPublicPath(path);
    if (!parsed) return reply.callNotFound();
    if (parsed.page === 'not-found') return notFound(request, reply);
    const pageNumber = readPageNumber(request.query);
    if (!pageNumber || (pageNumber.page > 1 && parsed.page.kind !== 'state')) return notFound(request, reply);
    const canonical = pageNumber.page > 1 ? `${parsed.canonical}?page=${pageNumber.page}` : parsed.canonical;
    if (parsed.canonical !== parsed.path || (pageNumber.explicit && pageNumber.page === 1)) return reply.code(301).redirect(canonical, 301);
    const outcome = await resolveAgentsPage(deps, parsed.page, pageNumber.page);
    if (!outcome) return notFound(request, reply);
    if ('redirect' in outcome) return reply.code(301).header('cache-control', PUBLIC_PAGE_CACHE).redirect(outcome.redirect, 301);
    return sendCacheable(request, reply, { status: outcome.status, type: 'text/html; charset=utf-8', body: render(outcome) });
  };
  for (const route of ['/agents', '/agents/*', '/agent/*', '/how-we-rank', '/how-we-rank/']) app.get(route, handler);

  for (const [path, page] of Object.entries(SITE_PAGES)) {
    app.get(path, async (request, reply) => {
      if (path === PUBLIC_SITE_PATHS.home) {
        // A signed-in member's / is their home in the web app; shared caches keep the two answers apart.
        reply.header('vary', 'cookie');
        if (SIGNED_IN_COOKIE.test(request.headers.cookie ?? '')) return reply.callNotFound();
      }
      const outcome = await page(deps, (request.query ?? {}) as Record<string, unknown>, readLegal);
      return sendCacheable(request, reply, {
        type: 'text/html; charset=utf-8',
        body: render(outcome),
        vary: path === PUBLIC_SITE_PATHS.home ? 'accept-encoding, cookie' : undefined,
      });
    });
  }
  app.get(PUBLIC_SITE_SCRIPT_PATH, (request, reply) =>
    sendCacheable(request, reply, { type: 'text/javascript; charset=utf-8', body: PUBLIC_SITE_SCRIPT }),
  );

  // The alert form posts a plain urlencoded form: parsed in this scope only (the API refuses that type elsewhere).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/agents/*', async (request, reply) => {
      const outcome = await agentJoinAlertPage(deps, request.url.split('?')[0]!, request.body, request.ip);
      if (!outcome || 'redirect' in outcome) return notFound(request, reply);
      return reply
        .code(outcome.status ?? 200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(render(outcome));
    });
  });

  registerSitemap(app, deps);

  return {
    answerBadUrl: (request, reply) =>
      /^\/(agents?|how-we-rank)(\/|$)/i.test(request.url.split('?')[0]!)
        ? notFound(request, reply)
        : reply.code(404).type('application/json; charset=utf-8').send(errorBody('not_found')),
    sendNotFoundPage: notFound,
  };
}
