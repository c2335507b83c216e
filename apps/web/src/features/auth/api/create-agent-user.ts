import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const CreateAgentUserMutation = graphql(`
  mutation CreateAgentUser($email: String!, $password: String!) {
    createAgentUser(email: $email, password: $password) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const useCreateAgentUserMutation = () => useMutation(CreateAgentUserMutation);
