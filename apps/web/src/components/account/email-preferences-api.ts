import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

/** The reader's optional e-mail categories: `User.emailPreferences`, `updateEmailPreference`. */
export type EmailPreference = NonNullable<ResultOf<typeof EmailPreferencesQuery>['me']>['emailPreferences'][number];

export const EmailPreferencesQuery = graphql(`
  query EmailPreferences {
    me {
      id
      emailPreferences {
        category
        enabled
      }
    }
  }
`);

export const UpdateEmailPreferenceMutation = graphql(`
  mutation UpdateEmailPreference($category: EmailCategory!, $enabled: Boolean!) {
    updateEmailPreference(category: $category, enabled: $enabled) {
      id
      emailPreferences {
        category
        enabled
      }
    }
  }
`);

/** The /unsubscribe page: what a link stops (before the click) and the click itself, both without a session. */
export const UnsubscribeLinkQuery = graphql(`
  query UnsubscribeLink($token: String!) {
    unsubscribeLink(token: $token) {
      category
    }
  }
`);

export const UnsubscribeWithLinkMutation = graphql(`
  mutation UnsubscribeWithLink($token: String!) {
    unsubscribeWithLink(token: $token) {
      category
    }
  }
`);

export const useEmailPreferences = () => useQuery({ query: EmailPreferencesQuery, requestPolicy: 'cache-and-network' });
export const useUpdateEmailPreference = () => useMutation(UpdateEmailPreferenceMutation);
