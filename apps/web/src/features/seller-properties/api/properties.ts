/**
 * The seller's properties (spec 001 §7): `myProperties(first, after)` for 'My Properties' (pages merged by
 * Graphcache) and `property(id)` with its media and received appraisals for the property page.
 */
import { gql, useQuery } from 'urql';
import { PAGE_SIZE } from '@listwise/domain/constants';
import type {
  AdditionalFeature,
  CompleteType,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
  PropertyState,
  PropertyType,
  YesNo,
} from '@listwise/domain/enums';
import { UserMediaFields, type UserMedia } from '@/components/media/media-api';

export interface PropertyCardData {
  id: string;
  state: PropertyState;
  completeType: CompleteType | null;
  streetName: string | null;
  streetNumber: string | null;
  unitNumber: string | null;
  suburb: { id: string; name: string; state: string } | null;
  appraisalCount: number;
  isAwaitingVerification: boolean;
  submittedAt: string | null;
  photos: { id: string; userMedia: UserMedia }[];
}

const CardFields = gql`
  fragment PropertyCardFields on Property {
    id
    state
    completeType
    streetName
    streetNumber
    unitNumber
    suburb {
      id
      name
      state
    }
    appraisalCount
    isAwaitingVerification
    submittedAt
    photos {
      id
      userMedia {
        ...UserMediaFields
      }
    }
  }
  ${UserMediaFields}
`;

interface PropertyPage {
  edges: { cursor: string; node: PropertyCardData }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

export const MyPropertiesQuery = gql<{ myProperties: PropertyPage }, { first: number; after?: string | null }>`
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
  ${CardFields}
`;

export const myPropertiesPageSize = PAGE_SIZE;

export interface PropertyMediaItem {
  id: string;
  type: PropertyMediaType;
  order: number;
  userMedia: UserMedia;
}

export interface ReceivedAppraisal {
  id: string;
  sentAt: string | null;
  agent: {
    id: string;
    name: string | null;
    agencyName: string | null;
    profilePicture: { id: string; url: string | null; thumbnailUrl: string | null } | null;
    agencyLogo: { id: string; url: string | null; thumbnailUrl: string | null } | null;
  } | null;
}

export interface PropertyDetailData extends PropertyCardData {
  propertyType: PropertyType | null;
  numberOfBedrooms: number | null;
  numberOfBathrooms: number | null;
  numberOfToilets: number | null;
  numberOfCarSpaces: number | null;
  numberOfLivingSpaces: number | null;
  propertySizeSqm: number | null;
  landSizeSqm: number | null;
  propertyAge: number | null;
  additionalFeatures: AdditionalFeature[];
  capitalImprovements: YesNo | null;
  estimatedSaleValueRange: EstimatedSaleValueRange | null;
  idealTimeframeOfSale: IdealTimeframeOfSale | null;
  preferredMethodOfSale: PreferredMethodOfSale | null;
  areYouThePropertyOwner: YesNo | null;
  additionalInformation: string | null;
  suburb: { id: string; name: string; state: string; postcode: string } | null;
  floorplans: PropertyMediaItem[];
  videos: PropertyMediaItem[];
  photos: PropertyMediaItem[];
  propertyAppraisals: ReceivedAppraisal[];
}

const MEDIA = `id type order userMedia { ...UserMediaFields }`;

export const PropertyDetailQuery = gql<{ property: PropertyDetailData }, { id: string }>`
  query PropertyDetail($id: ID!) {
    property(id: $id) {
      id
      state
      completeType
      streetName
      streetNumber
      unitNumber
      suburb { id name state postcode }
      appraisalCount
      isAwaitingVerification
      submittedAt
      propertyType
      numberOfBedrooms
      numberOfBathrooms
      numberOfToilets
      numberOfCarSpaces
      numberOfLivingSpaces
      propertySizeSqm
      landSizeSqm
      propertyAge
      additionalFeatures
      capitalImprovements
      estimatedSaleValueRange
      idealTimeframeOfSale
      preferredMethodOfSale
      areYouThePropertyOwner
      additionalInformation
      photos { ${MEDIA} }
      floorplans { ${MEDIA} }
      videos { ${MEDIA} }
      propertyAppraisals {
        id
        sentAt
        agent {
          id
          name
          agencyName
          profilePicture { id url thumbnailUrl }
          agencyLogo { id url thumbnailUrl }
        }
      }
    }
  }
  ${UserMediaFields}
`;

export const usePropertyDetail = (id: string) =>
  useQuery({ query: PropertyDetailQuery, variables: { id }, requestPolicy: 'cache-and-network' });
