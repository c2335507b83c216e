/** The cashback a seller receives when their property sells through a Listwise agent (a server setting). */
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';

export const StaticCashbackAmountQuery = graphql(`
  query StaticCashbackAmount {
    staticCashbackAmount
  }
`);

export const useStaticCashbackAmount = () => useQuery({ query: StaticCashbackAmountQuery });
