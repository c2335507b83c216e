import { z } from 'zod';
import { SUPPORT_EMAIL } from './constants.ts';

/**
 * Seller verification (PRODUCT.md 'Seller verification', issue 14): an operator approves a seller who is not the
 * owner, or rejects them with a reason the seller reads in an e-mail and on their pending listing.
 */
export const SELLER_VERIFICATION_MESSAGES = {
  reasonRequired: 'Give a reason for the rejection',
  reasonTooLong: 'Reason must be at most 1000 characters',
} as const;

export const SELLER_REJECTION_REASON_MAX = 1000;

// Built in a pure-annotated function so a page that reads only the texts (the seller's pending notice) does not
// keep zod in its bundle (issue 10).
export const sellerRejectionSchema = /* @__PURE__ */ (() =>
  z.object({
    reason: z
      .string({ error: SELLER_VERIFICATION_MESSAGES.reasonRequired })
      .trim()
      .min(1, SELLER_VERIFICATION_MESSAGES.reasonRequired)
      .max(SELLER_REJECTION_REASON_MAX, SELLER_VERIFICATION_MESSAGES.reasonTooLong),
  }))();

/** What a rejected seller can do next: the e-mail and the listing page say the same. */
export const SELLER_REJECTION_NEXT_STEPS = `Send a document showing you may sell the property (such as a signed letter from the owner, a power of attorney or a grant of probate) to ${SUPPORT_EMAIL} with the property's address. Once we have checked it, the agents you chose receive your request.`;
