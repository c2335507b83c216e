/**
 * The agent's public profile: the switch (`setAgentPublicProfileVisible`), the address of the page while
 * it is shown, and what keeps it off the public pages (`publicProfileHiddenReasons`, the server's own conditions).
 */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { PublicProfileStateFieldsFragment } from '@/generated/graphql/graphql';

export type { PublicProfileHiddenReason } from '@/generated/graphql/graphql';

export type PublicProfileState = PublicProfileStateFieldsFragment;

export const PublicProfileStateFields = graphql(`
  fragment PublicProfileStateFields on AgentProfile {
    id
    publicProfileVisible
    publicProfileUrl
    publicProfileHiddenReasons
  }
`);

export const MyPublicProfileQuery = graphql(`
  query MyPublicProfile {
    me {
      id
      agentProfile {
        ...PublicProfileStateFields
      }
    }
  }
`);

export const SetAgentPublicProfileVisibleMutation = graphql(`
  mutation SetAgentPublicProfileVisible($visible: Boolean!) {
    setAgentPublicProfileVisible(visible: $visible) {
      ...PublicProfileStateFields
    }
  }
`);

export const useMyPublicProfile = () => useQuery({ query: MyPublicProfileQuery, requestPolicy: 'cache-and-network' });
export const useSetAgentPublicProfileVisible = () => useMutation(SetAgentPublicProfileVisibleMutation);
