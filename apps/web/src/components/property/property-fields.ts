/**
 * The property as three features read it (the agent's request page, the seller's property page, the listing
 * wizard's draft): one fragment for its details and one for its photos, floor plans and videos, with their types,
 * so the normalised cache always holds the same fields. Each feature adds the few fields only it reads.
 */
import { gql } from 'urql';
import type {
  AdditionalFeature,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
  PropertyState,
  PropertyType,
  YesNo,
} from '@listwise/domain/enums';
import { UserMediaFields, type UserMedia } from '@/components/media/media-api';

export interface PropertyMedia {
  id: string;
  type: PropertyMediaType;
  order: number;
  userMedia: UserMedia;
}

export const PropertyMediaFields = gql`
  fragment PropertyMediaFields on PropertyMedia {
    id
    type
    order
    userMedia {
      ...UserMediaFields
    }
  }
  ${UserMediaFields}
`;

export interface PropertyDetails {
  id: string;
  state: PropertyState;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { id: string; name: string; state: string; postcode: string } | null;
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
  photos: PropertyMedia[];
  floorplans: PropertyMedia[];
  videos: PropertyMedia[];
}

export const PropertyDetailsFields = gql`
  fragment PropertyDetailsFields on Property {
    id
    state
    unitNumber
    streetNumber
    streetName
    suburb {
      id
      name
      state
      postcode
    }
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
    photos {
      ...PropertyMediaFields
    }
    floorplans {
      ...PropertyMediaFields
    }
    videos {
      ...PropertyMediaFields
    }
  }
  ${PropertyMediaFields}
`;
