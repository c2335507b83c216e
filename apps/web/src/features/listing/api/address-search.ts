/**
 * Address suggestions (`searchAddresses`: Google Places when the server has a key, else the suburb dataset), the
 * suburb search of the manual address modal (`searchSuburbs`), and the prefill link's decryption (`listingPrefill`, docs/listing-prefill.md).
 */
import { graphql } from '@/generated/graphql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export type SuburbOption = AddressSuggestion['suburb'];

export type AddressSuggestion = ResultOf<typeof SearchAddressesQuery>['searchAddresses'][number];

export const SearchAddressesQuery = graphql(`
  query SearchAddresses($query: String!) {
    searchAddresses(query: $query) {
      description
      unitNumber
      streetNumber
      streetName
      suburb {
        ...SuburbRefFields
      }
    }
  }
`);

export const SearchSuburbsQuery = graphql(`
  query SearchSuburbsForAddress($query: String!, $first: Int) {
    searchSuburbs(query: $query, first: $first) {
      id
      name
      state
      postcode
    }
  }
`);

export type ListingPrefill = NonNullable<ResultOf<typeof ListingPrefillQuery>['listingPrefill']>;

export const ListingPrefillQuery = graphql(`
  query ListingPrefill($hash: String!) {
    listingPrefill(hash: $hash) {
      address
      name
      email
      consent
      addressSuggestion {
        description
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
