import { describe, expect, it } from 'vitest';
import { resumePathFor, type DraftAnswers } from './resume-publishing';

const complete: DraftAnswers = {
  suburb: { id: '12' },
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
const noSaleInfo = { ...complete, estimatedSaleValueRange: null, idealTimeframeOfSale: null };
const seller = (nextPage: string | null, patch: { profileComplete?: boolean; isEmailVerified?: boolean; isGhostUser?: boolean } = {}) => ({
  profileComplete: true,
  isEmailVerified: true,
  isGhostUser: false,
  ...patch,
  sellerProfile: { nextPage },
});

describe('where a listing left half-way resumes', () => {
  it('is Select Agents for a finished account whose listing lacks nothing', () => {
    expect(resumePathFor(seller('/new-property/select-agents'), complete)).toBe('/new-property/select-agents');
    expect(resumePathFor(seller('/new-property/details-complete'), complete)).toBe('/new-property/select-agents');
    expect(resumePathFor(seller('/'), complete)).toBe('/new-property/select-agents');
    // A new account starts on the address step; with a draft, that step is behind the seller.
    expect(resumePathFor(seller('/new-property/address'), complete)).toBe('/new-property/select-agents');
    expect(resumePathFor(seller('/new-property/address', { profileComplete: false }), noSaleInfo)).toBe('/new-property/details');
  });

  it('is the first step with a gap, not the end, and that step leads back to choosing agents', () => {
    expect(resumePathFor(seller('/new-property/select-agents'), noSaleInfo)).toBe('/new-property/sale-info?then=select-agents');
    expect(resumePathFor(seller('/'), { ...noSaleInfo, numberOfBathrooms: null })).toBe('/new-property/details?then=select-agents');
    expect(resumePathFor(seller('/new-property/select-agents'), { ...complete, propertyType: 'LAND' })).toBe(
      '/new-property/features?then=select-agents',
    );
  });

  it('is the page reached last while the seller is still going through the steps, unless a gap lies before it', () => {
    // Left on the features step: sale information is not asked yet, so that is no gap to jump to.
    expect(resumePathFor(seller('/new-property/features'), noSaleInfo)).toBe('/new-property/features');
    expect(resumePathFor(seller('/new-property/sale-info'), noSaleInfo)).toBe('/new-property/sale-info');
    // The type changed to a house after the rooms were passed: back to them, then on through the steps.
    expect(resumePathFor(seller('/new-property/photos'), { ...complete, numberOfBedrooms: null })).toBe('/new-property/details');
    const unfinished = { profileComplete: false, isEmailVerified: false };
    expect(resumePathFor(seller('/new-property/account-password', unfinished), complete)).toBe('/new-property/account-password');
    expect(resumePathFor(seller('/new-property/account-password', unfinished), noSaleInfo)).toBe('/new-property/sale-info');
    expect(resumePathFor(seller(null, unfinished), complete)).toBe('/new-property/details');
  });
});
