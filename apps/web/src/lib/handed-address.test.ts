import { describe, expect, it } from 'vitest';
import { handAddressTo, handedAddressFrom } from '@/lib/handed-address';

describe('an address handed to the listing address step', () => {
  it('reads back what the homepage handed over, trimmed', () => {
    expect(handedAddressFrom(handAddressTo('  12 Campbell Parade, Bondi Beach '))).toBe('12 Campbell Parade, Bondi Beach');
  });

  it('ignores state that is not a handed address', () => {
    for (const state of [null, undefined, 'text', { other: 1 }, { handedAddress: 42 }, { handedAddress: '   ' }]) {
      expect(handedAddressFrom(state)).toBeNull();
    }
  });

  it('keeps it to a sensible length', () => {
    expect(handedAddressFrom({ handedAddress: 'x'.repeat(1000) })).toHaveLength(300);
  });
});
