/**
 * The seller's properties (spec 001 §7): `myProperties(first, after)` for 'My Properties' (pages merged by
 * Graphcache) and `property(id)` with its media and received appraisals for the property page.
 */
import { useQuery, type Client } from 'urql';
import { graphql } from '@/generated/graphql';
import { PAGE_SIZE } from '@listwise/domain/constants';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { PropertyCardFieldsFragment, PropertyMediaFieldsFragment } from '@/generated/graphql/graphql';

export type PropertyCardData = PropertyCardFieldsFragment;

export const CardFields = graphql(`
  fragment PropertyCardFields on Property {
    id
    state
    completeType
    streetName
    streetNumber
    unitNumber
    suburb {
      ...SuburbRefFields
    }
    appraisalCount
    agentsAskedCount
    pendingAppraisalRequestCount
    isAwaitingVerification
    verificationStatus
    submittedAt
    photos {
      id
      userMedia {
        ...UserMediaFields
      }
    }
  }
`);

export const MyPropertiesQuery = graphql(`
  query MyProperties($first: Int, $after: String) {
    myProperties(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...PropertyCardFields
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export const myPropertiesPageSize = PAGE_SIZE;

let prefetchedAt = 0;

/**
 * Whether the first page was just prefetched for the page now rendering (asked once, by that page): then its cached
 * answer is current and the page need not ask the network again.
 */
export function takeFreshPrefetch(): boolean {
  const isFresh = Date.now() - prefetchedAt < 10_000;
  prefetchedAt = 0;
  return isFresh;
}

/** The card's picture: the first photo's thumbnail, once it has been made. */
export const cardThumbnail = (property: PropertyCardData) => {
  const media = property.photos[0]?.userMedia;
  return media?.thumbnailReady ? media.thumbnailUrl : null;
};

/**
 * The seller home's first page, asked for before the page renders (same variables, so it lands in its cache), and
 * the top card's picture with it: on a phone it is the largest thing on the first screen, and its download need not
 * wait for the page to render (the <img> then takes it from the browser's cache; media URLs are immutable).
 */
export async function prefetchFirstPropertiesPage(client: Client) {
  // From the network, whatever the cache holds: the flag below promises an answer fresh enough to show as it is.
  const result = await client
    .query(MyPropertiesQuery, { first: myPropertiesPageSize, after: null }, { requestPolicy: 'network-only' })
    .toPromise();
  if (result.data) prefetchedAt = Date.now();
  const top = result.data?.myProperties.edges[0]?.node;
  const thumbnail = top && cardThumbnail(top);
  if (!thumbnail) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = thumbnail;
}

export type PropertyMediaItem = PropertyMediaFieldsFragment;

export type ReceivedAppraisal = PropertyDetailData['propertyAppraisals'][number];

export type PropertyDetailData = NonNullable<ResultOf<typeof PropertyDetailQuery>['property']>;

/** The seller's cashback claim, once they reported the sale (its status and dates). */
export type CashbackClaim = NonNullable<PropertyDetailData['cashbackClaim']>;

export const PropertyDetailQuery = graphql(`
  query PropertyDetail($id: ID!) {
    property(id: $id) {
      id
      state
      completeType
      streetName
      streetNumber
      unitNumber
      suburb {
        ...SuburbRefFields
      }
      appraisalCount
      isAwaitingVerification
      verificationStatus
      verificationRejectionReason
      canUploadProofOfAuthority
      proofOfAuthority {
        ...ProofOfAuthorityFields
      }
      submittedAt
      appraisalComparison {
        rangeMinDollars
        rangeMaxDollars
        midpointDollars
      }
      ...PublishedListingFields
      cashbackClaim {
        id
        amount
        status
        claimedAt
        confirmedAt
        disputedAt
        paidAt
        maskedBsb
        maskedAccountNumber
      }
      propertyAppraisals {
        id
        sentAt
        sellingRangeMin
        sellingRangeMax
        ...AppraisalFeesFields
        agent {
          id
          name
          agencyName
          profilePicture {
            id
            url
            thumbnailUrl
          }
          agencyLogo {
            id
            url
            thumbnailUrl
          }
        }
      }
    }
  }
`);

export const usePropertyDetail = (id: string) =>
  useQuery({ query: PropertyDetailQuery, variables: { id }, requestPolicy: 'cache-and-network' });
