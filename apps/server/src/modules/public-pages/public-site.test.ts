import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import robotsParser from 'robots-parser';
import type { AggregateRating, BreadcrumbList, Organization, Person, Review, WebSite, WithContext } from 'schema-dts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { SETTING_DEFAULTS, setSetting } from '../settings/settings.service.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { findSuburb } from '../appraisals/test-factories.ts';
import { appraisalSent, confirmedSale, createPublicAgent } from './test-factories.ts';

/**
 * The public site over HTTP: its own pages rendered on the server with their head tags, HEAD as GET, a real 404 for
 * paths no page or app route answers (the app's routes still answer on reload), the JSON-LD as schema.org types,
 * robots.txt read by a robots parser, and the sitemap's lastmod.
 */

/** A built web app as the server sees it: index.html, its routes (as the build lists them), a static file and the legal texts. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listwise-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!DOCTYPE html><html><head><title>Listwise</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const routes = ['/', '/login', '/new-property/address', '/property/:propertyId', '/agent/reviews', '/agent/signup', '/*'].map((p) => ({
    path: p,
    ...(p === '/' && { index: true }),
    scripts: [],
  }));
  fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ routes }));
  const legal = new URL('../../../../web/public/legal/', import.meta.url);
  fs.cpSync(legal, path.join(dir, 'legal'), { recursive: true });
  return dir;
}

let server: TestServer;
let webDir: string;
let agent: Awaited<ReturnType<typeof createPublicAgent>>;
beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ WEB_DIST_DIR: webDir });
  const bondi = await findSuburb(server, 'bondi beach');
  agent = await createPublicAgent(server, bondi.id, { name: 'Sitemap Sam' });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const request = (pathname: string, init: RequestInit = {}) => fetch(`${server.url}${pathname}`, { redirect: 'manual', ...init });
const html = async (pathname: string) => {
  const response = await request(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
};

/** A schema.org node as JSON-LD writes it (schema-dts types also allow a bare IRI string). */
type Node<T> = Exclude<T, string>;

/** The JSON-LD objects of a page. */
const jsonLdOf = (page: string): unknown[] =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);

const SITE_PAGES = [
  PUBLIC_SITE_PATHS.home,
  PUBLIC_SITE_PATHS.howItWorks,
  PUBLIC_SITE_PATHS.forAgents,
  PUBLIC_SITE_PATHS.forSellers,
  PUBLIC_SITE_PATHS.about,
  PUBLIC_SITE_PATHS.terms,
  PUBLIC_SITE_PATHS.privacy,
  PUBLIC_SITE_PATHS.reviewPolicy,
];

