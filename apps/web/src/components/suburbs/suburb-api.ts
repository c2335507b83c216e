/**
 * Suburb search and suburb subscriptions (spec 000 §7): `searchSuburbs` with nearby suburbs for the Suburb Search
 * dialog, `subscribeToSuburbs` (afterwards the free-trial state, the agent's suburbs and the user are refetched),
 * `mySubscribedSuburbs` and `myAgentSuburbSubscriptionFreeTrialState`. Shared by agent sign-up and profile settings.
 */
import { useCallback } from 'react';
import { gql, useClient } from 'urql';
import type { AustralianState } from '@listwise/domain/enums';
import { CurrentUserQuery } from '@/lib/current-user';

export interface SuburbCard {
  id: string;
  name: string;
  state: AustralianState;
  postcode: string;
  subscribedAgentsCount: number;
  subscribedAgentsMax: number;
  isSubscribedByMe: boolean;
  /**
   * Listings published there in the last 90 days, null when fewer than 3 (issue 12); sellers there whose listing no
   * agent has been asked about yet (issue 23).
   */
  demand: { listingsLast90Days: number | null; sellersWaitingForAgent: number };
}

/** A chosen suburb: enough to name it and send its id. */
export type SuburbRef = Pick<SuburbCard, 'id' | 'name' | 'state' | 'postcode'>;

export interface SuburbWithNearby extends SuburbCard {
  nearbySuburbs: SuburbCard[];
}

export interface SubscribedSuburb {
  id: string;
  isFreeTrial: boolean;
  isActive: boolean;
  isManuallyManaged: boolean;
  subscriptionExpiresAt: string;
  subscriptionToRenew: { date: string; priceDollars: number } | null;
  suburb: SuburbCard;
}

export interface FreeTrialState {
  numberOfFreeTrialsClaimed: number;
  totalFreeTrialsAllowed: number;
}

export const SuburbCardFields = gql`
  fragment SuburbCardFields on Suburb {
    id
    name
    state
    postcode
    subscribedAgentsCount
    subscribedAgentsMax
    isSubscribedByMe
    demand {
      listingsLast90Days
      sellersWaitingForAgent
    }
  }
`;

export const SubscribedSuburbFields = gql`
  fragment SubscribedSuburbFields on SubscribedSuburb {
    id
    isFreeTrial
    isActive
    isManuallyManaged
    subscriptionExpiresAt
    subscriptionToRenew {
      date
      priceDollars
    }
    suburb {
      ...SuburbCardFields
    }
  }
  ${SuburbCardFields}
`;

export const SearchSuburbsQuery = gql<{ searchSuburbs: SuburbWithNearby[] }, { query: string; first: number }>`
  query SearchSuburbs($query: String!, $first: Int) {
    searchSuburbs(query: $query, first: $first) {
      ...SuburbCardFields
      nearbySuburbs {
        ...SuburbCardFields
      }
    }
  }
  ${SuburbCardFields}
`;

export const SuburbsByIdsQuery = gql<{ suburbs: SuburbCard[] }, { ids: string[] }>`
  query SuburbsByIds($ids: [ID!]!) {
    suburbs(ids: $ids) {
      ...SuburbCardFields
    }
  }
  ${SuburbCardFields}
`;

export const FreeTrialStateQuery = gql<{ myAgentSuburbSubscriptionFreeTrialState: FreeTrialState }, Record<string, never>>`
  query MyAgentSuburbSubscriptionFreeTrialState {
    myAgentSuburbSubscriptionFreeTrialState {
      numberOfFreeTrialsClaimed
      totalFreeTrialsAllowed
    }
  }
`;

export const MySubscribedSuburbsQuery = gql<{ mySubscribedSuburbs: SubscribedSuburb[] }, Record<string, never>>`
  query MySubscribedSuburbs {
    mySubscribedSuburbs {
      ...SubscribedSuburbFields
    }
  }
  ${SubscribedSuburbFields}
`;

export const SubscribeToSuburbsMutation = gql<{ subscribeToSuburbs: SubscribedSuburb[] }, { suburbIds: string[] }>`
  mutation SubscribeToSuburbs($suburbIds: [ID!]!) {
    subscribeToSuburbs(suburbIds: $suburbIds) {
      ...SubscribedSuburbFields
    }
  }
  ${SubscribedSuburbFields}
`;

export const RenewSuburbSubscriptionMutation = gql<{ renewSuburbSubscription: SubscribedSuburb }, { suburbSubscriptionId: string }>`
  mutation RenewSuburbSubscription($suburbSubscriptionId: ID!) {
    renewSuburbSubscription(suburbSubscriptionId: $suburbSubscriptionId) {
      ...SubscribedSuburbFields
    }
  }
  ${SubscribedSuburbFields}
`;

/** Reads the agent's suburbs, free-trial state and user again (after a subscription changed). */
export function useRefetchSubscriptions() {
  const client = useClient();
  return useCallback(
    () =>
      Promise.all([
        client.query(FreeTrialStateQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
        client.query(MySubscribedSuburbsQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
        client.query(CurrentUserQuery, {}, { requestPolicy: 'network-only' }).toPromise(),
      ]),
    [client],
  );
}

/** subscribeToSuburbs, then the refetches the spec asks for. Resolves to the error, or null on success. */
export function useSubscribeToSuburbs() {
  const client = useClient();
  const refetch = useRefetchSubscriptions();
  return useCallback(
    async (suburbIds: string[]) => {
      const result = await client.mutation(SubscribeToSuburbsMutation, { suburbIds }).toPromise();
      if (result.error) return result.error;
      await refetch();
      return null;
    },
    [client, refetch],
  );
}
