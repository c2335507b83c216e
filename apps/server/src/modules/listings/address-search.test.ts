import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { suburbs } from '../../db/schema/suburbs.ts';
import { australianPlace, startFakeGooglePlaces, type FakeGooglePlaces } from '../../ports/places/google-places-fake.ts';
import { GOOGLE_SEARCH_BUDGET } from '../../ports/places/places.ts';
import { createSeller } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * `searchAddresses` with Google Places configured (GOOGLE_MAPS_API_KEY, GOOGLE_PLACES_BASE_URL pointing at a
 * stand-in on 127.0.0.1): Google's addresses resolved to our suburbs through the real API and database, and the
 * suburb dataset answering whenever Google cannot. The dataset-only behaviour is in listings.test.ts.
 */

let fake: FakeGooglePlaces;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeGooglePlaces();
  server = await startTestServer({ GOOGLE_MAPS_API_KEY: 'test-places-key', GOOGLE_PLACES_BASE_URL: fake.url });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

const SEARCH = `query($q: String!) { searchAddresses(query: $q) { description unitNumber streetNumber streetName suburb { id name state postcode } } }`;
interface Suggestion {
  description: string;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  suburb: { id: string; name: string; state: string; postcode: string };
}
async function search(q: string) {
  const result = await server.gql<{ searchAddresses: Suggestion[] }>(SEARCH, { q });
  expect(result.errors).toBeUndefined();
  return result.data!.searchAddresses;
}
async function suburbId(name: string, state: string, postcode: string) {
  const [row] = await server.deps.db
    .select({ id: suburbs.id })
    .from(suburbs)
    .where(and(eq(suburbs.searchName, name.toLowerCase()), eq(suburbs.state, state), eq(suburbs.postcode, postcode)));
  return String(row!.id);
}

const NSW = { long: 'New South Wales', short: 'NSW' };
const VIC = { long: 'Victoria', short: 'VIC' };

