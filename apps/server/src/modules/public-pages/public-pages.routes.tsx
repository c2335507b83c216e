import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { suburbLabel } from '@listwise/domain/address-line';
import { describeHowListwiseMakesMoney, type MoneyDisclosure } from '@listwise/domain/disclosure';
import {
  agentProfilePath,
  agentSlug,
  slugify,
  statePagePath,
  suburbPagePath,
  suburbSlug,
  PUBLIC_SITE_PATHS,
} from '@listwise/domain/public-pages';
import type { Tx } from '../../db/client.ts';
import { userMedia } from '../../db/schema/media.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { mediaFileUrl } from '../media/media.service.ts';
import { errorBody, RateLimitedError } from '../../lib/app-error.ts';
import { getListwiseFees, getSettings } from '../settings/settings.service.ts';
import { DEFAULT_SUBSCRIBED_AGENTS_MAX } from '@listwise/domain/constants';
import { freeSuburbsOfferSentence, LEAD_FEE_NAME, LEAD_FEE_TITLE } from '@listwise/domain/agent-fees';
import { formatDollars } from '@listwise/domain/format';
import { fillPlaceholders } from '@listwise/domain/legal-markdown';
import { centsToDollars } from '@listwise/domain/pricing';
import { AboutPage, ForAgentsPage, ForSellersPage, HomePage, HowItWorksPage, type SiteFigures } from './pages/site-pages.tsx';
import { legalDocumentReader, PrivacyPage, ReviewPolicyPage, TermsPage, type LegalDocumentName } from './pages/legal-pages.tsx';
import { PUBLIC_SITE_SCRIPT, PUBLIC_SITE_SCRIPT_PATH } from './public-site-script.ts';
import { countRecentListings } from '../suburbs/suburbs.service.ts';
import { type SuburbRow } from '../../db/schema/suburbs.ts';
import type { AgentView, PublicReview } from './pages/agent-parts.tsx';
import { findConfirmedSellingAgents, listPublishedReviews, summariseReviews, type ReviewSummary } from '../reviews/reviews.service.ts';
import { renderPage, type Crumb, type PageHead } from './pages/layout.tsx';
import {
  AgentJoinAlertDonePage,
  AgentJoinAlertForm,
  AgentPage,
  HowWeRankPage,
  NotFoundPage,
  StatePage,
  StatesPage,
  SuburbPage,
  type SuburbLink,
} from './pages/pages.tsx';
import { askToBeToldWhenAgentJoins } from './agent-join-alerts.service.ts';
import { NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE, sendCacheable } from './http-cache.ts';
import * as publicAgents from './public-agents.service.ts';
import { readPageNumber, readPublicPath, splitSuburbSlug, STATE_NAMES, type PublicPath } from './public-urls.ts';
import { registerSitemap } from './sitemap.ts';
import { findSuburbEvidence } from './suburb-evidence.service.ts';
import { agentJsonLd, organizationJsonLd, webSiteJsonLd } from './structured-data.ts';

/**
 * The public suburb and agent pages (docs/decisions/0014-public-pages.md): Fastify routes that render React
 * to HTML on the server, registered before the web app so they answer their addresses with real statuses (404 for
 * an unknown suburb, state or agent; 301 to the canonical address) instead of the app's 200 fallback.
 * The pages read nothing of the viewer (no session, no cookie), so a CDN may share one copy between everyone.
 */

/** The pages' share image (drawn by sitemap.ts). */
const OG_IMAGE_PATH = '/og-image.png';

/** Suburbs per page of a state's list. */
export const STATE_PAGE_SIZE = 300;

async function moneyDisclosure(db: Tx): Promise<MoneyDisclosure> {
  return describeHowListwiseMakesMoney(await getListwiseFees(db));
}

/** The amounts the site states, from the settings that charge and pay them. */
async function siteFigures(db: Tx): Promise<SiteFigures> {
  const [fees, settings] = await Promise.all([getListwiseFees(db), getSettings(db, ['staticCashbackAmountCents'])]);
  return {
    cashbackDollars: centsToDollars(settings.staticCashbackAmountCents),
    suburbSubscriptionAnnualPriceDollars: fees.suburbSubscriptionAnnualPriceDollars,
    leadFeeExcludingGstDollars: fees.leadFeeExcludingGstDollars,
    leadFeeIncludingGstDollars: fees.leadFeeIncludingGstDollars,
    totalFreeTrialsAllowed: fees.totalFreeTrialsAllowed ?? 0,
    agentsPerSuburbMax: DEFAULT_SUBSCRIBED_AGENTS_MAX,
  };
}

