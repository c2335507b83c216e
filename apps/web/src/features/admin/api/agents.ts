/**
 * Agents: the list with search, and one agent's profile, licence state, suspension, cards, subscriptions and charges;
 * suspending an agent and lifting it (issue 23).
 */
import { gql, useMutation } from 'urql';
import type { AgentLicenceStatus } from '@listwise/domain/agent-licence';
import type { AgentBadge } from '@listwise/domain/enums';
import { LEDGER_CHARGE_FIELDS, type LedgerCharge } from '@/features/admin/api/ledger';
import { SUBSCRIPTION_FIELDS, type AdminSuburbSubscription } from '@/features/admin/api/suburbs';
import { PAGE_INFO_FIELDS, type Connection, type PageVariables } from '@/features/admin/api/types';

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

const SUMMARY_FIELDS =
  'id email mobileNumber isEmailVerified createdAt deletedAt profile { id name agencyName badge numberOfEngagements trackRecord { confirmedSales salesWithinRange medianDeviationPercent } licence { id number state status isVerified isExpired expiresOn } suspension { reason suspendedAt } } cards { id cardBrand cardSuffix isDefault expMonth expYear }';

export const AdminAgentsQuery = gql<{ adminAgents: Connection<AdminAgentSummary> }, PageVariables & { search?: string | null }>`
  query AdminAgents($first: Int, $after: String, $search: String) {
    adminAgents(first: $first, after: $after, search: $search) {
      edges { cursor node { ${SUMMARY_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

export const AdminAgentQuery = gql<{ adminAgent: AdminAgentDetail }, { id: string }>`
  query AdminAgent($id: ID!) {
    adminAgent(id: $id) {
      ${SUMMARY_FIELDS}
      subscriptions { ${SUBSCRIPTION_FIELDS} }
      charges(first: 20) { edges { cursor node { ${LEDGER_CHARGE_FIELDS} } } ${PAGE_INFO_FIELDS} }
    }
  }
`;

const SUSPENSION_RESULT = 'id agentProfile { id suspension { reason suspendedAt } }';

const SuspendAgentMutation = gql<{ suspendAgent: { id: string } }, { agentId: string; reason: string }>`
  mutation SuspendAgent($agentId: ID!, $reason: String!) {
    suspendAgent(agentId: $agentId, reason: $reason) { ${SUSPENSION_RESULT} }
  }
`;

const LiftAgentSuspensionMutation = gql<{ liftAgentSuspension: { id: string } }, { agentId: string }>`
  mutation LiftAgentSuspension($agentId: ID!) {
    liftAgentSuspension(agentId: $agentId) { ${SUSPENSION_RESULT} }
  }
`;

export const useSuspendAgent = () => useMutation(SuspendAgentMutation);
export const useLiftAgentSuspension = () => useMutation(LiftAgentSuspensionMutation);
