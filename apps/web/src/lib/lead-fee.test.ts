import { describe, expect, it } from 'vitest';
import { chargeQuestion, leadFeeWords } from './lead-fee';

describe('the question before the lead fee is charged (issue 23)', () => {
  it('names the amount and the card', () => {
    expect(chargeQuestion('$1,100', { cardBrand: 'visa', cardSuffix: '4242' })).toBe('Charge $1,100 to Visa ending 4242?');
    expect(chargeQuestion('$1,100', { cardBrand: 'amex', cardSuffix: '0005' })).toBe('Charge $1,100 to American Express ending 0005?');
  });

  it('asks without a card name when none is on file', () => {
    expect(chargeQuestion('$1,100', null)).toBe('Charge $1,100 to your card?');
  });
});

describe('the words pages state the fee in', () => {
  it("are the domain's, from the amount the API answered", () => {
    expect(leadFeeWords({ excludingGstDollars: 1200, includingGstDollars: 1320 })).toEqual({
      plusGst: '$1,200 plus GST',
      total: '$1,320',
      gst: '$120',
    });
  });

  it('name the fee without an amount until it has loaded', () => {
    expect(leadFeeWords(undefined)).toEqual({ plusGst: 'the lead fee', total: 'the lead fee', gst: 'GST' });
  });
});
