/**
 * Estimated selling prices within the law (issue 22, item 5): in NSW and VIC an appraisal's selling range is at most
 * 10% wide (max ≤ min × 1.10), refused with `selling_range_too_wide` when saved and when sent; other states accept a
 * wider range (the drafting step asks the agent to confirm it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, createRequest, createSeller, draftCompleteAppraisal, gqlOk } from './test-factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const SELLING_RANGE = `mutation($id: ID!, $min: Float, $max: Float) {
  updateDraftPropertyAppraisalSellingRange(propertyAppraisalId: $id, sellingRangeMin: $min, sellingRangeMax: $max) { id sellingRangeMin sellingRangeMax }
}`;
const SUBMIT = `mutation($id: ID!) { submitPropertyAppraisal(propertyAppraisalId: $id) { id state } }`;

const errorOf = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions ?? null;

/** A complete draft (range 1,200,000–1,320,000) for a property in a suburb of `state`. */
async function draftIn(state: string) {
  const suburb = await server.deps.db.query.suburbs.findFirst({ where: eq(suburbs.state, state) });
  const seller = await createSeller(server);
  const property = await createActiveProperty(server, seller.userId, { suburbId: suburb!.id });
  const agent = await createAgent(server, { withCard: true });
  const request = await createRequest(server, property.id, agent.userId);
  const draftId = await draftCompleteAppraisal(server, agent.token, request.id);
  return { agent, draftId };
}

describe('the selling range per state', () => {
  for (const state of ['NSW', 'VIC']) {
    it(`${state}: at most 10% wide; a dollar more is refused with selling_range_too_wide and nothing is stored`, async () => {
      const { agent, draftId } = await draftIn(state);
      const exact = await gqlOk<{ updateDraftPropertyAppraisalSellingRange: Record<string, number> }>(
        server,
        SELLING_RANGE,
        { id: draftId, min: 1_000_000, max: 1_100_000 },
        agent.token,
      );
      expect(exact.updateDraftPropertyAppraisalSellingRange).toMatchObject({ sellingRangeMin: 1_000_000, sellingRangeMax: 1_100_000 });

      const tooWide = await server.gql(SELLING_RANGE, { id: draftId, min: 1_000_000, max: 1_100_001 }, agent.token);
      expect(tooWide.errors?.[0]?.message).toBe('selling_range_too_wide');
      expect(errorOf(tooWide)).toMatchObject({ code: 'selling_range_too_wide', field: 'sellingRangeMax' });
      const stored = await server.deps.db.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.id, draftId) });
      expect([stored!.sellingRangeMin, stored!.sellingRangeMax]).toEqual([1_000_000, 1_100_000]);
    });
  }

  it('NSW: a draft holding a wider range (saved before the rule) is refused when sent, and stays a draft', async () => {
    const { agent, draftId } = await draftIn('NSW');
    await server.deps.db.update(propertyAppraisals).set({ sellingRangeMax: 1_500_000 }).where(eq(propertyAppraisals.id, draftId));
    const result = await server.gql(SUBMIT, { id: draftId }, agent.token);
    expect(result.errors?.[0]?.message).toBe('selling_range_too_wide');
    const stored = await server.deps.db.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.id, draftId) });
    expect(stored!.state).toBe('DRAFT');
  });

  for (const state of ['QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT']) {
    it(`${state}: a range wider than 10% is accepted and can be sent`, async () => {
      const { agent, draftId } = await draftIn(state);
      const wide = await gqlOk<{ updateDraftPropertyAppraisalSellingRange: Record<string, number> }>(
        server,
        SELLING_RANGE,
        { id: draftId, min: 1_000_000, max: 1_400_000 },
        agent.token,
      );
      expect(wide.updateDraftPropertyAppraisalSellingRange.sellingRangeMax).toBe(1_400_000);
      const sent = await gqlOk<{ submitPropertyAppraisal: { state: string } }>(server, SUBMIT, { id: draftId }, agent.token);
      expect(sent.submitPropertyAppraisal.state).toBe('SUBMITTED');
    });
  }
});
