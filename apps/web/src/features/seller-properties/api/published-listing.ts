/**
 * The seller's published listing: `agentsAsked` on the property page, and the calls that edit it
 * (`updatePublishedProperty`, photos added and removed) and withdraw it (`withdrawProperty`). Each answers the
 * property with the fields the property page shows, so the normalised cache updates the page.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { PublishedListingFieldsFragment } from '@/generated/graphql/graphql';

export type AgentAsked = PublishedListingFieldsFragment['agentsAsked'][number];

/** The fields of the property page an edit or a withdrawal changes. */
export const PublishedListingFields = graphql(`
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
    isWaitingForAgentAlert
    agentsAsked {
      id
      progress
      declineReason
      declineNote
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
`);

export type { PublishedPropertyChangesInput as PublishedPropertyChanges } from '@/generated/graphql/graphql';

const UpdatePublishedPropertyMutation = graphql(`
  mutation UpdatePublishedProperty($propertyId: ID!, $changes: PublishedPropertyChangesInput!) {
    updatePublishedProperty(propertyId: $propertyId, changes: $changes) {
      ...PublishedListingFields
    }
  }
`);

const AttachUserMediaToPublishedPropertyMutation = graphql(`
  mutation AttachUserMediaToPublishedProperty($propertyId: ID!, $propertyMediaType: PropertyMediaType!, $userMediaId: ID!) {
    attachUserMediaToPublishedProperty(propertyId: $propertyId, propertyMediaType: $propertyMediaType, userMediaId: $userMediaId) {
      ...PublishedListingFields
    }
  }
`);

const RemovePropertyMediaFromPublishedPropertyMutation = graphql(`
  mutation RemovePropertyMediaFromPublishedProperty($propertyMediaId: ID!) {
    removePropertyMediaFromPublishedProperty(propertyMediaId: $propertyMediaId) {
      ...PublishedListingFields
    }
  }
`);

const WithdrawPropertyMutation = graphql(`
  mutation WithdrawProperty($propertyId: ID!, $completeType: CompleteType!) {
    withdrawProperty(propertyId: $propertyId, completeType: $completeType) {
      ...PublishedListingFields
    }
  }
`);

const RelistPropertyMutation = graphql(`
  mutation RelistProperty($propertyId: ID!) {
    relistProperty(propertyId: $propertyId) {
      ...PublishedListingFields
    }
  }
`);

export const useRelistProperty = () => useMutation(RelistPropertyMutation);
export const useUpdatePublishedProperty = () => useMutation(UpdatePublishedPropertyMutation);
export const useAttachUserMediaToPublishedProperty = () => useMutation(AttachUserMediaToPublishedPropertyMutation);
export const useRemovePropertyMediaFromPublishedProperty = () => useMutation(RemovePropertyMediaFromPublishedPropertyMutation);
export const useWithdrawProperty = () => useMutation(WithdrawPropertyMutation);

/** The agents serving the listing's suburb, to ask more of them (after one declined or let it expire). */
export const OtherAgentsQuery = graphql(`
  query OtherAgentsForProperty($propertyId: ID!) {
    agentsForProperty(propertyId: $propertyId) {
      id
      name
      agencyName
      licence {
        ...AgentLicenceMarkFields
      }
    }
  }
`);

const RequestAppraisalsFromMoreAgentsMutation = graphql(`
  mutation RequestAppraisalsFromMoreAgents($propertyId: ID!, $selectedAgents: [ID!]!) {
    requestAppraisalsFromMoreAgents(propertyId: $propertyId, selectedAgents: $selectedAgents) {
      ...PublishedListingFields
    }
  }
`);

export const useRequestAppraisalsFromMoreAgents = () => useMutation(RequestAppraisalsFromMoreAgentsMutation);

const AskToBeToldWhenAgentJoinsMutation = graphql(`
  mutation AskToBeToldWhenAgentJoins($propertyId: ID!) {
    askToBeToldWhenAgentJoins(propertyId: $propertyId) {
      id
      isWaitingForAgentAlert
    }
  }
`);

export const useAskToBeToldWhenAgentJoins = () => useMutation(AskToBeToldWhenAgentJoinsMutation);
