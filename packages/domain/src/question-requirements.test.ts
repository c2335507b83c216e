import { describe, expect, it } from 'vitest';
import { PropertyType } from './enums.ts';
import { heatingCoolingOf, withHeatingCooling, withOtherFeatures } from './listing.ts';
import {
  isFeaturesStepShown,
  missingAnswersByStep,
  missingRequiredAnswers,
  QUESTION_REQUIREMENTS,
  questionRequirementsFor,
  SIZE_QUESTIONS,
  type PublishableFields,
} from './question-requirements.ts';

const complete: PublishableFields = {
  suburbId: 1,
  streetName: 'Campbell Parade',
  propertyType: 'HOUSE',
  estimatedSaleValueRange: 'FROM_1M_TO_1_5M',
  idealTimeframeOfSale: 'ONE_TO_THREE_MONTHS',
  preferredMethodOfSale: 'AUCTION',
  areYouThePropertyOwner: 'YES',
  numberOfBedrooms: 3,
  numberOfBathrooms: 2,
  numberOfToilets: null,
  numberOfCarSpaces: null,
  numberOfLivingSpaces: null,
  propertySizeSqm: null,
  landSizeSqm: null,
  propertyAge: null,
  additionalFeatures: [],
};

describe('question requirements', () => {
  it('never hides the features step from a type that asks a size question on it', () => {
    for (const type of Object.values(PropertyType)) {
      const requirements = QUESTION_REQUIREMENTS[type];
      const asksSize = SIZE_QUESTIONS.some((q) => requirements[q] !== 'NOT_REQUIRED');
      if (asksSize) expect(isFeaturesStepShown(requirements), type).toBe(true);
    }
  });

  it('asks land its size only, and an apartment no land size', () => {
    expect(QUESTION_REQUIREMENTS.LAND).toMatchObject({
      numberOfBedrooms: 'NOT_REQUIRED',
      landSizeSqm: 'REQUIRED',
      propertySizeSqm: 'NOT_REQUIRED',
    });
    expect(QUESTION_REQUIREMENTS.APARTMENT_OR_UNIT.landSizeSqm).toBe('NOT_REQUIRED');
    expect(new Set(Object.values(questionRequirementsFor(null)))).toEqual(new Set(['OPTIONAL']));
  });

  it('lists what is missing before publishing', () => {
    expect(missingRequiredAnswers(complete)).toEqual([]);
    expect(missingRequiredAnswers({ ...complete, numberOfBathrooms: null })).toEqual(['numberOfBathrooms']);
    expect(missingRequiredAnswers({ ...complete, streetName: '  ', areYouThePropertyOwner: null })).toEqual([
      'streetName',
      'areYouThePropertyOwner',
    ]);
    expect(missingRequiredAnswers({ ...complete, propertyType: 'LAND' })).toEqual(['landSizeSqm']);
    expect(missingRequiredAnswers({ ...complete, propertyType: null })).toEqual(['propertyType']);
  });
});

describe('missing answers by step', () => {
  it('names what publishing lacks, grouped by the step that asks it, in wizard order', () => {
    // What 'Skip' on the details step leaves: no sale information at all, and no bathrooms.
    const skipped = {
      ...complete,
      numberOfBathrooms: null,
      estimatedSaleValueRange: null,
      idealTimeframeOfSale: null,
      preferredMethodOfSale: null,
      areYouThePropertyOwner: null,
    };
    expect(missingAnswersByStep(skipped)).toEqual([
      { step: 'details', labels: ['Bathrooms'] },
      {
        step: 'saleInfo',
        labels: ['Estimated sale value', 'Ideal timeframe of sale', 'Preferred method of sale', 'Are you the property owner?'],
      },
    ]);
    expect(missingAnswersByStep({ ...complete, propertyType: 'LAND' })).toEqual([{ step: 'features', labels: ['Land size'] }]);
    expect(missingAnswersByStep(complete)).toEqual([]);
  });
});

describe('heating and cooling', () => {
  it('are kept apart from the other features', () => {
    expect(heatingCoolingOf(['POOL', 'COOLING', 'HEATING'])).toBe('BOTH');
    expect(withHeatingCooling(['POOL', 'HEATING'], 'COOLING')).toEqual(['POOL', 'COOLING']);
    expect(withOtherFeatures(['POOL', 'HEATING'], ['SPA', 'STUDY'])).toEqual(['SPA', 'STUDY', 'HEATING']);
  });
});
