/**
 * The agent's confirmation of a sale (spec 000 'Sale confirmation'): `propertySale(id)` with the client's name
 * and the address, `confirmPropertySale(id, salePrice, contractDate)` and `disputePropertySale(id, reason)`.
 */
import { gql, useMutation, useQuery } from 'urql';

export type LeadFeeStatus = 'NOT_DUE' | 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface PropertySale {
  id: string;
  sellerName: string;
  confirmedAt: string | null;
  salePrice: number | null;
  contractDate: string | null;
  leadFeeStatus: LeadFeeStatus;
  /** When the agent answered 'this is not my sale'. */
  disputedAt: string | null;
  /** The contract dates accepted (YYYY-MM-DD): from the listing to today, where the property is. */
  contractDateEarliest: string | null;
  contractDateLatest: string;
  /** Ready wording for the agent to disclose the lead fee to the vendor (NSW s 47, QLD s 157, SA s 24C). */
  leadFeeVendorDisclosure: string;
  property: {
    id: string;
    unitNumber: string | null;
    streetNumber: string | null;
    streetName: string | null;
    suburb: { id: string; name: string; state: string; postcode: string } | null;
  };
}

export const PropertySaleQuery = gql<{ propertySale: PropertySale }, { id: string }>`
  query PropertySale($id: ID!) {
    propertySale(id: $id) {
      id
      sellerName
      confirmedAt
      salePrice
      contractDate
      leadFeeStatus
      disputedAt
      contractDateEarliest
      contractDateLatest
      leadFeeVendorDisclosure
      property {
        id
        unitNumber
        streetNumber
        streetName
        suburb {
          id
          name
          state
          postcode
        }
      }
    }
  }
`;

export const usePropertySale = (id: string) =>
  useQuery({ query: PropertySaleQuery, variables: { id }, requestPolicy: 'cache-and-network' });

const ConfirmPropertySaleMutation = gql<
  { confirmPropertySale: Pick<PropertySale, 'id' | 'confirmedAt' | 'salePrice' | 'contractDate' | 'leadFeeStatus'> },
  { id: string; salePrice: number; contractDate: string }
>`
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
`;

export const useConfirmPropertySale = () => useMutation(ConfirmPropertySaleMutation);

const DisputePropertySaleMutation = gql<
  { disputePropertySale: Pick<PropertySale, 'id' | 'disputedAt' | 'confirmedAt' | 'leadFeeStatus'> },
  { id: string; reason: string | null }
>`
  mutation DisputePropertySale($id: ID!, $reason: String) {
    disputePropertySale(id: $id, reason: $reason) {
      id
      disputedAt
      confirmedAt
      leadFeeStatus
    }
  }
`;

export const useDisputePropertySale = () => useMutation(DisputePropertySaleMutation);
