/**
 * What a selection of suburbs costs (spec 000 §9): the first (totalFreeTrialsAllowed − claimed) suburbs in order
 * are free, each other one is $495 a year; the total is 'Free' when nothing is to pay.
 */
import { FREE_TRIAL_MONTHS, suburbYearPriceWords } from '@listwise/domain/agent-fees';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { freeTrialFlags, subscriptionTotalDollars } from '@listwise/domain/pricing';
import type { FreeTrialState, SuburbCard } from './suburb-api';
import { suburbLabel } from '@listwise/domain/address-line';

/**
 * The renewal terms, said where the agent pays (the sign-up payment step and the card's confirmation): how much, how
 * often, on which card, how to stop it, and the reminder before. Free trials renew at the same price.
 */
export const RENEWAL_TERMS = `Each suburb renews automatically ${FREE_TRIAL_MONTHS} months after it starts, at ${suburbYearPriceWords().perYearWithGst}, charged to your saved card, free trials included, unless you cancel it before then in Profile Settings. We e-mail you a reminder a week before each renewal.`;

export const annualPriceLabel = `${formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)}/Year`;

/** 'Free' or '$495/Year' per suburb, in the order chosen. */
export const suburbPriceLabels = (count: number, state: FreeTrialState): string[] =>
  freeTrialFlags(count, state.totalFreeTrialsAllowed, state.numberOfFreeTrialsClaimed).map((isFree) =>
    isFree ? 'Free' : annualPriceLabel,
  );

export const selectionTotalDollars = (count: number, state: FreeTrialState) =>
  subscriptionTotalDollars(count, state.totalFreeTrialsAllowed, state.numberOfFreeTrialsClaimed);

export const freeTrialsText = (state: FreeTrialState) =>
  `${state.numberOfFreeTrialsClaimed}/${state.totalFreeTrialsAllowed} free trials claimed`;

interface SubscriptionPricingProps {
  suburbs: Pick<SuburbCard, 'id' | 'name' | 'state' | 'postcode'>[];
  freeTrialState: FreeTrialState;
}

/** The suburb list with each price and the total due now. */
export function SubscriptionPricing({ suburbs, freeTrialState }: SubscriptionPricingProps) {
  const prices = suburbPriceLabels(suburbs.length, freeTrialState);
  const total = selectionTotalDollars(suburbs.length, freeTrialState);
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {suburbs.map((suburb, index) => (
          <li key={suburb.id} className="flex items-center justify-between gap-4 px-4 py-3">
            <span className="font-medium text-ink">{suburbLabel(suburb)}</span>
            <span className={prices[index] === 'Free' ? 'font-semibold text-[#166534]' : 'font-semibold text-ink'}>{prices[index]}</span>
          </li>
        ))}
        <li className="flex items-center justify-between gap-4 bg-surface px-4 py-3">
          <span className="font-semibold text-ink">Total due today</span>
          <span className="text-lg font-bold text-ink">{total > 0 ? `${formatDollars(total)} incl. GST` : 'Free'}</span>
        </li>
      </ul>
      <p className="text-sm text-ink-soft">{freeTrialsText(freeTrialState)}</p>
    </div>
  );
}
