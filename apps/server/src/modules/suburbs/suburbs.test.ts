import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The suburb calls through HTTP against the imported Australian dataset: `suburbs(ids)`, both forms of
 * `getSuburbFromSearch` (plain, and with nearbySuburbs) and the pickers' prefix search by name or postcode.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

interface SuburbResult {
  id: string;
  name: string;
  state: string;
  postcode: string;
  subscribedAgentsCount: number;
  subscribedAgentsMax: number;
  nearbySuburbs?: SuburbResult[];
}

const FIELDS = 'id name state postcode subscribedAgentsCount subscribedAgentsMax';
const SEARCH = `query($q: String!, $first: Int) { searchSuburbs(query: $q, first: $first) { ${FIELDS} } }`;
const FROM_SEARCH = `query($s: [SuburbSearchInput!]!, $state: String, $postcode: String) {
  getSuburbFromSearch(suburbs: $s, state: $state, postcode: $postcode) { ${FIELDS} } }`;
const FROM_SEARCH_WITH_NEARBY = `query($s: [SuburbSearchInput!]!, $state: String, $postcode: String) {
  getSuburbFromSearch(suburbs: $s, state: $state, postcode: $postcode) { ${FIELDS} nearbySuburbs { ${FIELDS} } } }`;

async function search(query: string, first?: number) {
  const result = await server.gql<{ searchSuburbs: SuburbResult[] }>(SEARCH, { q: query, first });
  expect(result.errors).toBeUndefined();
  return result.data!.searchSuburbs;
}

async function fromSearch(variables: Record<string, unknown>, query = FROM_SEARCH) {
  const result = await server.gql<{ getSuburbFromSearch: SuburbResult | null }>(query, variables);
  expect(result.errors).toBeUndefined();
  return result.data!.getSuburbFromSearch;
}

const label = (s: SuburbResult) => `${s.name} ${s.state} ${s.postcode}`;

describe('the imported dataset', () => {
  it('holds the delivery-area localities with name, state and postcode', async () => {
    const { rows } = await server.deps.db.execute<{ count: number; states: number }>(
      `select count(*)::int as count, count(distinct state)::int as states from suburbs` as never,
    );
    expect(rows[0]!.count).toBeGreaterThan(10_000);
    expect(rows[0]!.states).toBe(8);
  });
});

describe('searchSuburbs', () => {
  it('finds suburbs by name prefix, case-insensitively, in name order', async () => {
    const results = await search('bondi');
    expect(results.map(label)).toEqual([
      'Bondi NSW 2026',
      'Bondi Beach NSW 2026',
      'Bondi Forest NSW 2632',
      'Bondi Junction NSW 2022',
      'Bondi Junction Plaza NSW 2022',
    ]);
    expect(results[0]).toMatchObject({ subscribedAgentsCount: 0, subscribedAgentsMax: 5 });
    expect((await search('  BONDI J  ')).map((s) => s.name)).toEqual(['Bondi Junction', 'Bondi Junction Plaza']);
  });

  it('finds suburbs by postcode prefix', async () => {
    expect((await search('2026')).map(label)).toEqual([
      'Bondi NSW 2026',
      'Bondi Beach NSW 2026',
      'North Bondi NSW 2026',
      'Tamarama NSW 2026',
    ]);
    const byPrefix = await search('302', 50);
    expect(byPrefix.length).toBeGreaterThan(5);
    expect(byPrefix.every((s) => s.postcode.startsWith('302') && s.state === 'VIC')).toBe(true);
  });

  it('keeps to the page size and treats wildcards literally', async () => {
    expect(await search('s', 3)).toHaveLength(3);
    expect(await search('s', 500)).toHaveLength(50);
    expect(await search('%')).toEqual([]);
    expect(await search('_ondi')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('no such suburb')).toEqual([]);
  });
});

