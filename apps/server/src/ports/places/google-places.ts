import { randomUUID } from 'node:crypto';
import { ADDRESS_SEARCH_MAX_RESULTS } from '@listwise/domain/constants';
import { parseAddressQuery, STATES, type ParsedAddress } from './address-text.ts';
import type { PlaceAddress, Places } from './places.ts';

/**
 * The Google Places adapter (GOOGLE_MAPS_API_KEY), on Places API (New) over HTTPS: an Autocomplete request
 * restricted to Australian addresses, then a Place Details request per prediction for its address components,
 * because every suggestion must name its suburb, state and postcode before the seller picks it (the GraphQL
 * `searchAddresses` answers suburbs). Each search is its own autocomplete session: the session token goes on the
 * Autocomplete request and on the first Place Details request, which closes the session (a token kept across
 * keystrokes would be closed by the first keystroke's details anyway, and Google bills a reused token per request).
 * Anything but an answer (an HTTP error, a timeout, an unreadable body) throws `PlacesProviderError`; the
 * caller answers from the suburb dataset instead (places.ts).
 */
export interface GooglePlacesOptions {
  apiKey: string;
  /** `https://places.googleapis.com` unless pointed at a stand-in (GOOGLE_PLACES_BASE_URL). */
  baseUrl: string;
  /** Time allowed for one whole search: the Autocomplete request and its Place Details requests. */
  timeoutMs?: number;
}

export class PlacesProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, or null when no answer came. */
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'PlacesProviderError';
  }
}

export const GOOGLE_PLACES_TIMEOUT_MS = 2_500;
// Street addresses, units, named buildings and streets: no businesses, landmarks or whole suburbs.
const ADDRESS_TYPES = ['street_address', 'subpremise', 'premise', 'route'];
const AUTOCOMPLETE_FIELD_MASK = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text';
// All three are Place Details Essentials fields; `location` only chooses between two suburbs of the same name.
const DETAILS_FIELD_MASK = 'addressComponents,formattedAddress,location';
const LANGUAGE = 'en-AU';
const STATE_NAMES: Record<string, string> = {
  'australian capital territory': 'ACT',
  'new south wales': 'NSW',
  'northern territory': 'NT',
  queensland: 'QLD',
  'south australia': 'SA',
  tasmania: 'TAS',
  victoria: 'VIC',
  'western australia': 'WA',
};

interface AutocompleteResponse {
  suggestions?: { placePrediction?: { placeId?: string; text?: { text?: string } } }[];
}

interface AddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

interface PlaceResponse {
  formattedAddress?: string;
  addressComponents?: AddressComponent[];
  location?: { latitude?: number; longitude?: number };
}

