/**
 * How Listwise makes money, in the one wording every page uses where sellers choose among agents (the agent picker,
 * an appraisal, the comparison) and the public /how-we-rank page (ACCC guidance on comparison
 * platforms). The amounts are passed in: the server reads them from the settings that charge them, so the words
 * can never state a price the agents are not charged.
 *
 * Plain English written from the rules, not legal advice. A lawyer must confirm before launch:
 * - that saying "agents pay to be shown" and "the order is not for sale" is enough for the ACCC's comparison-platform
 *   guidance, or whether the commercial relationship must be stated next to each agent as well;
 * - that the vendor wording below meets the form and timing each state prescribes (NSW Property and Stock Agents
 *   Act 2002 s 47, QLD Property Occupations Act 2014 s 157, SA Land Agents Act 1994 s 24C), e.g. whether it must be
 *   in the agency agreement, in an approved form or signed by the vendor, and what the other states expect.
 */
import { freeSuburbsOffer, LEAD_FEE_NAME, leadFeeWordsOfDollars } from './agent-fees.ts';
import { formatDollars } from './format.ts';

/** Where the order of agents is explained (built by the public pages with these same words). */
export const HOW_WE_RANK_PATH = '/how-we-rank';

/** What agents pay Listwise, in dollars as the API gives them (the subscription includes GST; the lead fee is stated both ways). */
export interface ListwiseFees {
  suburbSubscriptionAnnualPriceDollars: number;
  /** The free-trial allowance (a setting); without it the offer is stated without its number. */
  totalFreeTrialsAllowed?: number;
  leadFeeExcludingGstDollars: number;
  leadFeeIncludingGstDollars: number;
}

export interface MoneyDisclosure {
  heading: string;
  /** Paragraphs in reading order; the last one is followed by a link to HOW_WE_RANK_PATH with `linkText`. */
  paragraphs: string[];
  linkText: string;
}

const leadFeeText = (fees: ListwiseFees): string =>
  leadFeeWordsOfDollars({ excludingGstDollars: fees.leadFeeExcludingGstDollars, includingGstDollars: fees.leadFeeIncludingGstDollars })
    .plusGstWithTotal;

const newAgentsOffer = (fees: ListwiseFees): string => {
  const offer = freeSuburbsOffer(fees.totalFreeTrialsAllowed);
  return offer ? ` (new agents get ${offer})` : '';
};

/**
 * The disclosure shown to sellers wherever they choose among agents. It never calls an agent 'best', 'top' or
 * 'independent' (a test holds it to that): the agents shown are the ones who pay, and the text says so.
 */
export function describeHowListwiseMakesMoney(fees: ListwiseFees): MoneyDisclosure {
  return {
    heading: 'How Listwise makes money',
    paragraphs: [
      `Agents pay Listwise to receive appraisal requests: a subscription of ${formatDollars(fees.suburbSubscriptionAnnualPriceDollars)} a year ` +
        `for each suburb they serve${newAgentsOffer(fees)}, and a ${LEAD_FEE_NAME} of ${leadFeeText(fees)} ` +
        'when they sell a property whose seller found them here.',
      'Only agents who subscribe to your suburb are shown, so other agents who work in your area are not listed here.',
      'The order in which agents appear is not for sale: no agent can pay to be shown higher. ' +
        `Sellers pay Listwise nothing, and the ${LEAD_FEE_NAME} does not change the commission an agent quotes you.`,
    ],
    linkText: 'How we order agents',
  };
}

/** The disclosure as one block of text (e-mails, plain-text places). */
export const moneyDisclosureText = (fees: ListwiseFees): string => {
  const disclosure = describeHowListwiseMakesMoney(fees);
  return `${disclosure.heading}. ${disclosure.paragraphs.join(' ')}`;
};

export interface VendorDisclosureParties {
  agentName: string;
  agencyName: string | null;
  /** The property's address as the vendor knows it; null where the agent may not see it yet (the request e-mail). */
  propertyAddress: string | null;
}

/**
 * Ready wording an agent gives the vendor to disclose the lead fee (a referral payment to a third party), as NSW
 * s 47, QLD s 157 and SA s 24C require of agents there; agents elsewhere may give it too. The agent copies it into
 * their own agreement or letter: Listwise cannot make the disclosure for them.
 */
export function leadFeeVendorDisclosure(fees: ListwiseFees, parties: VendorDisclosureParties): string {
  const agent = parties.agencyName ? `${parties.agentName} of ${parties.agencyName}` : parties.agentName;
  return (
    `Disclosure of a ${LEAD_FEE_NAME}: you were introduced to ${agent} through Listwise (listwise.com.au). ` +
    `If ${parties.propertyAddress ?? 'your property'} is sold through us, we will pay Listwise a ${LEAD_FEE_NAME} of ${leadFeeText(fees)}. ` +
    'We pay this fee ourselves; it is not charged to you and it does not change the commission or costs we have quoted you.'
  );
}

/** Words that rank agents by merit; no page may use them of an agent (ACCC comparison-platform guidance). */
export const FORBIDDEN_AGENT_CLAIMS = ['best', 'top', 'independent'] as const;
