/** The terms and privacy policy in force, what changed since the version the user accepted, and accepting them. */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';

export const CurrentTermsVersionQuery = graphql(`
  query CurrentTermsVersion {
    currentTermsVersion
    me {
      id
      termsChanges {
        version
        whatChanged
      }
    }
  }
`);

export const AcceptTermsMutation = graphql(`
  mutation AcceptTerms($version: String!) {
    acceptTerms(version: $version) {
      ...CurrentUserFields
    }
  }
`);

export const useCurrentTermsVersion = () => useQuery({ query: CurrentTermsVersionQuery, requestPolicy: 'network-only' });
export const useAcceptTerms = () => useMutation(AcceptTermsMutation);
