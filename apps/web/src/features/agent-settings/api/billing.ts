/** The agent's billing history and tax invoices (issue 14): `myCharges`, `taxInvoice(id)` and its PDF (issue 23). */
import { gql, useClient, useQuery } from 'urql';

export type ChargeKind = 'SUBSCRIPTION' | 'RENEWAL' | 'LEAD_FEE';
export type ChargeStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';

export interface TaxInvoice {
  id: string;
  number: string;
  issuedAt: string;
  supplierName: string;
  supplierAbn: string;
  customerName: string;
  customerEmail: string | null;
  customerAgencyName: string | null;
  customerAgencyAbn: string | null;
  description: string;
  amountExcludingGst: number;
  gst: number;
  total: number;
}

export interface Charge {
  id: string;
  kind: ChargeKind;
  description: string;
  amount: number;
  gst: number;
  status: ChargeStatus;
  createdAt: string;
  invoice: Pick<TaxInvoice, 'id' | 'number'> | null;
}

export const MyChargesQuery = gql<
  { myCharges: { edges: { cursor: string; node: Charge }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } },
  { first: number; after?: string | null }
>`
  query MyCharges($first: Int, $after: String) {
    myCharges(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          kind
          description
          amount
          gst
          status
          createdAt
          invoice {
            id
            number
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

const TaxInvoiceQuery = gql<{ taxInvoice: TaxInvoice }, { id: string }>`
  query TaxInvoice($id: ID!) {
    taxInvoice(id: $id) {
      id
      number
      issuedAt
      supplierName
      supplierAbn
      customerName
      customerEmail
      customerAgencyName
      customerAgencyAbn
      description
      amountExcludingGst
      gst
      total
    }
  }
`;

export const useTaxInvoice = (id: string) => useQuery({ query: TaxInvoiceQuery, variables: { id } });

const TaxInvoicePdfQuery = gql<{ taxInvoice: { id: string; number: string; pdfBase64: string } }, { id: string }>`
  query TaxInvoicePdf($id: ID!) {
    taxInvoice(id: $id) {
      id
      number
      pdfBase64
    }
  }
`;

/** Fetches the invoice's PDF when asked (it is made on the server for each download, so never kept in the cache). */
export function useTaxInvoicePdf() {
  const client = useClient();
  return (id: string) => client.query(TaxInvoicePdfQuery, { id }, { requestPolicy: 'network-only' }).toPromise();
}
