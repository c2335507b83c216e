import { SUPPORT_EMAIL } from './constants.ts';

/**
 * Listing verification (PRODUCT.md 'Seller verification'; per listing): an operator
 * verifies a listing whose seller is not the owner, or rejects it with a reason the seller reads in an e-mail and on
 * the listing.
 */
export const SELLER_VERIFICATION_MESSAGES = {
  reasonRequired: 'Give a reason for the rejection',
  reasonTooLong: 'Reason must be at most 1000 characters',
} as const;

export const SELLER_REJECTION_REASON_MAX = 1000;

/**
 * What a seller whose listing was rejected can do next: the e-mail and the listing page say the same. The proof is
 * uploaded on the listing's page; support stays the way for anything the upload does not fit.
 */
export const SELLER_REJECTION_NEXT_STEPS = `Upload a document showing you may sell the property (a signed authority from the owner or a council rates notice in the owner's name) on your listing's page. Once we have checked it, the agents you chose receive your request. Questions: ${SUPPORT_EMAIL}.`;
