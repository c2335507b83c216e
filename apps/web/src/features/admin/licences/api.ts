/** 'Licences to check': agents' licences waiting for an operator, and the decision on one. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';
import type { LicenceToCheckFieldsFragment } from '@/generated/graphql/graphql';

export type LicenceToCheck = LicenceToCheckFieldsFragment;

export const LicenceToCheckFields = graphql(`
  fragment LicenceToCheckFields on AgentLicence {
    id
    number
    state
    licenseeName
    status
    submittedAt
    rejectionReason
    expiresOn
    verifiedUntil
    agent {
      id
      name
      agencyName
    }
  }
`);

export const LicencesToCheckQuery = graphql(`
  query AdminLicencesToCheck($first: Int, $after: String) {
    adminLicencesToCheck(first: $first, after: $after) {
      edges {
        cursor
        node {
          ...LicenceToCheckFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const VerifyAgentLicenceMutation = graphql(`
  mutation VerifyAgentLicence($agentId: ID!, $approved: Boolean!, $reason: String) {
    verifyAgentLicence(agentId: $agentId, approved: $approved, reason: $reason) {
      ...LicenceToCheckFields
    }
  }
`);

export const useVerifyAgentLicence = () => useMutation(VerifyAgentLicenceMutation);
