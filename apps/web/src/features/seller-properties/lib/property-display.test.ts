import { describe, expect, it } from 'vitest';
import { cardAddress, fullAddress, propertyBadge } from './property-display';

describe('property cards', () => {
  it('show the badge of each state', () => {
    expect(propertyBadge({ state: 'COMPLETE', completeType: 'SOLD_UNCONDITIONALLY', appraisalCount: 3 }).label).toBe('Sold');
    expect(propertyBadge({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL', appraisalCount: 0 }).label).toBe('Off market');
    expect(propertyBadge({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE', appraisalCount: 1 }).label).toBe('Off market');
    expect(propertyBadge({ state: 'ACTIVE', completeType: null, appraisalCount: 2 }).label).toBe('2 Appraisals');
    expect(propertyBadge({ state: 'ACTIVE', completeType: null, appraisalCount: 1 }).label).toBe('1 Appraisal');
    expect(propertyBadge({ state: 'ACTIVE', completeType: null, appraisalCount: 0 }).label).toBe('Waiting for appraisals');
  });

  it("write the address as 'Street Name, Suburb, STATE'", () => {
    expect(cardAddress({ streetName: 'Blair Street', suburb: { name: 'Bondi', state: 'nsw' } })).toBe('Blair Street, Bondi, NSW');
    expect(
      fullAddress({
        unitNumber: '2',
        streetNumber: '24',
        streetName: 'Blair Street',
        suburb: { name: 'Bondi', state: 'NSW', postcode: '2026' },
      }),
    ).toBe('2/24 Blair Street, Bondi NSW 2026');
  });
});