/** URLs of the agents' pictures: the 480 px thumbnail when processing made one, else the file. */
async function mediaUrls(deps: Deps, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => !!id);
  if (!wanted.length) return new Map();
  const rows = await deps.db.select().from(userMedia).where(inArray(userMedia.id, wanted));
  const urls = new Map<string, string>();
  for (const m of rows) {
    if (m.thumbnailReady && m.thumbnailKey) urls.set(m.id, mediaFileUrl(deps.config.appUrl, m.thumbnailKey));
    else if (m.mainFileReady) urls.set(m.id, mediaFileUrl(deps.config.appUrl, m.storageKey));
  }
  return urls;
}

function agentView(agent: publicAgents.PublicAgent, photos: Map<string, string>, summary: ReviewSummary | undefined): AgentView {
  return {
    name: agent.profile.name ?? '',
    path: agentProfilePath(agent.profile),
    photoUrl: agent.profile.profilePictureMediaId ? (photos.get(agent.profile.profilePictureMediaId) ?? null) : null,
    agencyName: agent.profile.agencyName ?? '',
    numberOfEngagements: agent.profile.numberOfEngagements,
    licenceState: agent.licenceState,
    licenceNumber: agent.licenceNumber,
    licenceVerifiedAt: agent.licenceVerifiedAt,
    figures: agent.figures,
    reviewSummary: { count: summary?.count ?? 0, averageRating: summary?.averageRating ?? null },
  };
}

/** Recent published reviews shown on a profile (the rest stay in the app). */
export const PROFILE_REVIEWS = 5;

const suburbLink = (s: SuburbRow, agentCount?: number): SuburbLink => ({ label: suburbLabel(s), path: suburbPagePath(s), agentCount });

type Page = { status?: number; head: Omit<PageHead, 'image' | 'imageAlt'> & { image?: string; imageAlt?: string }; body: ReactNode };
type Outcome = Page | { redirect: string } | null;

const HOME: Crumb = { name: 'Find agents', path: '/agents' };

const startListingPath = (suburb: SuburbRow) => `/new-property/address?suburb=${suburb.id}`;
const ALERT_SUFFIX = '/notify';
const alertPath = (suburb: SuburbRow) => `${suburbPagePath(suburb)}${ALERT_SUFFIX}`;

/** 'Tell me when an agent joins' posted from a suburb page: its answer page (never cached, it is one visitor's). */
async function agentJoinAlertPage(deps: Deps, path: string, body: unknown, clientAddress: string): Promise<Outcome> {
  if (!path.endsWith(ALERT_SUFFIX)) return null;
  const parsed = readPublicPath(path.slice(0, -ALERT_SUFFIX.length));
  if (!parsed || parsed.page === 'not-found' || parsed.page.kind !== 'suburb') return null;
  const suburb = await findSuburbBySlug(deps, parsed.page.state, parsed.page.slug);
  if (!suburb || alertPath(suburb) !== path) return null;
  const email = (body as Record<string, unknown> | undefined)?.email;
  const head = (title: string) => ({
    title: `${title} | Listwise`,
    description: `Be told when a real estate agent who serves ${suburbLabel(suburb)} joins Listwise.`,
    canonicalPath: suburbPagePath(suburb),
    noindex: true,
    breadcrumbs: [
      HOME,
      { name: STATE_NAMES[suburb.state]!, path: statePagePath(suburb.state) },
      { name: suburb.name, path: suburbPagePath(suburb) },
    ],
  });
  const done = (isLimited: boolean): Page => ({
    status: isLimited ? 429 : 200,
    head: head(isLimited ? 'Too many requests' : `We will tell you when an agent joins in ${suburb.name}`),
    body: (
      <AgentJoinAlertDonePage
        suburbName={suburb.name}
        suburbPath={suburbPagePath(suburb)}
        startListingPath={startListingPath(suburb)}
        isLimited={isLimited}
      />
    ),
  });
  try {
    const outcome = await askToBeToldWhenAgentJoins(deps, { suburbId: suburb.id, email, clientAddress });
    if (outcome.ok) return done(false);
    return {
      status: 400,
      head: head(`Tell me when an agent joins in ${suburb.name}`),
      body: (
        <>
          <h1>Tell me when an agent joins in {suburb.name}</h1>
          <AgentJoinAlertForm
            suburbName={suburb.name}
            action={alertPath(suburb)}
            email={typeof email === 'string' ? email.slice(0, 196) : ''}
            error={outcome.message}
          />
        </>
      ),
    };
  } catch (error) {
    if (error instanceof RateLimitedError) return done(true);
    throw error;
  }
}

