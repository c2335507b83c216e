import { describe, expect, it } from 'vitest';
import { PropertyType } from './enums.ts';
import {
  detailsFormSchema,
  featuresFormSchema,
  heatingCoolingOf,
  saleInfoFormSchema,
  withHeatingCooling,
  withOtherFeatures,
} from './listing.ts';
import {
  firstStepWithMissingAnswer,
  isFeaturesStepShown,
  missingAnswersByStep,
  missingRequiredAnswers,
  QUESTION_REQUIREMENTS,
  questionRequirementsFor,
  requiredAnswers,
  requiredAnswersOfStep,
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
    // A listing left half-way: no sale information at all, and no bathrooms.
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

describe('the required answers the wizard marks', () => {
  const SALE_ANSWERS = ['estimatedSaleValueRange', 'idealTimeframeOfSale', 'preferredMethodOfSale', 'areYouThePropertyOwner'];

  it('are what publishing refuses without, for each property type', () => {
    expect(requiredAnswers('HOUSE')).toEqual([
      'suburbId',
      'streetName',
      'propertyType',
      'numberOfBedrooms',
      'numberOfBathrooms',
      ...SALE_ANSWERS,
    ]);
    expect(requiredAnswers('LAND')).toEqual(['suburbId', 'streetName', 'propertyType', 'landSizeSqm', ...SALE_ANSWERS]);
    expect(requiredAnswers('BLOCK_OF_UNITS')).toEqual(['suburbId', 'streetName', 'propertyType', ...SALE_ANSWERS]);
    expect(requiredAnswers(null)).toEqual(['suburbId', 'streetName', 'propertyType', ...SALE_ANSWERS]);
    for (const type of Object.values(PropertyType)) {
      // Answering exactly the required answers is enough to publish, and leaving any one out is not.
      const required = requiredAnswers(type);
      const answered: PublishableFields = { ...complete, propertyType: type };
      for (const question of ['numberOfBedrooms', 'numberOfBathrooms', 'landSizeSqm'] as const) {
        answered[question] = required.includes(question) ? 3 : null;
      }
      expect(missingRequiredAnswers(answered), type).toEqual([]);
      for (const answer of required) {
        expect(missingRequiredAnswers({ ...answered, [answer]: answer === 'streetName' ? '' : null }), `${type} ${answer}`).toEqual([
          answer,
        ]);
      }
    }
  });

  it('are the answers each step refuses to go on without', () => {
    const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      (result.error?.issues ?? []).map((issue) => String(issue.path[0]));
    for (const type of Object.values(PropertyType)) {
      const requirements = QUESTION_REQUIREMENTS[type];
      const blankDetails = {
        propertyType: type,
        numberOfBedrooms: '',
        numberOfBathrooms: '',
        numberOfToilets: '',
        numberOfCarSpaces: '',
        numberOfLivingSpaces: '',
        heatingCooling: '',
      };
      expect(issuePaths(detailsFormSchema(requirements).safeParse(blankDetails)), type).toEqual(
        requiredAnswersOfStep('details', type).filter((answer) => answer !== 'propertyType'),
      );
      const blankFeatures = { features: [], propertySizeSqm: '', landSizeSqm: '', propertyAge: '', capitalImprovements: '' };
      expect(issuePaths(featuresFormSchema(requirements).safeParse(blankFeatures)), type).toEqual(requiredAnswersOfStep('features', type));
    }
    const blankSale = {
      estimatedSaleValueRange: '',
      idealTimeframeOfSale: '',
      preferredMethodOfSale: '',
      areYouThePropertyOwner: '',
      noPropertyOwnerReason: '',
    };
    expect(issuePaths(saleInfoFormSchema.safeParse(blankSale))).toEqual(requiredAnswersOfStep('saleInfo', 'HOUSE'));
    expect(requiredAnswersOfStep('photos', 'HOUSE')).toEqual([]);
    expect(requiredAnswersOfStep('additionalInfo', 'HOUSE')).toEqual([]);
  });

  it('name the first step a listing lacks an answer on, where it resumes', () => {
    expect(firstStepWithMissingAnswer(complete)).toBeNull();
    expect(firstStepWithMissingAnswer({ ...complete, areYouThePropertyOwner: null })).toBe('saleInfo');
    expect(firstStepWithMissingAnswer({ ...complete, areYouThePropertyOwner: null, numberOfBedrooms: null })).toBe('details');
    expect(firstStepWithMissingAnswer({ ...complete, propertyType: 'LAND', idealTimeframeOfSale: null })).toBe('features');
    expect(firstStepWithMissingAnswer({ ...complete, propertyType: null })).toBe('details');
  });
});

describe('heating and cooling', () => {
  it('are kept apart from the other features', () => {
    expect(heatingCoolingOf(['POOL', 'COOLING', 'HEATING'])).toBe('BOTH');
    expect(withHeatingCooling(['POOL', 'HEATING'], 'COOLING')).toEqual(['POOL', 'COOLING']);
    expect(withOtherFeatures(['POOL', 'HEATING'], ['SPA', 'STUDY'])).toEqual(['SPA', 'STUDY', 'HEATING']);
  });
});
