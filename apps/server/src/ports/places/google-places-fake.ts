import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: a stand-in for Google Places API (New) on 127.0.0.1, answering Autocomplete and Place Details the
 * way the API reference documents them (JSON bodies, `{ error: { code, message, status } }` failures), and
 * recording every request so a test can check what the adapter sent. Point GOOGLE_PLACES_BASE_URL at `url`.
 */
export interface RecordedPlacesRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | null;
  fieldMask: string | null;
  body: Record<string, unknown> | null;
}

export interface FakePlaceAnswer {
  formattedAddress?: string;
  addressComponents?: { longText: string; shortText: string; types: string[]; languageCode?: string }[];
  location?: { latitude: number; longitude: number };
}

export interface FakeGooglePlaces {
  url: string;
  requests: RecordedPlacesRequest[];
  /** Autocomplete input (lower case, trimmed) → the place ids it predicts, in order. */
  predictions: Map<string, string[]>;
  /** Place id → its Place Details answer; unknown ids answer 404 NOT_FOUND. */
  places: Map<string, FakePlaceAnswer>;
  /** When set, requests of that kind answer with this HTTP status and a Google-style error (or `raw`, as HTML). */
  failWith: { kind: 'autocomplete' | 'details' | 'any'; status: number; raw?: string } | null;
  /** When set, every answer waits this long first. */
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const googleError = (status: number, message: string) => ({ error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });

export async function startFakeGooglePlaces(): Promise<FakeGooglePlaces> {
  const pending = new Set<NodeJS.Timeout>();
  const fake: Omit<FakeGooglePlaces, 'url' | 'close'> = {
    requests: [],
    predictions: new Map(),
    places: new Map(),
    failWith: null,
    delayMs: 0,
    reset() {
      fake.requests.length = 0;
      fake.predictions.clear();
      fake.places.clear();
      fake.failWith = null;
      fake.delayMs = 0;
    },
  };

  const answer = (method: string, path: string, body: Record<string, unknown> | null): { status: number; body: unknown; raw?: string } => {
    const isAutocomplete = method === 'POST' && path === '/v1/places:autocomplete';
    const detailsId = method === 'GET' ? path.match(/^\/v1\/places\/([^/:]+)$/)?.[1] : undefined;
    if (!isAutocomplete && !detailsId) return { status: 404, body: googleError(404, `Method not found: ${method} ${path}`) };
    const failure = fake.failWith;
    if (failure && (failure.kind === 'any' || failure.kind === (isAutocomplete ? 'autocomplete' : 'details'))) {
      return { status: failure.status, body: googleError(failure.status, 'The service is currently unavailable.'), raw: failure.raw };
    }
    if (isAutocomplete) {
      const input = String(body?.input ?? '')
        .trim()
        .toLowerCase();
      const ids = fake.predictions.get(input) ?? [];
      // No predictions: Google answers an empty object, not an empty list.
      if (!ids.length) return { status: 200, body: {} };
      return {
        status: 200,
        body: {
          suggestions: ids.map((placeId) => ({
            placePrediction: {
              placeId,
              text: { text: fake.places.get(placeId)?.formattedAddress ?? placeId },
            },
          })),
        },
      };
    }
    const place = fake.places.get(decodeURIComponent(detailsId!));
    if (!place) return { status: 404, body: googleError(404, `Place ID is no longer valid.`) };
    return { status: 200, body: place };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null; // not JSON: recorded as no body
      }
      fake.requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        apiKey: (req.headers['x-goog-api-key'] as string | undefined) ?? null,
        fieldMask: (req.headers['x-goog-fieldmask'] as string | undefined) ?? null,
        body,
      });
      const result = answer(req.method ?? '', url.pathname, body);
      const send = () => {
        if (res.destroyed) return;
        if (result.raw !== undefined) {
          res.writeHead(result.status, { 'content-type': 'text/html; charset=UTF-8' });
          return res.end(result.raw);
        }
        res.writeHead(result.status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(result.body));
      };
      if (!fake.delayMs) return send();
      const timer = setTimeout(() => {
        pending.delete(timer);
        send();
      }, fake.delayMs);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A Place Details answer shaped like Google's for an Australian address. */
export function australianPlace(address: {
  unit?: string;
  number?: string;
  street?: { long: string; short: string };
  locality: string;
  state: { long: string; short: string };
  postcode?: string;
  location: { latitude: number; longitude: number };
}): FakePlaceAnswer {
  const components: NonNullable<FakePlaceAnswer['addressComponents']> = [];
  const add = (longText: string, shortText: string, ...types: string[]) =>
    components.push({ longText, shortText, types, languageCode: 'en' });
  if (address.unit) add(address.unit, address.unit, 'subpremise');
  if (address.number) add(address.number, address.number, 'street_number');
  if (address.street) add(address.street.long, address.street.short, 'route');
  add(address.locality, address.locality, 'locality', 'political');
  add(`${address.locality} Council`, address.locality, 'administrative_area_level_2', 'political');
  add(address.state.long, address.state.short, 'administrative_area_level_1', 'political');
  add('Australia', 'AU', 'country', 'political');
  if (address.postcode) add(address.postcode, address.postcode, 'postal_code');
  const street = address.street
    ? `${address.unit ? `${address.unit}/` : ''}${address.number ? `${address.number} ` : ''}${address.street.short}, `
    : '';
  return {
    formattedAddress: `${street}${address.locality} ${address.state.short}${address.postcode ? ` ${address.postcode}` : ''}, Australia`,
    addressComponents: components,
    location: address.location,
  };
}