/** Finds the suburb a slug names in a state: by postcode and name, or by name alone (then the caller redirects). */
async function findSuburbBySlug(deps: Deps, state: string, slug: string): Promise<SuburbRow | null> {
  const { nameSlug, postcode } = splitSuburbSlug(slug);
  if (postcode) {
    const rows = await deps.db
      .select()
      .from(suburbs)
      .where(and(eq(suburbs.state, state), eq(suburbs.postcode, postcode)));
    const exact = rows.filter((r) => slugify(r.name) === nameSlug).sort((a, b) => a.id - b.id)[0];
    if (exact) return exact;
  }
  // A name without its postcode (or with a wrong one): the suburb of that name in the state, lowest postcode first.
  const name = nameSlug.replace(/-/g, ' ');
  if (name.length > 60) return null;
  const candidates = await deps.db
    .select()
    .from(suburbs)
    .where(and(eq(suburbs.state, state), eq(suburbs.searchName, name)));
  return candidates.sort((a, b) => a.postcode.localeCompare(b.postcode) || a.id - b.id)[0] ?? null;
}

async function suburbPage(deps: Deps, state: string, slug: string): Promise<Outcome> {
  const suburb = await findSuburbBySlug(deps, state, slug);
  if (!suburb) return null;
  if (suburbSlug(suburb) !== slug) return { redirect: suburbPagePath(suburb) };
  const now = deps.clock.now();
  // The agents' photos and review summaries wait only on the agents, not on the rest of the page.
  const agentsWithExtras = async () => {
    const agents = await publicAgents.findRankedAgentsForSuburb(deps.db, suburb.id, now);
    const ids = agents.map((a) => a.profile.userId);
    const [photos, summaries] = await Promise.all([
      mediaUrls(
        deps,
        agents.map((a) => a.profile.profilePictureMediaId),
      ),
      summariseReviews(deps.db, ids),
    ]);
    return agents.map((a, i) => agentView(a, photos, summaries[i]));
  };
  const [views, demand, nearby, disclosure, evidence, figures] = await Promise.all([
    agentsWithExtras(),
    countRecentListings(deps.db, [suburb.id], now),
    publicAgents.findNearestSuburbsWithAgents(deps.db, suburb, now, { limit: 6, publicOnly: true }),
    moneyDisclosure(deps.db),
    findSuburbEvidence(deps.db, suburb.id, now),
    siteFigures(deps.db),
  ]);
  const label = suburbLabel(suburb);
  const description = views.length
    ? `${views.length} real estate ${views.length === 1 ? 'agent serves' : 'agents serve'} ${label} on Listwise: licences checked, appraisals sent, time to appraise and track record from sales. Ask up to five for a free appraisal.`
    : `No agent serves ${label} on Listwise yet. See the nearest suburbs with agents, or start your listing.`;
  return {
    head: {
      title: views.length
        ? `Real estate agents in ${label}: compare ${views.length} | Listwise`
        : `Real estate agents in ${label} | Listwise`,
      description,
      canonicalPath: suburbPagePath(suburb),
      noindex: views.length === 0,
      breadcrumbs: [
        HOME,
        { name: STATE_NAMES[suburb.state]!, path: statePagePath(suburb.state) },
        { name: suburb.name, path: suburbPagePath(suburb) },
      ],
    },
    body: (
      <SuburbPage
        suburbName={suburb.name}
        suburbLabel={label}
        agents={views}
        listingsLast90Days={demand.get(suburb.id) ?? null}
        nearby={nearby.map((s) => suburbLink(s))}
        startListingPath={startListingPath(suburb)}
        alertPath={alertPath(suburb)}
        disclosure={disclosure}
        evidence={evidence}
        figures={figures}
      />
    ),
  };
}

