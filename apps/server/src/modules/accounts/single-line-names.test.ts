import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAgent, createSeller } from '../appraisals/test-factories.ts';

/**
 * Issue 19: a name with a line break forged a multi-line block in the plain-text e-mail an agent receives. Every
 * operation that stores a name refuses one, with the field and the reason, and keeps the name it had.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const FORGED = 'Sam Seller\nPhone: 0400 000 000\nBank: 062-000 12345678';

it('updateUserDetails refuses a name over two lines and keeps the old one', async () => {
  const seller = await createSeller(server);
  const result = await server.gql<{ updateUserDetails: unknown }>(
    `mutation($name: String) { updateUserDetails(name: $name) { sellerProfile { name } } }`,
    { name: FORGED },
    seller.token,
  );
  expect(codeOf(result)).toBe('validation_failed');
  expect(result.errors![0]!.extensions).toMatchObject({ field: 'name', reason: 'Name must be on one line' });
  const me = await server.gql<{ me: { sellerProfile: { name: string } } }>(`query { me { sellerProfile { name } } }`, {}, seller.token);
  expect(me.data!.me.sellerProfile.name).not.toContain('\n');
});

it('updateAgentProfileBasicDetails refuses a name over two lines', async () => {
  const agent = await createAgent(server);
  const result = await server.gql(
    `mutation($name: String!) { updateAgentProfileBasicDetails(name: $name, mobileNumber: "0412555666") { id } }`,
    { name: 'Alex Agent\r\nLicence verified' },
    agent.token,
  );
  expect(codeOf(result)).toBe('validation_failed');
  expect(result.errors![0]!.extensions).toMatchObject({ field: 'name', reason: 'Name must be on one line' });
});
