/** Choosing agents and requesting appraisals (spec 001 §7): `agentsForProperty` and `publishProperty`. */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type SuggestedAgent = ResultOf<typeof AgentsForPropertyQuery>['agentsForProperty'][number];

export const AgentsForPropertyQuery = graphql(`
  query AgentsForProperty($propertyId: ID!) {
    agentsForProperty(propertyId: $propertyId) {
      id
      name
      agencyName
      agencyBio
      bio
      badge
      numberOfEngagements
      licence {
        ...AgentLicenceMarkFields
      }
      reviewSummary {
        ...ReviewSummaryFields
      }
      publicProfileUrl
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
`);

export const useAgentsForProperty = (propertyId: string | null) =>
  useQuery({
    query: AgentsForPropertyQuery,
    variables: { propertyId: propertyId ?? '' },
    pause: !propertyId,
    requestPolicy: 'network-only',
  });

export const PublishPropertyMutation = graphql(`
  mutation PublishProperty($propertyId: ID!, $selectedAgents: [ID!]!, $askListwiseForMoreAgents: Boolean) {
    publishProperty(propertyId: $propertyId, selectedAgents: $selectedAgents, askListwiseForMoreAgents: $askListwiseForMoreAgents) {
      id
      state
      submittedAt
    }
  }
`);

export const usePublishProperty = () => useMutation(PublishPropertyMutation);
