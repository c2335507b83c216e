import { describe, expect, it } from 'vitest';
import { demandText, waitingSellersText } from '@/components/suburbs/suburb-demand';

describe('suburb demand in the picker', () => {
  it('says how many sellers wait for an agent (issue 23), and nothing when none do', () => {
    expect(waitingSellersText({ listingsLast90Days: null, sellersWaitingForAgent: 0 })).toBeNull();
    expect(waitingSellersText({ listingsLast90Days: null, sellersWaitingForAgent: 1 })).toBe('1 seller here is waiting for an agent');
    expect(waitingSellersText({ listingsLast90Days: 12, sellersWaitingForAgent: 3 })).toBe('3 sellers here are waiting for an agent');
  });

  it('keeps recent listings under 3 unsaid', () => {
    expect(demandText({ listingsLast90Days: null, sellersWaitingForAgent: 2 })).toBe('Fewer than 3 listings published in the last 90 days');
    expect(demandText({ listingsLast90Days: 12, sellersWaitingForAgent: 0 })).toBe('12 listings published in the last 90 days');
  });
});
