import { describe, expect, it } from 'vitest';
import { formatStreetAddress, propertyAddressLine, suburbLabel } from './address-line.ts';

const bondi = { name: 'Bondi Beach', state: 'NSW', postcode: '2026' };

describe('suburbLabel', () => {
  it('names a suburb with its state and postcode', () => expect(suburbLabel(bondi)).toBe('Bondi Beach NSW 2026'));
  it('leaves the postcode out when asked, or when it is not known', () => {
    expect(suburbLabel(bondi, { postcode: false })).toBe('Bondi Beach NSW');
    expect(suburbLabel({ name: 'Bondi Beach', state: 'NSW' })).toBe('Bondi Beach NSW');
  });
  it("writes the card's comma list", () => expect(suburbLabel(bondi, { postcode: false, comma: true })).toBe('Bondi Beach, NSW'));
  it('prints the state in capitals', () => expect(suburbLabel({ ...bondi, state: 'nsw' })).toBe('Bondi Beach NSW 2026'));
});

describe('the property address line', () => {
  const property = { unitNumber: '2', streetNumber: '14', streetName: 'Campbell Parade', suburb: bondi };
  it('writes unit / number, street, then the suburb', () => {
    expect(propertyAddressLine(property)).toBe('2/14 Campbell Parade, Bondi Beach NSW 2026');
    expect(propertyAddressLine(property, { postcode: false })).toBe('2/14 Campbell Parade, Bondi Beach NSW');
    expect(propertyAddressLine(property, { postcode: false, comma: true })).toBe('2/14 Campbell Parade, Bondi Beach, NSW');
  });
  it('leaves out a part not yet known, and is empty when nothing is', () => {
    expect(propertyAddressLine({ ...property, unitNumber: null })).toBe('14 Campbell Parade, Bondi Beach NSW 2026');
    expect(propertyAddressLine({ ...property, streetName: null })).toBe('Bondi Beach NSW 2026');
    expect(propertyAddressLine({ ...property, suburb: null })).toBe('2/14 Campbell Parade');
    expect(propertyAddressLine({ streetName: null, suburb: null })).toBe('');
  });
  it('has no street line until the street is known', () => {
    expect(formatStreetAddress({ streetNumber: '14', streetName: null })).toBeNull();
    expect(formatStreetAddress({ streetName: 'Campbell Parade' })).toBe('Campbell Parade');
  });
});
