/**
 * The listing wizard's order (spec 001 §2 'Listing wizard', §4 'Seller funnel'): address, details, features
 * (skipped when its question is NOT_REQUIRED), sale-info, photos, additional-info, then the account steps and
 * completion. Pure functions, so the order is easy to read and test.
 */
import { propertyAddressLine } from '@listwise/domain/address-line';
import { isFeaturesStepShown, type QuestionRequirements } from '@listwise/domain/question-requirements';
import type { CurrentUser } from '@/lib/current-user';
import { RESUME_LISTING_PATH } from '@/lib/listing-resume';

export const WIZARD_PATHS = {
  address: '/new-property/address',
  details: '/new-property/details',
  features: '/new-property/features',
  saleInfo: '/new-property/sale-info',
  photos: '/new-property/photos',
  additionalInfo: '/new-property/additional-info',
  accountDetails: '/new-property/account-details',
  accountPassword: '/new-property/account-password',
  detailsComplete: '/new-property/details-complete',
  selectAgents: '/new-property/select-agents',
  noAgents: '/new-property/no-agents',
  requestSent: '/new-property/request-sent',
  /** Not a page: works out where a listing left half-way resumes, and goes there (lib/resume-publishing.ts). */
  resume: RESUME_LISTING_PATH,
} as const;

/** The six numbered steps and their titles ('Step 1 of 6'). */
export const WIZARD_STEPS = {
  address: { number: 1, title: 'Property Address' },
  details: { number: 2, title: 'Property Details' },
  features: { number: 3, title: 'Additional Features' },
  saleInfo: { number: 4, title: 'Sale Information' },
  photos: { number: 5, title: 'Photos & Video' },
  additionalInfo: { number: 6, title: 'Additional information' },
} as const;

export type WizardStep = keyof typeof WIZARD_STEPS;

type UserForFlow = Pick<CurrentUser, 'profileComplete' | 'isGhostUser' | 'email'> & {
  sellerProfile: Pick<NonNullable<CurrentUser['sellerProfile']>, 'name'> | null;
};

/**
 * Whether the address step asks for name, e-mail and the terms acceptance (spec 001 §2: 'for non-verified users'):
 * a visitor without an account, a ghost user, or a seller whose e-mail is not verified yet.
 */
export const needsContactDetails = (user: Pick<CurrentUser, 'isGhostUser' | 'isEmailVerified'> | null): boolean =>
  !user || user.isGhostUser || !user.isEmailVerified;

/** After details: the features step unless its question is NOT_REQUIRED. */
export const afterDetails = (requirements: QuestionRequirements): string =>
  isFeaturesStepShown(requirements) ? WIZARD_PATHS.features : WIZARD_PATHS.saleInfo;

/** Where the account part of the funnel starts: a ghost without name or e-mail gives them first. */
export const accountStepFor = (user: UserForFlow): string =>
  user.isGhostUser && (!user.email || !user.sellerProfile?.name) ? WIZARD_PATHS.accountDetails : WIZARD_PATHS.accountPassword;

/** After additional-info: 'Property Saved' for a finished account, else the account steps. */
export const afterListingSteps = (user: UserForFlow): string =>
  user.profileComplete && !user.isGhostUser ? WIZARD_PATHS.detailsComplete : accountStepFor(user);

/** The step before features, sale-info…: used by the Back links. */
export const beforeSaleInfo = (requirements: QuestionRequirements): string =>
  isFeaturesStepShown(requirements) ? WIZARD_PATHS.features : WIZARD_PATHS.details;

/** The text of the address a draft holds: '3/12 Smith Street, Bondi NSW 2026'. */
export const draftAddressText = (draft: {
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { name: string; state: string; postcode: string } | null;
}): string => propertyAddressLine(draft);

/** Splits a typed street address ('12A Smith Street') into number and street name. */
export const splitStreetAddress = (value: string): { streetNumber: string | null; streetName: string } => {
  const text = value.trim().replace(/\s+/g, ' ');
  const match = text.match(/^(\d+[a-z]?(?:-\d+[a-z]?)?)\s+(.+)$/i);
  return match ? { streetNumber: match[1]!.toUpperCase(), streetName: match[2]! } : { streetNumber: null, streetName: text };
};
