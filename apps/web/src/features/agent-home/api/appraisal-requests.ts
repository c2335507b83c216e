/**
 * The agent's appraisal requests: the two home tabs (relay pages merged by Graphcache), the unseen count of
 * the red badge, one request with its property, and the calls that mark a request seen, accept the payment
 * condition and start a draft.
 */
import { useCallback } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AppraisalRequestState, CompleteType, PropertyMediaType, PropertyState } from '@listwise/domain/enums';
import { PAGE_SIZE } from '@listwise/domain/constants';
import { type PropertyAnswers } from '@/components/property/property-answers';
import { type AppraisalMedia, type AppraisalValues } from '@/components/appraisal/appraisal-fields';

export interface PropertyMediaItem {
  id: string;
  type: PropertyMediaType;
  order: number;
  userMedia: AppraisalMedia;
}

export interface AppraisalRequestCard {
  id: string;
  state: AppraisalRequestState;
  seenByAgent: boolean;
  detailsHidden: boolean;
  requestedAt: string;
  expiresAt: string;
  property: {
    id: string;
    state: PropertyState;
    streetNumber: string | null;
    streetName: string | null;
    unitNumber: string | null;
    numberOfBedrooms: number | null;
    numberOfBathrooms: number | null;
    numberOfCarSpaces: number | null;
    suburb: { id: string; name: string; state: string } | null;
    photos: PropertyMediaItem[];
    /** When the seller last changed the published listing (issue 14). */
    listingUpdatedAt: string | null;
  };
  propertyAppraisal: {
    id: string;
    sentAt: string | null;
    sellingRangeMin: number | null;
    sellingRangeMax: number | null;
    marketingFee: AppraisalValues['marketingFee'];
    commission: AppraisalValues['commission'];
  } | null;
}

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
        id
        name
        state
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
      marketingFee {
        id
        costDollars
        marketingInclusions
      }
      commission {
        id
        commissionType
        percentageRate
        flatFeeCostDollars
      }
    }
  }
`);

export interface RequestPage {
  edges: { cursor: string; node: AppraisalRequestCard }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

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

export interface AppraisalRequestDetail {
  id: string;
  state: AppraisalRequestState;
  seenByAgent: boolean;
  detailsHidden: boolean;
  paymentConditionAccepted: boolean;
  requestedAt: string;
  expiresAt: string;
  draftPropertyAppraisal: AppraisalValues | null;
  propertyAppraisal: AppraisalValues | null;
  property: PropertyAnswers & {
    id: string;
    state: PropertyState;
    completeType: CompleteType | null;
    unitNumber: string | null;
    streetNumber: string | null;
    streetName: string | null;
    suburb: { id: string; name: string; state: string; postcode: string } | null;
    photos: PropertyMediaItem[];
    floorplans: PropertyMediaItem[];
    videos: PropertyMediaItem[];
    listingUpdatedAt: string | null;
  };
}

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
          id
          name
          state
          postcode
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
  mutation DeclinePropertyAppraisalRequest($id: ID!, $reason: AppraisalRequestDeclineReason!) {
    declinePropertyAppraisalRequest(id: $id, reason: $reason) {
      id
      state
      declineReason
      seenByAgent
    }
  }
`);
export const useDeclineRequest = () => useMutation(DeclineRequestMutation);
