/**
 * The agent's confirmation of a sale (spec 000 'Sale confirmation'): `propertySale(id)` with the client's name
 * and the address, `confirmPropertySale(id, salePrice, contractDate)` and `disputePropertySale(id, reason)`.
 */
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '@/generated/graphql';

export const PropertySaleQuery = graphql(`
  query PropertySale($id: ID!) {
    propertySale(id: $id) {
      id
      sellerName
      confirmedAt
      salePrice
      contractDate
      leadFeeStatus
      disputedAt
      voidedAt
      contractDateEarliest
      contractDateLatest
      leadFeeVendorDisclosure
      leadFee {
        excludingGstDollars
        includingGstDollars
      }
      property {
        id
        unitNumber
        streetNumber
        streetName
        suburb {
          ...SuburbRefFields
        }
      }
    }
  }
`);

/** The sale the agent confirms or disputes, as `propertySale` selects it. */
export type PropertySale = NonNullable<ResultOf<typeof PropertySaleQuery>['propertySale']>;

export const usePropertySale = (id: string) =>
  useQuery({ query: PropertySaleQuery, variables: { id }, requestPolicy: 'cache-and-network' });

const ConfirmPropertySaleMutation = graphql(`
  mutation ConfirmPropertySale($id: ID!, $salePrice: Float!, $contractDate: String!) {
    confirmPropertySale(id: $id, salePrice: $salePrice, contractDate: $contractDate) {
      id
      confirmedAt
      salePrice
      contractDate
      leadFeeStatus
      # Refreshes the agent's badge in the menu (the AgentProfile in the cache).
      sellingAgentProfile {
        id
        badge
        numberOfEngagements
      }
    }
  }
`);

export const useConfirmPropertySale = () => useMutation(ConfirmPropertySaleMutation);

const DisputePropertySaleMutation = graphql(`
  mutation DisputePropertySale($id: ID!, $reason: String) {
    disputePropertySale(id: $id, reason: $reason) {
      id
      disputedAt
      confirmedAt
      leadFeeStatus
    }
  }
`);

export const useDisputePropertySale = () => useMutation(DisputePropertySaleMutation);
