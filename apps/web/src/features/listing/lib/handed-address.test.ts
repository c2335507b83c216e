import { describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '@/features/listing/api/address-search';
import { suggestionForHandedAddress } from '@/features/listing/lib/handed-address';

const suggestion = (street: string | null, suburb: string): AddressSuggestion => ({
  description: `${street ? `${street}, ` : ''}${suburb} NSW 2000`,
  unitNumber: null,
  streetNumber: street ? '12' : null,
  streetName: street,
  suburb: { id: suburb, name: suburb, state: 'NSW', postcode: '2000' },
});

describe('the suggestion an address typed on the homepage stands for', () => {
  it('takes the first street suggestion when the typed text names its suburb', () => {
    const bondiBeach = suggestion('Campbell Parade', 'Bondi Beach');
    expect(suggestionForHandedAddress('12 campbell pde,  BONDI BEACH', [bondiBeach])).toBe(bondiBeach);
    const oConnor = suggestion('Miller Street', 'O’Connor');
    expect(suggestionForHandedAddress("3 Miller St O'Connor", [oConnor])).toBe(oConnor);
  });

  it('leaves the choice to the seller when the suburb is not named, or only as part of a word', () => {
    expect(suggestionForHandedAddress('5 Smith St', [suggestion('Smith Street', 'Fitzroy')])).toBeNull();
    expect(suggestionForHandedAddress('5 Smith St, Bondi', [suggestion('Smith Street', 'Bondi Beach')])).toBeNull();
  });

  it('skips suggestions without a street, and answers null with none', () => {
    const street = suggestion('Campbell Parade', 'Bondi Beach');
    expect(suggestionForHandedAddress('12 Campbell Parade, Bondi Beach', [suggestion(null, 'Bondi Beach'), street])).toBe(street);
    expect(suggestionForHandedAddress('Bondi Beach', [suggestion(null, 'Bondi Beach')])).toBeNull();
    expect(suggestionForHandedAddress('anything', [])).toBeNull();
  });
});
