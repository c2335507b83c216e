import { describe, expect, it } from 'vitest';
import { appraisalRequestBadge, formatCommission, formatSellingRange, isNewAppraisalRequest } from './appraisal-display.ts';
import { formatStreetAddress } from './address-line.ts';
import {
  APPOINTMENT_TIME_SLOTS,
  appointmentRequestSchema,
  commissionSchema,
  comparableSalesSchema,
  defaultSellingRangeMax,
  isSellingRangeCapped,
  isSellingRangeWithinTenPercent,
  hasAtMostTwoDecimals,
  isSundayDate,
  sellingRangeSchema,
} from './appraisal-validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('appraisal validation', () => {
  it('checks the selling range with the spec’s messages, and proposes max = min × 1.1', () => {
    expect(firstMessage(sellingRangeSchema.safeParse({ sellingRangeMin: 49_999, sellingRangeMax: 60_000 }))).toBe(
      'Min price must be at least $50,000',
    );
    expect(firstMessage(sellingRangeSchema.safeParse({ sellingRangeMin: 80_000, sellingRangeMax: 80_000 }))).toBe(
      'Max price must be larger than the min price',
    );
    expect(sellingRangeSchema.safeParse({ sellingRangeMin: 80_000, sellingRangeMax: 80_001 }).success).toBe(true);
    expect(defaultSellingRangeMax(1_234_567)).toBe(1_358_023);
    expect(defaultSellingRangeMax(1_000_000)).toBe(1_100_000);
  });

  it('keeps only the chosen commission value and allows 2 decimals', () => {
    expect(commissionSchema.parse({ commissionType: 'FLAT_FEE', percentageRate: 2, flatFeeCostDollars: 9999.99 })).toEqual({
      commissionType: 'FLAT_FEE',
      percentageRate: null,
      flatFeeCostDollars: 9999.99,
    });
    expect(firstMessage(commissionSchema.safeParse({ commissionType: 'PERCENTAGE', percentageRate: 100.01 }))).toBe(
      'Percentage must be at most 100',
    );
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
  });

  it('sends an empty comparable-sale link and sale date as null and refuses text that is not a web address', () => {
    const schema = comparableSalesSchema('2026-11-26');
    const parsed = schema.parse({ comparableSales: [{ address: ' 1 A St ', salePriceDollars: 1, url: '', saleDate: '' }] });
    expect(parsed.comparableSales[0]).toEqual({ address: '1 A St', salePriceDollars: 1, url: null, saleDate: null });
    expect(firstMessage(schema.safeParse({ comparableSales: [{ address: 'x', salePriceDollars: 1, url: 'two words' }] }))).toBe(
      'URL is invalid',
    );
  });

  it('takes a comparable sale date up to today, never a date that has not come', () => {
    const schema = comparableSalesSchema('2026-11-26');
    const sale = (saleDate: string) => schema.safeParse({ comparableSales: [{ address: '1 A St', salePriceDollars: 1, saleDate }] });
    expect(sale('2026-11-26').data?.comparableSales[0]?.saleDate).toBe('2026-11-26');
    expect(sale('2024-02-29').success).toBe(true);
    expect(firstMessage(sale('2026-11-27'))).toBe('Sale date must not be in the future');
    expect(firstMessage(sale('2026-02-30'))).toBe('Sale date is invalid');
    expect(firstMessage(sale('26/11/2026'))).toBe('Sale date is invalid');
  });

  it('offers appointments every 30 minutes from 8:00am to 6:00pm, never on Sundays or in the past', () => {
    expect(APPOINTMENT_TIME_SLOTS).toHaveLength(21);
    expect(APPOINTMENT_TIME_SLOTS[1]).toBe('08:30:00');
    expect(isSundayDate('2026-11-22')).toBe(true);
    const schema = appointmentRequestSchema('2026-11-21');
    expect(schema.safeParse({ appointmentDate: '2026-11-21', appointmentTime: '08:00:00' }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ appointmentDate: '2026-11-22', appointmentTime: '08:00:00' }))).toBe(
      'Appointments are not available on Sundays',
    );
    expect(firstMessage(schema.safeParse({ appointmentDate: '', appointmentTime: '08:00:00' }))).toBe('Date is required');
    expect(firstMessage(schema.safeParse({ appointmentDate: '2026-11-23', appointmentTime: '' }))).toBe('Time is required');
  });
});

describe('appraisal display', () => {
  it('shows the card badge of spec 000 §4', () => {
    expect(appraisalRequestBadge('PENDING', 'COMPLETE')).toBe('Sold');
    expect(appraisalRequestBadge('PENDING', 'ACTIVE')).toBe('Pending Appraisal');
    expect(appraisalRequestBadge('EXPIRED', 'ACTIVE')).toBe('Expired');
    expect(isNewAppraisalRequest('EXPIRED', false)).toBe(true);
    expect(isNewAppraisalRequest('COMPLETE', false)).toBe(false);
  });

  it('formats ranges, commissions and addresses', () => {
    expect(formatSellingRange(1_200_000, 1_320_000)).toBe('$1,200,000 – $1,320,000');
    expect(formatSellingRange(1_200_000, 1_320_000, true)).toBe('$1.2m – $1.3m');
    expect(formatCommission({ commissionType: 'PERCENTAGE', percentageRate: 2.2, flatFeeCostDollars: null })).toBe('2.2% incl. GST');
    expect(formatCommission({ commissionType: 'FLAT_FEE', percentageRate: null, flatFeeCostDollars: 15000 })).toBe('$15,000 incl. GST');
    expect(formatStreetAddress({ unitNumber: '2', streetNumber: '14', streetName: 'Campbell Parade' })).toBe('2/14 Campbell Parade');
    expect(formatStreetAddress({ streetName: null })).toBeNull();
  });
});

describe('the 10% selling range of NSW and VIC', () => {
  it('caps NSW and VIC only', () => {
    expect(isSellingRangeCapped('NSW')).toBe(true);
    expect(isSellingRangeCapped('VIC')).toBe(true);
    for (const state of ['QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT', null]) expect(isSellingRangeCapped(state)).toBe(false);
  });

  it('allows exactly 10% and refuses a dollar more', () => {
    expect(isSellingRangeWithinTenPercent(1_000_000, 1_100_000)).toBe(true);
    expect(isSellingRangeWithinTenPercent(1_000_000, 1_100_001)).toBe(false);
    expect(isSellingRangeWithinTenPercent(55_555, 61_110)).toBe(true);
    expect(isSellingRangeWithinTenPercent(55_555, 61_111)).toBe(false);
  });

  it('the proposed max is always within the cap', () => {
    for (let min = 50_000; min < 50_100; min += 1) expect(isSellingRangeWithinTenPercent(min, defaultSellingRangeMax(min))).toBe(true);
  });
});
