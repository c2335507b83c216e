import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPublicPages } from './invariants.ts';
import type { World } from './world.ts';

/**
 * The model's check that a closed account's data is on no public page (invariants.ts) finds it where it is shown:
 * a server of pages stands in for Listwise's, and a database of closed accounts for PostgreSQL.
 */
const pages = new Map<string, string>();
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    res.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html' });
    res.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const person = (userId: string, name: string, profilePath?: string) => ({
  userId,
  name,
  email: `${userId}@example.com`,
  token: '',
  ...(profilePath && { profilePath }),
});
const world = {
  agents: [person('agent-open', 'Quillon Agentsmith', '/agent/quillon'), person('agent-closing', 'Verity Holloway', '/agent/verity')],
  sellers: [{ ...person('seller-closing', 'Zephyrine Seller'), propertyId: 'p', accountNumber: '1' }],
  suburbPage: '/agents/nsw/bondi-2026',
} as unknown as World;
/** The database: only which accounts are closed is read. */
const closedAccounts = (...ids: string[]) => ({ query: async () => ({ rows: ids.map((id) => ({ id })) }) }) as unknown as pg.Client;

describe("the model's check of the public pages for a closed account's data", () => {
  it("finds a closed seller's first name in a review on an open agent's profile", async () => {
    pages.set(world.suburbPage, '<h1>Agents in Bondi</h1>');
    pages.set('/agent/quillon', '<p>“Sold in a week” — Zephyrine, Bondi</p>');
    pages.set('/agent/verity', '<h1>Verity Holloway</h1>');
    expect(await checkPublicPages(closedAccounts(), world, url)).toEqual([]);
    expect(await checkPublicPages(closedAccounts('seller-closing'), world, url)).toEqual([
      { invariant: 'a closed account has no personal data on public pages', rows: ['Zephyrine Seller', '/agent/quillon'] },
    ]);
  });

  it("finds a closed agent on their own profile or the suburb's page, and nothing once both are gone", async () => {
    pages.set(world.suburbPage, '<li>Verity Holloway, Coastal Realty</li>');
    pages.set('/agent/quillon', '<h1>Quillon Agentsmith</h1>');
    pages.set('/agent/verity', '<h1>Verity Holloway</h1>');
    const [found] = await checkPublicPages(closedAccounts('agent-closing'), world, url);
    expect(found?.rows).toEqual(['Verity Holloway', world.suburbPage, '/agent/verity']);
    pages.set(world.suburbPage, '<h1>Agents in Bondi</h1>');
    pages.delete('/agent/verity');
    expect(await checkPublicPages(closedAccounts('agent-closing', 'seller-closing'), world, url)).toEqual([]);
  });
});
