import { formatCents } from './format.ts';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from './constants.ts';
import { dollarsToCents, gstPartOfInclusiveCents } from './pricing.ts';

/**
 * The one vocabulary for what agents pay Listwise, used by every page, screen and e-mail that names it. The spec
 * calls the fee charged on an unconditional sale the "lead/referral fee" and has the payment condition "state the
 * lead fee", so Listwise says "lead fee" everywhere; the free suburbs are "free trials" of 12 months each.
 * The lead fee's amount and the free-trial allowance are server settings, passed in by the caller; the words for
 * any amount are made here, so no page or e-mail writes '$1,000 plus GST' of its own.
 */

/** The fee's name in running text ('a lead fee of $1,000 plus GST'). */
export const LEAD_FEE_NAME = 'lead fee';
/** The fee's name as a heading or at the start of a sentence. */
export const LEAD_FEE_TITLE = 'Lead fee';
/** How long a free trial of a suburb runs. */
export const FREE_TRIAL_MONTHS = 12;

/**
 * The free-suburbs offer as a phrase: 'the first 5 suburbs free for 12 months' (null when the allowance is 0, so no
 * page offers what is not there). Without the allowance (a screen that does not have the setting): 'the first
 * suburbs free for 12 months'.
 */
export function freeSuburbsOffer(totalFreeTrialsAllowed?: number): string | null {
  if (totalFreeTrialsAllowed === undefined) return `the first suburbs free for ${FREE_TRIAL_MONTHS} months`;
  if (totalFreeTrialsAllowed <= 0) return null;
  const suburbs = totalFreeTrialsAllowed === 1 ? 'suburb' : `${totalFreeTrialsAllowed} suburbs`;
  return `the first ${suburbs} free for ${FREE_TRIAL_MONTHS} months`;
}

/** The offer as a sentence: 'New agents get the first 5 suburbs free for 12 months.' (empty when there is none). */
export function freeSuburbsOfferSentence(totalFreeTrialsAllowed?: number): string {
  const offer = freeSuburbsOffer(totalFreeTrialsAllowed);
  return offer ? `New agents get ${offer}.` : '';
}

/** A lead fee in cents: before GST and with it (the setting of the day, or the fee a confirmed sale recorded). */
export interface LeadFeeAmount {
  excludingGstCents: number;
  includingGstCents: number;
}

/**
 * The lead fee as a confirmed sale records it (GST included), split into its parts the way a tax invoice does: the
 * GST is one eleventh of the total, so '$1,100' reads '$1,000 plus GST' again.
 */
export const leadFeeOfTotal = (includingGstCents: number): LeadFeeAmount => ({
  excludingGstCents: includingGstCents - gstPartOfInclusiveCents(includingGstCents),
  includingGstCents,
});

/**
 * The words for a lead fee amount: '$1,000' before GST, '$1,000 plus GST', '$1,100', its GST '$100', and both
 * '$1,000 plus GST ($1,100)'.
 */
export function leadFeeWords(fee: LeadFeeAmount) {
  const excludingGst = formatCents(fee.excludingGstCents);
  const plusGst = `${excludingGst} plus GST`;
  const total = formatCents(fee.includingGstCents);
  const gst = formatCents(fee.includingGstCents - fee.excludingGstCents);
  return { excludingGst, plusGst, total, gst, plusGstWithTotal: `${plusGst} (${total})` };
}

/** The words for a lead fee given in dollars (as the API answers it). */
export const leadFeeWordsOfDollars = (fee: { excludingGstDollars: number; includingGstDollars: number }) =>
  leadFeeWords({ excludingGstCents: dollarsToCents(fee.excludingGstDollars), includingGstCents: dollarsToCents(fee.includingGstDollars) });

/** A suburb's yearly price as pages say it: '$495 a year (GST included)'; '$495' alone in `short`. */
export function suburbYearPriceWords(annualPriceCents = dollarsToCents(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)) {
  const amount = formatCents(annualPriceCents);
  return { amount, perYear: `${amount} a year`, perYearWithGst: `${amount} a year (GST included)` };
}
