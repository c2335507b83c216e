/**
 * Agents: the list with search, and one agent's profile, licence state, suspension, cards, subscriptions and charges;
 * suspending an agent and lifting it (issue 23).
 */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentLicenceStatus } from '@listwise/domain/agent-licence';
import type { AgentBadge } from '@listwise/domain/enums';
import { type LedgerCharge } from '@/features/admin/api/ledger';
import { type AdminSuburbSubscription } from '@/features/admin/api/suburbs';
import { type Connection } from '@/features/admin/api/types';

export interface AdminAgentSummary {
  id: string;
  email: string | null;
  mobileNumber: string | null;
  isEmailVerified: boolean;
  createdAt: string;
  /** The agent closed the account (issue 22): name, e-mail, phone and photos are erased. */
  deletedAt: string | null;
  profile: {
    id: string;
    name: string | null;
    agencyName: string | null;
    badge: AgentBadge | null;
    numberOfEngagements: number;
    trackRecord: { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } | null;
    licence: {
      id: string;
      number: string | null;
      state: string;
      status: AgentLicenceStatus;
      isVerified: boolean;
      isExpired: boolean;
      expiresOn: string | null;
    } | null;
    suspension: { reason: string; suspendedAt: string } | null;
  } | null;
  cards: { id: string; cardBrand: string; cardSuffix: string; isDefault: boolean; expMonth: number | null; expYear: number | null }[];
}

export interface AdminAgentDetail extends AdminAgentSummary {
  subscriptions: AdminSuburbSubscription[];
  charges: Connection<LedgerCharge>;
}

export const AdminAgentSummaryFields = graphql(`
  fragment AdminAgentSummaryFields on AdminAgent {
    id email mobileNumber isEmailVerified createdAt deletedAt profile { id name agencyName badge numberOfEngagements trackRecord { confirmedSales salesWithinRange medianDeviationPercent } licence { id number state status isVerified isExpired expiresOn } suspension { reason suspendedAt } } cards { id cardBrand cardSuffix isDefault expMonth expYear }
  }
`);

export const AdminAgentsQuery = graphql(`
  query AdminAgents($first: Int, $after: String, $search: String) {
    adminAgents(first: $first, after: $after, search: $search) {
      edges { cursor node { ...AdminAgentSummaryFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const AdminAgentQuery = graphql(`
  query AdminAgent($id: ID!) {
    adminAgent(id: $id) {
      ...AdminAgentSummaryFields
      subscriptions { ...AdminSuburbSubscriptionFields }
      charges(first: 20) { edges { cursor node { ...LedgerChargeFields } } pageInfo { hasNextPage endCursor } }
    }
  }
`);

export const AgentSuspensionResultFields = graphql(`
  fragment AgentSuspensionResultFields on User {
    id agentProfile { id suspension { reason suspendedAt } }
  }
`);

const SuspendAgentMutation = graphql(`
  mutation SuspendAgent($agentId: ID!, $reason: String!) {
    suspendAgent(agentId: $agentId, reason: $reason) { ...AgentSuspensionResultFields }
  }
`);

const LiftAgentSuspensionMutation = graphql(`
  mutation LiftAgentSuspension($agentId: ID!) {
    liftAgentSuspension(agentId: $agentId) { ...AgentSuspensionResultFields }
  }
`);

export const useSuspendAgent = () => useMutation(SuspendAgentMutation);
export const useLiftAgentSuspension = () => useMutation(LiftAgentSuspensionMutation);
