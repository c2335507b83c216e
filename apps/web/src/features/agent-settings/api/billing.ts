/** The agent's billing history and tax invoices: `myCharges`, `taxInvoice(id)` and its PDF. */
import { useClient, useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type { ChargeKind, ChargeStatus } from '@/generated/graphql/graphql';

export type TaxInvoice = NonNullable<ResultOf<typeof TaxInvoiceQuery>['taxInvoice']>;

export type Charge = ResultOf<typeof MyChargesQuery>['myCharges']['edges'][number]['node'];

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
