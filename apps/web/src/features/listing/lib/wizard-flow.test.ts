import { describe, expect, it } from 'vitest';
import { QUESTION_REQUIREMENTS } from '@listwise/domain/question-requirements';
import {
  accountStepFor,
  afterDetails,
  afterListingSteps,
  draftAddressText,
  needsContactDetails,
  splitStreetAddress,
  WIZARD_PATHS,
} from './wizard-flow';

const ghost = { profileComplete: false, isGhostUser: true, email: 'g@example.com', sellerProfile: { name: 'Gina' } };
const seller = { profileComplete: true, isGhostUser: false, email: 's@example.com', sellerProfile: { name: 'Sam' } };

describe('the wizard order', () => {
  it('goes from details to features unless the features question is not asked', () => {
    expect(afterDetails(QUESTION_REQUIREMENTS.HOUSE)).toBe(WIZARD_PATHS.features);
    expect(afterDetails({ ...QUESTION_REQUIREMENTS.HOUSE, additionalFeatures: 'NOT_REQUIRED' })).toBe(WIZARD_PATHS.saleInfo);
  });

  it('ends the listing steps at Property Saved for a finished account, else at the account steps', () => {
    expect(afterListingSteps(seller)).toBe(WIZARD_PATHS.detailsComplete);
    expect(afterListingSteps(ghost)).toBe(WIZARD_PATHS.accountPassword);
    expect(accountStepFor({ ...ghost, email: null })).toBe(WIZARD_PATHS.accountDetails);
  });

  it('asks for name, e-mail and the terms on the address step until the e-mail is verified', () => {
    expect(needsContactDetails(null)).toBe(true);
    expect(needsContactDetails({ isGhostUser: true, isEmailVerified: false })).toBe(true);
    expect(needsContactDetails({ isGhostUser: false, isEmailVerified: false })).toBe(true);
    expect(needsContactDetails({ isGhostUser: false, isEmailVerified: true })).toBe(false);
  });

  it('formats and splits addresses', () => {
    const suburb = { name: 'Bondi', state: 'NSW', postcode: '2026' };
    expect(draftAddressText({ unitNumber: '3', streetNumber: '12', streetName: 'Smith Street', suburb })).toBe(
      '3/12 Smith Street, Bondi NSW 2026',
    );
    expect(splitStreetAddress(' 12a  Smith Street ')).toEqual({ streetNumber: '12A', streetName: 'Smith Street' });
    expect(splitStreetAddress('Old Hume Highway')).toEqual({ streetNumber: null, streetName: 'Old Hume Highway' });
  });
});
