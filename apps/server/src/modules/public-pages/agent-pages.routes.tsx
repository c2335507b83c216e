import { and, eq, inArray } from 'drizzle-orm';
import { suburbLabel } from '@listwise/domain/address-line';
import { describeHowListwiseMakesMoney, type MoneyDisclosure } from '@listwise/domain/disclosure';
import {
  agentProfilePath,
  agentSlug,
  agentsServeText,
  slugify,
  statePagePath,
  suburbPagePath,
  suburbSlug,
} from '@listwise/domain/public-pages';
import type { Tx } from '../../db/client.ts';
import { userMedia } from '../../db/schema/media.ts';
import { suburbs, type SuburbRow } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { RateLimitedError } from '../../lib/app-error.ts';
import { mediaFileUrl } from '../media/media.service.ts';
import { findConfirmedSellingAgents, listPublishedReviews, summariseReviews, type ReviewSummary } from '../reviews/reviews.service.ts';
import { getListwiseFees } from '../settings/settings.service.ts';
import { countRecentListings } from '../suburbs/suburbs.service.ts';
import { askToBeToldWhenAgentJoins } from './agent-join-alerts.service.ts';
import type { AgentView, PublicReview } from './pages/agent-parts.tsx';
import type { Crumb, PageContent } from './pages/layout.tsx';
import {
  AgentJoinAlertDonePage,
  AgentJoinAlertForm,
  HowWeRankPage,
  StatePage,
  StatesPage,
  SuburbPage,
  type SuburbLink,
} from './pages/pages.tsx';
import { AgentPage } from './pages/agent-page.tsx';
import * as publicAgents from './public-agents.service.ts';
import { readPublicPath, splitSuburbSlug, STATE_NAMES, type PublicPath } from './public-urls.ts';
import { siteFigures } from './site-pages.routes.tsx';
import { agentJsonLd } from './structured-data.ts';
import { findSuburbEvidence } from './suburb-evidence.service.ts';

/**
 * The find-agents pages' contents: the states, a state's suburbs, a suburb's agents, an agent's profile,
 * /how-we-rank, and the answer to a suburb page's 'Tell me when an agent joins' form. Each reads what its page shows
 * and answers the page, a redirect to the canonical address, or null for a page that does not exist (a 404).
 */

/** A page, a 301 to the canonical address, or null (no such page). */
export type Outcome = PageContent | { redirect: string } | null;

/** Suburbs per page of a state's list. */
export const STATE_PAGE_SIZE = 300;

async function moneyDisclosure(db: Tx): Promise<MoneyDisclosure> {
  return describeHowListwiseMakesMoney(await getListwiseFees(db));
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

const HOME: Crumb = { name: 'Find agents', path: '/agents' };
const suburbCrumbs = (suburb: SuburbRow): Crumb[] => [
  HOME,
  { name: STATE_NAMES[suburb.state]!, path: statePagePath(suburb.state) },
  { name: suburb.name, path: suburbPagePath(suburb) },
];

const startListingPath = (suburb: SuburbRow) => `/new-property/address?suburb=${suburb.id}`;
const ALERT_SUFFIX = '/notify';
const alertPath = (suburb: SuburbRow) => `${suburbPagePath(suburb)}${ALERT_SUFFIX}`;

/** 'Tell me when an agent joins' posted from a suburb page: its answer page (never cached, it is one visitor's). */
export async function agentJoinAlertPage(deps: Deps, path: string, body: unknown, clientAddress: string): Promise<Outcome> {
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
    breadcrumbs: suburbCrumbs(suburb),
  });
  const done = (isLimited: boolean): PageContent => ({
    status: isLimited ? 429 : 200,
    head: head(isLimited ? 'Too many requests' : `We will tell you when an agent joins in ${suburb.name}`),
    body: (
      <AgentJoinAlertDonePage
        suburbName={suburb.name}
        suburbPath={suburbPagePath(suburb)}
        startListingPath={startListingPath(suburb)}
        email={typeof email === 'string' ? email.trim().toLowerCase().slice(0, 196) : undefined}
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
  const [views, askable, demand, nearby, disclosure, evidence, figures] = await Promise.all([
    agentsWithExtras(),
    publicAgents.countAgentsServingSuburb(deps.db, suburb.id, now),
    countRecentListings(deps.db, [suburb.id], now),
    publicAgents.findNearestSuburbsWithAgents(deps.db, suburb, now, { limit: 6, publicOnly: true }),
    moneyDisclosure(deps.db),
    findSuburbEvidence(deps.db, suburb.id, now),
    siteFigures(deps.db),
  ]);
  const label = suburbLabel(suburb);
  const description = views.length
    ? `${views.length} real estate ${views.length === 1 ? 'agent serves' : 'agents serve'} ${label} on Listwise: licences checked, appraisals sent, time to appraise and track record from sales. Ask up to five for a free appraisal.`
    : askable
      ? `${agentsServeText(askable, label)} on Listwise. List your property to see them and ask for a free appraisal.`
      : `No agent serves ${label} on Listwise yet. See the nearest suburbs with agents, or start your listing.`;
  return {
    head: {
      title: views.length
        ? `Real estate agents in ${label}: compare ${views.length} | Listwise`
        : `Real estate agents in ${label} | Listwise`,
      description,
      canonicalPath: suburbPagePath(suburb),
      noindex: views.length === 0,
      breadcrumbs: suburbCrumbs(suburb),
    },
    body: (
      <SuburbPage
        suburbName={suburb.name}
        suburbLabel={label}
        agents={views}
        askableAgentCount={askable}
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
      shareImage: view.photoUrl ? { url: view.photoUrl, alt: `Photo of ${view.name}` } : undefined,
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
    publicAgents.findSuburbsWithAgentsToAsk(deps.db, deps.clock.now(), state),
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
  const [all, figures] = await Promise.all([publicAgents.findSuburbsWithAgentsToAsk(deps.db, deps.clock.now()), siteFigures(deps.db)]);
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

/** The find-agents page a parsed address names, on its page of a state's list. */
export async function resolveAgentsPage(deps: Deps, page: PublicPath, pageNumber: number): Promise<Outcome> {
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
