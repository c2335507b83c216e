import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { userMedia } from '../../db/schema/media.ts';
import { agentReviews } from '../../db/schema/reviews.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import { notifyAgentJoinAlerts } from './agent-join-alerts.service.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, findSuburb } from '../appraisals/test-factories.ts';
import { createSeller } from '../../test/factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { PUBLIC_SUBURBS_MEMO_MS } from './public-agents.service.ts';
import { appraisalSent, createPublicAgent } from './test-factories.ts';

/** Issue 20: the public pages over HTTP — statuses, canonical redirects, head tags, caching, sitemap, bad input. */
let server: TestServer;
let agent: Awaited<ReturnType<typeof createPublicAgent>>;
let bondiPostcode: string;
beforeAll(async () => {
  server = await startTestServer();
  const bondi = await findSuburb(server, 'bondi beach');
  bondiPostcode = bondi.postcode;
  agent = await createPublicAgent(server, bondi.id, { name: 'Jane Citizen' });
  for (let i = 0; i < 3; i++) {
    await appraisalSent(server, agent.userId, {
      requestedAt: new Date(server.deps.clock.now().getTime() - (i + 1) * 86_400_000),
      minutesAfterRequest: 120,
      suburbId: bondi.id,
    });
  }
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', headers });

describe('suburb pages', () => {
  it('renders the agents serving a suburb with their figures, head tags and JSON-LD, and no seller or address', async () => {
    const response = await get(`/agents/nsw/bondi-beach-${bondiPostcode}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
    const html = await response.text();
    expect(html).toContain(`<title>Real estate agents in Bondi Beach NSW ${bondiPostcode}: compare 1 | Listwise</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:3999/agents/nsw/bondi-beach-${bondiPostcode}"/>`);
    expect(html).toContain('property="og:image"');
    expect(html).toContain('name="twitter:card"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).not.toContain('AggregateRating');
    expect(html).not.toContain('noindex');
    expect(html).toContain('1 agent serves Bondi Beach on Listwise: you can ask up to five for a free appraisal.');
    expect(html).toContain(`href="/agent/jane-citizen-${agent.publicId}"`);
    expect(html).toContain('Licence 20123456 checked on the NSW register, ');
    expect(html).toContain('Appraisals sent in the last 12 months</dt><dd>3</dd>');
    expect(html).toContain('Median time from request to appraisal</dt><dd>2 h</dd>');
    expect(html).toContain('Listings on Listwise in Bondi Beach in the last 90 days: 3.');
    expect(html).toContain('How Listwise makes money');
    expect(html).toContain('$495');
    expect(html).toContain(`/new-property/address?suburb=`);
    // The sellers' properties are Campbell Parade with a gate code in their notes: none of it may show.
    expect(html).not.toMatch(/Campbell|Gate code|Olivia/i);
  });

  it('answers a suburb without public agents with 200, noindex, the words of the issue and the nearest suburbs with agents', async () => {
    const tamarama = await findSuburb(server, 'tamarama');
    const response = await get(`/agents/nsw/tamarama-${tamarama.postcode}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain('No agent serves Tamarama on Listwise yet');
    expect(html).toContain('Nearest suburbs with agents');
    expect(html).toContain(`/agents/nsw/bondi-beach-${bondiPostcode}`);
  });

  it('lists as nearest only suburbs with a public agent, nearest first, read at most once a minute', async () => {
    // Bronte, next door to Tamarama, is served only by an agent who has not turned the public profile on.
    const [tamarama, bronte, maroubra] = await Promise.all([
      findSuburb(server, 'tamarama'),
      findSuburb(server, 'bronte'),
      findSuburb(server, 'maroubra'),
    ]);
    const nearest = async () => {
      const html = await (await get(`/agents/nsw/tamarama-${tamarama.postcode}`)).text();
      return html.slice(html.indexOf('Nearest suburbs with agents'));
    };
    const hidden = await createAgent(server, { name: 'Hidden Hugh' });
    await subscribeAgent(server, hidden.userId, bronte.id);
    server.deps.clock.advance(PUBLIC_SUBURBS_MEMO_MS);
    expect(await nearest()).not.toContain(`/agents/nsw/maroubra-${maroubra.postcode}`);
    await createPublicAgent(server, maroubra.id, { name: 'Maroubra Max' });
    // The list of suburbs with public agents is kept for a minute: Maroubra shows once it is read again.
    expect(await nearest()).not.toContain(`/agents/nsw/maroubra-${maroubra.postcode}`);
    server.deps.clock.advance(PUBLIC_SUBURBS_MEMO_MS);
    const list = await nearest();
    expect(list).not.toContain(`/agents/nsw/bronte-${bronte.postcode}`);
    const bondiAt = list.indexOf(`/agents/nsw/bondi-beach-${bondiPostcode}`);
    const maroubraAt = list.indexOf(`/agents/nsw/maroubra-${maroubra.postcode}`);
    expect(bondiAt).toBeGreaterThan(-1);
    expect(maroubraAt).toBeGreaterThan(bondiAt);
  });

  it('redirects non-canonical addresses with 301 and answers unknown states and suburbs with a real 404', async () => {
    const canonical = `/agents/nsw/bondi-beach-${bondiPostcode}`;
    for (const path of [`/AGENTS/NSW/Bondi-Beach-${bondiPostcode}`, `${canonical}/`, '/agents/nsw/bondi-beach']) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(canonical);
    }
    for (const path of ['/agents/xx', '/agents/nsw/nowhere-9999', '/agents/nsw/bondi-beach-2026/extra', '/agents/nsw%2Fbondi']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('Page not found');
    }
    // Broken percent-encoding names no page: 404 (the page on our addresses), never 400 or 500.
    for (const path of ['/agents/%E0%A4%A', '/agents/nsw/bondi%ZZ', '/agent/%', '/how-we-rank/%']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('Page not found');
    }
    expect((await get('/graphql%')).status).toBe(404);
    // fetch resolves '%2e%2e' as '..' (to /agents/), which 301s: either way neither 400 nor 500.
    expect([301, 404]).toContain((await get('/agents/nsw/%2e%2e')).status);
    expect((await get('/agents/nsw/bondi-beach-2026%2Fextra')).status).toBe(404);
    for (const page of ['-1', '0', '99999999999999999999', 'abc', '1e3', '9999']) {
      const response = await get(`/agents/nsw?page=${page}`);
      expect(response.status, page).toBe(404);
    }
    expect((await get('/agents/nsw?page=1')).headers.get('location')).toBe('/agents/nsw');
    expect((await get(`${canonical}?page=2`)).status).toBe(404);
  });

  it('lists states and their suburbs with agents', async () => {
    expect(await (await get('/agents')).text()).toContain('href="/agents/nsw"');
    expect(await (await get('/agents/nsw')).text()).toContain(`href="/agents/nsw/bondi-beach-${bondiPostcode}"`);
    const vic = await get('/agents/vic');
    expect(vic.status).toBe(200);
    expect(await vic.text()).toContain('No agent serves a suburb of Victoria on Listwise yet.');
  });

  it('answers 304 to a request holding the ETag', async () => {
    const first = await get('/how-we-rank');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await get('/how-we-rank', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

/** A GET written byte for byte on a socket (fetch would encode what a careless client sends raw). */
async function rawGet(path: Buffer): Promise<{ status: number; location: string | null }> {
  const { host, hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () =>
      socket.write(Buffer.concat([Buffer.from('GET '), path, Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)])),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]!;
  const status = Number(head.split(' ')[1]);
  const location = head.match(/^location: (.*)$/im)?.[1] ?? null;
  return { status, location };
}

describe('odd characters in a public address', () => {
  it('answers 404 or a 301 to an address made only of ASCII, never 500, for bidi, line-separator and Latin-1 slugs', async () => {
    const encoded = ['%E2%80%AE', '%e2%80%ae', '%E2%80%A8', 'bondi%E2%80%AEbeach', '%C3%A9', '%C3%89', 'caf%E9', '%F0%9F%8F%A0'];
    for (const slug of encoded) {
      for (const path of [
        `/agents/nsw/${slug}`,
        `/AGENTS/NSW/${slug}`,
        `/agents/${slug}`,
        `/agent/${slug}`,
        `/agent/jane-${slug}-0000000000`,
      ]) {
        const response = await get(path);
        expect([301, 404], path).toContain(response.status);
        const location = response.headers.get('location');
        if (location) {
          expect(location, path).toMatch(/^[\x21-\x7e]+$/);
          // Following it ends in a page or a 404, never a loop or a 500.
          const next = await get(location);
          expect([200, 301, 404], location).toContain(next.status);
          if (next.status === 301) expect([200, 404]).toContain((await get(next.headers.get('location')!)).status);
        }
      }
    }
    // Raw bytes a client did not encode: a Latin-1 é, and the UTF-8 of U+202E and U+2028.
    for (const bytes of [
      Buffer.from('/agents/nsw/caf\xe9', 'latin1'),
      Buffer.from('/AGENTS/NSW/CAF\xe9', 'latin1'),
      Buffer.from('/agents/nsw/\u202e', 'utf8'),
      Buffer.from('/AGENTS/NSW/\u2028x', 'utf8'),
      Buffer.from('/agent/\xe9', 'latin1'),
    ]) {
      const response = await rawGet(bytes);
      expect([301, 404, 400], bytes.toString('latin1')).toContain(response.status);
      if (response.location) expect(response.location).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});

describe('agent profiles', () => {
  it('renders a public profile with Person JSON-LD working for a RealEstateAgent, and its suburbs, and 301s an old or odd slug to today’s', async () => {
    const path = `/agent/jane-citizen-${agent.publicId}`;
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('"@type":"Person"');
    expect(html).toContain('"worksFor":{"@type":"RealEstateAgent"');
    expect(html).toContain('"address":{"@type":"PostalAddress","addressRegion":"NSW","addressCountry":"AU"}');
    expect(html).toContain('<h1>Jane Citizen</h1>');
    expect(html).toContain(`href="/agents/nsw/bondi-beach-${bondiPostcode}"`);
    expect(html).not.toMatch(/Campbell|Gate code/i);

    await server.deps.db.update(agentProfiles).set({ name: 'Jane Newname' }).where(eq(agentProfiles.userId, agent.userId));
    const old = await get(path);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/agent/jane-newname-${agent.publicId}`);
    expect((await get(`/agent/${agent.publicId}`)).headers.get('location')).toBe(`/agent/jane-newname-${agent.publicId}`);
    await server.deps.db.update(agentProfiles).set({ name: 'Jane Citizen' }).where(eq(agentProfiles.userId, agent.userId));
  });

  it('shares the site image for an agent whose photo cannot be shown', async () => {
    const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
    const picture = eq(userMedia.id, profile!.profilePictureMediaId!);
    const [ready] = await server.deps.db.select().from(userMedia).where(picture);
    await server.deps.db.update(userMedia).set({ mainFileReady: false, thumbnailReady: false }).where(picture);
    try {
      const html = await (await get(`/agent/jane-citizen-${agent.publicId}`)).text();
      expect(html).not.toContain('alt="Photo of Jane Citizen"');
      expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:3999/og-image.png"/>');
      expect(html).toContain('<meta name="twitter:image:alt" content="Listwise: compare local real estate agents"/>');
    } finally {
      await server.deps.db
        .update(userMedia)
        .set({ mainFileReady: ready!.mainFileReady, thumbnailReady: ready!.thumbnailReady })
        .where(picture);
    }
  });

  it('answers 404 for a hidden agent, an unknown id and odd slugs, and leaves the app’s own /agent pages to the app', async () => {
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: false }).where(eq(agentProfiles.userId, agent.userId));
    expect((await get(`/agent/jane-citizen-${agent.publicId}`)).status).toBe(404);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
    for (const slug of ['jane-citizen-0000000000', 'jane', '%2F..%2F', '%00', 'a'.repeat(5000), 'jane..citizen']) {
      const response = await get(`/agent/${slug}`);
      expect(response.status, slug).toBe(404);
    }
    // Handed to the web app's fallback (which, in tests without a built app, answers the API's not_found).
    for (const appPage of ['/agent/signup', '/agent/reviews', '/agent/appointment-requests', '/agent/profile-settings']) {
      expect(await (await get(appPage)).text(), appPage).not.toContain('<h1>Page not found</h1>');
    }
  });
});

describe('reviews on public pages', () => {
  it('shows the review summary on suburb pages and profiles, recent reviews with the writer’s first name and suburb, and AggregateRating only with an average', async () => {
    const coogee = await findSuburb(server, 'coogee');
    const reviewed = await createPublicAgent(server, coogee.id, { name: 'Rory Reviewed' });
    const review = async (rating: number, text: string, reply: string | null = null) => {
      const { seller, property } = await appraisalSent(server, reviewed.userId, {
        requestedAt: new Date(server.deps.clock.now().getTime() - 3 * 86_400_000),
        minutesAfterRequest: 60,
        suburbId: coogee.id,
      });
      const appraisal = await server.deps.db.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.propertyId, property.id) });
      await server.deps.db.insert(agentReviews).values({
        propertyAppraisalId: appraisal!.id,
        propertyId: property.id,
        agentUserId: reviewed.userId,
        sellerUserId: seller.userId,
        rating,
        text,
        reviewerFirstName: 'Wilhelmina',
        suburbName: 'Coogee',
        status: 'PUBLISHED',
        createdAt: server.deps.clock.now(),
        replyText: reply,
        replyCreatedAt: reply ? server.deps.clock.now() : null,
      });
    };
    const suburbPath = `/agents/nsw/coogee-${coogee.postcode}`;
    const profilePath = `/agent/rory-reviewed-${reviewed.publicId}`;

    expect(await (await get(suburbPath)).text()).toContain('No reviews yet');
    await review(5, 'Rory priced our flat within a week of the sale and kept us informed throughout.', 'Thank you, it was a pleasure.');
    await review(4, 'Clear advice and a fair appraisal; the range was close to what we sold for.');
    let profile = await (await get(profilePath)).text();
    expect(profile).toContain('<p class="meta">2 reviews</p>');
    expect(profile).toContain('an average rating after 3 reviews will show here');
    expect(profile).not.toContain('an average shows from');
    expect(profile).not.toContain('AggregateRating');

    await review(3, 'Good communication, though the appraisal took longer than the others we asked.');
    const suburbPage = await (await get(suburbPath)).text();
    expect(suburbPage).toContain('<strong>4.0</strong> out of 5, average from 3 reviews');
    expect(suburbPage).not.toContain('AggregateRating');
    profile = await (await get(profilePath)).text();
    expect(profile).toContain('"@type":"AggregateRating","itemReviewed":{"@id":');
    expect(profile).toContain('"ratingValue":4,"reviewCount":3,"bestRating":5,"worstRating":1}');
    expect(profile).toContain('Rory priced our flat within a week');
    expect(profile).toContain('Wilhelmina, Coogee · ');
    expect(profile).toContain('Reply from Rory Reviewed');
    expect(profile).toContain('href="/review-policy"');
    // The writer's first name and suburb, as everywhere reviews show; never the seller's surname or e-mail.
    expect(profile).toContain('"author":{"@type":"Person","name":"Wilhelmina"}');
    // A held review is not counted or shown.
    await server.deps.db.update(agentReviews).set({ status: 'HELD' }).where(eq(agentReviews.rating, 3));
    profile = await (await get(profilePath)).text();
    expect(profile).not.toContain('Good communication');
    expect(profile).not.toContain('AggregateRating');
  });
});

