import { MIN_SALES_FOR_TRACK_RECORD } from './appraisal-cost.ts';

/**
 * The public suburb and agent pages: their addresses and the order of agents on a suburb page. The
 * order is written once here, as data the /how-we-rank page prints and as the comparison the server sorts with, so
 * the page that explains the method cannot drift from the method.
 */

/** Lower case, every run of other characters one hyphen: 'Bondi Beach' → 'bondi-beach', "O'Connor" → 'o-connor'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const suburbSlug = (suburb: { name: string; postcode: string }) => `${slugify(suburb.name)}-${suburb.postcode}`;
export const suburbPagePath = (suburb: { name: string; state: string; postcode: string }) =>
  `/agents/${suburb.state.toLowerCase()}/${suburbSlug(suburb)}`;
/** The id of a suburb page's 'Tell me when an agent joins' form, which the listing wizard links to. */
export const AGENT_JOIN_ALERT_ANCHOR = 'tell-me-when-an-agent-joins';
export const statePagePath = (state: string) => `/agents/${state.toLowerCase()}`;

/** The short stable id that ends every profile slug (10 lowercase hex characters, random per agent). */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{10}$/;
export const agentSlug = (agent: { name: string | null; publicId: string }) => {
  const name = slugify(agent.name ?? '');
  return name ? `${name}-${agent.publicId}` : agent.publicId;
};
export const agentProfilePath = (agent: { name: string | null; publicId: string }) => `/agent/${agentSlug(agent)}`;

/** Appraisals sent within this many months are counted on public pages. */
export const PUBLIC_FIGURES_WINDOW_MONTHS = 12;
/** The median time from request to appraisal is shown (and ranks) only from this many appraisals sent. */
export const MIN_APPRAISALS_FOR_RESPONSE_TIME = 3;
export { MIN_SALES_FOR_TRACK_RECORD };

/** An agent's figures as the public pages show them; null where the sample is below its minimum. */
export interface PublicAgentFigures {
  appraisalsSentLast12Months: number;
  medianResponseMinutes: number | null;
  trackRecord: { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } | null;
}

/**
 * How agents are ordered on a suburb page, in the words /how-we-rank prints. Each step only breaks the ties left
 * by the one before. Nothing about what an agent pays appears here: every listed agent pays the same.
 */
export const RANKING_STEPS: readonly string[] = [
  `Agents with a track record come first: at least ${MIN_SALES_FOR_TRACK_RECORD} sales through Listwise that the agent confirmed with the price, each compared with the range the agent appraised. Among them, the larger share of sales inside the appraised range ranks higher, then the smaller median gap between the sale price and the middle of the range.`,
  `Then agents who answer faster: the median time from a seller's request to the agent's appraisal, over the appraisals sent in the last ${PUBLIC_FIGURES_WINDOW_MONTHS} months, once an agent has sent at least ${MIN_APPRAISALS_FOR_RESPONSE_TIME}. Agents with fewer come after those with enough.`,
  `Then more appraisals sent in the last ${PUBLIC_FIGURES_WINDOW_MONTHS} months.`,
  'Then by name, so the same figures always give the same order.',
];

const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** The comparison RANKING_STEPS describes: negative when `a` ranks above `b`. */
export function comparePublicAgents(
  a: PublicAgentFigures & { name: string | null; id: string },
  b: PublicAgentFigures & { name: string | null; id: string },
): number {
  if (!!a.trackRecord !== !!b.trackRecord) return a.trackRecord ? -1 : 1;
  if (a.trackRecord && b.trackRecord) {
    const share = byNumber(
      b.trackRecord.salesWithinRange / b.trackRecord.confirmedSales,
      a.trackRecord.salesWithinRange / a.trackRecord.confirmedSales,
    );
    if (share) return share;
    const gap = byNumber(a.trackRecord.medianDeviationPercent, b.trackRecord.medianDeviationPercent);
    if (gap) return gap;
  }
  if ((a.medianResponseMinutes === null) !== (b.medianResponseMinutes === null)) return a.medianResponseMinutes === null ? 1 : -1;
  if (a.medianResponseMinutes !== null && b.medianResponseMinutes !== null) {
    const speed = byNumber(a.medianResponseMinutes, b.medianResponseMinutes);
    if (speed) return speed;
  }
  const volume = byNumber(b.appraisalsSentLast12Months, a.appraisalsSentLast12Months);
  if (volume) return volume;
  const name = (a.name ?? '').localeCompare(b.name ?? '', 'en-AU');
  return name || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** '3 h', '1 day 4 h', '45 min': a response time as a seller reads it. */
export function formatResponseTime(minutes: number): string {
  const rounded = Math.max(1, Math.round(minutes));
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.round(rounded / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}`;
}

/** '3 agents serve Bondi Beach' / '1 agent serves Bondi Beach'. */
export const agentsServeText = (count: number, suburbName: string) =>
  count === 1 ? `1 agent serves ${suburbName}` : `${count} agents serve ${suburbName}`;
export const noAgentServesText = (suburbName: string) => `No agent serves ${suburbName} on Listwise yet`;
/** A suburb's count on a state page: '2 agents you can ask' (the agents a seller can ask there, as the wizard counts). */
export const agentsYouCanAskText = (count: number) => `${count} ${count === 1 ? 'agent' : 'agents'} you can ask`;
/**
 * What a suburb page says of the agents a seller can ask whose profiles are not public (so not listed on it), or ''
 * when every one is listed.
 */
export function agentsWithoutPublicProfileText(askable: number, listed: number): string {
  const hidden = askable - listed;
  if (hidden <= 0) return '';
  if (listed === 0)
    return `Their profiles are not public yet: you see ${hidden === 1 ? 'them' : 'all of them'} when you choose agents for your listing.`;
  return `${hidden} of them ${hidden === 1 ? 'has' : 'have'} no public profile yet, so ${hidden === 1 ? 'is' : 'are'} not listed below: you see every one when you choose agents for your listing.`;
}

/**
 * The server-rendered public site's pages (besides the suburb and agent pages): one list, so the server's routes,
 * the header and footer, the sitemap and the web app's links to them agree. The web app opens them as whole
 * documents (they are not its routes).
 */
export const PUBLIC_SITE_PATHS = {
  home: '/',
  findAgents: '/agents',
  howItWorks: '/how-it-works',
  forAgents: '/real-state-agent-info',
  forSellers: '/find-real-estate-agents',
  about: '/about-the-company',
  terms: '/terms-and-conditions',
  privacy: '/terms-and-conditions?tab=privacy',
  reviewPolicy: '/review-policy',
} as const;

/** The site's links, in order: the header and the phone menu, and the footer, of the server's pages and the web app's. */
export const PUBLIC_SITE_NAV_LINKS = [
  { path: PUBLIC_SITE_PATHS.findAgents, label: 'Find agents' },
  { path: PUBLIC_SITE_PATHS.howItWorks, label: 'How it works' },
  { path: PUBLIC_SITE_PATHS.forAgents, label: 'For agents' },
  { path: PUBLIC_SITE_PATHS.forSellers, label: 'For sellers' },
  { path: PUBLIC_SITE_PATHS.about, label: 'About' },
] as const;

/**
 * A suburb's own market evidence (appraisal requests, appraised ranges, sales against their appraisals) shows only
 * from this many properties, so no figure can be traced to one seller.
 */
export const MIN_PROPERTIES_FOR_SUBURB_EVIDENCE = 5;
