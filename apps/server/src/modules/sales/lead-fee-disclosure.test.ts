/**
 * How Listwise makes money, stated with the amounts that are charged (issue 22, item 4): `listwiseFees` follows the
 * lead-fee setting, and the agent's ready wording for the vendor (NSW s 47, QLD s 157, SA s 24C) on the sale
 * confirmation names the agent, the agency, the address and the fee.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertySales } from '../../db/schema/sales.ts';
import { createAdmin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setSetting } from '../settings/settings.service.ts';
import { BANK, CONFIRM, createAppraisedProperty, DECLINING_CARD, SOLD } from './test-factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const FEES = `{ listwiseFees { suburbSubscriptionAnnualPriceDollars leadFeeExcludingGstDollars leadFeeIncludingGstDollars } }`;

describe('the amounts the disclosure states', () => {
  it('are the subscription price and the lead fee setting, for anyone, and follow the setting when it changes', async () => {
    const before = await server.gql<{ listwiseFees: Record<string, number> }>(FEES);
    expect(before.data!.listwiseFees).toEqual({
      suburbSubscriptionAnnualPriceDollars: 495,
      leadFeeExcludingGstDollars: 1000,
      leadFeeIncludingGstDollars: 1100,
    });
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 120_000);
    const after = await server.gql<{ listwiseFees: Record<string, number> }>(FEES);
    expect(after.data!.listwiseFees).toMatchObject({ leadFeeExcludingGstDollars: 1200, leadFeeIncludingGstDollars: 1320 });
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 100_000);
  });
});

describe("the agent's wording for the vendor", () => {
  it('names the agent, the agency, the address and the fee, on the sale the agent confirms', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sold = await server.gql(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK },
      scenario.seller.token,
    );
    expect(sold.errors).toBeUndefined();
    const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) });
    const result = await server.gql<{ propertySale: { leadFeeVendorDisclosure: string } }>(
      `query($id: ID!) { propertySale(id: $id) { leadFeeVendorDisclosure } }`,
      { id: sale!.id },
      scenario.appraisers[0]!.token,
    );
    const wording = result.data!.propertySale.leadFeeVendorDisclosure;
    expect(wording).toContain('introduced to Agent 1 of Harbour Realty through Listwise');
    expect(wording).toContain(
      'If 2/14 Campbell Parade, Bondi NSW is sold through us, we will pay Listwise a lead fee of $1,000 plus GST ($1,100).',
    );
    expect(wording).toContain('it is not charged to you');
  });
});

describe("the agent's e-mails about the fee", () => {
  it('state the fee of the day when asking to confirm, and the fee the sale recorded when its charge is declined', async () => {
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 120_000);
    try {
      const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
      const agent = scenario.appraisers[0]!;
      const sold = await server.gql(
        SOLD,
        { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK },
        scenario.seller.token,
      );
      expect(sold.errors).toBeUndefined();
      const [toConfirm] = await server.emailsTo(agent.email);
      expect(toConfirm!.template).toBe('confirm-property-sale');
      expect(toConfirm!.text).toContain('the lead fee of $1,200 plus GST ($1,320) is charged to your card on file when you confirm');
      expect(toConfirm!.text).not.toContain('$1,000');

      const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) });
      const declined = await server.gql(CONFIRM, { id: sale!.id, salePrice: 700_000, contractDate: '2026-10-30' }, agent.token);
      expect(declined.errors![0]!.message).toBe('payment_declined');
      // The setting moves after the sale fixed its fee: the e-mail states what was charged, not today's setting.
      await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 150_000);
      // The agent's pages read the same: the sale's own fee.
      const view = await server.gql<{ propertySale: { leadFee: { excludingGstDollars: number; includingGstDollars: number } } }>(
        `query($id: ID!) { propertySale(id: $id) { leadFee { excludingGstDollars includingGstDollars } } }`,
        { id: sale!.id },
        agent.token,
      );
      expect(view.data!.propertySale.leadFee).toEqual({ excludingGstDollars: 1200, includingGstDollars: 1320 });
      // And so does the wording for the vendor: the fee this sale is charged, not the setting of today.
      const disclosure = await server.gql<{ propertySale: { leadFeeVendorDisclosure: string } }>(
        `query($id: ID!) { propertySale(id: $id) { leadFeeVendorDisclosure } }`,
        { id: sale!.id },
        agent.token,
      );
      expect(disclosure.data!.propertySale.leadFeeVendorDisclosure).toContain('a lead fee of $1,200 plus GST ($1,320).');
      expect(disclosure.data!.propertySale.leadFeeVendorDisclosure).not.toContain('$1,500');
      // The console states the same fee for the operator who retries or waives it.
      const admin = await createAdmin(server);
      const console = await server.gql<{ adminPropertySales: { edges: { node: { id: string; leadFee: Record<string, number> } }[] } }>(
        `{ adminPropertySales(first: 50, filter: LEAD_FEE_FAILED) { edges { node { id leadFee { excludingGstDollars includingGstDollars } } } } }`,
        {},
        admin.token,
      );
      expect(console.errors).toBeUndefined();
      const inConsole = console.data!.adminPropertySales.edges.find((edge) => edge.node.id === sale!.id);
      expect(inConsole!.node.leadFee).toEqual({ excludingGstDollars: 1200, includingGstDollars: 1320 });
      const [declinedMail] = (await server.emailsTo(agent.email)).filter((m) => m.template === 'lead-fee-declined');
      expect(declinedMail!.text).toContain('declined the lead fee of $1,200 plus GST ($1,320)');
      const retried = await server.gql(CONFIRM, { id: sale!.id, salePrice: 700_000, contractDate: '2026-10-30' }, agent.token);
      expect(retried.errors![0]!.message).toBe('payment_declined');
      const declinedMails = (await server.emailsTo(agent.email)).filter((m) => m.template === 'lead-fee-declined');
      expect(declinedMails).toHaveLength(2);
      for (const mail of declinedMails) expect(mail.text).not.toContain('$1,500');
    } finally {
      await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 100_000);
    }
  });
});