describe('the site’s own pages', () => {
  it('renders each on the server, readable without script, with title, description, canonical, Open Graph and Twitter tags', async () => {
    for (const pathname of SITE_PAGES) {
      const page = await html(pathname);
      expect(page, pathname).toMatch(/<title>[^<]+<\/title>/);
      expect(page, pathname).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(page, pathname).toContain(`<link rel="canonical" href="http://127.0.0.1:3999${pathname.replace('&', '&amp;')}"/>`);
      for (const tag of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type'])
        expect(page, `${pathname} ${tag}`).toContain(`property="${tag}"`);
      for (const tag of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'])
        expect(page, `${pathname} ${tag}`).toContain(`name="${tag}"`);
      expect(page, pathname).toMatch(/<h1[^>]*>[^<]+/);
      // One header for the whole site, with Find agents in it, and the footer's legal links.
      expect(page, pathname).toContain('<a href="/agents"');
      expect(page, pathname).toContain('>Find agents</a>');
      expect(page, pathname).toContain('href="/terms-and-conditions?tab=privacy"');
      expect(page, pathname).not.toContain('<div id="root">');
    }
  });

  it('states the amounts from their settings, in the one vocabulary of what agents pay', async () => {
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 75_000);
    await setSetting(server.deps.db, 'totalFreeTrialsAllowed', 3);
    const home = await html('/');
    expect(home).toContain('$750 cashback');
    expect(home).toContain('New agents get the first 3 suburbs free for 12 months.');
    expect(home).toContain(`a ${LEAD_FEE_NAME} only when a property sells with you`);
    for (const pathname of SITE_PAGES) expect((await html(pathname)).toLowerCase(), pathname).not.toContain('referral fee');
    const terms = await html(PUBLIC_SITE_PATHS.terms);
    expect(terms).toContain(`a ${LEAD_FEE_NAME} of $1,000 plus GST ($1,100 in total)`);
    expect(terms).not.toContain('{{');
    // The lawyer's points stay in the document's source, never on the page.
    expect(terms).not.toContain('FOR LEGAL REVIEW');
    expect(await html(PUBLIC_SITE_PATHS.privacy)).toContain('<h1>Privacy Policy</h1>');
    await setSetting(server.deps.db, 'staticCashbackAmountCents', SETTING_DEFAULTS.staticCashbackAmountCents);
    await setSetting(server.deps.db, 'totalFreeTrialsAllowed', SETTING_DEFAULTS.totalFreeTrialsAllowed);
  });

  it('states the lead fee and the suburb price in the domain’s words, from what is charged', async () => {
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 120_000);
    try {
      const terms = await html(PUBLIC_SITE_PATHS.terms);
      expect(terms).toContain(`a ${LEAD_FEE_NAME} of $1,200 plus GST ($1,320 in total)`);
      expect(terms).toContain('costs $495 per suburb per year');
      const forAgents = await html(PUBLIC_SITE_PATHS.forAgents);
      expect(forAgents).toContain('$1,200<span> plus GST ($1,320 in total)</span>');
      expect(forAgents).not.toMatch(/\$1,000|\$1,100/);
    } finally {
      await setSetting(server.deps.db, 'leadFeeExcludingGstCents', SETTING_DEFAULTS.leadFeeExcludingGstCents);
    }
  });

  it('promises sellers only what is so: an agent calls only about an appointment the seller asked for', async () => {
    const home = await html(PUBLIC_SITE_PATHS.home);
    expect(home).not.toMatch(/no cold calls/i);
    expect(home).toContain('agents see your mobile number only when you ask one for an appointment, and call you about that visit');
  });

  it('names the seller’s cashback on every seller-facing page', async () => {
    const bondi = await findSuburb(server, 'bondi beach');
    for (const pathname of [
      PUBLIC_SITE_PATHS.home,
      PUBLIC_SITE_PATHS.howItWorks,
      PUBLIC_SITE_PATHS.forSellers,
      PUBLIC_SITE_PATHS.about,
      '/agents',
      '/agents/nsw',
      `/agents/nsw/bondi-beach-${bondi.postcode}`,
      `/agent/sitemap-sam-${agent.publicId}`,
    ]) {
      expect(await html(pathname), pathname).toMatch(/\$500 cashback/);
    }
  });

  it('gives the homepage Organization and WebSite JSON-LD, and the agent Person, AggregateRating-free without an average', async () => {
    const [organization, website] = jsonLdOf(await html('/')) as [WithContext<Node<Organization>>, WithContext<Node<WebSite>>];
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Listwise',
      url: 'http://127.0.0.1:3999/',
    });
    expect(organization).toHaveProperty('contactPoint.email', 'support@listwise.com.au');
    expect(website).toMatchObject({ '@type': 'WebSite', url: 'http://127.0.0.1:3999/', publisher: { '@id': organization['@id'] } });

    const profile = await html(`/agent/sitemap-sam-${agent.publicId}`);
    const [breadcrumbs, graph] = jsonLdOf(profile) as [
      WithContext<Node<BreadcrumbList>>,
      { '@graph': Node<Person | AggregateRating | Review>[] },
    ];
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    const person = graph['@graph'].find((node) => node['@type'] === 'Person') as Node<Person>;
    expect(person).toMatchObject({ name: 'Sitemap Sam', jobTitle: 'Real estate agent' });
    expect(person.worksFor).toMatchObject({
      '@type': 'RealEstateAgent',
      address: { '@type': 'PostalAddress', addressRegion: 'NSW', addressCountry: 'AU' },
    });
    // Properties schema.org gives organisations, never a person.
    expect(person).not.toHaveProperty('aggregateRating');
    expect(graph['@graph'].some((node) => node['@type'] === 'AggregateRating')).toBe(false);
  });
});

describe('figures that mean something', () => {
  it('shows a suburb’s own market evidence only once it covers 5 properties, and one muted line until then', async () => {
    const randwick = await findSuburb(server, 'randwick');
    const local = await createPublicAgent(server, randwick.id, { name: 'Rhea Randwick' });
    const page = `/agents/nsw/randwick-${randwick.postcode}`;
    const sent = () =>
      appraisalSent(server, local.userId, {
        requestedAt: new Date(server.deps.clock.now().getTime() - 5 * 86_400_000),
        minutesAfterRequest: 90,
        suburbId: randwick.id,
      });
    for (let i = 0; i < 4; i++) await sent();
    let html = await (await request(page)).text();
    expect(html).not.toContain('Appraisal requests from sellers');
    expect(html).toContain('appear once each covers at least 5 properties');
    // The agent's own figures: the count, the median time from 3, and one line for the rest, never a rule in bold.
    expect(html).toContain('Median time from request to appraisal</dt><dd>2 h</dd>');
    expect(html).toContain(
      'Rhea Randwick is new on Listwise: a track record after 3 confirmed sales and an average rating after 3 reviews will show here.',
    );
    expect(html).not.toMatch(/<dd>Shown from/);
    expect(html).not.toContain('fewer than 3');

    await sent();
    // Five sales: three inside the appraised range ($1.2m to $1.3m), one above, one below.
    for (const [price, within] of [
      [1_250_000_00, true],
      [1_200_000_00, true],
      [1_300_000_00, true],
      [1_400_000_00, false],
      [1_100_000_00, false],
    ] as const) {
      await confirmedSale(server, local.userId, {
        withinRange: within,
        deviationBasisPoints: 0,
        suburbId: randwick.id,
        salePriceCents: price,
      });
    }
    html = await (await request(page)).text();
    expect(html).toContain('Appraisal requests from sellers</dt><dd>5 for 5 properties</dd>');
    expect(html).toContain('Median appraised range</dt><dd>$1,000,000 – $1,100,000</dd>');
    expect(html).toContain('3 of 5 within the appraised range, 1 above, 1 below');
    expect(html).not.toContain('appear once each covers');
  });
});

