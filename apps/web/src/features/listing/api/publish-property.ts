/** Choosing agents and requesting appraisals (spec 001 §7): `agentsForProperty` and `publishProperty`. */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentBadge } from '@listwise/domain/enums';
import type { AgentLicenceMarkData } from '@/components/agent-profile/licence-mark';
import type { ReviewSummaryData } from '@/components/reviews/review-fields';

export interface AgentMedia {
  id: string;
  url: string | null;
  thumbnailUrl: string | null;
}

export interface SuggestedAgent {
  id: string;
  name: string | null;
  agencyName: string | null;
  agencyBio: string | null;
  bio: string | null;
  badge: AgentBadge | null;
  numberOfEngagements: number;
  profilePicture: AgentMedia | null;
  agencyLogo: AgentMedia | null;
  licence: AgentLicenceMarkData | null;
  reviewSummary: ReviewSummaryData;
  /** Null unless the agent's public profile is shown (issue 20). */
  publicProfileUrl: string | null;
}

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
        id
        number
        state
        status
        isVerified
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
