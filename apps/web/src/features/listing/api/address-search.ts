/**
 * Address suggestions (`searchAddresses`: Google Places when the server has a key, else the suburb dataset), the
 * suburb search of the manual address modal (`searchSuburbs`), and the prefill link's decryption (`listingPrefill`, docs/listing-prefill.md).
 */
import { graphql } from '@/generated/graphql';

export interface SuburbOption {
  id: string;
  name: string;
  state: string;
  postcode: string;
}

export interface AddressSuggestion {
  description: string;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: SuburbOption;
}

export const SearchAddressesQuery = graphql(`
  query SearchAddresses($query: String!) {
    searchAddresses(query: $query) {
      description
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

export interface ListingPrefill {
  address: string | null;
  name: string | null;
  email: string | null;
  consent: boolean;
  addressSuggestion: AddressSuggestion | null;
}

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
          id
          name
          state
          postcode
        }
      }
    }
  }
`);
