import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { agentReviews } from '../../db/schema/reviews.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createActiveProperty, createAgent, gqlOk } from '../appraisals/test-factories.ts';
import { seedDemoAppraisals } from '../appraisals/demo-appraisals.ts';
import { seedDemoSale } from '../sales/demo-sale.ts';
import { seedDemoReviews } from './demo-reviews.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

interface ShownReview {
  rating: number;
  status: string;
  verifiedSale: boolean;
  reply: { text: string } | null;
}

describe('seedDemoReviews', () => {
  it('skips without appraisals, then writes two published reviews (a verified sale, one with a reply) and one held, once', async () => {
    const seller = await createSeller(server);
    const admin = await createAdmin(server);
    const agents = [await createAgent(server, { name: 'Olivia Demo' }), await createAgent(server, { name: 'Jack Demo' })];
    const options = { sellerEmail: seller.email, adminEmail: admin.email, agentEmails: agents.map((a) => a.email) };
    expect(await seedDemoReviews(server.deps, options)).toBe(0);

    await createActiveProperty(server, seller.userId);
    expect(await seedDemoAppraisals(server.deps, options)).toBe(2);
    expect(await seedDemoSale(server.deps, { sellerEmail: seller.email, agentEmail: agents[1]!.email })).toEqual(expect.any(String));
    expect(await seedDemoReviews(server.deps, { ...options, adminEmail: 'nobody@example.com' })).toBe(0);
    expect(await seedDemoReviews(server.deps, options)).toBe(3);
    expect(await seedDemoReviews(server.deps, options)).toBe(0);

    const reviewsOf = async (agentId: string) =>
      (
        await gqlOk<{ agentReviews: { edges: { node: ShownReview }[] } }>(
          server,
          `query($id: ID!) { agentReviews(agentId: $id, first: 10) { edges { node { rating status verifiedSale reply { text } } } } }`,
          { id: agentId },
          seller.token,
        )
      ).agentReviews.edges.map((e) => e.node);
    const [olivias, jacks] = [await reviewsOf(agents[0]!.userId), await reviewsOf(agents[1]!.userId)];
    expect(olivias).toEqual([
      { rating: 4, status: 'PUBLISHED', verifiedSale: false, reply: { text: expect.stringContaining('Thank you') } },
    ]);
    expect(jacks).toEqual([{ rating: 5, status: 'PUBLISHED', verifiedSale: true, reply: null }]);

    // The seller and agents share a domain, so every review was held; the operator published two, the third waits.
    const rows = await server.deps.db.select().from(agentReviews).where(eq(agentReviews.sellerUserId, seller.userId));
    expect(rows.map((r) => r.status).sort()).toEqual(['HELD', 'PUBLISHED', 'PUBLISHED']);
    expect(rows.find((r) => r.status === 'HELD')!.holdReasons).toEqual(['AGENT_EMAIL_DOMAIN', 'CONTACT_DETAILS']);
    const audit = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetType, 'AGENT_REVIEW'));
    expect(audit.filter((a) => rows.some((r) => r.id === a.targetId)).map((a) => a.action)).toEqual([
      'PUBLISH_AGENT_REVIEW',
      'PUBLISH_AGENT_REVIEW',
    ]);
  });
});
