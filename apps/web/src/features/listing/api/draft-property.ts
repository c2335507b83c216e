/**
 * The seller's draft property and the wizard's calls on it (spec 001 §7): `currentDraftProperty`,
 * `startNewDraftProperty`, `updatePropertyDetails`, `updatePropertyType`, `updatePropertySaleInformation`,
 * and the photo calls. Every mutation answers the whole draft, so Graphcache keeps one Property entity current.
 */
import { gql, useMutation, useQuery } from 'urql';
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
import type { QuestionRequirements } from '@listwise/domain/question-requirements';
import { PropertyMediaFields, type UserMedia } from '@/components/media/media-api';
import { PropertyAnswersFields, type PropertyAnswers } from '@/components/property/property-answers';
import { PROOF_OF_AUTHORITY_FIELDS, type ProofOfAuthority } from '@/components/property/proof-of-authority-api';

export interface DraftPropertyMedia {
  id: string;
  type: PropertyMediaType;
  order: number;
  userMedia: UserMedia;
}

export interface DraftProperty extends PropertyAnswers {
  id: string;
  state: PropertyState;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { id: string; name: string; state: string; postcode: string } | null;
  noPropertyOwnerReason: string | null;
  /** Proof of authority to sell, uploaded in the sale-info step when the seller is not the owner (issue 23 item 14). */
  proofOfAuthority: ProofOfAuthority | null;
  photos: DraftPropertyMedia[];
  floorplans: DraftPropertyMedia[];
  videos: DraftPropertyMedia[];
  questionRequirements: QuestionRequirements;
}

export const DraftPropertyFields = gql`
  fragment DraftPropertyFields on Property {
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
    ...PropertyAnswersFields
    noPropertyOwnerReason
    ${PROOF_OF_AUTHORITY_FIELDS}
    photos {
      ...PropertyMediaFields
    }
    floorplans {
      ...PropertyMediaFields
    }
    videos {
      ...PropertyMediaFields
    }
    questionRequirements {
      numberOfBedrooms
      numberOfBathrooms
      numberOfToilets
      numberOfCarSpaces
      numberOfLivingSpaces
      propertySizeSqm
      landSizeSqm
      propertyAge
      additionalFeatures
    }
  }
  ${PropertyMediaFields}
  ${PropertyAnswersFields}
`;

export const CurrentDraftPropertyQuery = gql<{ currentDraftProperty: DraftProperty | null }, Record<string, never>>`
  query CurrentDraftProperty {
    currentDraftProperty {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

/** The draft, re-read from the server on each step (another tab or device may have changed it). */
export const useCurrentDraftProperty = (pause = false) =>
  useQuery({ query: CurrentDraftPropertyQuery, pause, requestPolicy: 'cache-and-network' });

export interface DraftAddressVariables {
  suburbId: string;
  streetName: string;
  streetNumber?: string | null;
  unitNumber?: string | null;
}

export const StartNewDraftPropertyMutation = gql<{ startNewDraftProperty: DraftProperty }, DraftAddressVariables>`
  mutation StartNewDraftProperty($suburbId: ID!, $streetName: String!, $streetNumber: String, $unitNumber: String) {
    startNewDraftProperty(suburbId: $suburbId, streetName: $streetName, streetNumber: $streetNumber, unitNumber: $unitNumber) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export interface PropertyDetailsInput {
  suburbId?: string;
  streetName?: string;
  streetNumber?: string | null;
  unitNumber?: string | null;
  numberOfBedrooms?: number | null;
  numberOfBathrooms?: number | null;
  numberOfToilets?: number | null;
  numberOfCarSpaces?: number | null;
  numberOfLivingSpaces?: number | null;
  additionalFeatures?: AdditionalFeature[];
  propertySizeSqm?: number | null;
  landSizeSqm?: number | null;
  propertyAge?: number | null;
  capitalImprovements?: YesNo | null;
}

export const UpdatePropertyDetailsMutation = gql<
  { updatePropertyDetails: DraftProperty },
  { propertyId: string; propertyDetails: PropertyDetailsInput }
>`
  mutation UpdatePropertyDetails($propertyId: ID!, $propertyDetails: PropertyDetailsInput!) {
    updatePropertyDetails(propertyId: $propertyId, propertyDetails: $propertyDetails) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export const UpdatePropertyTypeMutation = gql<{ updatePropertyType: DraftProperty }, { propertyId: string; propertyType: PropertyType }>`
  mutation UpdatePropertyType($propertyId: ID!, $propertyType: PropertyType!) {
    updatePropertyType(propertyId: $propertyId, propertyType: $propertyType) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export interface PropertySaleInformationInput {
  estimatedSaleValueRange: EstimatedSaleValueRange;
  idealTimeframeOfSale: IdealTimeframeOfSale;
  preferredMethodOfSale: PreferredMethodOfSale;
  areYouThePropertyOwner: YesNo;
  noPropertyOwnerReason?: string | null;
}

export const UpdatePropertySaleInformationMutation = gql<
  { updatePropertySaleInformation: DraftProperty },
  { propertyId: string; propertySaleInformation?: PropertySaleInformationInput; additionalInformation?: string | null }
>`
  mutation UpdatePropertySaleInformation(
    $propertyId: ID!
    $propertySaleInformation: PropertySaleInformationInput
    $additionalInformation: String
  ) {
    updatePropertySaleInformation(
      propertyId: $propertyId
      propertySaleInformation: $propertySaleInformation
      additionalInformation: $additionalInformation
    ) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export const AttachUserMediaToDraftPropertyMutation = gql<
  { attachUserMediaToDraftProperty: DraftProperty },
  { propertyId: string; propertyMediaType: PropertyMediaType; userMediaId: string }
>`
  mutation AttachUserMediaToDraftProperty($propertyId: ID!, $propertyMediaType: PropertyMediaType!, $userMediaId: ID!) {
    attachUserMediaToDraftProperty(propertyId: $propertyId, propertyMediaType: $propertyMediaType, userMediaId: $userMediaId) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export const RemovePropertyMediaFromDraftPropertyMutation = gql<
  { removePropertyMediaFromDraftProperty: DraftProperty },
  { propertyMediaId: string }
>`
  mutation RemovePropertyMediaFromDraftProperty($propertyMediaId: ID!) {
    removePropertyMediaFromDraftProperty(propertyMediaId: $propertyMediaId) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export const ReorderDraftPropertyMediaMutation = gql<
  { reorderDraftPropertyMedia: DraftProperty },
  { propertyId: string; propertyMediaIds: string[] }
>`
  mutation ReorderDraftPropertyMedia($propertyId: ID!, $propertyMediaIds: [ID!]!) {
    reorderDraftPropertyMedia(propertyId: $propertyId, propertyMediaIds: $propertyMediaIds) {
      ...DraftPropertyFields
    }
  }
  ${DraftPropertyFields}
`;

export const useStartNewDraftProperty = () => useMutation(StartNewDraftPropertyMutation);
export const useUpdatePropertyDetails = () => useMutation(UpdatePropertyDetailsMutation);
export const useUpdatePropertyType = () => useMutation(UpdatePropertyTypeMutation);
export const useUpdatePropertySaleInformation = () => useMutation(UpdatePropertySaleInformationMutation);
export const useAttachUserMediaToDraftProperty = () => useMutation(AttachUserMediaToDraftPropertyMutation);
export const useRemovePropertyMediaFromDraftProperty = () => useMutation(RemovePropertyMediaFromDraftPropertyMutation);
export const useReorderDraftPropertyMedia = () => useMutation(ReorderDraftPropertyMediaMutation);