async function agentPage(deps: Deps, slug: string, publicId: string | null): Promise<Outcome> {
  if (!publicId) return null;
  const now = deps.clock.now();
  const agent = await publicAgents.findPublicAgentByPublicId(deps.db, publicId, now);
  if (!agent) return null;
  // An old slug (the agent renamed since) or a differently spelled one: the same id, so 301 to today's.
  if (agentSlug(agent.profile) !== slug) return { redirect: agentProfilePath(agent.profile) };
  const [served, photos, disclosure, figures, [summary], recent] = await Promise.all([
    publicAgents.findServedSuburbs(deps.db, agent.profile.userId, now),
    mediaUrls(deps, [agent.profile.profilePictureMediaId, agent.profile.agencyLogoMediaId]),
    moneyDisclosure(deps.db),
    siteFigures(deps.db),
    summariseReviews(deps.db, [agent.profile.userId]),
    listPublishedReviews(deps.db, agent.profile.userId, { first: PROFILE_REVIEWS }),
  ]);
  const view = agentView(agent, photos, summary);
  const reviewRows = recent.edges.map((e) => e.node);
  const verifiedSales = new Set(
    (
      await findConfirmedSellingAgents(
        deps.db,
        reviewRows.map((r) => r.propertyId),
      )
    )
      .filter((sale) => sale.sellingAgentUserId === agent.profile.userId)
      .map((sale) => sale.propertyId),
  );
  const reviews: PublicReview[] = reviewRows.map((r) => ({
    id: r.id,
    reviewerFirstName: r.reviewerFirstName,
    rating: r.rating,
    text: r.text,
    suburbName: r.suburbName,
    createdAt: r.createdAt,
    verifiedSale: verifiedSales.has(r.propertyId),
    reply: r.replyText,
  }));
  const canonical = agentProfilePath(agent.profile);
  const areas = served.map((s) => s.name).join(', ');
  return {
    head: {
      title: `${view.name}, ${view.agencyName}: real estate agent | Listwise`,
      description: `${view.name} of ${view.agencyName}, real estate agent serving ${areas}. Licence verified; appraisals sent, time to appraise and track record from Listwise's records.`,
      canonicalPath: canonical,
      ogType: 'profile',
      image: view.photoUrl ?? undefined,
      imageAlt: view.photoUrl ? `Photo of ${view.name}` : undefined,
      breadcrumbs: [HOME, { name: view.name, path: canonical }],
      jsonLd: [
        agentJsonLd({
          url: `${deps.config.appUrl}${canonical}`,
          agent: view,
          bio: agent.profile.bio ?? '',
          served,
          reviews,
        }),
      ],
    },
    body: (
      <AgentPage
        agent={view}
        bio={agent.profile.bio ?? ''}
        agencyBio={agent.profile.agencyBio ?? ''}
        agencyLogoUrl={agent.profile.agencyLogoMediaId ? (photos.get(agent.profile.agencyLogoMediaId) ?? null) : null}
        suburbs={served.map((s) => suburbLink(s))}
        reviews={reviews}
        disclosure={disclosure}
        figures={figures}
      />
    ),
  };
}

async function statePage(deps: Deps, state: string, page: number): Promise<Outcome> {
  const [all, figures] = await Promise.all([
    publicAgents.findSuburbsWithPublicAgents(deps.db, deps.clock.now(), state),
    siteFigures(deps.db),
  ]);
  const pageCount = Math.max(1, Math.ceil(all.length / STATE_PAGE_SIZE));
  if (page > pageCount) return null;
  const name = STATE_NAMES[state]!;
  const path = statePagePath(state);
  const pagePath = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return {
    head: {
      title: `Real estate agents in ${name}${page > 1 ? ` (page ${page})` : ''} | Listwise`,
      description: `Suburbs of ${name} with real estate agents on Listwise: compare licence checks, appraisals sent, time to appraise and track record.`,
      canonicalPath: pagePath(page),
      noindex: all.length === 0,
      breadcrumbs: [HOME, { name, path }],
    },
    body: (
      <StatePage
        stateName={name}
        suburbs={all.slice((page - 1) * STATE_PAGE_SIZE, page * STATE_PAGE_SIZE).map((s) => suburbLink(s.suburb, s.agentCount))}
        page={page}
        pageCount={pageCount}
        pagePath={pagePath}
        figures={figures}
      />
    ),
  };
}

