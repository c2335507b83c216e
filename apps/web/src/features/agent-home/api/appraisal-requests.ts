/**
 * The agent's appraisal requests: the two home tabs (relay pages merged by Graphcache), the unseen count of
 * the red badge, one request with its property, and the calls that mark a request seen, accept the payment
 * condition and start a draft.
 */
import { useCallback } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { PAGE_SIZE } from '@listwise/domain/constants';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { AppraisalRequestCardFieldsFragment, PropertyMediaFieldsFragment } from '@/generated/graphql/graphql';

export type PropertyMediaItem = PropertyMediaFieldsFragment;

export type AppraisalRequestCard = AppraisalRequestCardFieldsFragment;

export const CardFields = graphql(`
  fragment AppraisalRequestCardFields on PropertyAppraisalRequest {
    id
    state
    seenByAgent
    detailsHidden
    requestedAt
    expiresAt
    property {
      id
      state
      streetNumber
      streetName
      unitNumber
      numberOfBedrooms
      numberOfBathrooms
      numberOfCarSpaces
      suburb {
        ...SuburbRefFields
      }
      photos {
        ...PropertyMediaFields
      }
      listingUpdatedAt
    }
    propertyAppraisal {
      id
      sentAt
      sellingRangeMin
      sellingRangeMax
      ...AppraisalFeesFields
    }
  }
`);

export type RequestPage = ResultOf<typeof MyPendingAppraisalRequestsQuery>['myPendingAppraisalRequests'];

export const MyPendingAppraisalRequestsQuery = graphql(`
  query MyPendingAppraisalRequests($first: Int!, $after: String) {
    myPendingAppraisalRequests(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AppraisalRequestCardFields
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const MyCompleteAppraisalRequestsQuery = graphql(`
  query MyCompleteAppraisalRequests($first: Int!, $after: String) {
    myCompleteAppraisalRequests(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AppraisalRequestCardFields
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const requestListPageSize = PAGE_SIZE;

export const UnseenAppraisalRequestsCountQuery = graphql(`
  query UnseenAppraisalRequestsCount {
    unseenAppraisalRequestsCount
  }
`);

export const useUnseenAppraisalRequestsCount = (pause = false) => {
  const [{ data }] = useQuery({ query: UnseenAppraisalRequestsCountQuery, requestPolicy: 'cache-and-network', pause });
  return data?.unseenAppraisalRequestsCount ?? 0;
};

/** Re-reads the badge count after a request was opened. */
export const useRefreshUnseenCount = () => {
  const client = useClient();
  return useCallback(() => client.query(UnseenAppraisalRequestsCountQuery, {}, { requestPolicy: 'network-only' }).toPromise(), [client]);
};

export type AppraisalRequestDetail = NonNullable<ResultOf<typeof PropertyAppraisalRequestQuery>['propertyAppraisalRequest']>;

export const PropertyAppraisalRequestQuery = graphql(`
  query PropertyAppraisalRequest($id: ID!) {
    propertyAppraisalRequest(id: $id) {
      id
      state
      seenByAgent
      detailsHidden
      paymentConditionAccepted
      requestedAt
      expiresAt
      draftPropertyAppraisal {
        ...AppraisalValuesFields
      }
      propertyAppraisal {
        ...AppraisalValuesFields
      }
      property {
        id
        state
        completeType
        ...PropertyAnswersFields
        unitNumber
        streetNumber
        streetName
        suburb {
          ...SuburbRefFields
        }
        photos {
          ...PropertyMediaFields
        }
        floorplans {
          ...PropertyMediaFields
        }
        videos {
          ...PropertyMediaFields
        }
        listingUpdatedAt
      }
    }
  }
`);

const SeenMutation = graphql(`
  mutation PropertyAppraisalRequestSeenByAgent($id: ID!) {
    propertyAppraisalRequestSeenByAgent(id: $id) {
      id
      seenByAgent
    }
  }
`);
export const useMarkRequestSeen = () => useMutation(SeenMutation);

const AcceptPaymentConditionMutation = graphql(`
  mutation AcceptPaymentCondition($id: ID!) {
    acceptPaymentCondition(id: $id) {
      id
      detailsHidden
      paymentConditionAccepted
      seenByAgent
    }
  }
`);
export const useAcceptPaymentCondition = () => useMutation(AcceptPaymentConditionMutation);

const StartDraftMutation = graphql(`
  mutation StartNewDraftPropertyAppraisal($id: ID!) {
    startNewDraftPropertyAppraisal(propertyAppraisalRequestId: $id) {
      ...AppraisalValuesFields
    }
  }
`);
export const useStartDraft = () => useMutation(StartDraftMutation);

export const FreeTrialStateQuery = graphql(`
  query AgentFreeTrialState {
    myAgentSuburbSubscriptionFreeTrialState {
      numberOfFreeTrialsClaimed
      totalFreeTrialsAllowed
    }
    mySubscribedSuburbs {
      id
    }
  }
`);

const DeclineRequestMutation = graphql(`
  mutation DeclinePropertyAppraisalRequest($id: ID!, $reason: AppraisalRequestDeclineReason!, $note: String) {
    declinePropertyAppraisalRequest(id: $id, reason: $reason, note: $note) {
      id
      state
      declineReason
      declineNote
      seenByAgent
    }
  }
`);
export const useDeclineRequest = () => useMutation(DeclineRequestMutation);
