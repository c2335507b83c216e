import { describe, expect, it } from 'vitest';
import {
  editListingFormSchema,
  featuresFormSchema,
  LISTING_MESSAGES,
  MAX_PROPERTY_AGE,
  MAX_SIZE_SQM,
  wholeNumberFromText,
  wholeNumberTextProblem,
} from './listing.ts';
import { questionRequirementsFor } from './question-requirements.ts';

describe('whole-number text fields (property size, land size, age)', () => {
  it('takes digits, with thousands separators, and nothing at all', () => {
    for (const text of ['0', '120', '1,200', '1 200', ' 85 ', '']) expect(wholeNumberTextProblem(text, MAX_SIZE_SQM)).toBeNull();
    expect(wholeNumberFromText('1,200')).toBe(1200);
    expect(wholeNumberFromText('  ')).toBeNull();
  });

  it('names the rule each wrong entry breaks, never "too large" for what is not a number', () => {
    expect(wholeNumberTextProblem('-5', MAX_SIZE_SQM)).toBe(LISTING_MESSAGES.notNegative);
    expect(wholeNumberTextProblem('12.5', MAX_SIZE_SQM)).toBe(LISTING_MESSAGES.wholeNumber);
    expect(wholeNumberTextProblem('.5', MAX_SIZE_SQM)).toBe(LISTING_MESSAGES.wholeNumber);
    for (const text of ['abc', '12m2', '1e5', '0x10', '+3', 'twelve', '１２']) {
      expect(wholeNumberTextProblem(text, MAX_SIZE_SQM), text).toBe(LISTING_MESSAGES.digitsOnly);
    }
    expect(wholeNumberTextProblem(String(MAX_PROPERTY_AGE + 1), MAX_PROPERTY_AGE)).toBe(LISTING_MESSAGES.tooLarge);
    expect(wholeNumberTextProblem(String(MAX_PROPERTY_AGE), MAX_PROPERTY_AGE)).toBeNull();
  });

  it('gives the features form the field’s message', () => {
    const schema = featuresFormSchema(questionRequirementsFor('HOUSE'));
    const result = schema.safeParse({
      features: [],
      propertySizeSqm: 'big',
      landSizeSqm: '-5',
      propertyAge: '12.5',
      capitalImprovements: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toMatchObject({
      propertySizeSqm: LISTING_MESSAGES.digitsOnly,
      landSizeSqm: LISTING_MESSAGES.notNegative,
      propertyAge: LISTING_MESSAGES.wholeNumber,
    });
  });
});

describe('the edit listing form', () => {
  const filled = {
    propertyType: 'HOUSE',
    numberOfBedrooms: '3',
    numberOfBathrooms: '2',
    numberOfToilets: '',
    numberOfCarSpaces: '',
    numberOfLivingSpaces: '',
    heatingCooling: 'BOTH',
    features: ['POOL'],
    propertySizeSqm: '',
    landSizeSqm: '',
    propertyAge: '',
    capitalImprovements: '',
    estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
    idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
    preferredMethodOfSale: 'AUCTION',
    additionalInformation: '',
  };

  it('requires what the chosen type requires, as the wizard does', () => {
    expect(editListingFormSchema.safeParse(filled).success).toBe(true);
    const asLand = editListingFormSchema.safeParse({ ...filled, propertyType: 'LAND' });
    expect(asLand.error!.issues.map((i) => [i.path[0], i.message])).toEqual([['landSizeSqm', LISTING_MESSAGES.required]]);
    const noBathrooms = editListingFormSchema.safeParse({ ...filled, numberOfBathrooms: '', estimatedSaleValueRange: '' });
    expect(noBathrooms.error!.issues.map((i) => i.path[0]).sort()).toEqual(['estimatedSaleValueRange', 'numberOfBathrooms']);
    expect(editListingFormSchema.safeParse({ ...filled, propertySizeSqm: '12.5' }).error!.issues[0]!.message).toBe(
      LISTING_MESSAGES.wholeNumber,
    );
  });
});
