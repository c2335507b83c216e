/**
 * The signed-in user (`me`), shared by the shell, the route guard, home routing and account screens.
 * Skipped when not signed in; cache-first otherwise (the cache is new for each session).
 */
import { useEffect } from 'react';
import { useQuery, type UseQueryResponse } from 'urql';
import { graphql } from '@/generated/graphql';
import { authStore, isSignedIn, useAuth } from '@/lib/auth-store';
import type { CurrentUserFieldsFragment } from '@/generated/graphql/graphql';

/** The agent's profile picture as the signed-in user carries it. */

/** The signed-in user as `CurrentUserFields` selects it. */
export type CurrentUser = CurrentUserFieldsFragment;

/** Every selection of the signed-in user uses this fragment, so the normalised cache stays complete. */
export const CurrentUserFields = graphql(`
  fragment CurrentUserFields on User {
    id
    email
    userType
    isGhostUser
    isEmailVerified
    mobileNumber
    hasPassword
    profileComplete
    mustAcceptTerms
    agentProfile {
      id
      name
      badge
      numberOfEngagements
      hasSubscribedSuburbs
      suspension {
        reason
        suspendedAt
      }
      profilePicture {
        id
        type
        url
        thumbnailUrl
        mainFileReady
        thumbnailReady
      }
    }
    sellerProfile {
      id
      name
      isPrivacyPolicyAccepted
      nextPage
      status
    }
  }
`);

export const CurrentUserQuery = graphql(`
  query CurrentUser {
    me {
      ...CurrentUserFields
    }
  }
`);

/**
 * `me` for the signed-in user. Side effects: a `null` answer while holding a token means the session is
 * gone (log out locally); a fresh answer updates the stored user type and ghost flag.
 */
export const useCurrentUser = (): UseQueryResponse<{ me: CurrentUser | null }, Record<string, never>> => {
  const auth = useAuth();
  const signedIn = isSignedIn(auth);
  const response = useQuery({ query: CurrentUserQuery, pause: !signedIn });
  const [{ data, fetching, stale }] = response;
  const token = auth.token;

  useEffect(() => {
    if (!signedIn || fetching || stale || !data || !token) return;
    if (data.me === null) authStore.expireSession(token);
    else authStore.syncUser(data.me);
  }, [data, fetching, stale, signedIn, token]);

  return response;
};
