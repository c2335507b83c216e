/**
 * The seller's draft property and the wizard's calls on it (spec 001 §7): `currentDraftProperty`,
 * `startNewDraftProperty`, `updatePropertyDetails`, `updatePropertyType`, `updatePropertySaleInformation`,
 * and the photo calls. Every mutation answers the whole draft, so Graphcache keeps one Property entity current.
 */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { DraftPropertyFieldsFragment, PropertyMediaFieldsFragment } from '@/generated/graphql/graphql';

export type DraftPropertyMedia = PropertyMediaFieldsFragment;

export type DraftProperty = DraftPropertyFieldsFragment;

export const DraftPropertyFields = graphql(`
  fragment DraftPropertyFields on Property {
    id
    state
    unitNumber
    streetNumber
    streetName
    suburb {
      ...SuburbRefFields
    }
    ...PropertyAnswersFields
    noPropertyOwnerReason
    proofOfAuthority {
      ...ProofOfAuthorityFields
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
`);

export const CurrentDraftPropertyQuery = graphql(`
  query CurrentDraftProperty {
    currentDraftProperty {
      ...DraftPropertyFields
    }
  }
`);

/** The draft, re-read from the server on each step (another tab or device may have changed it). */
export const useCurrentDraftProperty = (pause = false) =>
  useQuery({ query: CurrentDraftPropertyQuery, pause, requestPolicy: 'cache-and-network' });

export const StartNewDraftPropertyMutation = graphql(`
  mutation StartNewDraftProperty($suburbId: ID!, $streetName: String!, $streetNumber: String, $unitNumber: String) {
    startNewDraftProperty(suburbId: $suburbId, streetName: $streetName, streetNumber: $streetNumber, unitNumber: $unitNumber) {
      ...DraftPropertyFields
    }
  }
`);

export type { PropertyDetailsInput, PropertySaleInformationInput } from '@/generated/graphql/graphql';

export const UpdatePropertyDetailsMutation = graphql(`
  mutation UpdatePropertyDetails($propertyId: ID!, $propertyDetails: PropertyDetailsInput!) {
    updatePropertyDetails(propertyId: $propertyId, propertyDetails: $propertyDetails) {
      ...DraftPropertyFields
    }
  }
`);

export const UpdatePropertyTypeMutation = graphql(`
  mutation UpdatePropertyType($propertyId: ID!, $propertyType: PropertyType!) {
    updatePropertyType(propertyId: $propertyId, propertyType: $propertyType) {
      ...DraftPropertyFields
    }
  }
`);

export const UpdatePropertySaleInformationMutation = graphql(`
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
`);

export const AttachUserMediaToDraftPropertyMutation = graphql(`
  mutation AttachUserMediaToDraftProperty($propertyId: ID!, $propertyMediaType: PropertyMediaType!, $userMediaId: ID!) {
    attachUserMediaToDraftProperty(propertyId: $propertyId, propertyMediaType: $propertyMediaType, userMediaId: $userMediaId) {
      ...DraftPropertyFields
    }
  }
`);

export const RemovePropertyMediaFromDraftPropertyMutation = graphql(`
  mutation RemovePropertyMediaFromDraftProperty($propertyMediaId: ID!) {
    removePropertyMediaFromDraftProperty(propertyMediaId: $propertyMediaId) {
      ...DraftPropertyFields
    }
  }
`);

export const ReorderDraftPropertyMediaMutation = graphql(`
  mutation ReorderDraftPropertyMedia($propertyId: ID!, $propertyMediaIds: [ID!]!) {
    reorderDraftPropertyMedia(propertyId: $propertyId, propertyMediaIds: $propertyMediaIds) {
      ...DraftPropertyFields
    }
  }
`);

export const useStartNewDraftProperty = () => useMutation(StartNewDraftPropertyMutation);
export const useUpdatePropertyDetails = () => useMutation(UpdatePropertyDetailsMutation);
export const useUpdatePropertyType = () => useMutation(UpdatePropertyTypeMutation);
export const useUpdatePropertySaleInformation = () => useMutation(UpdatePropertySaleInformationMutation);
export const useAttachUserMediaToDraftProperty = () => useMutation(AttachUserMediaToDraftPropertyMutation);
export const useRemovePropertyMediaFromDraftProperty = () => useMutation(RemovePropertyMediaFromDraftPropertyMutation);
export const useReorderDraftPropertyMedia = () => useMutation(ReorderDraftPropertyMediaMutation);
