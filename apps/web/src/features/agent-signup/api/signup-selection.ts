/**
 * The suburbs chosen during sign-up, kept on the server as they are chosen: a reload, another
 * tab or a pause to find the card keeps them. `subscribeToSuburbs` empties them on the server, and the cache
 * follows (lib/graphql-client.ts links the query to each save's answer, and to nothing after subscribing).
 */
import { useCallback, useState } from 'react';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { graphql } from '@/generated/graphql';
import type { SuburbRef } from '@/components/suburbs/suburb-api';

export const MySignupSuburbSelectionQuery = graphql(`
  query MySignupSuburbSelection {
    mySignupSuburbSelection {
      id
      name
      state
      postcode
    }
  }
`);

export const SaveSignupSuburbSelectionMutation = graphql(`
  mutation SaveSignupSuburbSelection($suburbIds: [ID!]!) {
    saveSignupSuburbSelection(suburbIds: $suburbIds) {
      id
      name
      state
      postcode
    }
  }
`);

export interface SignupSelection {
  /** The suburbs chosen so far, in the order chosen; null until the server has answered. */
  selected: SuburbRef[] | null;
  error: CombinedError | undefined;
  /** Replaces the choice on the server; resolves with the error, if any (the choice is then unchanged). */
  save: (suburbs: SuburbRef[]) => Promise<CombinedError | null>;
  isSaving: boolean;
}

export function useSignupSelection(): SignupSelection {
  // Network as well as cache: another tab may have changed the choice since this one last read it.
  const [{ data, error }] = useQuery({ query: MySignupSuburbSelectionQuery, requestPolicy: 'cache-and-network' });
  const [, saveSelection] = useMutation(SaveSignupSuburbSelectionMutation);
  const [pending, setPending] = useState(0);
  const save = useCallback(
    async (suburbs: SuburbRef[]) => {
      setPending((n) => n + 1);
      const result = await saveSelection({ suburbIds: suburbs.map((s) => s.id) });
      setPending((n) => n - 1);
      return result.error ?? null;
    },
    [saveSelection],
  );
  return { selected: data?.mySignupSuburbSelection ?? null, error, save, isSaving: pending > 0 };
}
