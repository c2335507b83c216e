import { graphql } from '@/generated/graphql';

/** Revokes the current session token on the server. */
export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);
