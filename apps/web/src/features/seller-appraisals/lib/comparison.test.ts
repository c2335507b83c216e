import { describe, expect, it } from 'vitest';
import type { ComparedAppraisal } from '@/features/seller-appraisals/api/appraisal-comparison';
import { costOf, keySentenceParts, listOfNames, priceAxis, priceTickLabel, sortRows } from '@/features/seller-appraisals/lib/comparison';

const appraisal = (
  id: string,
  min: number,
  max: number,
  commission: ComparedAppraisal['commission'],
  marketing: number,
): ComparedAppraisal => ({
  id,
  sentAt: null,
  sellingRangeMin: min,
  sellingRangeMax: max,
  commission,
  marketingFee: { id, costDollars: marketing, marketingInclusions: [] },
  agent: null,
});

const percentage = appraisal(
  'pct',
  1_350_000,
  1_480_000,
  { id: 'c1', commissionType: 'PERCENTAGE', percentageRate: 2.2, flatFeeCostDollars: null },
  5_500,
);
const flat = appraisal(
  'flat',
  1_300_000,
  1_430_000,
  { id: 'c2', commissionType: 'FLAT_FEE', percentageRate: null, flatFeeCostDollars: 24_000 },
  3_900,
);

const rowsAt = (price: number) =>
  [percentage, flat].map((a) => ({ appraisal: a, cost: costOf(a, price), midpointDollars: (a.sellingRangeMin! + a.sellingRangeMax!) / 2 }));

describe('the comparison order', () => {
  it('puts the offer that leaves the most first, and flips as the price moves', () => {
    expect(sortRows(rowsAt(1_390_000), 'netProceeds').map((r) => r.appraisal.id)).toEqual(['flat', 'pct']);
    expect(sortRows(rowsAt(900_000), 'netProceeds').map((r) => r.appraisal.id)).toEqual(['pct', 'flat']);
  });

  it('sorts by the lowest total fee and by the highest midpoint', () => {
    expect(sortRows(rowsAt(1_390_000), 'totalFee').map((r) => r.cost.totalFeeCents)).toEqual([2_790_000, 3_608_000]);
    expect(sortRows(rowsAt(1_390_000), 'midpoint').map((r) => r.appraisal.id)).toEqual(['pct', 'flat']);
  });

  it('keeps the arrival order for ties', () => {
    const same = [flat, { ...flat, id: 'flat-2' }].map((a) => ({ appraisal: a, cost: costOf(a, 1_000_000), midpointDollars: 1 }));
    expect(sortRows(same, 'netProceeds').map((r) => r.appraisal.id)).toEqual(['flat', 'flat-2']);
  });
});

describe('the key sentence', () => {
  const named = (a: ComparedAppraisal, name: string): ComparedAppraisal => ({ ...a, agent: { name } as ComparedAppraisal['agent'] });
  const rows = (price: number) =>
    [named(percentage, 'Priya Percent'), named(flat, 'Fred Flat')].map((a) => ({
      appraisal: a,
      cost: costOf(a, price),
      midpointDollars: 1,
    }));

  it('names the agent who leaves the most, however the columns are sorted', () => {
    for (const sort of ['netProceeds', 'totalFee', 'midpoint'] as const) {
      expect(keySentenceParts(sortRows(rows(1_390_000), sort))).toEqual({ netProceedsCents: 136_210_000, agentNames: ['Fred Flat'] });
    }
    expect(keySentenceParts(rows(900_000)).agentNames).toEqual(['Priya Percent']);
  });

  it('names every agent tied for the most', () => {
    const same = [named(flat, 'Ana'), named({ ...flat, id: 'flat-2' }, 'Ben')].map((a) => ({
      appraisal: a,
      cost: costOf(a, 1_000_000),
      midpointDollars: 1,
    }));
    expect(keySentenceParts(same).agentNames).toEqual(['Ana', 'Ben']);
    expect(listOfNames(['Ana'])).toBe('Ana');
    expect(listOfNames(['Ana', 'Ben'])).toBe('Ana and Ben');
    expect(listOfNames(['Ana', 'Ben', 'Cal'])).toBe('Ana, Ben and Cal');
  });
});

describe('priceAxis', () => {
  it('spans the values with room either side and clamps positions', () => {
    const axis = priceAxis([1_000_000, 2_000_000]);
    expect(axis.start).toBe(920_000);
    expect(axis.end).toBe(2_080_000);
    expect(axis.position(0)).toBe(0);
    expect(axis.position(5_000_000)).toBe(100);
    expect(axis.position(1_500_000)).toBeCloseTo(50);
  });
});

describe('the price axis ticks (issue 23)', () => {
  it('write millions in $m, as the rest of the page, and thousands in $k below a million', () => {
    expect(priceTickLabel(1_285_000)).toBe('$1.285m');
    expect(priceTickLabel(1_300_000)).toBe('$1.3m');
    expect(priceTickLabel(2_000_000)).toBe('$2m');
    expect(priceTickLabel(850_400)).toBe('$850k');
  });
});
