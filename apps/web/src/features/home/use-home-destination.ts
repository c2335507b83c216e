/**
 * Home routing at /: the decision for the current visitor. Rendering the seller and agent homes is left
 * to the app layer, so this feature imports no other feature.
 */
import { isSignedIn, useAuth } from '@/lib/auth-store';
import { useCurrentUser } from '@/lib/current-user';
import { homeDestinationFor, type HomeDestination } from '@/features/home/home-destination';

export const useHomeDestination = (): HomeDestination => {
  const auth = useAuth();
  const [{ data, error, fetching }, reexecute] = useCurrentUser();

  if (!isSignedIn(auth) || auth.isGhostUser) return { kind: 'redirect', to: '/login' };
  if (data?.me) return homeDestinationFor(data.me);
  if (error && !fetching) return { kind: 'error', error, retry: () => reexecute({ requestPolicy: 'network-only' }) };
  if (data && data.me === null) return { kind: 'redirect', to: '/login' };
  return { kind: 'loading' };
};
