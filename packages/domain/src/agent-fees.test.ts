import { describe, expect, it } from 'vitest';
import { freeSuburbsOffer, freeSuburbsOfferSentence, LEAD_FEE_NAME, LEAD_FEE_TITLE } from './agent-fees.ts';

describe('the vocabulary of what agents pay', () => {
  it('names the fee the spec names, in running text and as a title', () => {
    expect(LEAD_FEE_NAME).toBe('lead fee');
    expect(LEAD_FEE_TITLE.toLowerCase()).toBe(LEAD_FEE_NAME);
  });

  it('states the free-suburbs offer with the allowance, and none when there is none', () => {
    expect(freeSuburbsOffer(5)).toBe('the first 5 suburbs free for 12 months');
    expect(freeSuburbsOffer(1)).toBe('the first suburb free for 12 months');
    expect(freeSuburbsOffer(0)).toBeNull();
    expect(freeSuburbsOffer()).toBe('the first suburbs free for 12 months');
    expect(freeSuburbsOfferSentence(3)).toBe('New agents get the first 3 suburbs free for 12 months.');
    expect(freeSuburbsOfferSentence(0)).toBe('');
  });
});
