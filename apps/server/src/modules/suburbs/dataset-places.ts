import { ADDRESS_SEARCH_MAX_RESULTS, ADDRESS_SEARCH_MIN_CHARS } from '@listwise/domain/constants';
import type { Tx } from '../../db/client.ts';
import { searchSuburbs } from './suburbs.service.ts';
import { describeAddress, parseAddressQuery } from '../../ports/places/address-text.ts';
import type { Places } from '../../ports/places/places.ts';

/**
 * The built-in Places adapter (ARCHITECTURE.md 'Places: Australian suburbs dataset'), needing no outside
 * service. A typed address such as '3/12 Smith St, Bondi' is split into unit, street number, street name and
 * locality; the locality is matched against the suburb dataset and each matching suburb becomes a suggestion.
 * Typing only a locality suggests suburbs with no street, which the web app completes through the manual
 * address modal. It also answers whenever the Google adapter cannot.
 */
export function createDatasetPlaces(db: Tx): Places {
  return {
    provider: 'dataset',
    async suggestAddresses(query) {
      const text = query.slice(0, 200).trim();
      if (text.length < ADDRESS_SEARCH_MIN_CHARS) return [];
      const parsed = parseAddressQuery(text);
      const locality = parsed.locality?.toLowerCase();
      if (!locality || (!/^\d+$/.test(locality) && locality.length < 2)) return [];
      const candidates = await searchSuburbs(db, locality, parsed.state || parsed.postcode ? 50 : ADDRESS_SEARCH_MAX_RESULTS * 2);
      return (
        candidates
          .filter((s) => (!parsed.state || s.state === parsed.state) && (!parsed.postcode || s.postcode === parsed.postcode))
          // An exact name match first ('Bondi' before 'Bondi Beach' and 'Bondi Junction').
          .sort((a, b) => Number(b.searchName === locality) - Number(a.searchName === locality))
          .slice(0, ADDRESS_SEARCH_MAX_RESULTS)
          .map((suburb) => ({
            description: describeAddress(parsed, suburb),
            unitNumber: parsed.unitNumber,
            streetNumber: parsed.streetNumber,
            streetName: parsed.streetName,
            locality: suburb.name,
            state: suburb.state,
            postcode: suburb.postcode,
            // The dataset knows the suburb, not the address: no position to offer.
            location: null,
          }))
      );
    },
  };
}
