/** The cashback a seller receives when their property sells through a Listwise agent (a server setting). */
import { gql, useQuery } from 'urql';

export const StaticCashbackAmountQuery = gql<{ staticCashbackAmount: number }, Record<string, never>>`
  query StaticCashbackAmount {
    staticCashbackAmount
  }
`;

export const useStaticCashbackAmount = () => useQuery({ query: StaticCashbackAmountQuery });
