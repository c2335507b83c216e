import type { CommissionType, EstimatedSaleValueRange } from './enums.ts';
import { dollarsToCents } from './pricing.ts';

/**
 * What an appraisal's offer costs the seller at a given sale price, and what it leaves them: one rule for the
 * comparison page, the appraisal cards and the API (`PropertyAppraisal.costAt`). Everything is integer cents;
 * the percentage rate (2 decimals, GST included as agents enter it) is read as whole hundredths of a percent so
 * no step goes through binary floating point.
 */
export interface AppraisalFees {
  commissionType: CommissionType | null;
  /** The rate as entered, e.g. '2.20' or 2.2 (percent, including GST). */
  percentageRate: string | number | null;
  flatFeeCostCents: number | null;
  marketingFeeCostCents: number | null;
}

export interface AppraisalCost {
  commissionCents: number;
  marketingFeeCents: number;
  totalFeeCents: number;
  netProceedsCents: number;
}

/** The highest sale price the comparison accepts: $1 billion, far above any Australian home. */
export const MAX_COMPARISON_SALE_PRICE_DOLLARS = 1_000_000_000;

const HUNDREDTHS_PER_PERCENT = 100;

/** '2.2', 2.2, '2.20' → 220 hundredths of a percent; anything else (NaN, more decimals) is rounded to hundredths. */
export function rateInHundredths(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(2) : rate.trim();
  const match = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) return Math.round(Number(text) * HUNDREDTHS_PER_PERCENT) || 0;
  return Number(match[1]) * HUNDREDTHS_PER_PERCENT + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Rounds half away from zero at the cent; BigInt keeps huge prices exact. */
function percentOfCents(amountCents: number, hundredthsOfPercent: number): number {
  const product = BigInt(amountCents) * BigInt(hundredthsOfPercent);
  const divisor = 10_000n;
  const rounded = (product * 2n + divisor) / (divisor * 2n);
  return Number(rounded);
}

/** The commission an appraisal asks at a sale price: the flat fee as it stands, or the rate of the price. */
export function commissionCentsAt(fees: AppraisalFees, salePriceCents: number): number {
  if (fees.commissionType === 'FLAT_FEE') return Math.max(0, fees.flatFeeCostCents ?? 0);
  if (fees.commissionType === 'PERCENTAGE' && fees.percentageRate !== null) {
    return percentOfCents(Math.max(0, salePriceCents), Math.max(0, rateInHundredths(fees.percentageRate)));
  }
  return 0;
}

/** Commission, marketing fee, their total and the seller's estimated net proceeds at a sale price. */
export function appraisalCostAt(fees: AppraisalFees, salePriceCents: number): AppraisalCost {
  const commissionCents = commissionCentsAt(fees, salePriceCents);
  const marketingFeeCents = Math.max(0, fees.marketingFeeCostCents ?? 0);
  const totalFeeCents = commissionCents + marketingFeeCents;
  // `+ 0` turns a -0 into 0: a net of nothing is never shown as '-$0'.
  const netProceedsCents = salePriceCents - totalFeeCents + 0;
  return { commissionCents, marketingFeeCents, totalFeeCents, netProceedsCents };
}

/** An appraisal's fees as the API gives them (in dollars), as the web's pages hold them. */
export interface AppraisalFeesInDollars {
  commission?: { commissionType: CommissionType; percentageRate: string | number | null; flatFeeCostDollars: number | null } | null;
  marketingFee?: { costDollars: number } | null;
}

/**
 * appraisalCostAt for an appraisal read from the API: each amount converted to cents by dollarsToCents (so a
 * fractional sale price or fee rounds at the cent as everywhere else) before the one rule runs.
 */
export function appraisalCostAtDollars(appraisal: AppraisalFeesInDollars, salePriceDollars: number): AppraisalCost {
  const flatFeeCostDollars = appraisal.commission?.flatFeeCostDollars ?? null;
  return appraisalCostAt(
    {
      commissionType: appraisal.commission?.commissionType ?? null,
      percentageRate: appraisal.commission?.percentageRate ?? null,
      flatFeeCostCents: flatFeeCostDollars === null ? null : dollarsToCents(flatFeeCostDollars),
      marketingFeeCostCents: appraisal.marketingFee ? dollarsToCents(appraisal.marketingFee.costDollars) : null,
    },
    dollarsToCents(salePriceDollars),
  );
}

