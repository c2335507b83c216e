import { describe, expect, it } from 'vitest';
import {
  freeSuburbsOffer,
  freeSuburbsOfferSentence,
  LEAD_FEE_NAME,
  LEAD_FEE_TITLE,
  leadFeeOfTotal,
  leadFeeWords,
  leadFeeWordsOfDollars,
  suburbYearPriceWords,
} from './agent-fees.ts';

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

  it('words any lead fee amount one way: before GST, its total and its GST', () => {
    expect(leadFeeWords({ excludingGstCents: 100_000, includingGstCents: 110_000 })).toEqual({
      excludingGst: '$1,000',
      plusGst: '$1,000 plus GST',
      total: '$1,100',
      gst: '$100',
      plusGstWithTotal: '$1,000 plus GST ($1,100)',
    });
    expect(leadFeeWordsOfDollars({ excludingGstDollars: 1250, includingGstDollars: 1375 }).plusGstWithTotal).toBe(
      '$1,250 plus GST ($1,375)',
    );
  });

  it('reads a recorded total (GST included) back into its parts, so a sale states the fee it was charged', () => {
    expect(leadFeeOfTotal(110_000)).toEqual({ excludingGstCents: 100_000, includingGstCents: 110_000 });
    expect(leadFeeWords(leadFeeOfTotal(137_500)).plusGst).toBe('$1,250 plus GST');
    // A total that does not divide evenly: the GST is rounded to the cent as the tax invoice rounds it.
    expect(leadFeeOfTotal(100_001)).toEqual({ excludingGstCents: 90_910, includingGstCents: 100_001 });
  });

  it("states a suburb's yearly price from the price subscriptions charge", () => {
    expect(suburbYearPriceWords()).toEqual({ amount: '$495', perYear: '$495 a year', perYearWithGst: '$495 a year (GST included)' });
    expect(suburbYearPriceWords(55_000).perYear).toBe('$550 a year');
  });
});
