/** 'Licences to check' (issue 12): agents' licences waiting for an operator, and the decision on one. */
import { gql, useMutation } from 'urql';
import type { AgentLicenceStatus } from '@listwise/domain/agent-licence';
import type { AustralianState } from '@listwise/domain/enums';
import { PAGE_INFO_FIELDS, type Connection, type PageVariables } from '@/features/admin/api/types';

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

const LICENCE_FIELDS =
  'id number state licenseeName status submittedAt rejectionReason expiresOn verifiedUntil agent { id name agencyName }';

export const LicencesToCheckQuery = gql<{ adminLicencesToCheck: Connection<LicenceToCheck> }, PageVariables>`
  query AdminLicencesToCheck($first: Int, $after: String) {
    adminLicencesToCheck(first: $first, after: $after) {
      edges { cursor node { ${LICENCE_FIELDS} } }
      ${PAGE_INFO_FIELDS}
    }
  }
`;

const VerifyAgentLicenceMutation = gql<
  { verifyAgentLicence: LicenceToCheck },
  { agentId: string; approved: boolean; reason?: string | null }
>`
  mutation VerifyAgentLicence($agentId: ID!, $approved: Boolean!, $reason: String) {
    verifyAgentLicence(agentId: $agentId, approved: $approved, reason: $reason) { ${LICENCE_FIELDS} }
  }
`;

export const useVerifyAgentLicence = () => useMutation(VerifyAgentLicenceMutation);
