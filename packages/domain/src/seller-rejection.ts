import { z } from 'zod';
import { SELLER_REJECTION_REASON_MAX, SELLER_VERIFICATION_MESSAGES } from './seller-verification.ts';

/**
 * The operator's reason for rejecting a listing, checked by the console's dialog and the server alike. A module of its
 * own: the seller's pending notice reads seller-verification.ts's texts on the seller home, which loads no zod.
 */
export const sellerRejectionSchema = z.object({
  reason: z
    .string({ error: SELLER_VERIFICATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, SELLER_VERIFICATION_MESSAGES.reasonRequired)
    .max(SELLER_REJECTION_REASON_MAX, SELLER_VERIFICATION_MESSAGES.reasonTooLong),
});
