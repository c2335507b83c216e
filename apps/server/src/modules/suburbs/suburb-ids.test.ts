import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAgent, createSeller, findSuburb } from '../appraisals/test-factories.ts';

/**
 * Suburb ids are Postgres `integer`s: an id the client sends that no suburb can have (beyond 2^31 − 1) is
 * an unknown suburb, answered like any other, never `internal_error` from the database.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const TOO_BIG = ['2147483648', '9007199254740991', '99999999999999999999'];

describe('suburb ids beyond the integer column', () => {
  it('suburbs(ids) answers no suburb', async () => {
    const agent = await createAgent(server);
    for (const id of TOO_BIG) {
      const result = await server.gql<{ suburbs: unknown[] }>(`query($id: ID!) { suburbs(ids: [$id]) { id } }`, { id }, agent.token);
      expect(result.errors).toBeUndefined();
      expect(result.data!.suburbs).toEqual([]);
    }
  });

  it('subscribeToSuburbs answers not_found (or validation_failed past the safe integers)', async () => {
    const agent = await createAgent(server);
    for (const id of TOO_BIG) {
      const result = await server.gql(`mutation($id: ID!) { subscribeToSuburbs(suburbIds: [$id]) { id } }`, { id }, agent.token);
      expect(['not_found', 'validation_failed']).toContain(codeOf(result));
    }
  });

  it('the listing address answers not_found on suburbId', async () => {
    const seller = await createSeller(server);
    for (const id of TOO_BIG.slice(0, 2)) {
      const result = await server.gql(
        `mutation($id: ID!) { startNewDraftProperty(streetName: "Campbell Parade", suburbId: $id) { id } }`,
        { id },
        seller.token,
      );
      expect(codeOf(result)).toBe('not_found');
      expect(result.errors![0]!.extensions!.field).toBe('suburbId');
    }
    const bondi = await findSuburb(server);
    const draft = await server.gql<{ startNewDraftProperty: { id: string } }>(
      `mutation($id: ID!) { startNewDraftProperty(streetName: "Campbell Parade", suburbId: $id) { id } }`,
      { id: String(bondi.id) },
      seller.token,
    );
    const result = await server.gql(
      `mutation($p: ID!, $id: ID!) { updatePropertyDetails(propertyId: $p, propertyDetails: { suburbId: $id }) { id } }`,
      { p: draft.data!.startNewDraftProperty.id, id: '2147483648' },
      seller.token,
    );
    expect(codeOf(result)).toBe('not_found');
  });

  it('the admin suburb calls answer not_found', async () => {
    const admin = await createAdmin(server);
    for (const id of TOO_BIG) {
      const list = await server.gql(
        `query($id: ID!) { adminSuburbSubscriptions(suburbId: $id) { edges { cursor } } }`,
        { id },
        admin.token,
      );
      expect(codeOf(list)).toBe('not_found');
      const max = await server.gql(
        `mutation($id: ID!) { setSuburbSubscribedAgentsMax(suburbId: $id, subscribedAgentsMax: 3) { id } }`,
        { id },
        admin.token,
      );
      expect(codeOf(max)).toBe('not_found');
    }
  });
});
