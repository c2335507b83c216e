/** The Details tab's calls (spec 000 §7 `updateUserDetails`, `updateUserPassword`): both answer the user. */
import { gql, useMutation } from 'urql';
import { CurrentUserFields, type CurrentUser } from '@/lib/current-user';

export const UpdateAgentDetailsMutation = gql<
  { updateUserDetails: CurrentUser },
  { name: string; email: string; mobileNumber: string; currentPassword?: string }
>`
  mutation UpdateAgentDetails($name: String, $email: String, $mobileNumber: String, $currentPassword: String) {
    updateUserDetails(name: $name, email: $email, mobileNumber: $mobileNumber, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFields}
`;

export const UpdateAgentPasswordMutation = gql<{ updateUserPassword: CurrentUser }, { password: string; currentPassword?: string }>`
  mutation UpdateAgentPassword($password: String!, $currentPassword: String) {
    updateUserPassword(password: $password, currentPassword: $currentPassword) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFields}
`;

export const useUpdateAgentDetails = () => useMutation(UpdateAgentDetailsMutation);
export const useUpdateAgentPassword = () => useMutation(UpdateAgentPasswordMutation);

/** The agent's own track record (issue 11): the record sellers see beside their appraisals. */
export const MyTrackRecordQuery = gql<
  {
    me: {
      id: string;
      agentProfile: {
        id: string;
        trackRecord: { confirmedSales: number; salesWithinRange: number; medianDeviationPercent: number } | null;
      } | null;
    } | null;
  },
  Record<string, never>
>`
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
`;
