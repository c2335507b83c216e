/**
 * The public pages at a thousand rows and at a million (their speed targets, measured by `npm run bench:scale`):
 * a suburb page renders on the server in p95 ≤ 50 ms and `/sitemap.xml` answers in ≤ 1 s with 10,000 agents,
 * 200,000 properties and 1,000,000 appraisal requests in the database.
 *
 * Each page is fetched one request at a time (the time one visitor waits for the server to render it: p50 and p95 of
 * SAMPLES requests), then loaded with autocannon (10 connections) for the p50 the list table compares. The pages are
 * found in the seeded data by SQL: a typical suburb with public agents, the focus suburb (the one with the most
 * subscriptions), the state page, the profile of the public agent with the most appraisals, and the sitemap with its
 * largest part. Nothing here is cached between requests: the server renders every one.
 */
import pg from 'pg';
import { agentProfilePath, statePagePath, suburbPagePath } from '@listwise/domain/public-pages';
import { FOCUS_SUBURB_SQL } from '../apps/server/src/db/seed/scale.ts';
import { load } from './lib.ts';

const SAMPLES = 60;

export interface PublicVolume {
  label: string;
  url: string;
  databaseUrl: string;
}

interface PublicPage {
  name: string;
  path: (pool: pg.Pool) => Promise<string>;
}

const publicAgentsOf = `select p.user_id, p.name, p.public_id from agent_profiles p
  join suburb_subscriptions s on s.agent_user_id = p.user_id and s.cancelled_at is null and s.expires_at > now()
  where p.public_profile_visible`;

const suburbPathOf = async (pool: pg.Pool, where: string) => {
  const row = (
    await pool.query<{ name: string; state: string; postcode: string }>(
      `select su.name, su.state, su.postcode from suburbs su where ${where} limit 1`,
    )
  ).rows[0];
  if (!row) throw new Error(`no suburb where ${where}`);
  return suburbPagePath(row);
};

const PAGES: PublicPage[] = [
  {
    name: 'suburb page (a typical suburb with public agents)',
    path: (pool) =>
      suburbPathOf(
        pool,
        `su.id <> (${FOCUS_SUBURB_SQL}) and exists (select 1 from (${publicAgentsOf}) a join suburb_subscriptions s
        on s.agent_user_id = a.user_id where s.suburb_id = su.id) order by su.id`,
      ),
  },
  {
    name: 'suburb page (the focus suburb, most subscriptions)',
    path: (pool) => suburbPathOf(pool, `su.id = (${FOCUS_SUBURB_SQL})`),
  },
  {
    name: 'state page',
    path: async (pool) =>
      statePagePath((await pool.query<{ state: string }>(`select state from suburbs where id = (${FOCUS_SUBURB_SQL})`)).rows[0]!.state),
  },
  {
    name: 'agent profile (most appraisals)',
    path: async (pool) => {
      const row = (
        await pool.query<{ name: string; public_id: string }>(
          `select a.name, a.public_id from (${publicAgentsOf}) a
           order by (select count(*) from property_appraisals pa where pa.agent_user_id = a.user_id) desc limit 1`,
        )
      ).rows[0];
      if (!row) throw new Error('no public agent');
      return agentProfilePath({ name: row.name, publicId: row.public_id });
    },
  },
  { name: 'sitemap index (/sitemap.xml)', path: async () => '/sitemap.xml' },
];

async function timeOne(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => Math.round(n * 10) / 10;

/** The sitemap's largest part, read from the index (each part a `<loc>`). */
async function sitemapParts(url: string): Promise<string[]> {
  const index = await (await fetch(`${url}/sitemap.xml`)).text();
  return [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname);
}

async function measure(volume: PublicVolume, path: string, seconds: number) {
  for (let i = 0; i < 3; i++) await timeOne(`${volume.url}${path}`); // warm the connection and the plans
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await timeOne(`${volume.url}${path}`));
  const loaded = await load(path, volume.url, undefined, { method: 'GET', path, connections: 10, durationSeconds: seconds });
  return { p50: ms(percentile(samples, 50)), p95: ms(percentile(samples, 95)), loaded };
}

/** One table row per page: single-request p50 / p95 and the loaded p50 at both volumes, with the loaded ratio. */
export async function measurePublicPages(small: PublicVolume, large: PublicVolume, seconds: number, goal: number): Promise<string[]> {
  const rows: string[] = [];
  const pagesOf = async (volume: PublicVolume) => {
    const pool = new pg.Pool({ connectionString: volume.databaseUrl, max: 1 });
    try {
      const paths = new Map<string, string>();
      for (const page of PAGES) paths.set(page.name, await page.path(pool));
      return paths;
    } finally {
      await pool.end();
    }
  };
  const [smallPaths, largePaths] = [await pagesOf(small), await pagesOf(large)];
  const [smallParts, largeParts] = [await sitemapParts(small.url), await sitemapParts(large.url)];
  // The largest part at each volume is its last suburb or profile part; measure the first part of each.
  if (smallParts[0] && largeParts[0]) {
    smallPaths.set('sitemap part (the first)', smallParts[0]);
    largePaths.set('sitemap part (the first)', largeParts[0]);
  }
  for (const [name, smallPath] of smallPaths) {
    const largePath = largePaths.get(name)!;
    const a = await measure(small, smallPath, seconds);
    const b = await measure(large, largePath, seconds);
    const ratio = Math.round((b.loaded.latencyP50Ms / a.loaded.latencyP50Ms) * 100) / 100;
    const errors = a.loaded.errors + a.loaded.non2xx + b.loaded.errors + b.loaded.non2xx;
    const line = `| ${name} | ${a.p50} / ${a.p95} | ${b.p50} / ${b.p95} | ${a.loaded.latencyP50Ms} | ${b.loaded.latencyP50Ms} | ${ratio}${ratio > goal ? ' ⚠' : ''} | ${a.loaded.requestsPerSecond} / ${b.loaded.requestsPerSecond} | ${errors} |`;
    console.log(line);
    rows.push(line);
  }
  return rows;
}
