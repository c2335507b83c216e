import { GST_RATE, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from './constants.ts';

/** Money is integer cents inside Listwise; dollars only at the API edge. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;
/** Cents as a plain decimal with both cent digits and no sign or separators ('1234.50'): bank and CSV files. */
export const centsToDecimalText = (cents: number): string => (cents / 100).toFixed(2);
/** True when a dollar amount is a whole number of cents, tolerant of binary floating-point noise (12.3 is, 12.345 is not). */
export const isWholeCents = (dollars: number): boolean => Math.abs(Math.round(dollars * 100) - dollars * 100) < 1e-6;

/** GST included in a GST-inclusive amount (10%: one eleventh). */
export const gstPartOfInclusiveCents = (inclusiveCents: number): number => Math.round((inclusiveCents * GST_RATE) / (1 + GST_RATE));

export const remainingFreeTrials = (totalAllowed: number, claimed: number) => Math.max(0, totalAllowed - claimed);

/**
 * Which of the selected suburbs (in order) are free: the first `remaining` ones.
 * Returns a flag per suburb, in the order given.
 */
export const freeTrialFlags = (selectedCount: number, totalAllowed: number, claimed: number): boolean[] => {
  const free = remainingFreeTrials(totalAllowed, claimed);
  return Array.from({ length: selectedCount }, (_, i) => i < free);
};

/** Total dollars due now for a selection: paid suburbs times the annual price; 0 means 'Free'. */
export const subscriptionTotalDollars = (
  selectedCount: number,
  totalAllowed: number,
  claimed: number,
  annualPrice = SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS,
): number => Math.max(0, selectedCount - remainingFreeTrials(totalAllowed, claimed)) * annualPrice;