export function createGooglePlaces(options: GooglePlacesOptions): Places {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? GOOGLE_PLACES_TIMEOUT_MS;

  /** One request; null for 404 (a place that no longer exists), `PlacesProviderError` for anything unusable. */
  async function request<T>(url: string, init: RequestInit & { signal: AbortSignal }): Promise<T | null> {
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, init);
      body = await response.text();
    } catch (error) {
      const isTimeout = (error as Error).name === 'TimeoutError';
      throw new PlacesProviderError(
        isTimeout
          ? `Google Places did not answer within ${timeoutMs} ms`
          : `Google Places could not be reached: ${(error as Error).message}`,
        null,
        { cause: error },
      );
    }
    if (response.status === 404) return null;
    if (!response.ok) {
      // Google's errors read { error: { code, message, status } }; the message never carries the key.
      let reason = body.slice(0, 200);
      try {
        const parsed = JSON.parse(body) as { error?: { status?: string; message?: string } };
        if (parsed.error) reason = `${parsed.error.status ?? ''} ${parsed.error.message ?? ''}`.trim().slice(0, 200);
      } catch {
        // not JSON: keep the start of the body
      }
      throw new PlacesProviderError(`Google Places answered ${response.status}: ${reason}`, response.status);
    }
    try {
      return JSON.parse(body) as T;
    } catch (error) {
      throw new PlacesProviderError('Google Places answered with something other than JSON', response.status, { cause: error });
    }
  }

  const headers = (fieldMask: string) => ({ 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': fieldMask });

  async function autocomplete(input: string, sessionToken: string, signal: AbortSignal): Promise<string[]> {
    const answer = await request<AutocompleteResponse>(`${baseUrl}/v1/places:autocomplete`, {
      method: 'POST',
      headers: { ...headers(AUTOCOMPLETE_FIELD_MASK), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        input,
        includedRegionCodes: ['au'],
        includedPrimaryTypes: ADDRESS_TYPES,
        languageCode: LANGUAGE,
        regionCode: 'au',
        sessionToken,
      }),
      signal,
    });
    if (answer === null) throw new PlacesProviderError('Google Places answered 404 to an autocomplete request', 404);
    const placeIds = (answer.suggestions ?? []).map((s) => s.placePrediction?.placeId).filter((id): id is string => !!id);
    return [...new Set(placeIds)].slice(0, ADDRESS_SEARCH_MAX_RESULTS);
  }

  async function placeDetails(placeId: string, sessionToken: string | null, signal: AbortSignal): Promise<PlaceResponse | null> {
    const query = new URLSearchParams({ languageCode: LANGUAGE, regionCode: 'au' });
    if (sessionToken) query.set('sessionToken', sessionToken);
    return request<PlaceResponse>(`${baseUrl}/v1/places/${encodeURIComponent(placeId)}?${query}`, {
      method: 'GET',
      headers: headers(DETAILS_FIELD_MASK),
      signal,
    });
  }

  return {
    provider: 'google',
    async suggestAddresses(query) {
      const input = query.slice(0, 200).trim();
      const sessionToken = randomUUID();
      // One deadline for the whole search; the first failure also cancels the details requests still open.
      const failed = new AbortController();
      const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), failed.signal]);
      const placeIds = await autocomplete(input, sessionToken, signal);
      const places = await Promise.all(
        placeIds.map((placeId, i) =>
          placeDetails(placeId, i === 0 ? sessionToken : null, signal).catch((error: unknown) => {
            failed.abort();
            throw error;
          }),
        ),
      );
      const typed = parseAddressQuery(input);
      return places.map((place) => (place ? toPlaceAddress(place, typed) : null)).filter((a): a is PlaceAddress => a !== null);
    },
  };
}

const text = (component: AddressComponent | undefined, form: 'longText' | 'shortText' = 'longText') => component?.[form]?.trim() || null;

/** 'NSW' from the state component's short or long form; null for anything that is not an Australian state. */
function toState(component: AddressComponent | undefined): string | null {
  const short = text(component, 'shortText')?.toUpperCase();
  if (short && STATES.includes(short)) return short;
  return STATE_NAMES[text(component)?.toLowerCase() ?? ''] ?? null;
}

/** 'Unit 3' → '3'; other subpremises ('Level 2', '3A') stay as written. */
const toUnit = (value: string | null) => value?.replace(/^(?:unit|apartment|apt|flat|suite)\s+/i, '') || null;

/**
 * A Place Details answer as our address parts. Null when it is not an Australian address with a locality.
 * Google often answers a unit's address with the whole building: the unit the seller typed is kept when the
 * street number is the one typed.
 */
function toPlaceAddress(place: PlaceResponse, typed: ParsedAddress): PlaceAddress | null {
  const components = place.addressComponents ?? [];
  const component = (...types: string[]) => types.map((type) => components.find((c) => c.types?.includes(type))).find(Boolean);
  const country = text(component('country'), 'shortText');
  if (country && country.toUpperCase() !== 'AU') return null;
  const locality = text(component('locality', 'postal_town', 'sublocality_level_1', 'sublocality'));
  if (!locality) return null;
  const streetNumber = text(component('street_number'));
  let unitNumber = toUnit(text(component('subpremise')));
  if (!unitNumber && typed.unitNumber && streetNumber && typed.streetNumber === streetNumber.replace(/\s+/g, '').toUpperCase()) {
    unitNumber = typed.unitNumber;
  }
  const postcode = text(component('postal_code'));
  const { latitude, longitude } = place.location ?? {};
  return {
    description: place.formattedAddress?.replace(/,\s*Australia$/i, '').trim() || locality,
    unitNumber,
    streetNumber,
    streetName: text(component('route')),
    locality,
    state: toState(component('administrative_area_level_1')),
    postcode: postcode && /^\d{4}$/.test(postcode) ? postcode : null,
    location: Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude: latitude!, longitude: longitude! } : null,
  };
}
