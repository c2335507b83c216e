/**
 * The comparison page's arithmetic that is about display, not money: the order of the columns, and where a range
 * sits on the chart's shared price axis. Money figures come from packages/domain/appraisal-cost (and the API's
 * `costAt`), never from here.
 */
import { appraisalCostAtDollars, rangeMidpointDollars, type AppraisalCost } from '@listwise/domain/appraisal-cost';
import { percentOf } from '@listwise/domain/numbers';
import type { ComparedAppraisal } from '@/features/seller-appraisals/api/appraisal-comparison';

export type ComparisonSort = 'netProceeds' | 'midpoint' | 'totalFee';

export const SORT_LABELS: Record<ComparisonSort, string> = {
  netProceeds: 'Net proceeds (highest first)',
  midpoint: 'Range midpoint (highest first)',
  totalFee: 'Total fee (lowest first)',
};

/** The domain rule on an appraisal as the API returns it (dollars in, cents out). */
export const costOf = (appraisal: ComparedAppraisal, salePriceDollars: number): AppraisalCost =>
  appraisalCostAtDollars(appraisal, salePriceDollars);

export interface ComparedRow {
  appraisal: ComparedAppraisal;
  cost: AppraisalCost;
  midpointDollars: number | null;
}

/** Rows in the chosen order; ties keep the order the appraisals arrived in. */
export function sortRows(rows: ComparedRow[], sort: ComparisonSort): ComparedRow[] {
  const key = (row: ComparedRow) => {
    if (sort === 'netProceeds') return -row.cost.netProceedsCents;
    if (sort === 'totalFee') return row.cost.totalFeeCents;
    return -(row.midpointDollars ?? Number.NEGATIVE_INFINITY);
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => key(a.row) - key(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

export const midpointOf = (appraisal: ComparedAppraisal) => rangeMidpointDollars(appraisal);

/**
 * The page's key sentence: at this price, the most left in the seller's pocket and with whom. It names the agent
 * (or the agents, when tied) whatever the columns are sorted by, so the sentence stands on its own on paper
 * (printed, it lost the name when the columns were sorted another way).
 */
export function keySentenceParts(rows: ComparedRow[]): { netProceedsCents: number; agentNames: string[] } {
  const netProceedsCents = Math.max(...rows.map((r) => r.cost.netProceedsCents));
  const agentNames = rows
    .filter((r) => r.cost.netProceedsCents === netProceedsCents)
    .map((r) => r.appraisal.agent?.name)
    .filter((name): name is string => !!name);
  return { netProceedsCents, agentNames };
}

/** 'Ana', 'Ana and Ben', 'Ana, Ben and Cal'. */
export const listOfNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** A shared axis from `min` to `max` with a little room either side; positions are percentages of its width. */
export function priceAxis(values: number[]) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.08, 10_000);
  const start = Math.max(0, low - pad);
  const end = high + pad;
  const position = (dollars: number) => Math.min(100, Math.max(0, percentOf(dollars - start, end - start)));
  return { start, end, position };
}

/**
 * A tick of the price axis in the page's own units: '$1.285m' from a million, as the page writes prices
 * in $m; '$850k' below. Three decimals keep ticks on a narrow scale apart ('$1.3m' twice would not).
 */
export const priceTickLabel = (dollars: number): string =>
  dollars >= 1_000_000
    ? `$${(Math.round(dollars / 1000) / 1000).toFixed(3).replace(/\.?0+$/, '')}m`
    : `$${Math.round(dollars / 1000).toLocaleString('en-AU')}k`;
