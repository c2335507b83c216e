/**
 * What the address step says about a suburb as soon as it knows it: how many agents a seller there can
 * ask now (`servingAgentsCount`, the picker's own rule) and, when none, the nearest suburbs with agents.
 */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type SuburbAgents = ResultOf<typeof SuburbAgentsQuery>['suburbs'][number];

export const SuburbAgentsQuery = graphql(`
  query SuburbAgents($id: ID!) {
    suburbs(ids: [$id]) {
      id
      name
      state
      postcode
      servingAgentsCount
      nearbySuburbsWithAgents {
        distanceKm
        suburb {
          id
          name
          state
          postcode
          servingAgentsCount
        }
      }
    }
  }
`);

export const useSuburbAgents = (suburbId: string | null) =>
  useQuery({ query: SuburbAgentsQuery, variables: { id: suburbId ?? '' }, pause: !suburbId, requestPolicy: 'cache-and-network' });