describe('searchAddresses through Google Places', () => {
  it("suggests Google's addresses in our suburbs, and drops one in a suburb we do not have", async () => {
    fake.predictions.set('12 ca', ['bondi-beach', 'fitzroy-unit', 'gables', 'punchbowl', 'punchbowl-north']);
    fake.places.set(
      'bondi-beach',
      australianPlace({
        number: '12',
        street: { long: 'Campbell Parade', short: 'Campbell Pde' },
        locality: 'Bondi Beach',
        state: NSW,
        postcode: '2026',
        location: { latitude: -33.8908, longitude: 151.2743 },
      }),
    );
    fake.places.set(
      'fitzroy-unit',
      australianPlace({
        unit: '3',
        number: '12',
        street: { long: 'Cambridge Street', short: 'Cambridge St' },
        locality: 'Fitzroy',
        state: VIC,
        postcode: '3065',
        location: { latitude: -37.8023, longitude: 144.9822 },
      }),
    );
    // Gables NSW 2765 is a newer suburb than the delivery-area dataset: nothing of ours to store it under.
    fake.places.set(
      'gables',
      australianPlace({
        number: '12',
        street: { long: 'Carmel Avenue', short: 'Carmel Ave' },
        locality: 'Gables',
        state: NSW,
        postcode: '2765',
        location: { latitude: -33.6405, longitude: 150.8968 },
      }),
    );
    // No postcode: of the three Punchbowls ours has (NSW 2196 and 2460, TAS 7249), the nearer NSW one by position.
    fake.places.set(
      'punchbowl',
      australianPlace({
        number: '12',
        street: { long: 'Canterbury Road', short: 'Canterbury Rd' },
        locality: 'Punchbowl',
        state: NSW,
        location: { latitude: -33.9262, longitude: 151.0541 },
      }),
    );
    fake.places.set(
      'punchbowl-north',
      australianPlace({
        number: '12',
        street: { long: 'Cawarra Road', short: 'Cawarra Rd' },
        locality: 'Punchbowl',
        state: NSW,
        location: { latitude: -29.3301, longitude: 153.2602 },
      }),
    );

    const suggestions = await search('12 Ca');

    expect(suggestions).toEqual([
      {
        description: '12 Campbell Parade, Bondi Beach NSW 2026',
        unitNumber: null,
        streetNumber: '12',
        streetName: 'Campbell Parade',
        suburb: { id: await suburbId('Bondi Beach', 'NSW', '2026'), name: 'Bondi Beach', state: 'NSW', postcode: '2026' },
      },
      {
        description: '3/12 Cambridge Street, Fitzroy VIC 3065',
        unitNumber: '3',
        streetNumber: '12',
        streetName: 'Cambridge Street',
        suburb: { id: await suburbId('Fitzroy', 'VIC', '3065'), name: 'Fitzroy', state: 'VIC', postcode: '3065' },
      },
      {
        description: '12 Canterbury Road, Punchbowl NSW 2196',
        unitNumber: null,
        streetNumber: '12',
        streetName: 'Canterbury Road',
        suburb: { id: await suburbId('Punchbowl', 'NSW', '2196'), name: 'Punchbowl', state: 'NSW', postcode: '2196' },
      },
      {
        description: '12 Cawarra Road, Punchbowl NSW 2460',
        unitNumber: null,
        streetNumber: '12',
        streetName: 'Cawarra Road',
        suburb: { id: await suburbId('Punchbowl', 'NSW', '2460'), name: 'Punchbowl', state: 'NSW', postcode: '2460' },
      },
    ]);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/places:autocomplete', apiKey: 'test-places-key', body: { input: '12 Ca' } });

    // A picked suggestion starts a draft in that suburb, as the web app does with it.
    const seller = await createSeller(server);
    const unit = suggestions[1]!;
    const draft = await server.gql<{ startNewDraftProperty: { unitNumber: string; suburb: { postcode: string } } }>(
      `mutation($suburbId: ID!, $streetName: String!, $streetNumber: String, $unitNumber: String) {
        startNewDraftProperty(suburbId: $suburbId, streetName: $streetName, streetNumber: $streetNumber, unitNumber: $unitNumber) {
          unitNumber suburb { postcode } } }`,
      { suburbId: unit.suburb.id, streetName: unit.streetName, streetNumber: unit.streetNumber, unitNumber: unit.unitNumber },
      seller.token,
    );
    expect(draft.errors).toBeUndefined();
    expect(draft.data!.startNewDraftProperty).toEqual({ unitNumber: '3', suburb: { postcode: '3065' } });
  });

  it('answers from the suburb dataset when Google fails or is too slow', async () => {
    const fromDataset = { description: '12 Campbell Parade, Bondi NSW 2026', streetName: 'Campbell Parade', suburb: { name: 'Bondi' } };

    fake.failWith = { kind: 'autocomplete', status: 500 };
    expect((await search('12 campbell parade, bondi'))[0]).toMatchObject(fromDataset);
    expect(fake.requests).toHaveLength(1);

    fake.failWith = { kind: 'autocomplete', status: 403 };
    expect((await search('12 campbell parade, bondi'))[0]).toMatchObject(fromDataset);

    fake.failWith = null;
    fake.delayMs = 10_000;
    const started = Date.now();
    expect((await search('12 campbell parade, bondi'))[0]).toMatchObject(fromDataset);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('asks Google nothing below 3 characters', async () => {
    expect(await search('Bo ')).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers a client past its Google budget from the dataset, until the budget's window turns", async () => {
    // Start at the beginning of a fresh window, so the count is this test's alone.
    const windowMs = GOOGLE_SEARCH_BUDGET.windowSeconds * 1000;
    server.deps.clock.advance(windowMs - (server.deps.clock.now().getTime() % windowMs) + 1_000);

    for (let i = 0; i < GOOGLE_SEARCH_BUDGET.max; i++) await search('zzz nothing here');
    expect(fake.requests).toHaveLength(GOOGLE_SEARCH_BUDGET.max);

    expect((await search('12 campbell parade, bondi'))[0]).toMatchObject({ description: '12 Campbell Parade, Bondi NSW 2026' });
    expect(fake.requests).toHaveLength(GOOGLE_SEARCH_BUDGET.max);

    server.deps.clock.advance(windowMs);
    await search('zzz nothing here');
    expect(fake.requests).toHaveLength(GOOGLE_SEARCH_BUDGET.max + 1);
  });
});
