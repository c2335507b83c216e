/**
 * The agent's public profile (issue 20): the switch (`setAgentPublicProfileVisible`), the address of the page while
 * it is shown, and what keeps it off the public pages (`publicProfileHiddenReasons`, the server's own conditions).
 */
import { gql, useMutation, useQuery } from 'urql';

export type PublicProfileHiddenReason = 'TURNED_OFF' | 'PROFILE_INCOMPLETE' | 'LICENCE_NOT_VERIFIED' | 'NO_LIVE_SUBSCRIPTION';

export interface PublicProfileState {
  id: string;
  publicProfileVisible: boolean;
  publicProfileUrl: string | null;
  publicProfileHiddenReasons: PublicProfileHiddenReason[];
}

const PublicProfileStateFields = gql`
  fragment PublicProfileStateFields on AgentProfile {
    id
    publicProfileVisible
    publicProfileUrl
    publicProfileHiddenReasons
  }
`;

export const MyPublicProfileQuery = gql<{ me: { id: string; agentProfile: PublicProfileState | null } | null }, Record<string, never>>`
  query MyPublicProfile {
    me {
      id
      agentProfile {
        ...PublicProfileStateFields
      }
    }
  }
  ${PublicProfileStateFields}
`;

export const SetAgentPublicProfileVisibleMutation = gql<{ setAgentPublicProfileVisible: PublicProfileState }, { visible: boolean }>`
  mutation SetAgentPublicProfileVisible($visible: Boolean!) {
    setAgentPublicProfileVisible(visible: $visible) {
      ...PublicProfileStateFields
    }
  }
  ${PublicProfileStateFields}
`;

export const useMyPublicProfile = () => useQuery({ query: MyPublicProfileQuery, requestPolicy: 'cache-and-network' });
export const useSetAgentPublicProfileVisible = () => useMutation(SetAgentPublicProfileVisibleMutation);
