import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createClock } from '../../lib/clock.ts';
import { capturingLogger } from '../../test/log-capture.ts';
import { createGooglePlaces, PlacesProviderError } from './google-places.ts';
import { australianPlace, startFakeGooglePlaces, type FakeGooglePlaces } from './google-places-fake.ts';
import { createPlaces } from '../../app/create-places.ts';
import { withDatasetFallback, type PlaceAddress, type Places } from './places.ts';

/**
 * The Google Places adapter against a stand-in of Places API (New) on 127.0.0.1: what it sends (key header,
 * field masks, region and type restriction, the session token), how it reads real-looking Australian answers,
 * and that every failure becomes a `PlacesProviderError` which the fallback answers from the dataset.
 */

let fake: FakeGooglePlaces;
beforeAll(async () => {
  fake = await startFakeGooglePlaces();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const context = { clientAddress: '127.0.0.1' };
const google = (timeoutMs = 2_000) => createGooglePlaces({ apiKey: 'test-places-key', baseUrl: `${fake.url}/`, timeoutMs });
const NSW = { long: 'New South Wales', short: 'NSW' };
const VIC = { long: 'Victoria', short: 'VIC' };

const bondiBeach = australianPlace({
  number: '12',
  street: { long: 'Campbell Parade', short: 'Campbell Pde' },
  locality: 'Bondi Beach',
  state: NSW,
  postcode: '2026',
  location: { latitude: -33.8908, longitude: 151.2743 },
});

describe('the Google Places adapter', () => {
  it('asks Autocomplete for Australian addresses, then Place Details with a field mask, in one session', async () => {
    fake.predictions.set('12 campbell pa', ['ChIJ-bondi-12', 'ChIJ-bondi-12', 'ChIJ-other']);
    fake.places.set('ChIJ-bondi-12', bondiBeach);
    fake.places.set('ChIJ-other', { ...bondiBeach, formattedAddress: '12 Campbell Pde, Bondi Beach NSW 2026, Australia' });

    await google().suggestAddresses('  12 Campbell Pa ', context);

    const [autocomplete, ...details] = fake.requests;
    expect(autocomplete).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete', apiKey: 'test-places-key' });
    expect(autocomplete!.fieldMask).toBe('suggestions.placePrediction.placeId,suggestions.placePrediction.text.text');
    expect(autocomplete!.body).toMatchObject({
      input: '12 Campbell Pa',
      includedRegionCodes: ['au'],
      includedPrimaryTypes: ['street_address', 'subpremise', 'premise', 'route'],
      languageCode: 'en-AU',
      regionCode: 'au',
    });
    const sessionToken = autocomplete!.body!.sessionToken as string;
    expect(sessionToken).toMatch(/^[0-9a-f-]{36}$/);

    // One Place Details request per distinct prediction; the first closes the session with its token.
    expect(details.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /v1/places/ChIJ-bondi-12', 'GET /v1/places/ChIJ-other']);
    for (const request of details) {
      expect(request.apiKey).toBe('test-places-key');
      expect(request.fieldMask).toBe('addressComponents,formattedAddress,location');
      expect(request.query.get('languageCode')).toBe('en-AU');
      expect(request.query.get('regionCode')).toBe('au');
    }
    expect(details.find((r) => r.path.endsWith('ChIJ-bondi-12'))!.query.get('sessionToken')).toBe(sessionToken);
    expect(details.find((r) => r.path.endsWith('ChIJ-other'))!.query.has('sessionToken')).toBe(false);

    // The next search is a new session.
    fake.requests.length = 0;
    await google().suggestAddresses('12 Campbell Pa', context);
    expect(fake.requests[0]!.body!.sessionToken).not.toBe(sessionToken);
  });

  it('reads the address components: street, unit, locality, state, postcode and position', async () => {
    fake.predictions.set('12 campbell', ['ChIJ-bondi-12']);
    fake.places.set('ChIJ-bondi-12', bondiBeach);
    expect(await google().suggestAddresses('12 Campbell', context)).toEqual<PlaceAddress[]>([
      {
        description: '12 Campbell Pde, Bondi Beach NSW 2026',
        unitNumber: null,
        streetNumber: '12',
        streetName: 'Campbell Parade',
        locality: 'Bondi Beach',
        state: 'NSW',
        postcode: '2026',
        location: { latitude: -33.8908, longitude: 151.2743 },
      },
    ]);
  });

  it("takes a unit from Google's subpremise, and keeps a typed unit ('3/12') when Google answers with the building", async () => {
    const smithStreet = {
      number: '12',
      street: { long: 'Smith Street', short: 'Smith St' },
      locality: 'Fitzroy',
      state: VIC,
      postcode: '3065',
    };
    const location = { latitude: -37.8016, longitude: 144.9836 };
    fake.predictions.set('unit 3, 12 smith st fitzroy', ['ChIJ-unit']);
    fake.places.set('ChIJ-unit', australianPlace({ ...smithStreet, unit: 'Unit 3', location }));
    expect(await google().suggestAddresses('Unit 3, 12 Smith St Fitzroy', context)).toMatchObject([
      { unitNumber: '3', streetNumber: '12', streetName: 'Smith Street', locality: 'Fitzroy', state: 'VIC', postcode: '3065' },
    ]);

    fake.predictions.set('3/12 smith st, fitzroy', ['ChIJ-building', 'ChIJ-neighbour']);
    fake.places.set('ChIJ-building', australianPlace({ ...smithStreet, location }));
    fake.places.set('ChIJ-neighbour', australianPlace({ ...smithStreet, number: '120', location }));
    const [building, neighbour] = await google().suggestAddresses('3/12 Smith St, Fitzroy', context);
    expect(building).toMatchObject({ unitNumber: '3', streetNumber: '12', streetName: 'Smith Street' });
    // A different building is not the typed unit's.
    expect(neighbour).toMatchObject({ unitNumber: null, streetNumber: '120' });
  });

  it('answers a missing postcode as null, the state from its long name, and drops what is not an Australian address', async () => {
    const punchbowl = australianPlace({
      number: '10',
      street: { long: 'The Boulevarde', short: 'The Boulevarde' },
      locality: 'Punchbowl',
      state: { long: 'New South Wales', short: 'New South Wales' },
      location: { latitude: -33.9289, longitude: 151.0556 },
    });
    const auckland = australianPlace({
      number: '10',
      street: { long: 'Queen Street', short: 'Queen St' },
      locality: 'Auckland',
      state: { long: 'Auckland', short: 'Auckland' },
      postcode: '1010',
      location: { latitude: -36.8485, longitude: 174.7633 },
    });
    auckland.addressComponents = auckland.addressComponents!.map((c) =>
      c.types.includes('country') ? { ...c, longText: 'New Zealand', shortText: 'NZ' } : c,
    );
    const noLocality = {
      formattedAddress: 'Australia',
      addressComponents: [{ longText: 'Australia', shortText: 'AU', types: ['country'] }],
    };
    fake.predictions.set('10 the boulevarde', ['ChIJ-punchbowl', 'ChIJ-auckland', 'ChIJ-country', 'ChIJ-gone']);
    fake.places.set('ChIJ-punchbowl', punchbowl);
    fake.places.set('ChIJ-auckland', auckland);
    fake.places.set('ChIJ-country', noLocality);
    // ChIJ-gone is unknown to the fake: Place Details answers 404 NOT_FOUND, and the prediction is dropped.

    expect(await google().suggestAddresses('10 The Boulevarde', context)).toEqual([
      expect.objectContaining({
        locality: 'Punchbowl',
        state: 'NSW',
        postcode: null,
        location: { latitude: -33.9289, longitude: 151.0556 },
      }),
    ]);
  });

  it('answers no predictions with no addresses, without asking for details', async () => {
    expect(await google().suggestAddresses('zzz nowhere', context)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('turns an error status, an unreadable answer and a timeout into PlacesProviderError', async () => {
    fake.predictions.set('12 campbell', ['ChIJ-bondi-12']);
    fake.places.set('ChIJ-bondi-12', bondiBeach);

    fake.failWith = { kind: 'autocomplete', status: 500 };
    const outage = await google()
      .suggestAddresses('12 Campbell', context)
      .catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(PlacesProviderError);
    expect(outage).toMatchObject({ status: 500, message: 'Google Places answered 500: INTERNAL The service is currently unavailable.' });

    fake.failWith = { kind: 'details', status: 403 };
    await expect(google().suggestAddresses('12 Campbell', context)).rejects.toMatchObject({ name: 'PlacesProviderError', status: 403 });

    // A proxy's page instead of JSON, with 200 or with an error status.
    fake.failWith = { kind: 'details', status: 200, raw: '<html><body>Gateway login</body></html>' };
    await expect(google().suggestAddresses('12 Campbell', context)).rejects.toMatchObject({
      name: 'PlacesProviderError',
      status: 200,
      message: 'Google Places answered with something other than JSON',
    });
    fake.failWith = { kind: 'autocomplete', status: 502, raw: '<html><body>Bad gateway</body></html>' };
    await expect(google().suggestAddresses('12 Campbell', context)).rejects.toMatchObject({
      status: 502,
      message: 'Google Places answered 502: <html><body>Bad gateway</body></html>',
    });

    fake.failWith = null;
    fake.delayMs = 3_000;
    const started = Date.now();
    const timeout = await google(300)
      .suggestAddresses('12 Campbell', context)
      .catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(PlacesProviderError);
    expect(timeout).toMatchObject({ status: null, message: 'Google Places did not answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2_500);

    fake.delayMs = 0;
    const unreachable = createGooglePlaces({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.suggestAddresses('12 Campbell', context)).rejects.toMatchObject({
      name: 'PlacesProviderError',
      status: null,
      message: expect.stringMatching(/^Google Places could not be reached/),
    });
  });
});

describe('falling back to the dataset', () => {
  const fromDataset: PlaceAddress = {
    description: '12 Campbell Parade, Bondi NSW 2026',
    unitNumber: null,
    streetNumber: '12',
    streetName: 'Campbell Parade',
    locality: 'Bondi',
    state: 'NSW',
    postcode: '2026',
    location: null,
  };
  const dataset: Places = { provider: 'dataset', suggestAddresses: async () => [fromDataset] };

  it('answers from the dataset and logs when Google fails or times out; Google answers while it works', async () => {
    const { logger, lines } = capturingLogger<{ level: number; msg: string; err?: { message: string } }>();
    fake.predictions.set('12 campbell', ['ChIJ-bondi-12']);
    fake.places.set('ChIJ-bondi-12', bondiBeach);
    const places = withDatasetFallback(google(800), dataset, { logger, isWithinBudget: async () => true });
    expect(places.provider).toBe('google');

    expect(await places.suggestAddresses('12 Campbell', context)).toMatchObject([{ locality: 'Bondi Beach' }]);
    expect(lines).toHaveLength(0);

    fake.failWith = { kind: 'any', status: 500 };
    expect(await places.suggestAddresses('12 Campbell', context)).toEqual([fromDataset]);
    fake.failWith = null;
    fake.delayMs = 3_000;
    expect(await places.suggestAddresses('12 Campbell', context)).toEqual([fromDataset]);
    expect(lines.map((l) => [l.level, l.msg, l.err?.message])).toEqual([
      [
        40,
        'places provider failed; answering from the suburb dataset',
        'Google Places answered 500: INTERNAL The service is currently unavailable.',
      ],
      [
        40,
        'places provider failed; answering from the suburb dataset',
        expect.stringMatching(/^Google Places did not answer within 800 ms/),
      ],
    ]);
  });

  it('logs a rejected key as an error (it will not fix itself)', async () => {
    const { logger, lines } = capturingLogger<{ level: number; msg: string; err?: { message: string } }>();
    fake.predictions.set('12 campbell', ['ChIJ-bondi-12']);
    fake.failWith = { kind: 'autocomplete', status: 403 };
    const places = withDatasetFallback(google(), dataset, { logger, isWithinBudget: async () => true });
    expect(await places.suggestAddresses('12 Campbell', context)).toEqual([fromDataset]);
    expect(lines.map((l) => l.level)).toEqual([50]);
  });

  it('answers a client past its budget from the dataset without asking Google', async () => {
    const { logger } = capturingLogger<{ level: number; msg: string; err?: { message: string } }>();
    const asked: string[] = [];
    const places = withDatasetFallback(google(), dataset, {
      logger,
      isWithinBudget: async (clientAddress) => {
        asked.push(clientAddress);
        return false;
      },
    });
    expect(await places.suggestAddresses('12 Campbell', { clientAddress: '203.0.113.9' })).toEqual([fromDataset]);
    expect(asked).toEqual(['203.0.113.9']);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('choosing the adapter', () => {
  const deps = { db: {} as Database, clock: createClock(), logger: pino({ level: 'silent' }) }; // neither touches the database until asked

  it('uses Google Places only when GOOGLE_MAPS_API_KEY is set', () => {
    const base = { GOOGLE_PLACES_BASE_URL: fake.url };
    expect(createPlaces({ ...base, GOOGLE_MAPS_API_KEY: undefined }, deps).provider).toBe('dataset');
    expect(createPlaces({ ...base, GOOGLE_MAPS_API_KEY: '' }, deps).provider).toBe('dataset');
    expect(createPlaces({ ...base, GOOGLE_MAPS_API_KEY: 'test-places-key' }, deps).provider).toBe('google');
  });
});
