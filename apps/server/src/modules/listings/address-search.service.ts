import { and, eq, or } from 'drizzle-orm';
import { ADDRESS_SEARCH_MAX_RESULTS, ADDRESS_SEARCH_MIN_CHARS } from '@listwise/domain/constants';
import type { Tx } from '../../db/client.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { describeAddress } from '../../ports/places/address-text.ts';
import type { PlaceAddress, SuggestContext } from '../../ports/places/places.ts';
import { distanceKm } from '../suburbs/suburb-dataset.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';

/**
 * Address suggestions for the listing address step (spec 000 §5 'Address search', §7 'Other'). The Places port
 * supplies addresses (the suburb dataset, or Google Places when configured); each must land in one of our
 * suburbs, because the property stores a suburb id and agents subscribe by suburb. A suggestion whose locality
 * matches none of them is dropped.
 */
export interface AddressSuggestion {
  description: string;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: SuburbRow;
}

/**
 * The suburb of each address: same name and state, the same postcode when one matches, else (a postcode
 * missing, or one the dataset files the locality under differently) the only suburb of that name in the state,
 * or the one nearest the address when several share the name ('Punchbowl NSW' is 2196 in Sydney and 2460 near
 * Grafton). Without a state, only the position decides; without either, an ambiguous name matches nothing.
 */
async function matchSuburbs(db: Tx, addresses: PlaceAddress[]): Promise<(SuburbRow | null)[]> {
  // Typographic apostrophes ('O’Connor') as the dataset writes them ("O'Connor").
  const keys = addresses.map((a) => ({ name: a.locality.trim().toLowerCase().replace(/[‘’]/g, "'"), state: a.state }));
  if (!keys.length) return [];
  const rows = await db
    .select()
    .from(suburbs)
    .where(
      or(...keys.map((k) => (k.state ? and(eq(suburbs.searchName, k.name), eq(suburbs.state, k.state)) : eq(suburbs.searchName, k.name)))),
    );
  return addresses.map((address, i) => {
    const { name, state } = keys[i]!;
    const pool = rows.filter((r) => r.searchName === name && (!state || r.state === state));
    const samePostcode = address.postcode ? pool.filter((r) => r.postcode === address.postcode) : [];
    if (samePostcode.length === 1) return samePostcode[0]!;
    const candidates = samePostcode.length ? samePostcode : pool;
    if (candidates.length === 1 && state) return candidates[0]!;
    const location = address.location;
    if (!location || !candidates.length) return null;
    return candidates.reduce((nearest, row) => (distanceKm(location, row) < distanceKm(location, nearest) ? row : nearest));
  });
}

/** `searchAddresses(query)`: at most 5 suggestions once 3 characters are typed, each in one of our suburbs. */
export async function searchAddresses(
  deps: Pick<Deps, 'db' | 'places'>,
  query: string,
  context: SuggestContext,
): Promise<AddressSuggestion[]> {
  const text = query.slice(0, 200).trim();
  if (text.length < ADDRESS_SEARCH_MIN_CHARS) return [];
  const addresses = await deps.places.suggestAddresses(text, context);
  const matched = await matchSuburbs(deps.db, addresses);
  const suggestions = new Map<string, AddressSuggestion>();
  addresses.forEach((address, i) => {
    const suburb = matched[i];
    if (!suburb) return;
    // Written from our suburb, so the line the seller picks names the suburb, state and postcode we store.
    const description = describeAddress(address, suburb);
    if (!suggestions.has(description)) {
      suggestions.set(description, {
        description,
        unitNumber: address.unitNumber,
        streetNumber: address.streetNumber,
        streetName: address.streetName,
        suburb,
      });
    }
  });
  return [...suggestions.values()].slice(0, ADDRESS_SEARCH_MAX_RESULTS);
}
