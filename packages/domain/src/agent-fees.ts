/**
 * The one vocabulary for what agents pay Listwise, used by every page, screen and e-mail that names it. The spec
 * calls the fee charged on an unconditional sale the "lead/referral fee" and has the payment condition "state the
 * lead fee", so Listwise says "lead fee" everywhere; the free suburbs are "free trials" of 12 months each.
 * The amounts are not here: the fee and the free-trial allowance are server settings, passed in by the caller.
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
