import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { agentProfilePath, statePagePath, suburbPagePath } from '@listwise/domain/public-pages';
import type { Deps } from '../../deps.ts';
import { PUBLIC_PAGE_CACHE, sendCacheable } from './http-cache.ts';
import * as publicAgents from './public-agents.service.ts';

/**
 * `/sitemap.xml` (a sitemap index), its parts, `/robots.txt` and the pages' share image. Only pages worth
 * indexing are listed: suburbs with at least one public agent (the others carry noindex), public profiles, the state
 * lists and /how-we-rank. Each part holds at most the protocol's 50,000 addresses.
 */

export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const urlSet = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${escapeXml(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/** Paths of the app's own pages a search engine has no business with, and the API. */
const PRIVATE_PATHS = [
  '/graphql',
  '/dev/',
  '/admin',
  '/new-property',
  '/property/',
  '/profile-settings',
  '/email-verification',
  '/continue',
  '/verify-email/',
  '/reset-password',
  '/change-password/',
  '/logout',
  '/agent/signup',
  '/agent/appraisal-request/',
  '/agent/appointment-requests',
  '/agent/profile-settings',
  '/agent/reviews',
  '/agent/property-sale/',
  '/agent/invoices/',
];

export function robotsTxt(appUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}

const XML = 'application/xml; charset=utf-8';

/** Every URL worth indexing, by part of the sitemap. */
async function sitemapParts(deps: Deps) {
  const now = deps.clock.now();
  const [suburbsWithAgents, agents] = await Promise.all([
    publicAgents.findSuburbsWithPublicAgents(deps.db, now),
    publicAgents.findAllPublicAgents(deps.db, now),
  ]);
  const appUrl = deps.config.appUrl;
  const states = [...new Set(suburbsWithAgents.map((s) => s.suburb.state))];
  const chunk = (urls: string[]) =>
    Array.from({ length: Math.ceil(urls.length / SITEMAP_MAX_URLS) }, (_, i) =>
      urls.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS),
    );
  return {
    pages: [`${appUrl}/agents`, `${appUrl}/how-we-rank`, ...states.map((s) => `${appUrl}${statePagePath(s)}`)],
    suburbs: chunk(suburbsWithAgents.map((s) => `${appUrl}${suburbPagePath(s.suburb)}`)),
    agents: chunk(agents.map((a) => `${appUrl}${agentProfilePath(a)}`)),
  };
}

let ogImage: Promise<Buffer> | undefined;
/** A 1200×630 share image drawn once per process (social sites want PNG or JPEG, not SVG). */
const drawOgImage = () =>
  (ogImage ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
      <rect width="1200" height="630" fill="#0f4c5c"/>
      <text x="80" y="280" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff">Listwise</text>
      <text x="80" y="380" font-family="sans-serif" font-size="44" fill="#d3eeee">Compare local real estate agents</text>
      <text x="80" y="450" font-family="sans-serif" font-size="44" fill="#d3eeee">on their own records, then ask five for an appraisal</text>
    </svg>`),
  )
    .png()
    .toBuffer());

export function registerSitemap(app: FastifyInstance, deps: Deps) {
  const appUrl = deps.config.appUrl;

  app.get('/robots.txt', (request, reply) => sendCacheable(request, reply, { type: 'text/plain; charset=utf-8', body: robotsTxt(appUrl) }));

  app.get('/sitemap.xml', async (request, reply) => {
    const parts = await sitemapParts(deps);
    const names = ['pages', ...parts.suburbs.map((_, i) => `suburbs-${i + 1}`), ...parts.agents.map((_, i) => `agents-${i + 1}`)];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${names
      .map((name) => `<sitemap><loc>${escapeXml(`${appUrl}/sitemaps/${name}.xml`)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
    return sendCacheable(request, reply, { type: XML, body });
  });

  app.get('/sitemaps/:name', async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const match = /^(pages|suburbs|agents)(?:-([1-9]\d{0,3}))?\.xml$/.exec(name);
    const notFound = () =>
      reply.code(404).header('cache-control', 'public, max-age=60').type('text/plain; charset=utf-8').send('Not found');
    if (!match) return notFound();
    const parts = await sitemapParts(deps);
    const kind = match[1] as 'pages' | 'suburbs' | 'agents';
    const urls = kind === 'pages' ? (match[2] ? undefined : parts.pages) : match[2] ? parts[kind][Number(match[2]) - 1] : undefined;
    if (!urls) return notFound();
    return sendCacheable(request, reply, { type: XML, body: urlSet(urls) });
  });

  app.get('/og-image.png', async (_request, reply) =>
    reply
      .header('cache-control', PUBLIC_PAGE_CACHE)
      .type('image/png')
      .send(await drawOgImage()),
  );
}
