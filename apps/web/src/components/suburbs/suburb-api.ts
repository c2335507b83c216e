/**
 * Suburb search and suburb subscriptions (spec 000 §7): `searchSuburbs` with nearby suburbs for the Suburb Search
 * dialog, `subscribeToSuburbs` (afterwards the free-trial state, the agent's suburbs and the user are refetched),
 * `mySubscribedSuburbs` and `myAgentSuburbSubscriptionFreeTrialState`. Shared by agent sign-up and profile settings.
 */
import { useCallback } from 'react';
import { useClient } from 'urql';
import { graphql } from '@/generated/graphql';
import { CurrentUserQuery } from '@/lib/current-user';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { SubscribedSuburbFieldsFragment, SuburbCardFieldsFragment, SuburbRefFieldsFragment } from '@/generated/graphql/graphql';

export type SuburbCard = SuburbCardFieldsFragment;

/** A chosen suburb: enough to name it and send its id. */
export type SuburbRef = SuburbRefFieldsFragment;

export type SuburbWithNearby = ResultOf<typeof SearchSuburbsQuery>['searchSuburbs'][number];

export type SubscribedSuburb = SubscribedSuburbFieldsFragment;

export type FreeTrialState = ResultOf<typeof FreeTrialStateQuery>['myAgentSuburbSubscriptionFreeTrialState'];

/** A suburb as a property, a search answer or a chosen suburb names it: enough to show it and send its id. */
export const SuburbRefFields = graphql(`
  fragment SuburbRefFields on Suburb {
    id
    name
    state
    postcode
  }
`);

export const SuburbCardFields = graphql(`
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
`);

export const SubscribedSuburbFields = graphql(`
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
`);

export const SearchSuburbsQuery = graphql(`
  query SearchSuburbs($query: String!, $first: Int) {
    searchSuburbs(query: $query, first: $first) {
      ...SuburbCardFields
      nearbySuburbs {
        ...SuburbCardFields
      }
    }
  }
`);

export const SuburbsByIdsQuery = graphql(`
  query SuburbsByIds($ids: [ID!]!) {
    suburbs(ids: $ids) {
      ...SuburbCardFields
    }
  }
`);

export const FreeTrialStateQuery = graphql(`
  query MyAgentSuburbSubscriptionFreeTrialState {
    myAgentSuburbSubscriptionFreeTrialState {
      numberOfFreeTrialsClaimed
      totalFreeTrialsAllowed
    }
  }
`);

export const MySubscribedSuburbsQuery = graphql(`
  query MySubscribedSuburbs {
    mySubscribedSuburbs {
      ...SubscribedSuburbFields
    }
  }
`);

export const SubscribeToSuburbsMutation = graphql(`
  mutation SubscribeToSuburbs($suburbIds: [ID!]!) {
    subscribeToSuburbs(suburbIds: $suburbIds) {
      ...SubscribedSuburbFields
    }
  }
`);

export const RenewSuburbSubscriptionMutation = graphql(`
  mutation RenewSuburbSubscription($suburbSubscriptionId: ID!) {
    renewSuburbSubscription(suburbSubscriptionId: $suburbSubscriptionId) {
      ...SubscribedSuburbFields
    }
  }
`);

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
