/** Suburbs (search, agent maximum) and their subscriptions (manual management, cancelling). */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AdminSuburbFieldsFragment, AdminSuburbSubscriptionFieldsFragment } from '@/generated/graphql/graphql';

export type AdminSuburb = AdminSuburbFieldsFragment;

export type AdminSuburbSubscription = AdminSuburbSubscriptionFieldsFragment;

export const AdminSuburbFields = graphql(`
  fragment AdminSuburbFields on Suburb {
    id
    name
    state
    postcode
    subscribedAgentsCount
    subscribedAgentsMax
  }
`);
export const AdminSuburbSubscriptionFields = graphql(`
  fragment AdminSuburbSubscriptionFields on AdminSuburbSubscription {
    id
    isFreeTrial
    startsAt
    expiresAt
    autoRenew
    isManuallyManaged
    cancelledAt
    isLive
    agent {
      ...AdminUserFields
    }
    suburb {
      ...SuburbRefFields
    }
  }
`);

export const AdminSuburbsQuery = graphql(`
  query AdminSuburbs($first: Int, $after: String, $search: String) {
    adminSuburbs(first: $first, after: $after, search: $search) {
      edges {
        cursor
        node {
          ...AdminSuburbFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AdminSuburbSubscriptionsQuery = graphql(`
  query AdminSuburbSubscriptions($suburbId: ID!, $first: Int, $after: String) {
    adminSuburbSubscriptions(suburbId: $suburbId, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AdminSuburbSubscriptionFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const SetSubscribedAgentsMaxMutation = graphql(`
  mutation SetSuburbSubscribedAgentsMax($suburbId: ID!, $subscribedAgentsMax: Int!) {
    setSuburbSubscribedAgentsMax(suburbId: $suburbId, subscribedAgentsMax: $subscribedAgentsMax) {
      ...AdminSuburbFields
    }
  }
`);
export const useSetSubscribedAgentsMax = () => useMutation(SetSubscribedAgentsMaxMutation);

const SetManuallyManagedMutation = graphql(`
  mutation SetSuburbSubscriptionManuallyManaged($suburbSubscriptionId: ID!, $isManuallyManaged: Boolean!) {
    setSuburbSubscriptionManuallyManaged(suburbSubscriptionId: $suburbSubscriptionId, isManuallyManaged: $isManuallyManaged) {
      ...AdminSuburbSubscriptionFields
    }
  }
`);
export const useSetManuallyManaged = () => useMutation(SetManuallyManagedMutation);

const CancelSubscriptionMutation = graphql(`
  mutation CancelSuburbSubscriptionAsAdmin($suburbSubscriptionId: ID!) {
    cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: $suburbSubscriptionId) {
      ...AdminSuburbSubscriptionFields
    }
  }
`);
export const useCancelSubscription = () => useMutation(CancelSubscriptionMutation);
