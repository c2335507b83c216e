/**
 * Social sign-in on the address step (docs/decisions/0012-social-sign-in.md): `socialSignInProviders` lists the
 * providers configured on the server with the public id each browser SDK needs; `verifySocialSignIn` hands the
 * provider's credential to the server, which checks it with the provider and answers the name and e-mail.
 */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type { AppleUserInput as AppleUserName, SocialSignInProvider } from '@/generated/graphql/graphql';

export type SocialSignInProviderInfo = ResultOf<typeof SocialSignInProvidersQuery>['socialSignInProviders'][number];

export const SocialSignInProvidersQuery = graphql(`
  query SocialSignInProviders {
    socialSignInProviders {
      provider
      clientId
    }
  }
`);

/** One sign-in attempt: the server's single-use nonce, handed to the provider SDK before its popup opens. */
export const StartSocialSignInMutation = graphql(`
  mutation StartSocialSignIn($provider: SocialSignInProvider!) {
    startSocialSignIn(provider: $provider) {
      nonce
      expiresAt
    }
  }
`);

export const VerifySocialSignInMutation = graphql(`
  mutation VerifySocialSignIn($provider: SocialSignInProvider!, $credential: String!, $nonce: String!, $appleUser: AppleUserInput) {
    verifySocialSignIn(provider: $provider, credential: $credential, nonce: $nonce, appleUser: $appleUser) {
      name
      email
    }
  }
`);

export const useSocialSignInProviders = (isPaused: boolean) => useQuery({ query: SocialSignInProvidersQuery, pause: isPaused });
export const useStartSocialSignIn = () => useMutation(StartSocialSignInMutation);
export const useVerifySocialSignIn = () => useMutation(VerifySocialSignInMutation);
