/** Suburbs (search, agent maximum) and their subscriptions (manual management, cancelling). */
import { gql, useMutation } from 'urql';
import { ADMIN_USER_FIELDS, PAGE_INFO_FIELDS, type AdminUser, type Connection, type PageVariables } from '@/features/admin/api/types';

export interface AdminSuburb {
  id: string;
  name: string;
  state: string;
  postcode: string;
  subscribedAgentsCount: number;
  subscribedAgentsMax: number;
}

export interface AdminSuburbSubscription {
  id: string;
  isFreeTrial: boolean;
  startsAt: string;
  expiresAt: string;
  autoRenew: boolean;
  isManuallyManaged: boolean;
  cancelledAt: string | null;
  isLive: boolean;
  agent: AdminUser;
  suburb: { id: string; name: string; state: string; postcode: string };
}

const SUBURB_FIELDS = 'id name state postcode subscribedAgentsCount subscribedAgentsMax';
export const SUBSCRIPTION_FIELDS = `id isFreeTrial startsAt expiresAt autoRenew isManuallyManaged cancelledAt isLive agent { ${ADMIN_USER_FIELDS} } suburb { id name state postcode }`;

export const AdminSuburbsQuery = gql<{ adminSuburbs: Connection<AdminSuburb> }, PageVariables & { search?: string | null }>`
  query AdminSuburbs($first: Int, $after: String, $search: String) {
    adminSuburbs(first: $first, after: $after, search: $search) {
      edges { cursor node { ${SUBURB_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

export const AdminSuburbSubscriptionsQuery = gql<
  { adminSuburbSubscriptions: Connection<AdminSuburbSubscription> },
  PageVariables & { suburbId: string }
>`
  query AdminSuburbSubscriptions($suburbId: ID!, $first: Int, $after: String) {
    adminSuburbSubscriptions(suburbId: $suburbId, first: $first, after: $after) {
      edges { cursor node { ${SUBSCRIPTION_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const SetSubscribedAgentsMaxMutation = gql<
  { setSuburbSubscribedAgentsMax: AdminSuburb },
  { suburbId: string; subscribedAgentsMax: number }
>`
  mutation SetSuburbSubscribedAgentsMax($suburbId: ID!, $subscribedAgentsMax: Int!) {
    setSuburbSubscribedAgentsMax(suburbId: $suburbId, subscribedAgentsMax: $subscribedAgentsMax) { ${SUBURB_FIELDS} }
  }
`;
export const useSetSubscribedAgentsMax = () => useMutation(SetSubscribedAgentsMaxMutation);

const SetManuallyManagedMutation = gql<
  { setSuburbSubscriptionManuallyManaged: AdminSuburbSubscription },
  { suburbSubscriptionId: string; isManuallyManaged: boolean }
>`
  mutation SetSuburbSubscriptionManuallyManaged($suburbSubscriptionId: ID!, $isManuallyManaged: Boolean!) {
    setSuburbSubscriptionManuallyManaged(suburbSubscriptionId: $suburbSubscriptionId, isManuallyManaged: $isManuallyManaged) {
      ${SUBSCRIPTION_FIELDS}
    }
  }
`;
export const useSetManuallyManaged = () => useMutation(SetManuallyManagedMutation);

const CancelSubscriptionMutation = gql<{ cancelSuburbSubscriptionAsAdmin: AdminSuburbSubscription }, { suburbSubscriptionId: string }>`
  mutation CancelSuburbSubscriptionAsAdmin($suburbSubscriptionId: ID!) {
    cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: $suburbSubscriptionId) { ${SUBSCRIPTION_FIELDS} }
  }
`;
export const useCancelSubscription = () => useMutation(CancelSubscriptionMutation);
