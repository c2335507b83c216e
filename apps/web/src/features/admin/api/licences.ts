/** 'Licences to check' (issue 12): agents' licences waiting for an operator, and the decision on one. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { AgentLicenceStatus } from '@listwise/domain/agent-licence';
import type { AustralianState } from '@listwise/domain/enums';

export interface LicenceToCheck {
  id: string;
  number: string | null;
  state: AustralianState;
  licenseeName: string | null;
  status: AgentLicenceStatus;
  submittedAt: string;
  rejectionReason: string | null;
  expiresOn: string | null;
  verifiedUntil: string | null;
  agent: { id: string; name: string | null; agencyName: string | null } | null;
}

export const LicenceToCheckFields = graphql(`
  fragment LicenceToCheckFields on AgentLicence {
    id number state licenseeName status submittedAt rejectionReason expiresOn verifiedUntil agent { id name agencyName }
  }
`);

export const LicencesToCheckQuery = graphql(`
  query AdminLicencesToCheck($first: Int, $after: String) {
    adminLicencesToCheck(first: $first, after: $after) {
      edges { cursor node { ...LicenceToCheckFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const VerifyAgentLicenceMutation = graphql(`
  mutation VerifyAgentLicence($agentId: ID!, $approved: Boolean!, $reason: String) {
    verifyAgentLicence(agentId: $agentId, approved: $approved, reason: $reason) { ...LicenceToCheckFields }
  }
`);

export const useVerifyAgentLicence = () => useMutation(VerifyAgentLicenceMutation);
