/**
 * The signed-in agent for the suburb steps of sign-up, and where they belong instead: an agent who already holds
 * suburbs continues at profile-details, one without basic details starts at basic-details.
 */
import { useState } from 'react';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';

export type FunnelUser = { kind: 'loading' } | { kind: 'redirect'; to: string } | { kind: 'ready'; me: CurrentUser };

export function useFunnelUser(): FunnelUser & { hold: () => void } {
  const [{ data }] = useCurrentUser();
  // Set while this screen finishes the subscription itself, so the refreshed user does not redirect it away.
  const [isHeld, setIsHeld] = useState(false);
  const hold = () => setIsHeld(true);
  const me = data?.me;
  if (!me) return { kind: 'loading', hold };
  if (!isHeld) {
    if (me.profileComplete) return { kind: 'redirect', to: '/', hold };
    if (me.agentProfile?.hasSubscribedSuburbs) return { kind: 'redirect', to: '/agent/signup/profile-details', hold };
    if (!me.agentProfile?.name || !me.mobileNumber) return { kind: 'redirect', to: '/agent/signup/basic-details', hold };
  }
  return { kind: 'ready', me, hold };
}
