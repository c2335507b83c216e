/**
 * Agents: the list with search, and one agent's profile, licence state, suspension, cards, subscriptions and charges;
 * suspending an agent and lifting it.
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AdminAgentSummaryFieldsFragment } from '@/generated/graphql/graphql';

export type AdminAgentSummary = AdminAgentSummaryFieldsFragment;

export const AdminAgentSummaryFields = graphql(`
  fragment AdminAgentSummaryFields on AdminAgent {
    id
    email
    mobileNumber
    isEmailVerified
    createdAt
    deletedAt
    profile {
      id
      name
      agencyName
      badge
      numberOfEngagements
      trackRecord {
        confirmedSales
        salesWithinRange
        medianDeviationPercent
      }
      licence {
        id
        number
        state
        status
        isVerified
        isExpired
        expiresOn
      }
      suspension {
        reason
        suspendedAt
      }
    }
    cards {
      id
      cardBrand
      cardSuffix
      isDefault
      expMonth
      expYear
    }
  }
`);

export const AdminAgentsQuery = graphql(`
  query AdminAgents($first: Int, $after: String, $search: String) {
    adminAgents(first: $first, after: $after, search: $search) {
      edges {
        cursor
        node {
          ...AdminAgentSummaryFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const AdminAgentQuery = graphql(`
  query AdminAgent($id: ID!) {
    adminAgent(id: $id) {
      ...AdminAgentSummaryFields
      subscriptions {
        ...AdminSuburbSubscriptionFields
      }
      charges(first: 20) {
        edges {
          cursor
          node {
            ...LedgerChargeFields
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const AgentSuspensionResultFields = graphql(`
  fragment AgentSuspensionResultFields on User {
    id
    agentProfile {
      id
      suspension {
        reason
        suspendedAt
      }
    }
  }
`);

const SuspendAgentMutation = graphql(`
  mutation SuspendAgent($agentId: ID!, $reason: String!) {
    suspendAgent(agentId: $agentId, reason: $reason) {
      ...AgentSuspensionResultFields
    }
  }
`);

const LiftAgentSuspensionMutation = graphql(`
  mutation LiftAgentSuspension($agentId: ID!) {
    liftAgentSuspension(agentId: $agentId) {
      ...AgentSuspensionResultFields
    }
  }
`);

export const useSuspendAgent = () => useMutation(SuspendAgentMutation);
export const useLiftAgentSuspension = () => useMutation(LiftAgentSuspensionMutation);
