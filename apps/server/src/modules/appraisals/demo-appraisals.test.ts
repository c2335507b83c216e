import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { seedDemoAppraisals } from './demo-appraisals.ts';
import { createActiveProperty, createAgent, createRequest, createSeller, gqlOk } from './test-factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('seedDemoAppraisals', () => {
  it('skips quietly without the listing seed, then adds two appraisals and an appointment once', async () => {
    const seller = await createSeller(server);
    const agents = [await createAgent(server), await createAgent(server), await createAgent(server)];
    const options = { sellerEmail: seller.email, agentEmails: agents.map((a) => a.email) };
    expect(await seedDemoAppraisals(server.deps, options)).toBe(0);

    const property = await createActiveProperty(server, seller.userId);
    // The listing seed may already have asked the agents: their requests are reused.
    await createRequest(server, property.id, agents[0]!.userId);
    expect(await seedDemoAppraisals(server.deps, options)).toBe(2);
    expect(await seedDemoAppraisals(server.deps, options)).toBe(0);

    const appraisals = await server.deps.db.select().from(propertyAppraisals).where(eq(propertyAppraisals.propertyId, property.id));
    expect(appraisals.map((a) => a.state)).toEqual(['SUBMITTED', 'SUBMITTED']);
    const appointments = await server.deps.db.select().from(appointmentRequests).where(eq(appointmentRequests.propertyId, property.id));
    expect(appointments).toHaveLength(1);

    const seen = await gqlOk<{ property: { propertyAppraisals: { appointmentRequestedBySeller: boolean; comparableSales: unknown[] }[] } }>(
      server,
      `query($id: ID!) { property(id: $id) { propertyAppraisals { appointmentRequestedBySeller comparableSales { address } } } }`,
      { id: property.id },
      seller.token,
    );
    expect(seen.property.propertyAppraisals).toHaveLength(2);
    expect(seen.property.propertyAppraisals.filter((a) => a.appointmentRequestedBySeller)).toHaveLength(1);
  });
});
