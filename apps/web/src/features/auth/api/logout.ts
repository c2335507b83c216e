import { gql } from 'urql';

/** Revokes the current session token on the server. */
export const LogoutMutation = gql<{ logout: boolean }, Record<string, never>>`
  mutation Logout {
    logout
  }
`;