describe('HEAD, 404 and the web app’s routes', () => {
  it('answers HEAD as GET: the same status and headers, no body', async () => {
    for (const pathname of ['/', '/how-it-works', '/agents', '/login', '/no-such-page', '/robots.txt']) {
      const [get, head] = await Promise.all([request(pathname), request(pathname, { method: 'HEAD' })]);
      expect(head.status, pathname).toBe(get.status);
      expect(head.headers.get('content-type'), pathname).toBe(get.headers.get('content-type'));
      expect(await head.text(), pathname).toBe('');
    }
  });

  it('answers a path no page or app route matches with a helpful 404 page, noindex', async () => {
    for (const pathname of ['/no-such-page', '/about', '/how-it-works/extra', '/property', '/favicon.ico.bak']) {
      const response = await request(pathname);
      expect(response.status, pathname).toBe(404);
      const page = await response.text();
      expect(page, pathname).toContain('<h1>Page not found</h1>');
      expect(page).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(page).toContain('href="/agents"');
      expect(page).toContain('href="/new-property/address"');
    }
  });

  it('keeps the app’s own routes working on reload, its static files, and the API’s JSON 404 off the pages', async () => {
    for (const pathname of ['/login', '/new-property/address?suburb=1', '/property/123', '/agent/reviews', '/agent/signup']) {
      const response = await request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toContain('<div id="root">');
    }
    expect((await request('/favicon.svg')).status).toBe(200);
    expect((await request('/graphql-nothing/x')).status).toBe(404);
    const media = await request('/media/nothing');
    expect(media.status).toBe(404);
    expect(media.headers.get('content-type')).toContain('application/json');
  });

  it('gives a signed-in member / as the app (their home), and everyone else the public homepage, apart in shared caches', async () => {
    const visitor = await request('/', { headers: { cookie: 'listwise_logged_in=false' } });
    expect(await visitor.text()).toContain('Compare local agents before you sell');
    expect(visitor.headers.get('vary')).toMatch(/cookie/i);
    const member = await request('/', { headers: { cookie: 'other=1; listwise_logged_in=true' } });
    expect(member.status).toBe(200);
    expect(await member.text()).toContain('<div id="root">');
    expect(member.headers.get('vary')).toMatch(/cookie/i);
  });
});

describe('robots.txt and the sitemap', () => {
  it('keeps crawlers off the app, the API and the e-mailed token pages, and never off a public profile or page', async () => {
    const robots = robotsParser(`${server.url}/robots.txt`, await (await request('/robots.txt')).text());
    const allowed = (pathname: string) => robots.isAllowed(`${server.url}${pathname}`, 'Googlebot');
    for (const pathname of [
      '/close-account/abc123',
      '/undo-email-change/abc123',
      '/unsubscribe/abc123',
      '/verify-email/abc',
      '/agent/reviews',
      '/agent/signup',
      '/agent/signup/payment',
      '/agent/profile-settings',
      '/property/1',
      '/graphql',
      '/admin',
      '/continue/abc',
    ]) {
      expect(allowed(pathname), pathname).toBe(false);
    }
    for (const pathname of [
      '/',
      '/agents/nsw',
      `/agent/reviews-rita-${agent.publicId}`,
      `/agent/signup-sally-${agent.publicId}`,
      ...SITE_PAGES,
    ]) {
      expect(allowed(pathname), pathname).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual(['http://127.0.0.1:3999/sitemap.xml']);
  });

  it('lists the site’s pages and profiles with lastmod dates', async () => {
    const part = await (await request('/sitemaps/pages.xml')).text();
    for (const pathname of [PUBLIC_SITE_PATHS.howItWorks, PUBLIC_SITE_PATHS.about, '/agents']) {
      expect(part, pathname).toMatch(new RegExp(`<loc>http://127.0.0.1:3999${pathname}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    }
    expect(part).toContain('<loc>http://127.0.0.1:3999/terms-and-conditions?tab=privacy</loc>');
    const agents = await (await request('/sitemaps/agents-1.xml')).text();
    const today = server.deps.clock.now().toISOString().slice(0, 10);
    expect(agents).toContain(`/agent/sitemap-sam-${agent.publicId}</loc><lastmod>${today}</lastmod>`);
    const suburbs = await (await request('/sitemaps/suburbs-1.xml')).text();
    expect(suburbs).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: false }).where(eq(agentProfiles.userId, agent.userId));
    expect(await (await request('/sitemaps/agents-1.xml')).text()).not.toContain(agent.publicId);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
  });
});
