import { useMutation } from 'urql';
import { graphql } from '@/generated/graphql';

export const LoginMutation = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      user {
        ...CurrentUserFields
      }
    }
  }
`);

export const useLoginMutation = () => useMutation(LoginMutation);
