import { describe, expect, it } from 'vitest';
import { chargeQuestion } from './lead-fee';

describe('the question before the lead fee is charged (issue 23)', () => {
  it('names the amount and the card', () => {
    expect(chargeQuestion('$1,100', { cardBrand: 'visa', cardSuffix: '4242' })).toBe('Charge $1,100 to Visa ending 4242?');
    expect(chargeQuestion('$1,100', { cardBrand: 'amex', cardSuffix: '0005' })).toBe('Charge $1,100 to American Express ending 0005?');
  });

  it('asks without a card name when none is on file', () => {
    expect(chargeQuestion('$1,100', null)).toBe('Charge $1,100 to your card?');
  });
});
