/**
 * Home routing at / (spec 000 §2, spec 001 seller home): where a signed-in user belongs, as a pure decision.
 */
import type { CombinedError } from 'urql';
import type { CurrentUser } from '@/lib/current-user';
import { resumeEntryFor } from '@/lib/listing-resume';

export type HomeDestination =
  | { kind: 'loading' }
  | { kind: 'error'; error: CombinedError; retry: () => void }
  | { kind: 'redirect'; to: string }
  | { kind: 'seller-home' }
  | { kind: 'agent-home' };

/** The decision for a known user, kept pure so it is easy to read and test. */
export const homeDestinationFor = (me: CurrentUser): HomeDestination => {
  if (me.isGhostUser) return { kind: 'redirect', to: '/login' };
  switch (me.userType) {
    case 'SELLER':
      if (!me.profileComplete) return { kind: 'redirect', to: resumeEntryFor(me.sellerProfile?.nextPage, '/new-property/') };
      if (!me.isEmailVerified) return { kind: 'redirect', to: '/email-verification' };
      return { kind: 'seller-home' };
    case 'AGENT':
      if (!me.profileComplete) {
        return {
          kind: 'redirect',
          to: me.agentProfile?.hasSubscribedSuburbs ? '/agent/signup/profile-details' : '/agent/signup/basic-details',
        };
      }
      return { kind: 'agent-home' };
    case 'ADMIN':
      return { kind: 'redirect', to: '/admin' };
  }
};