async function statesPage(deps: Deps): Promise<Outcome> {
  const [all, figures] = await Promise.all([publicAgents.findSuburbsWithPublicAgents(deps.db, deps.clock.now()), siteFigures(deps.db)]);
  const counts = new Map<string, number>();
  for (const s of all) counts.set(s.suburb.state, (counts.get(s.suburb.state) ?? 0) + 1);
  return {
    head: {
      title: 'Find real estate agents by state | Listwise',
      description:
        "Real estate agents on Listwise in every state, with figures from Listwise's own records. Ask up to five for a free appraisal.",
      canonicalPath: '/agents',
      breadcrumbs: [HOME],
    },
    body: (
      <StatesPage
        states={[...counts].map(([state, suburbCount]) => ({ state, suburbCount, path: statePagePath(state) }))}
        figures={figures}
      />
    ),
  };
}

async function howWeRankPage(deps: Deps): Promise<Outcome> {
  return {
    head: {
      title: 'How we rank agents and how Listwise makes money | Listwise',
      description:
        'The order of agents on Listwise suburb pages, its minimum samples, and what agents pay Listwise. No one can pay for a higher place.',
      canonicalPath: '/how-we-rank',
      breadcrumbs: [HOME, { name: 'How we rank', path: '/how-we-rank' }],
    },
    body: <HowWeRankPage disclosure={await moneyDisclosure(deps.db)} />,
  };
}

const HOME_CRUMB: Crumb = { name: 'Home', path: PUBLIC_SITE_PATHS.home };

/** The site's own pages: the homepage, the marketing pages and the legal pages, by path. */
type SitePage = (deps: Deps, query: Record<string, unknown>, readLegal: (name: LegalDocumentName) => string) => Promise<Page>;

const marketingPage =
  (title: string, description: string, path: string, Body: (props: { figures: SiteFigures }) => ReactNode): SitePage =>
  async (deps) => ({
    head: { title, description, canonicalPath: path, fullBleed: true, breadcrumbs: [HOME_CRUMB, { name: title.split(' | ')[0]!, path }] },
    body: <Body figures={await siteFigures(deps.db)} />,
  });

/** The values the legal documents' placeholders take (the fee and the offer from their settings). */
async function legalValues(deps: Deps): Promise<Record<string, string>> {
  const fees = await getListwiseFees(deps.db);
  return {
    leadFee: `${formatDollars(fees.leadFeeExcludingGstDollars)} plus GST (${formatDollars(fees.leadFeeIncludingGstDollars)} in total)`,
    leadFeeName: LEAD_FEE_NAME,
    leadFeeTitle: LEAD_FEE_TITLE,
    freeSuburbsOffer: freeSuburbsOfferSentence(fees.totalFreeTrialsAllowed),
  };
}

