/** The agent's billing history and tax invoices (issue 14): `myCharges`, `taxInvoice(id)` and its PDF (issue 23). */
import { useClient, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';

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

export const MyChargesQuery = graphql(`
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
`);

const TaxInvoiceQuery = graphql(`
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
`);

export const useTaxInvoice = (id: string) => useQuery({ query: TaxInvoiceQuery, variables: { id } });

const TaxInvoicePdfQuery = graphql(`
  query TaxInvoicePdf($id: ID!) {
    taxInvoice(id: $id) {
      id
      number
      pdfBase64
    }
  }
`);

/** Fetches the invoice's PDF when asked (it is made on the server for each download, so never kept in the cache). */
export function useTaxInvoicePdf() {
  const client = useClient();
  return (id: string) => client.query(TaxInvoicePdfQuery, { id }, { requestPolicy: 'network-only' }).toPromise();
}
