import { sql } from 'drizzle-orm';
import { load, printTable, startBenchServer, timeRequest } from './lib.ts';

/**
 * The suburb pickers' prefix search over the whole dataset (16,000+ localities): by name and by postcode,
 * short and long prefixes. Each is a range scan of a text_pattern_ops index, so cost follows the page size,
 * not the dataset. Then the listing address step's `searchAddresses`, which parses a typed address and runs
 * the same suburb search on its locality.
 */
const SEARCH = `query($q: String!) { searchSuburbs(query: $q, first: 10) { id name state postcode subscribedAgentsCount subscribedAgentsMax nearbySuburbs { id name } } }`;
const ADDRESS_SEARCH = `query($q: String!) { searchAddresses(query: $q) { description unitNumber streetNumber streetName suburb { id name state postcode } } }`;
const ADDRESSES = ['12 Campbell Parade, Bondi', '3/40 Acland St, St Kilda VIC', '7 Smith Street Fitzroy', '2000'];

export async function benchSuburbSearch() {
  const server = await startBenchServer();
  try {
    const total = (await server.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from suburbs`)).rows[0]!.n;
    const plan = await server.deps.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain analyze select * from suburbs where search_name like 'bo%' order by search_name, postcode limit 10`,
    );
    console.log(`suburbs in the dataset: ${total}`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    const rows = [];
    for (const q of ['bo', 'surry', 'st k', '20', '3065']) {
      const single = await timeRequest(server.url, { query: SEARCH, variables: { q } });
      const loaded = await load(`"${q}"`, server.url, { query: SEARCH, variables: { q } }, { durationSeconds: 5 });
      rows.push({ ...loaded, singleMedianMs: single.medianMs, singleP95Ms: single.p95Ms });
    }
    for (const q of ADDRESSES) {
      const single = await timeRequest(server.url, { query: ADDRESS_SEARCH, variables: { q } });
      const loaded = await load(`address "${q}"`, server.url, { query: ADDRESS_SEARCH, variables: { q } }, { durationSeconds: 5 });
      rows.push({ ...loaded, singleMedianMs: single.medianMs, singleP95Ms: single.p95Ms });
    }
    printTable(rows);
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSuburbSearch();
