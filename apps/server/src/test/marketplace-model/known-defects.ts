/**
 * Defects the model-based test finds that other branches are fixing. Each entry switches off exactly the action or
 * the check that meets it, so the test passes until the fix is merged; remove the entry with the fix, and the test
 * then holds the fix in place. An entry not listed here is a failure.
 */
export const KNOWN_DEFECTS: Record<string, string> = {
  /** A seller who wrote a review cannot close their account: deleteMyAccount answers internal_error. */
  closeAfterReview: 'A seller who has written a review cannot close their account (internal_error)',
  /** A sale left in PENDING_CONFIRMATION (agent silent or closed) can never be settled by an operator. */
  unansweredSale: 'A sale the agent never answers (or whose agent closed) can never be settled',
  /** SALE_VOID leaves the property SOLD_UNCONDITIONALLY: the seller can never report the right agent or relist. */
  voidLeavesSold: 'A voided sale leaves the property sold for ever',
  /** Reactivating a lapsed suburb skips the five-suburb limit (and suspension). */
  reactivationBypassesLimit: 'Reactivating a lapsed suburb bypasses the five-suburb limit',
  /** 'Mark paid' accepts a claim already IN_PAYOUT (paid again when its batch is paid). */
  markPaidInPayout: "'Mark paid' accepts a claim already IN_PAYOUT",
  /** Re-downloading a batch serves the stored file that still holds claims returned to payable since. */
  redownloadServesReturned: 'Re-downloading a payout batch serves claims returned to payable since',
  /** A renewal is charged after the agent turned auto-renewal off (the outcome and the reconciler ignore autoRenew). */
  renewalIgnoresAutoRenewOff: 'A renewal is charged after the agent turned auto-renewal off',
  /** Closing an account ignores charges in flight: a late purchase makes live subscriptions for a closed account. */
  closeIgnoresChargesInFlight: 'Closing an account ignores charges in flight',
};

/** Whether a defect is still listed; its action or check is skipped while it is. */
export const isKnown = (defect: string): boolean => Object.hasOwn(KNOWN_DEFECTS, defect);