describe('suburbs(ids)', () => {
  it('answers the suburbs asked for, in that order, leaving out unknown ids', async () => {
    const [bondi] = await search('bondi');
    const [richmond] = await search('richmond');
    const result = await server.gql<{ suburbs: SuburbResult[] }>(`query($ids: [ID!]!) { suburbs(ids: $ids) { ${FIELDS} } }`, {
      ids: [richmond!.id, '999999999', bondi!.id],
    });
    expect(result.data!.suburbs.map(label)).toEqual([label(richmond!), label(bondi!)]);
    expect(result.data!.suburbs[1]).toEqual(bondi);
  });

  it('answers validation_failed for an id that is not a positive integer', async () => {
    expect(codeOf(await server.gql(`{ suburbs(ids: ["bondi"]) { id } }`))).toBe('validation_failed');
    expect(codeOf(await server.gql(`{ suburbs(ids: ["-1"]) { id } }`))).toBe('validation_failed');
    expect((await server.gql<{ suburbs: unknown[] }>(`{ suburbs(ids: []) { id } }`)).data!.suburbs).toEqual([]);
  });

  it('gives each suburb its nearby suburbs, closest first, within about 5 km', async () => {
    const [bondi] = await search('bondi');
    const result = await server.gql<{ suburbs: SuburbResult[] }>(
      `query($ids: [ID!]!) { suburbs(ids: $ids) { id nearbySuburbs { id name state } } }`,
      { ids: [bondi!.id] },
    );
    const nearby = result.data!.suburbs[0]!.nearbySuburbs!;
    expect(nearby.length).toBeGreaterThanOrEqual(3);
    expect(nearby.length).toBeLessThanOrEqual(6);
    expect(nearby.map((s) => s.name)).toEqual(expect.arrayContaining(['Bondi Beach', 'North Bondi', 'Tamarama']));
    expect(nearby.every((s) => s.state === 'NSW' && s.id !== bondi!.id && s.name !== 'Bondi')).toBe(true);
    const { rows } = await server.deps.db.execute<{ distance_km: number }>(
      `select distance_km from nearby_suburbs where suburb_id = ${Number(bondi!.id)} order by distance_km` as never,
    );
    expect(rows.every((r) => Number(r.distance_km) <= 5)).toBe(true);
  });
});

describe('getSuburbFromSearch', () => {
  it('matches a places result by name and state', async () => {
    expect(label((await fromSearch({ s: [{ name: 'Bondi Beach', state: 'NSW' }] }))!)).toBe('Bondi Beach NSW 2026');
    expect(label((await fromSearch({ s: [{ name: 'richmond' }], state: 'VIC' }))!)).toBe('Richmond VIC 3121');
    expect(label((await fromSearch({ s: [{ name: 'Richmond', state: 'SA' }] }))!)).toBe('Richmond SA 5033');
  });

  it('prefers the exact postcode among suburbs of the same name', async () => {
    expect(label((await fromSearch({ s: [{ name: 'Richmond' }], state: 'QLD', postcode: '4822' }))!)).toBe('Richmond QLD 4822');
    expect(label((await fromSearch({ s: [{ name: 'Richmond' }], state: 'QLD', postcode: '4740' }))!)).toBe('Richmond QLD 4740');
    expect(label((await fromSearch({ s: [{ name: 'Richmond' }], postcode: '7025' }))!)).toBe('Richmond TAS 7025');
    // A postcode that matches none of them does not hide the name match.
    expect(label((await fromSearch({ s: [{ name: 'Richmond' }], state: 'QLD', postcode: '9999' }))!)).toBe('Richmond QLD 4740');
  });

  it('takes the earliest candidate that matches, whatever order the rows come in', async () => {
    const candidates = [{ name: 'Bondi Junction' }, { name: 'Bondi' }];
    expect((await fromSearch({ s: candidates, state: 'NSW' }))!.name).toBe('Bondi Junction');
    expect((await fromSearch({ s: [...candidates].reverse(), state: 'NSW' }))!.name).toBe('Bondi');
    expect((await fromSearch({ s: [{ name: 'Nowhere Special' }, { name: 'Tamarama' }], state: 'NSW' }))!.name).toBe('Tamarama');
  });

  it('answers null when nothing matches', async () => {
    expect(await fromSearch({ s: [{ name: 'Atlantis' }] })).toBeNull();
    expect(await fromSearch({ s: [{ name: 'Bondi' }], state: 'VIC' })).toBeNull();
    expect(await fromSearch({ s: [{ name: '   ' }] })).toBeNull();
    expect(await fromSearch({ s: [] })).toBeNull();
  });

  it('has a variant returning nearbySuburbs', async () => {
    const suburb = await fromSearch({ s: [{ name: 'Bondi', state: 'NSW' }], postcode: '2026' }, FROM_SEARCH_WITH_NEARBY);
    expect(label(suburb!)).toBe('Bondi NSW 2026');
    expect(suburb!.nearbySuburbs!.map((s) => s.name)).toEqual(expect.arrayContaining(['Bondi Beach', 'Tamarama']));
    expect(suburb!.nearbySuburbs![0]).toMatchObject({ state: 'NSW', subscribedAgentsMax: 5 });
  });
});