const SITE_PAGES: Record<string, SitePage> = {
  [PUBLIC_SITE_PATHS.home]: async (deps) => {
    const figures = await siteFigures(deps.db);
    const appUrl = deps.config.appUrl;
    return {
      head: {
        title: 'Listwise: compare local real estate agents and get free appraisals',
        description: `Ask up to five local real estate agents for a free appraisal, compare them side by side within 48 hours, and receive ${formatDollars(figures.cashbackDollars)} cashback when you sell with a Listwise agent.`,
        canonicalPath: PUBLIC_SITE_PATHS.home,
        fullBleed: true,
        scripts: [PUBLIC_SITE_SCRIPT_PATH],
        breadcrumbs: [HOME_CRUMB],
        jsonLd: [organizationJsonLd(appUrl, `${appUrl}${OG_IMAGE_PATH}`), webSiteJsonLd(appUrl)],
      },
      body: <HomePage figures={figures} />,
    };
  },
  [PUBLIC_SITE_PATHS.howItWorks]: marketingPage(
    'How it works | Listwise',
    'How sellers get up to five appraisals from local agents within 48 hours, and how agents receive requests in the suburbs they serve.',
    PUBLIC_SITE_PATHS.howItWorks,
    HowItWorksPage,
  ),
  [PUBLIC_SITE_PATHS.forAgents]: marketingPage(
    'For real estate agents | Listwise',
    `Appraisal requests from sellers in the suburbs you serve: a yearly subscription per suburb and a ${LEAD_FEE_NAME} only when you sell.`,
    PUBLIC_SITE_PATHS.forAgents,
    ForAgentsPage,
  ),
  [PUBLIC_SITE_PATHS.forSellers]: marketingPage(
    'For sellers: find the right real estate agent | Listwise',
    'Compare up to five local agents’ appraisals, commission and marketing costs side by side, free, and receive cashback when you sell.',
    PUBLIC_SITE_PATHS.forSellers,
    ForSellersPage,
  ),
  [PUBLIC_SITE_PATHS.about]: marketingPage(
    'About Listwise',
    'Why Listwise exists, what it stands for and how it makes money: free for sellers, paid for by agents.',
    PUBLIC_SITE_PATHS.about,
    AboutPage,
  ),
  [PUBLIC_SITE_PATHS.terms]: async (deps, query, readLegal) => {
    const values = await legalValues(deps);
    const fill = (name: LegalDocumentName) => fillPlaceholders(readLegal(name), values, 'the fee set by Listwise');
    if (query.tab === 'privacy') {
      return {
        head: {
          title: 'Privacy Policy | Listwise',
          description:
            'What personal information Listwise collects, why, who receives it, where it is kept, and how to see, correct or delete it.',
          canonicalPath: PUBLIC_SITE_PATHS.privacy,
          breadcrumbs: [HOME_CRUMB, { name: 'Privacy Policy', path: PUBLIC_SITE_PATHS.privacy }],
        },
        body: <PrivacyPage policy={fill('privacy-policy')} />,
      };
    }
    return {
      head: {
        title: 'Terms & Conditions | Listwise',
        description: 'The terms for sellers and real estate agents who use Listwise, in plain English.',
        canonicalPath: PUBLIC_SITE_PATHS.terms,
        breadcrumbs: [HOME_CRUMB, { name: 'Terms & Conditions', path: PUBLIC_SITE_PATHS.terms }],
      },
      body: <TermsPage sellerTerms={fill('seller-terms')} agentTerms={fill('agent-terms')} />,
    };
  },
  [PUBLIC_SITE_PATHS.reviewPolicy]: async () => ({
    head: {
      title: 'How agent reviews work | Listwise',
      description:
        'Who can review an agent on Listwise, which reviews are checked before they show, why one is removed, and what agents can do.',
      canonicalPath: PUBLIC_SITE_PATHS.reviewPolicy,
      breadcrumbs: [HOME_CRUMB, { name: 'Review policy', path: PUBLIC_SITE_PATHS.reviewPolicy }],
    },
    body: <ReviewPolicyPage />,
  }),
};

/** The flag the web app sets while a member is signed in (lib/auth-store.ts): / is then their home in the app. */
const SIGNED_IN_COOKIE = /(?:^|;\s*)listwise_logged_in=true(?:;|$)/;

async function resolve(deps: Deps, page: PublicPath, pageNumber: number): Promise<Outcome> {
  switch (page.kind) {
    case 'states':
      return statesPage(deps);
    case 'state':
      return statePage(deps, page.state, pageNumber);
    case 'suburb':
      return suburbPage(deps, page.state, page.slug);
    case 'agent':
      return agentPage(deps, page.slug, page.publicId);
    case 'how-we-rank':
      return howWeRankPage(deps);
  }
}

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
  const render = (page: Page) =>
    renderPage(
      appUrl,
      { image: `${appUrl}${OG_IMAGE_PATH}`, imageAlt: 'Listwise: compare local real estate agents', ...page.head } as PageHead,
      page.body,
    );
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
    const outcome = await resolve(deps, parsed.page, pageNumber.page);
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
