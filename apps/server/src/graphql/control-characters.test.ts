import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../test/harness.ts';

/**
 * Text inputs with control characters (issue 13): Postgres refuses 0x00 in text, so a NUL that reached a query
 * answered `internal_error`. Every text argument, inline or through variables and inside input objects and lists,
 * is now refused as `validation_failed` naming the argument, before any resolver runs.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('control characters in text inputs', () => {
  it('searchSuburbs(query: "\\u0000") answers validation_failed on query, not internal_error', async () => {
    const inline = await server.gql(`{ searchSuburbs(query: "\\u0000", first: 5) { id } }`);
    expect(inline.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', field: 'query' });
    expect(inline.status).toBeLessThan(500);
    const variable = await server.gql(`query($q: String!) { searchSuburbs(query: $q, first: 5) { id } }`, { q: 'bon\u0000di' });
    expect(variable.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', field: 'query' });
  });

  it.each([
    ['a NUL', 'Bondi\u0000'],
    ['a backspace', 'Bondi\u0008'],
    ['an escape', '\u001b[31mBondi'],
    ['a DEL', 'Bondi\u007f'],
  ])('refuses %s inside an input object and a list, naming the field', async (_what, value) => {
    const result = await server.gql(`query($s: [SuburbSearchInput!]!) { getSuburbFromSearch(suburbs: $s) { id } }`, {
      s: [{ name: 'Bondi' }, { name: value }],
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', field: 'suburbs.1.name' });
  });

  it('refuses a lone surrogate (text no keyboard makes, which Postgres would store as U+FFFD) instead of altering it', async () => {
    const seller = await createSeller(server);
    for (const name of ['Ana\ud800', '\udfffAna', 'A\udc00\ud800']) {
      const result = await server.gql(`mutation($name: String) { updateUserDetails(name: $name) { id } }`, { name }, seller.token);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', field: 'name' });
    }
  });

  it('keeps tabs, line breaks, right-to-left marks and emoji: text people really type', async () => {
    const seller = await createSeller(server);
    const result = await server.gql<{ updateUserDetails: { sellerProfile: { name: string } } }>(
      `mutation($name: String) { updateUserDetails(name: $name) { sellerProfile { name } } }`,
      { name: 'Ana\u200f \u05e9\u05dc\u05d5\u05dd 🏠' },
      seller.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateUserDetails.sellerProfile.name).toBe('Ana\u200f \u05e9\u05dc\u05d5\u05dd 🏠');
    const search = await server.gql(`query($q: String!) { searchSuburbs(query: $q) { id } }`, { q: 'bondi\t\n' });
    expect(codeOf(search)).toBeNull();
  });
});
