/** The Details tab's calls (spec 000 §7 `updateUserDetails`, `updateUserPassword`): both answer the user. */
import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const UpdateAgentDetailsMutation = graphql(`
  mutation UpdateAgentDetails($name: String, $email: String, $mobileNumber: String, $currentPassword: String) {
    updateUserDetails(name: $name, email: $email, mobileNumber: $mobileNumber, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
`);

export const UpdateAgentPasswordMutation = graphql(`
  mutation UpdateAgentPassword($password: String!, $currentPassword: String) {
    updateUserPassword(password: $password, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
`);

export const useUpdateAgentDetails = () => useMutation(UpdateAgentDetailsMutation);
export const useUpdateAgentPassword = () => useMutation(UpdateAgentPasswordMutation);

/** The agent's own track record: the record sellers see beside their appraisals. */
export const MyTrackRecordQuery = graphql(`
  query MyTrackRecord {
    me {
      id
      agentProfile {
        id
        trackRecord {
          confirmedSales
          salesWithinRange
          medianDeviationPercent
        }
      }
    }
  }
`);
