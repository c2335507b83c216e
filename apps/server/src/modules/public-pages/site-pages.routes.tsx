import type { ReactNode } from 'react';
import {
  freeSuburbsOfferSentence,
  LEAD_FEE_NAME,
  LEAD_FEE_TITLE,
  leadFeeWordsOfDollars,
  suburbYearPriceWords,
} from '@listwise/domain/agent-fees';
import { DEFAULT_SUBSCRIBED_AGENTS_MAX } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { fillPlaceholders } from '@listwise/domain/legal-markdown';
import { centsToDollars, dollarsToCents } from '@listwise/domain/pricing';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { getListwiseFees, getSettings, LISTWISE_FEE_SETTINGS, listwiseFeesFrom } from '../settings/settings.service.ts';
import type { Crumb, PageContent } from './pages/layout.tsx';
import { PrivacyPage, ReviewPolicyPage, TermsPage, type LegalDocumentName } from './pages/legal-pages.tsx';
import { HomePage } from './pages/home-page.tsx';
import { AboutPage, ForAgentsPage, ForSellersPage, HowItWorksPage } from './pages/site-pages.tsx';
import type { SiteFigures } from './pages/site-parts.tsx';
import { PUBLIC_SITE_SCRIPT_PATH } from './public-site-script.ts';
import { OG_IMAGE_PATH } from './sitemap.ts';
import { organizationJsonLd, webSiteJsonLd } from './structured-data.ts';

/**
 * The site's own pages' contents, by path: the homepage, the marketing pages and the legal pages. Their amounts come
 * from the settings that charge and pay them, never from the text.
 */

/** The amounts the site states, from the settings that charge and pay them. */
export async function siteFigures(db: Tx): Promise<SiteFigures> {
  // One read: a public page states these on every request.
  const settings = await getSettings(db, ['staticCashbackAmountCents', ...LISTWISE_FEE_SETTINGS]);
  const fees = listwiseFeesFrom(settings);
  return {
    cashbackDollars: centsToDollars(settings.staticCashbackAmountCents),
    suburbSubscriptionAnnualPriceDollars: fees.suburbSubscriptionAnnualPriceDollars,
    leadFeeExcludingGstDollars: fees.leadFeeExcludingGstDollars,
    leadFeeIncludingGstDollars: fees.leadFeeIncludingGstDollars,
    totalFreeTrialsAllowed: fees.totalFreeTrialsAllowed ?? 0,
    agentsPerSuburbMax: DEFAULT_SUBSCRIBED_AGENTS_MAX,
  };
}

export const HOME_CRUMB: Crumb = { name: 'Home', path: PUBLIC_SITE_PATHS.home };

type SitePage = (deps: Deps, query: Record<string, unknown>, readLegal: (name: LegalDocumentName) => string) => Promise<PageContent>;

const marketingPage =
  (title: string, description: string, path: string, Body: (props: { figures: SiteFigures }) => ReactNode): SitePage =>
  async (deps) => ({
    head: { title, description, canonicalPath: path, fullBleed: true, breadcrumbs: [HOME_CRUMB, { name: title.split(' | ')[0]!, path }] },
    body: <Body figures={await siteFigures(deps.db)} />,
  });

/** A page in the reading column: its title is its crumb unless one is given. */
const legalPage = (title: string, description: string, path: string, body: ReactNode, crumb = title): PageContent => ({
  head: { title: `${title} | Listwise`, description, canonicalPath: path, breadcrumbs: [HOME_CRUMB, { name: crumb, path }] },
  body,
});

/** The values the legal documents' placeholders take (the fee and the offer from their settings). */
async function legalValues(deps: Deps): Promise<Record<string, string>> {
  const fees = await getListwiseFees(deps.db);
  const leadFee = leadFeeWordsOfDollars({
    excludingGstDollars: fees.leadFeeExcludingGstDollars,
    includingGstDollars: fees.leadFeeIncludingGstDollars,
  });
  return {
    leadFee: `${leadFee.plusGst} (${leadFee.total} in total)`,
    suburbYearPrice: suburbYearPriceWords(dollarsToCents(fees.suburbSubscriptionAnnualPriceDollars)).amount,
    leadFeeName: LEAD_FEE_NAME,
    leadFeeTitle: LEAD_FEE_TITLE,
    freeSuburbsOffer: freeSuburbsOfferSentence(fees.totalFreeTrialsAllowed),
  };
}

export const SITE_PAGES: Record<string, SitePage> = {
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
      return legalPage(
        'Privacy Policy',
        'What personal information Listwise collects, why, who receives it, where it is kept, and how to see, correct or delete it.',
        PUBLIC_SITE_PATHS.privacy,
        <PrivacyPage policy={fill('privacy-policy')} />,
      );
    }
    return legalPage(
      'Terms & Conditions',
      'The terms for sellers and real estate agents who use Listwise, in plain English.',
      PUBLIC_SITE_PATHS.terms,
      <TermsPage sellerTerms={fill('seller-terms')} agentTerms={fill('agent-terms')} />,
    );
  },
  [PUBLIC_SITE_PATHS.reviewPolicy]: async () =>
    legalPage(
      'How agent reviews work',
      'Who can review an agent on Listwise, which reviews are checked before they show, why one is removed, and what agents can do.',
      PUBLIC_SITE_PATHS.reviewPolicy,
      <ReviewPolicyPage />,
      'Review policy',
    ),
};
