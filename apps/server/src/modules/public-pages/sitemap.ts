import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { agentProfilePath, statePagePath, suburbPagePath, PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import type { Deps } from '../../deps.ts';
import { PUBLIC_PAGE_CACHE, sendCacheable } from './http-cache.ts';
import { APP_AGENT_PAGES } from './public-urls.ts';
import * as publicAgents from './public-agents.service.ts';

/**
 * `/sitemap.xml` (a sitemap index), its parts, `/robots.txt` and the pages' share image. Only pages worth indexing
 * are listed: the site's own pages, suburbs with at least one public agent (the others carry noindex), public
 * profiles, the state lists and /how-we-rank, each with its lastmod. Each part holds at most the protocol's 50,000
 * addresses.
 */

export const SITEMAP_MAX_URLS = 50_000;

/** The pages' share image, drawn here. */
export const OG_IMAGE_PATH = '/og-image.png';

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** An address of the sitemap and when its page last changed (W3C date, as the protocol's lastmod takes it). */
interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
}

const w3cDate = (date: Date) => date.toISOString().slice(0, 10);

const urlSet = (urls: SitemapUrl[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${w3cDate(url.lastmod)}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * When the site's own pages last changed: they change only with a deploy, so the time this server started (an
 * upper bound, never later than the truth a crawler could see).
 */
const SITE_PAGES_CHANGED_AT = new Date();

/**
 * Paths of the app's own pages a search engine has no business with, the API, and the e-mailed token pages (a link
 * with a secret in it must never be fetched or listed). A rule is a prefix, so the app's single-segment pages under
 * /agent/ are anchored with `$` (and their sub-pages given with a trailing slash): a bare '/agent/reviews' would also
 * hide a public profile whose slug begins 'reviews-'.
 */
const PRIVATE_PATHS = [
  '/graphql',
  '/dev/',
  '/admin',
  '/new-property',
  '/property/',
  '/profile-settings',
  '/email-verification',
  '/continue-signup',
  '/continue/',
  '/verify-email/',
  '/reset-password',
  '/change-password/',
  '/close-account/',
  '/undo-email-change/',
  '/unsubscribe/',
  '/account-closed',
  '/logout',
  ...[...APP_AGENT_PAGES].flatMap((page) => [`/agent/${page}$`, `/agent/${page}/`]),
  '/agent/appraisal-request/',
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
  const chunk = (urls: SitemapUrl[]) =>
    Array.from({ length: Math.ceil(urls.length / SITEMAP_MAX_URLS) }, (_, i) =>
      urls.slice(i * SITEMAP_MAX_URLS, (i + 1) * SITEMAP_MAX_URLS),
    );
  const siteUrl = (path: string): SitemapUrl => ({ loc: `${appUrl}${path}`, lastmod: SITE_PAGES_CHANGED_AT });
  // A state's list changes when one of its suburbs does.
  const stateChangedAt = (state: string) =>
    new Date(Math.max(...suburbsWithAgents.filter((s) => s.suburb.state === state).map((s) => s.lastChangedAt.getTime())));
  const latest = suburbsWithAgents.length ? new Date(Math.max(...suburbsWithAgents.map((s) => s.lastChangedAt.getTime()))) : null;
  return {
    pages: [
      { loc: `${appUrl}${PUBLIC_SITE_PATHS.findAgents}`, lastmod: latest },
      ...Object.values(PUBLIC_SITE_PATHS).map((path) => siteUrl(path)),
      siteUrl('/how-we-rank'),
      ...states.map((s) => ({ loc: `${appUrl}${statePagePath(s)}`, lastmod: stateChangedAt(s) })),
    ].filter((url, i, all) => all.findIndex((other) => other.loc === url.loc) === i),
    suburbs: chunk(suburbsWithAgents.map((s) => ({ loc: `${appUrl}${suburbPagePath(s.suburb)}`, lastmod: s.lastChangedAt }))),
    agents: chunk(agents.map((a) => ({ loc: `${appUrl}${agentProfilePath(a)}`, lastmod: a.licenceVerifiedAt }))),
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

  app.get(OG_IMAGE_PATH, async (_request, reply) =>
    reply
      .header('cache-control', PUBLIC_PAGE_CACHE)
      .type('image/png')
      .send(await drawOgImage()),
  );
}