describe('how many agents serve a suburb', () => {
  it('is one count everywhere a seller reads it: the agents the picker offers, public profile or not', async () => {
    const [randwick, kensington] = await Promise.all([findSuburb(server, 'randwick'), findSuburb(server, 'kensington')]);
    const shown = await createPublicAgent(server, randwick.id, { name: 'Shown Agent' });
    // Can be asked, but chose no public profile.
    const unlisted = await createPublicAgent(server, randwick.id, { name: 'Unlisted Agent' });
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: false }).where(eq(agentProfiles.userId, unlisted.userId));
    // Subscribed with an incomplete profile: the picker does not offer them, so no count includes them.
    const incomplete = await createAgent(server, { name: 'Incomplete Agent' });
    await subscribeAgent(server, incomplete.userId, randwick.id);
    await server.deps.db.update(agentProfiles).set({ agencyLogoMediaId: null }).where(eq(agentProfiles.userId, incomplete.userId));
    // Kensington: one agent a seller can ask, with no public profile.
    const onlyUnlisted = await createAgent(server, { name: 'Kensington Agent' });
    await subscribeAgent(server, onlyUnlisted.userId, kensington.id);

    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId, { suburbId: randwick.id, photos: 0 });
    const wizard = await server.gql<{ agentsForProperty: { id: string }[]; suburbs: { servingAgentsCount: number }[] }>(
      `query($p: ID!, $s: ID!) { agentsForProperty(propertyId: $p) { id } suburbs(ids: [$s]) { servingAgentsCount } }`,
      { p: property.id, s: String(randwick.id) },
      seller.token,
    );
    expect(wizard.data!.agentsForProperty.map((a) => a.id).sort()).toEqual([shown.userId, unlisted.userId].sort());
    expect(wizard.data!.suburbs[0]!.servingAgentsCount).toBe(2);

    const statePage = await (await get('/agents/nsw')).text();
    expect(statePage).toContain(
      `<a href="/agents/nsw/randwick-${randwick.postcode}">Randwick NSW ${randwick.postcode}</a> (2 agents you can ask)`,
    );
    expect(statePage).toContain(
      `<a href="/agents/nsw/kensington-${kensington.postcode}">Kensington NSW ${kensington.postcode}</a> (1 agent you can ask)`,
    );
    expect(statePage).not.toContain('with a public profile)');

    const suburbPage = await (await get(`/agents/nsw/randwick-${randwick.postcode}`)).text();
    expect(suburbPage).toContain('2 agents serve Randwick on Listwise: you can ask up to five for a free appraisal.');
    expect(suburbPage).toContain('1 of them has no public profile yet, so is not listed below');
    expect(suburbPage).toContain(`href="/agent/shown-agent-${shown.publicId}"`);
    expect(suburbPage).not.toMatch(/Unlisted Agent|Incomplete Agent/);
    expect(suburbPage).not.toContain('/notify');

    // Nobody listed, one to ask: the page says so, and offers no alert for an agent who is already there.
    const kensingtonPage = await (await get(`/agents/nsw/kensington-${kensington.postcode}`)).text();
    expect(kensingtonPage).toContain('1 agent serves Kensington on Listwise: you can ask up to five for a free appraisal.');
    expect(kensingtonPage).toContain('Their profiles are not public yet');
    expect(kensingtonPage).not.toContain('No agent serves Kensington');
    expect(kensingtonPage).not.toContain('/notify');
    expect(kensingtonPage).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});

