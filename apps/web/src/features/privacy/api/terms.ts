/** The terms and privacy policy in force, and accepting them (issue 22). */
import { gql, useMutation, useQuery } from 'urql';
import { CurrentUserFields, type CurrentUser } from '@/lib/current-user';

export const CurrentTermsVersionQuery = gql<{ currentTermsVersion: string }, Record<string, never>>`
  query CurrentTermsVersion {
    currentTermsVersion
  }
`;

export const AcceptTermsMutation = gql<{ acceptTerms: CurrentUser }, { version: string }>`
  mutation AcceptTerms($version: String!) {
    acceptTerms(version: $version) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFields}
`;

export const useCurrentTermsVersion = () => useQuery({ query: CurrentTermsVersionQuery, requestPolicy: 'network-only' });
export const useAcceptTerms = () => useMutation(AcceptTermsMutation);
