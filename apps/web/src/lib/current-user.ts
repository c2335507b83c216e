/**
 * The signed-in user (`me`), shared by the shell, the route guard, home routing and account screens.
 * Skipped when not signed in; cache-first otherwise (the cache is new for each session).
 */
import { useEffect } from 'react';
import { useQuery, type UseQueryResponse } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentBadge, SellerStatus, UserMediaType, UserType } from '@listwise/domain/enums';
import { authStore, isSignedIn, useAuth } from '@/lib/auth-store';

export interface CurrentUserMedia {
  id: string;
  type: UserMediaType;
  url: string | null;
  thumbnailUrl: string | null;
  mainFileReady: boolean;
  thumbnailReady: boolean;
}

export interface CurrentUser {
  id: string;
  email: string | null;
  userType: UserType;
  isGhostUser: boolean;
  isEmailVerified: boolean;
  mobileNumber: string | null;
  /** Whether changing the e-mail or the password asks for the current password (not for ghost or social-only accounts). */
  hasPassword: boolean | null;
  profileComplete: boolean;
  /** A newer version of the terms and privacy policy is in force than the user accepted: the shell asks for it first. */
  mustAcceptTerms: boolean;
  agentProfile: {
    id: string;
    name: string | null;
    badge: AgentBadge | null;
    numberOfEngagements: number;
    hasSubscribedSuburbs: boolean;
    profilePicture: CurrentUserMedia | null;
    /** Set while an operator has suspended the agent (issue 23): the shell says why and whom to contact. */
    suspension: { reason: string; suspendedAt: string } | null;
  } | null;
  sellerProfile: {
    id: string;
    name: string | null;
    isPrivacyPolicyAccepted: boolean;
    nextPage: string | null;
    /** The draft's owner answer: PENDING_VERIFICATION while it says 'No' (verification itself is per listing). */
    status: SellerStatus;
  } | null;
}

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
