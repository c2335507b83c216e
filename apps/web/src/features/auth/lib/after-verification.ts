/**
 * Where a user goes once the e-mail is verified. Verification interrupts two funnels: a
 * seller who has just saved a listing and is about to choose agents, and a new agent at the start of sign-up. Both
 * go straight on to their next step, with no 'Email Verified' or 'Property Saved' page in between.
 */
import type { CurrentUser } from '@/lib/current-user';
import { RESUME_LISTING_PATH } from '@/lib/listing-resume';

/** The seller's stored next page while the saved listing waits for agents to be chosen (spec 001 §4). */
const CHOOSING_AGENTS_PAGES = new Set(['/new-property/details-complete', '/new-property/select-agents']);
const SELECT_AGENTS_PATH = '/new-property/select-agents';

type VerifiedUser = Pick<CurrentUser, 'userType' | 'profileComplete' | 'isGhostUser'> & {
  sellerProfile: Pick<NonNullable<CurrentUser['sellerProfile']>, 'nextPage'> | null;
};

/**
 * The funnel step that was waiting for the verification, or null when nothing was (the user verified an e-mail
 * from their settings, or opened the link long after sign-up): then the link's page says 'Email Verified'.
 */
export function funnelStepAfterVerification(user: VerifiedUser): string | null {
  if (user.isGhostUser) return null;
  // On to choosing agents, unless a listing step still lacks a required answer: the resume route decides.
  if (user.userType === 'SELLER' && CHOOSING_AGENTS_PAGES.has(user.sellerProfile?.nextPage ?? '')) return RESUME_LISTING_PATH;
  // Home routing knows the agent's next sign-up step (basic details, or the profile once suburbs are held).
  if (user.userType === 'AGENT' && !user.profileComplete) return '/';
  return null;
}

/** Where /email-verification moves on to once the e-mail is verified. */
export const pathAfterVerification = (user: VerifiedUser): string =>
  funnelStepAfterVerification(user) ?? (user.userType === 'SELLER' ? SELECT_AGENTS_PATH : '/');