export interface SellingRange {
  sellingRangeMin: number | null;
  sellingRangeMax: number | null;
}

export interface ComparisonRange {
  rangeMinDollars: number;
  rangeMaxDollars: number;
  midpointDollars: number;
}

/**
 * The span every appraisal's range covers together, and its midpoint in whole dollars (rounded down): the sale
 * price the comparison starts from. Null when no appraisal has a range.
 */
export function comparisonRange(appraisals: readonly SellingRange[]): ComparisonRange | null {
  const ranged = appraisals.filter((a) => a.sellingRangeMin !== null && a.sellingRangeMax !== null);
  if (ranged.length === 0) return null;
  const rangeMinDollars = Math.min(...ranged.map((a) => a.sellingRangeMin!));
  const rangeMaxDollars = Math.max(...ranged.map((a) => a.sellingRangeMax!));
  return { rangeMinDollars, rangeMaxDollars, midpointDollars: Math.floor((rangeMinDollars + rangeMaxDollars) / 2) };
}

/** The midpoint of one appraisal's range in whole dollars, or null when it has none. */
export function rangeMidpointDollars(range: SellingRange): number | null {
  if (range.sellingRangeMin === null || range.sellingRangeMax === null) return null;
  return Math.floor((range.sellingRangeMin + range.sellingRangeMax) / 2);
}

/**
 * How a confirmed sale price sits against the selling agent's appraised range: inside it (bounds included), and
 * its deviation from the range midpoint in basis points of the midpoint (signed: below the midpoint is negative).
 */
export function saleAgainstRange(salePriceCents: number, range: { minCents: number; maxCents: number }) {
  const withinRange = salePriceCents >= range.minCents && salePriceCents <= range.maxCents;
  const midpointCents = (range.minCents + range.maxCents) / 2;
  const deviationBasisPoints = midpointCents > 0 ? Math.round(((salePriceCents - midpointCents) / midpointCents) * 10_000) : 0;
  return { withinRange, deviationBasisPoints };
}

/** A track record is shown only from this many confirmed sales, so one sale does not brand an agent. */
export const MIN_SALES_FOR_TRACK_RECORD = 3;

/** The median of absolute deviations, as a percentage to one decimal (basis points in). */
export function medianDeviationPercent(deviationsBasisPoints: readonly number[]): number {
  const sorted = deviationsBasisPoints.map((d) => Math.abs(d)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(median / 10) / 10;
}

/** The seller's own estimate (listing step 'Sale information') as a band in dollars; the top band is open-ended. */
export const ESTIMATED_SALE_VALUE_BOUNDS: Record<EstimatedSaleValueRange, { minDollars: number; maxDollars: number | null }> = {
  UNDER_250K: { minDollars: 0, maxDollars: 250_000 },
  FROM_250K_TO_500K: { minDollars: 250_000, maxDollars: 500_000 },
  FROM_500K_TO_750K: { minDollars: 500_000, maxDollars: 750_000 },
  FROM_750K_TO_1M: { minDollars: 750_000, maxDollars: 1_000_000 },
  FROM_1M_TO_1_5M: { minDollars: 1_000_000, maxDollars: 1_500_000 },
  FROM_1_5M_TO_2M: { minDollars: 1_500_000, maxDollars: 2_000_000 },
  FROM_2M_TO_2_5M: { minDollars: 2_000_000, maxDollars: 2_500_000 },
  ABOVE_2_5M: { minDollars: 2_500_000, maxDollars: null },
};

/** '4 of 5 sales within the appraised range' (the track record as sellers and the agent read it). */
export const formatTrackRecord = (record: { confirmedSales: number; salesWithinRange: number }): string =>
  `${record.salesWithinRange} of ${record.confirmedSales} sales within the appraised range`;
