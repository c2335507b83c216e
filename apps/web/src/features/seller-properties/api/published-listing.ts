/**
 * The seller's published listing (issue 14): `agentsAsked` on the property page, and the calls that edit it
 * (`updatePublishedProperty`, photos added and removed) and withdraw it (`withdrawProperty`). Each answers the
 * property with the fields the property page shows, so the normalised cache updates the page.
 */
import { gql, useMutation } from 'urql';
import type { AppraisalRequestDeclineReason, AppraisalRequestProgress } from '@listwise/domain/appraisal-request-progress';
import type {
  AdditionalFeature,
  CompleteType,
  EstimatedSaleValueRange,
  IdealTimeframeOfSale,
  PreferredMethodOfSale,
  PropertyMediaType,
  PropertyType,
  YesNo,
} from '@listwise/domain/enums';
import { PropertyMediaFields } from '@/components/media/media-api';
import { PropertyAnswersFields } from '@/components/property/property-answers';

export interface AgentAsked {
  id: string | null;
  progress: AppraisalRequestProgress;
  declineReason: AppraisalRequestDeclineReason | null;
  requestedAt: string | null;
  expiresAt: string | null;
  propertyAppraisalId: string | null;
  agent: { id: string; name: string | null; agencyName: string | null; profilePicture: { id: string; thumbnailUrl: string | null } | null };
}

/** The fields of the property page an edit or a withdrawal changes. */
export const PublishedListingFields = gql`
  fragment PublishedListingFields on Property {
    id
    state
    completeType
    listingUpdatedAt
    agentsAskedCount
    pendingAppraisalRequestCount
    isAwaitingVerification
    ...PropertyAnswersFields
    photos {
      ...PropertyMediaFields
    }
    floorplans {
      ...PropertyMediaFields
    }
    videos {
      ...PropertyMediaFields
    }
    agentsAsked {
      id
      progress
      declineReason
      requestedAt
      expiresAt
      propertyAppraisalId
      agent {
        id
        name
        agencyName
        profilePicture {
          id
          thumbnailUrl
        }
      }
    }
  }
  ${PropertyMediaFields}
  ${PropertyAnswersFields}
`;

export interface PublishedPropertyChanges {
  propertyType?: PropertyType;
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
  estimatedSaleValueRange?: EstimatedSaleValueRange;
  idealTimeframeOfSale?: IdealTimeframeOfSale;
  preferredMethodOfSale?: PreferredMethodOfSale;
  additionalInformation?: string | null;
}

type Changed = { id: string };

const UpdatePublishedPropertyMutation = gql<
  { updatePublishedProperty: Changed },
  { propertyId: string; changes: PublishedPropertyChanges }
>`
  mutation UpdatePublishedProperty($propertyId: ID!, $changes: PublishedPropertyChangesInput!) {
    updatePublishedProperty(propertyId: $propertyId, changes: $changes) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

const AttachUserMediaToPublishedPropertyMutation = gql<
  { attachUserMediaToPublishedProperty: Changed },
  { propertyId: string; propertyMediaType: PropertyMediaType; userMediaId: string }
>`
  mutation AttachUserMediaToPublishedProperty($propertyId: ID!, $propertyMediaType: PropertyMediaType!, $userMediaId: ID!) {
    attachUserMediaToPublishedProperty(propertyId: $propertyId, propertyMediaType: $propertyMediaType, userMediaId: $userMediaId) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

const RemovePropertyMediaFromPublishedPropertyMutation = gql<
  { removePropertyMediaFromPublishedProperty: Changed },
  { propertyMediaId: string }
>`
  mutation RemovePropertyMediaFromPublishedProperty($propertyMediaId: ID!) {
    removePropertyMediaFromPublishedProperty(propertyMediaId: $propertyMediaId) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

const WithdrawPropertyMutation = gql<{ withdrawProperty: Changed }, { propertyId: string; completeType: CompleteType }>`
  mutation WithdrawProperty($propertyId: ID!, $completeType: CompleteType!) {
    withdrawProperty(propertyId: $propertyId, completeType: $completeType) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

const RelistPropertyMutation = gql<{ relistProperty: Changed & { agentsAsked: AgentAsked[] } }, { propertyId: string }>`
  mutation RelistProperty($propertyId: ID!) {
    relistProperty(propertyId: $propertyId) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

export const useRelistProperty = () => useMutation(RelistPropertyMutation);
export const useUpdatePublishedProperty = () => useMutation(UpdatePublishedPropertyMutation);
export const useAttachUserMediaToPublishedProperty = () => useMutation(AttachUserMediaToPublishedPropertyMutation);
export const useRemovePropertyMediaFromPublishedProperty = () => useMutation(RemovePropertyMediaFromPublishedPropertyMutation);
export const useWithdrawProperty = () => useMutation(WithdrawPropertyMutation);

/** The agents serving the listing's suburb, to ask more of them (issue 23: after one declined or let it expire). */
export const OtherAgentsQuery = gql<
  { agentsForProperty: { id: string; name: string | null; agencyName: string | null }[] },
  { propertyId: string }
>`
  query OtherAgentsForProperty($propertyId: ID!) {
    agentsForProperty(propertyId: $propertyId) {
      id
      name
      agencyName
    }
  }
`;

const RequestAppraisalsFromMoreAgentsMutation = gql<
  { requestAppraisalsFromMoreAgents: Changed & { agentsAsked: AgentAsked[] } },
  { propertyId: string; selectedAgents: string[] }
>`
  mutation RequestAppraisalsFromMoreAgents($propertyId: ID!, $selectedAgents: [ID!]!) {
    requestAppraisalsFromMoreAgents(propertyId: $propertyId, selectedAgents: $selectedAgents) {
      ...PublishedListingFields
    }
  }
  ${PublishedListingFields}
`;

export const useRequestAppraisalsFromMoreAgents = () => useMutation(RequestAppraisalsFromMoreAgentsMutation);