describe('tell me when an agent joins', () => {
  it('takes an e-mail address on a suburb without public agents, refuses bad ones and too many, and e-mails once when an agent joins', async () => {
    const clovelly = await findSuburb(server, 'clovelly');
    const page = `/agents/nsw/clovelly-${clovelly.postcode}`;
    const html = await (await get(page)).text();
    expect(html).toContain(`action="${page}/notify" method="post"`);
    // The collection notice, by the field: what is kept, why, who sees it, how to stop it, and the policy.
    expect(html).toContain('aria-describedby="alert-notice"');
    expect(html).toContain('we keep your e-mail address and Clovelly only to send you that one e-mail');
    expect(html).toContain('Nobody else sees it');
    expect(html).toContain('To stop it before then, or to have your address removed, e-mail');
    expect(html).toContain('href="/terms-and-conditions?tab=privacy"');
    const post = (email: string, path = `${page}/notify`) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });

    const bad = await post('not-an-address');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Email address is invalid');
    const ok = await post('Watcher@Example.com');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const confirmation = await ok.text();
    // The confirmation is a page of its own (no script needed): where the e-mail goes, what follows, the notice again.
    expect(confirmation).toContain('<h1>We will tell you when an agent joins in Clovelly</h1>');
    expect(confirmation).toContain(
      'Done: we will send one e-mail to watcher@example.com when an agent who serves Clovelly joins Listwise.',
    );
    expect(confirmation).toContain('id="alert-notice"');
    expect(confirmation).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    // The same answer again (nothing tells which addresses wait), then too many from one address.
    expect((await post('watcher@example.com')).status).toBe(200);
    expect((await post('watcher@example.com')).status).toBe(200);
    expect((await post('watcher@example.com')).status).toBe(429);
    // Only real suburb pages take alerts; a GET of the form's address is no page.
    expect((await post('a@example.com', '/agents/nsw/nowhere-9999/notify')).status).toBe(404);
    expect((await post('a@example.com', `/agents/nsw/clovelly/notify`)).status).toBe(404);
    expect((await get(`${page}/notify`)).status).toBe(404);

    const mails = () => server.deps.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'watcher@example.com'));
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(0);
    // An agent who subscribes before their profile is complete cannot be asked yet: no e-mail.
    const joining = await createAgent(server, { name: 'Jo Joining' });
    const logo = (await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, joining.userId) }))!
      .agencyLogoMediaId;
    await server.deps.db.update(agentProfiles).set({ agencyLogoMediaId: null }).where(eq(agentProfiles.userId, joining.userId));
    await subscribeAgent(server, joining.userId, clovelly.id);
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(0);
    // Complete: sellers can ask them (a public profile is not needed for that), so the alert is sent.
    await server.deps.db.update(agentProfiles).set({ agencyLogoMediaId: logo }).where(eq(agentProfiles.userId, joining.userId));
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(1);
    const [mail] = await mails();
    expect(mail!.subject).toBe('An agent now serves Clovelly on Listwise');
    expect(mail!.html).toContain(`/agents/nsw/clovelly-${clovelly.postcode}`);
    // One-shot: nothing more.
    expect(await notifyAgentJoinAlerts(server.deps)).toBe(0);
    expect(await mails()).toHaveLength(1);
  });
});

describe('sitemap and robots', () => {
  it('lists suburb pages with agents and public profiles in a sitemap index, and robots names it', async () => {
    const index = await (await get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('/sitemaps/suburbs-1.xml');
    const suburbs = await (await get('/sitemaps/suburbs-1.xml')).text();
    expect(suburbs).toContain(`/agents/nsw/bondi-beach-${bondiPostcode}`);
    expect(suburbs).not.toContain('tamarama');
    const agents = await (await get('/sitemaps/agents-1.xml')).text();
    expect(agents).toContain(`/agent/jane-citizen-${agent.publicId}`);
    expect((await get('/sitemaps/agents-2.xml')).status).toBe(404);
    expect((await get('/sitemaps/../sitemap.xml')).status).not.toBe(500);
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://127.0.0.1:3999/sitemap.xml');
    expect(robots).toContain('Disallow: /graphql');
    expect(robots).toContain('Disallow: /admin');
  });
});
