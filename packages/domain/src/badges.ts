import type { AgentBadge } from './enums.ts';

/**
 * Badge tiers by confirmed property sales (spec 000 §9), highest first. The first tier (VERIFIED in the API, after
 * the spec) is shown as 'First sale': it counts one sale through Listwise and checks nothing, so a name that reads as
 * a check ('Verified') would sit misleadingly beside 'Licence verified' and 'Licence not checked yet'.
 */
export const BADGE_TIERS: ReadonlyArray<{ badge: AgentBadge; minSales: number; label: string }> = [
  { badge: 'DIAMOND', minSales: 100, label: 'Diamond' },
  { badge: 'PLATINUM', minSales: 50, label: 'Platinum' },
  { badge: 'GOLD', minSales: 30, label: 'Gold' },
  { badge: 'SILVER', minSales: 20, label: 'Silver' },
  { badge: 'BRONZE', minSales: 10, label: 'Bronze' },
  { badge: 'VERIFIED', minSales: 1, label: 'First sale' },
];

/** The badge earned by a number of confirmed sales, or null before the first sale. */
export const badgeForSales = (numberOfEngagements: number): AgentBadge | null =>
  BADGE_TIERS.find((t) => numberOfEngagements >= t.minSales)?.badge ?? null;

export const badgeTier = (badge: AgentBadge) => BADGE_TIERS.find((t) => t.badge === badge)!;

/** 'N+ properties sold' above 1, otherwise '1 property sold' (the tier's threshold is N). */
export const badgeSalesLabel = (badge: AgentBadge): string => {
  const n = badgeTier(badge).minSales;
  return n > 1 ? `${n}+ properties sold` : '1 property sold';
};

/**
 * The badge as sellers read it, beside the licence mark: a count of sales through Listwise. 'Gold · 30+ sales
 * through Listwise', or '1 sale through Listwise' for the first tier.
 */
export const badgeSellerLabel = (badge: AgentBadge): string => {
  const n = badgeTier(badge).minSales;
  const sales = n > 1 ? `${n}+ sales through Listwise` : '1 sale through Listwise';
  return badge === 'VERIFIED' ? sales : `${badgeTier(badge).label} · ${sales}`;
};
