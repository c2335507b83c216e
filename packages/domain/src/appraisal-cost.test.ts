import { describe, expect, it } from 'vitest';
import {
  appraisalCostAt,
  appraisalCostAtDollars,
  comparisonRange,
  medianDeviationPercent,
  rateInHundredths,
  saleAgainstRange,
  type AppraisalFees,
} from './appraisal-cost.ts';

const percentage = (rate: string | number, marketing: number | null = 250_000): AppraisalFees => ({
  commissionType: 'PERCENTAGE',
  percentageRate: rate,
  flatFeeCostCents: null,
  marketingFeeCostCents: marketing,
});

describe('appraisalCostAt', () => {
  it('applies a percentage (GST included) to the sale price, in whole cents', () => {
    // 2.2% of $1,234,567 = $27,160.474 → $27,160.47
    const cost = appraisalCostAt(percentage('2.20'), 123_456_700);
    expect(cost).toEqual({
      commissionCents: 2_716_047,
      marketingFeeCents: 250_000,
      totalFeeCents: 2_966_047,
      netProceedsCents: 123_456_700 - 2_966_047,
    });
  });

  it('rounds a half cent up, the way an invoice would', () => {
    // 1.50% of 333 cents = 4.995 cents → 5
    expect(appraisalCostAt(percentage('1.50', 0), 333).commissionCents).toBe(5);
    expect(appraisalCostAt(percentage('1.50', 0), 100).commissionCents).toBe(2); // 1.5 → 2
  });

  it('reads rates the way agents enter them, never through binary floating point', () => {
    expect(rateInHundredths('2.2')).toBe(220);
    expect(rateInHundredths('2.20')).toBe(220);
    expect(rateInHundredths(2.2)).toBe(220);
    expect(rateInHundredths('0.29')).toBe(29);
    expect(rateInHundredths(1.15)).toBe(115);
    // 1.15 * 1_000_000_00 in floating point is 114999999.99…; hundredths keep it exact.
    expect(appraisalCostAt(percentage(1.15, 0), 100_000_000).commissionCents).toBe(1_150_000);
  });

  it('charges a flat fee as it stands whatever the price', () => {
    const flat: AppraisalFees = {
      commissionType: 'FLAT_FEE',
      percentageRate: null,
      flatFeeCostCents: 1_500_000,
      marketingFeeCostCents: 300_000,
    };
    expect(appraisalCostAt(flat, 90_000_000)).toEqual({
      commissionCents: 1_500_000,
      marketingFeeCents: 300_000,
      totalFeeCents: 1_800_000,
      netProceedsCents: 88_200_000,
    });
    expect(appraisalCostAt(flat, 200_000_000).commissionCents).toBe(1_500_000);
  });

  it('treats zero and missing fees as nothing to pay', () => {
    expect(appraisalCostAt(percentage('0', 0), 80_000_000)).toEqual({
      commissionCents: 0,
      marketingFeeCents: 0,
      totalFeeCents: 0,
      netProceedsCents: 80_000_000,
    });
    const none: AppraisalFees = { commissionType: null, percentageRate: null, flatFeeCostCents: null, marketingFeeCostCents: null };
    expect(appraisalCostAt(none, 50_000_000).totalFeeCents).toBe(0);
  });

  it('stays exact for huge prices', () => {
    // $1 billion at 2.75%: 27,500,000.00 exactly
    const cost = appraisalCostAt(percentage('2.75', 0), 100_000_000_000);
    expect(cost.commissionCents).toBe(2_750_000_000);
    expect(Number.isSafeInteger(cost.netProceedsCents)).toBe(true);
    // $2,147,483,647 (the largest Int the API takes) at 3.33%
    expect(appraisalCostAt(percentage('3.33', 0), 214_748_364_700).commissionCents).toBe(7_151_120_545);
  });

  it('never signs a net of nothing as negative', () => {
    const flat: AppraisalFees = { commissionType: 'FLAT_FEE', percentageRate: null, flatFeeCostCents: 100_000, marketingFeeCostCents: 0 };
    const cost = appraisalCostAt(flat, 100_000);
    expect(Object.is(cost.netProceedsCents, -0)).toBe(false);
    expect(cost.netProceedsCents).toBe(0);
    expect(Object.is(appraisalCostAt(percentage('0', 0), 0).netProceedsCents, -0)).toBe(false);
  });

  it('shows a real loss when the fees exceed the price', () => {
    const flat: AppraisalFees = { commissionType: 'FLAT_FEE', percentageRate: null, flatFeeCostCents: 200_000, marketingFeeCostCents: 0 };
    expect(appraisalCostAt(flat, 100_000).netProceedsCents).toBe(-100_000);
  });
});

