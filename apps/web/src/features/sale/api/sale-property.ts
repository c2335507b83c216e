/**
 * The seller's side of a sale (spec 001 'Sale status and cashback claim'): the property with the agents who
 * appraised it, and the two calls that complete it, `propertyCompletedWithoutListwise` and
 * `propertySoldThroughListwise` (the cashback claim with bank details).
 */
import { useMutation, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type SaleAgent = NonNullable<SaleProperty['propertyAppraisals'][number]['agent']>;

export type SaleProperty = NonNullable<ResultOf<typeof SalePropertyQuery>['property']>;

export const SalePropertyQuery = graphql(`
  query SaleProperty($id: ID!) {
    property(id: $id) {
      id
      state
      completeType
      unitNumber
      streetNumber
      streetName
      suburb {
        ...SuburbRefFields
      }
      propertyAppraisals {
        id
        agent {
          id
          name
          agencyName
          profilePicture {
            id
            thumbnailUrl
            url
          }
        }
      }
    }
  }
`);

export const useSaleProperty = (id: string) =>
  useQuery({ query: SalePropertyQuery, variables: { id }, requestPolicy: 'cache-and-network' });

/** The agents who sent an appraisal, once each, in the order their appraisals arrived. */
export const appraisingAgents = (property: SaleProperty): SaleAgent[] => {
  const seen = new Set<string>();
  return property.propertyAppraisals.flatMap((a) => {
    if (!a.agent || seen.has(a.agent.id)) return [];
    seen.add(a.agent.id);
    return [a.agent];
  });
};

const CompletedWithoutListwiseMutation = graphql(`
  mutation PropertyCompletedWithoutListwise($propertyId: ID!, $completeType: CompleteType!) {
    propertyCompletedWithoutListwise(propertyId: $propertyId, completeType: $completeType) {
      id
      state
      completeType
    }
  }
`);

export const useCompletedWithoutListwise = () => useMutation(CompletedWithoutListwiseMutation);

const SoldThroughListwiseMutation = graphql(`
  mutation PropertySoldThroughListwise(
    $propertyId: ID!
    $sellingAgentId: ID!
    $accountName: String!
    $accountNumber: String!
    $bsb: String!
  ) {
    propertySoldThroughListwise(
      propertyId: $propertyId
      sellingAgentId: $sellingAgentId
      accountName: $accountName
      accountNumber: $accountNumber
      bsb: $bsb
    ) {
      id
      state
      completeType
    }
  }
`);

export const useSoldThroughListwise = () => useMutation(SoldThroughListwiseMutation);