describe('appraisalCostAtDollars', () => {
  it('reads an appraisal as the API gives it (dollars) and agrees with appraisalCostAt in cents', () => {
    const appraisal = {
      commission: { commissionType: 'PERCENTAGE' as const, percentageRate: 2.2, flatFeeCostDollars: null },
      marketingFee: { costDollars: 2500 },
    };
    expect(appraisalCostAtDollars(appraisal, 1_234_567)).toEqual(appraisalCostAt(percentage('2.20'), 123_456_700));
  });
  it('rounds a fractional sale price or fee at the cent, as the server does, instead of failing', () => {
    const flat = {
      commission: { commissionType: 'FLAT_FEE' as const, percentageRate: null, flatFeeCostDollars: 9999.995 },
      marketingFee: null,
    };
    expect(appraisalCostAtDollars(flat, 600_000.5)).toEqual({
      commissionCents: 1_000_000,
      marketingFeeCents: 0,
      totalFeeCents: 1_000_000,
      netProceedsCents: 60_000_050 - 1_000_000,
    });
    const rate = { commission: { commissionType: 'PERCENTAGE' as const, percentageRate: '2', flatFeeCostDollars: null } };
    expect(appraisalCostAtDollars(rate, 600_000.5).commissionCents).toBe(1_200_001);
  });
  it('charges nothing for an appraisal with no commission or marketing fee', () => {
    expect(appraisalCostAtDollars({ commission: null, marketingFee: null }, 500_000).totalFeeCents).toBe(0);
  });
});

describe('comparisonRange', () => {
  it('spans every range and starts from its midpoint', () => {
    expect(
      comparisonRange([
        { sellingRangeMin: 900_000, sellingRangeMax: 1_000_000 },
        { sellingRangeMin: 950_000, sellingRangeMax: 1_100_001 },
      ]),
    ).toEqual({ rangeMinDollars: 900_000, rangeMaxDollars: 1_100_001, midpointDollars: 1_000_000 });
  });

  it('ignores appraisals without a range and answers null when none has one', () => {
    expect(comparisonRange([])).toBeNull();
    expect(comparisonRange([{ sellingRangeMin: null, sellingRangeMax: null }])).toBeNull();
    expect(
      comparisonRange([
        { sellingRangeMin: null, sellingRangeMax: null },
        { sellingRangeMin: 600_000, sellingRangeMax: 700_000 },
      ]),
    ).toEqual({ rangeMinDollars: 600_000, rangeMaxDollars: 700_000, midpointDollars: 650_000 });
  });
});

describe('saleAgainstRange', () => {
  const range = { minCents: 90_000_000, maxCents: 110_000_000 };
  it('counts the bounds as inside', () => {
    expect(saleAgainstRange(90_000_000, range).withinRange).toBe(true);
    expect(saleAgainstRange(110_000_000, range).withinRange).toBe(true);
    expect(saleAgainstRange(89_999_999, range).withinRange).toBe(false);
    expect(saleAgainstRange(110_000_001, range).withinRange).toBe(false);
  });

  it('measures the deviation from the midpoint in signed basis points', () => {
    expect(saleAgainstRange(100_000_000, range).deviationBasisPoints).toBe(0);
    expect(saleAgainstRange(105_000_000, range).deviationBasisPoints).toBe(500);
    expect(saleAgainstRange(88_000_000, range).deviationBasisPoints).toBe(-1200);
  });
});

describe('medianDeviationPercent', () => {
  it('takes the median of how far sales landed, whichever side', () => {
    expect(medianDeviationPercent([500, -1200, 100])).toBe(5);
    expect(medianDeviationPercent([100, -300, 250, 1000])).toBe(2.8); // (250 + 300) / 2 = 275 bp
    expect(medianDeviationPercent([0, 0, 0])).toBe(0);
  });
});

describe('formatTrackRecord', () => {
  it('reads as the issue words it', async () => {
    const { formatTrackRecord } = await import('./appraisal-cost.ts');
    expect(formatTrackRecord({ confirmedSales: 5, salesWithinRange: 4 })).toBe('4 of 5 sales within the appraised range');
  });
});
