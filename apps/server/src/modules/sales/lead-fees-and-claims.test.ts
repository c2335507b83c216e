import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { charges, taxInvoices } from '../../db/schema/payments.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createAgent } from '../appraisals/test-factories.ts';
import { renderTaxInvoicePdf } from '../payments/tax-invoice-pdf.ts';
import { BANK, CONFIRM, createAppraisedProperty, DECLINING_CARD, GOOD_CARD, saveTestCard, SOLD } from './test-factories.ts';

/**
 * Issue 14, 'lead fees agents can trust' and 'claims sellers can follow': the contract date between the listing
 * and today (where the property is), 'this is not my sale', a tax invoice for every lead fee with the agent's
 * billing history, and the seller's view of their cashback claim.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());
afterEach(() => server.deps.clock.reset());

const DISPUTE = `mutation($id: ID!, $reason: String) {
  disputePropertySale(id: $id, reason: $reason) { id disputedAt confirmedAt leadFeeStatus }
}`;
const SELLER_CLAIM = `query($id: ID!) {
  property(id: $id) { id cashbackClaim { id amount status claimedAt confirmedAt disputedAt paidAt maskedBsb maskedAccountNumber } }
}`;
const MY_CHARGES = `{ myCharges(first: 20) { edges { node { id kind description amount gst status invoice { id number total } } } } }`;
const TAX_INVOICE = `query($id: ID!) {
  taxInvoice(id: $id) {
    id number issuedAt supplierName supplierAbn customerName customerAgencyName description amountExcludingGst gst total
  }
}`;

type Scenario = Awaited<ReturnType<typeof createAppraisedProperty>>;

async function reportSold(scenario: Scenario) {
  const result = await server.gql(
    SOLD,
    { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK },
    scenario.seller.token,
  );
  expect(result.errors).toBeUndefined();
  return (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
}

const claimOf = async (saleId: string) =>
  (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, saleId) }))!;
const leadFeeCharges = (saleId: string) =>
  server.deps.db
    .select()
    .from(charges)
    .where(and(eq(charges.referenceId, saleId), eq(charges.kind, 'LEAD_FEE')));

/** The text a PDF draws: its content streams inflated, the hex strings of its text operators decoded (WinAnsi). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  // pdf-lib ends a stream's bytes with '\nendstream'; a compressed stream whose last byte is '\r' (1 in 256) must keep it.
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) shown.push(Buffer.from(hex!, 'hex').toString('latin1'));
  }
  return shown.join('\n');
}

/** Moves the test clock to an exact instant (the clock only moves by offsets). */
const setNow = (iso: string) => {
  server.deps.clock.reset();
  server.deps.clock.advance(new Date(iso).getTime() - server.deps.clock.now().getTime());
};

describe('the contract date', () => {
  it('cannot be after today where the property is, with today read in Sydney for a Bondi sale', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const token = scenario.appraisers[0]!.token;
    // 14:30 UTC on 1 December is 01:30 on 2 December in Sydney (daylight saving, UTC+11).
    setNow('2026-12-01T14:30:00Z');
    const bounds = await server.gql<{ propertySale: { contractDateEarliest: string; contractDateLatest: string } }>(
      `query($id: ID!) { propertySale(id: $id) { contractDateEarliest contractDateLatest } }`,
      { id: sale.id },
      token,
    );
    expect(bounds.data!.propertySale).toEqual({ contractDateEarliest: '2026-09-01', contractDateLatest: '2026-12-02' });

    for (const contractDate of ['2026-12-03', '2027-03-01']) {
      const future = await server.gql(CONFIRM, { id: sale.id, salePrice: 900_000, contractDate }, token);
      expect(future.errors![0]).toMatchObject({
        message: 'contract_date_in_future',
        extensions: { code: 'contract_date_in_future', field: 'contractDate' },
      });
    }
    // Refused means nothing happened: not confirmed, not counted, not charged.
    const untouched = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, sale.id) });
    expect(untouched).toMatchObject({ confirmedAt: null, leadFeeStatus: 'NOT_DUE' });
    expect(await leadFeeCharges(sale.id)).toHaveLength(0);

    const today = await server.gql<{ confirmPropertySale: { contractDate: string; leadFeeStatus: string } }>(
      CONFIRM,
      { id: sale.id, salePrice: 900_000, contractDate: '2026-12-02' },
      token,
    );
    expect(today.data!.confirmPropertySale).toMatchObject({ contractDate: '2026-12-02', leadFeeStatus: 'SUCCEEDED' });
  });

  it('cannot be before the listing was published', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const token = scenario.appraisers[0]!.token;
    const before = await server.gql(CONFIRM, { id: sale.id, salePrice: 900_000, contractDate: '2026-08-31' }, token);
    expect(before.errors![0]).toMatchObject({
      message: 'contract_date_before_listing',
      extensions: { code: 'contract_date_before_listing', field: 'contractDate' },
    });
    expect(await leadFeeCharges(sale.id)).toHaveLength(0);
    const listingDay = await server.gql(CONFIRM, { id: sale.id, salePrice: 900_000, contractDate: '2026-09-01' }, token);
    expect(listingDay.errors).toBeUndefined();
  });
});

describe("'this is not my sale'", () => {
  it('charges nothing, puts the claim on hold for an operator, and tells the seller', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    const engagements = async () =>
      (await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) }))!.numberOfEngagements;
    const before = await engagements();
    const sale = await reportSold(scenario);

    const result = await server.gql<{ disputePropertySale: Record<string, unknown> }>(
      DISPUTE,
      { id: sale.id, reason: 'I never listed this property.' },
      agent.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.disputePropertySale).toMatchObject({ id: sale.id, confirmedAt: null, leadFeeStatus: 'NOT_DUE' });
    expect(result.data!.disputePropertySale.disputedAt).toEqual(expect.any(String));
    expect(await leadFeeCharges(sale.id)).toHaveLength(0);
    expect(await engagements()).toBe(before);
    expect((await claimOf(sale.id)).status).toBe('DISPUTED');
    const stored = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, sale.id) });
    expect(stored!.disputeReason).toBe('I never listed this property.');

    const sellerMails = await server.emailsTo(scenario.seller.email);
    expect(sellerMails.map((m) => m.subject)).toEqual(['Your agent did not confirm the sale']);
    expect(sellerMails[0]!.text).toContain('Agent 1 told us that the sale of 2/14 Campbell Parade');
    expect(sellerMails[0]!.text).toContain('cashback claim is on hold');

    // Disputed is final for the agent: confirming now is refused and charges nothing; disputing again changes nothing.
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 1, contractDate: '2026-10-01' }, agent.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(DISPUTE, { id: sale.id }, agent.token))).toBeNull();
    expect(await server.emailsTo(scenario.seller.email)).toHaveLength(1);
    expect(await leadFeeCharges(sale.id)).toHaveLength(0);

    // The operator sees it under Disputed, with the agent's note.
    const admin = await createAdmin(server);
    const console = await server.gql<{
      adminPropertySales: { edges: { node: { id: string; disputeReason: string; cashbackClaim: { status: string } } }[] };
    }>(
      `{ adminPropertySales(first: 50, filter: DISPUTED) { edges { node { id disputedAt disputeReason cashbackClaim { status } } } } }`,
      {},
      admin.token,
    );
    const row = console.data!.adminPropertySales.edges.find((e) => e.node.id === sale.id);
    expect(row!.node).toMatchObject({ disputeReason: 'I never listed this property.', cashbackClaim: { status: 'DISPUTED' } });
    const awaiting = await server.gql<{ adminPropertySales: { edges: { node: { id: string } }[] } }>(
      `{ adminPropertySales(first: 50, filter: AWAITING_CONFIRMATION) { edges { node { id } } } }`,
      {},
      admin.token,
    );
    expect(awaiting.data!.adminPropertySales.edges.map((e) => e.node.id)).not.toContain(sale.id);
  });

  it('cannot undo a confirmed sale, and is open only to the named agent', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const sale = await reportSold(scenario);
    const variables = { id: sale.id };
    expect(codeOf(await server.gql(DISPUTE, variables, scenario.appraisers[1]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(DISPUTE, variables, (await createAgent(server)).token))).toBe('not_found');
    expect(codeOf(await server.gql(DISPUTE, { id: 'not-a-uuid' }, scenario.appraisers[0]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(DISPUTE, variables, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(DISPUTE, variables, (await createAdmin(server)).token))).toBe('forbidden');
    expect(codeOf(await server.gql(DISPUTE, variables))).toBe('unauthorized');
    const tooLong = await server.gql(DISPUTE, { id: sale.id, reason: 'x'.repeat(1001) }, scenario.appraisers[0]!.token);
    expect(tooLong.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    expect((await claimOf(sale.id)).status).toBe('PENDING_CONFIRMATION');

    await server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, scenario.appraisers[0]!.token);
    expect(codeOf(await server.gql(DISPUTE, variables, scenario.appraisers[0]!.token))).toBe('invalid_state');
    expect((await claimOf(sale.id)).status).toBe('PAYABLE');
  });
});

describe('tax invoices and billing history', () => {
  it('e-mails a tax invoice for the lead fee, and lists it with the charge in the agent’s billing history', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    await server.deps.db
      .update(agentProfiles)
      .set({ agencyName: 'Harbour Realty', agencyAbn: '51824753556' })
      .where(eq(agentProfiles.userId, agent.userId));
    const sale = await reportSold(scenario);
    expect(
      (await server.gql(CONFIRM, { id: sale.id, salePrice: 1_250_000, contractDate: '2026-10-01' }, agent.token)).errors,
    ).toBeUndefined();

    const [charge] = await leadFeeCharges(sale.id);
    const invoice = (await server.deps.db.query.taxInvoices.findFirst({ where: eq(taxInvoices.chargeId, charge!.id) }))!;
    expect(invoice).toMatchObject({
      userId: agent.userId,
      supplierName: 'Listwise Pty Ltd',
      supplierAbn: '12345678012',
      customerName: 'Agent 1',
      customerAgencyName: 'Harbour Realty',
      customerAgencyAbn: '51824753556',
      amountExcludingGstCents: 100_000,
      gstCents: 10_000,
      totalCents: 110_000,
    });
    const number = `LW-${String(invoice.sequence).padStart(6, '0')}`;

    const mail = (await server.emailsTo(agent.email)).find((m) => m.template === 'tax-invoice')!;
    expect(mail.subject).toBe(`Tax invoice ${number} from Listwise`);
    for (const text of [
      'Listwise Pty Ltd, ABN 12 345 678 012',
      // The buyer is the agency with its ABN (issue 22: a tax invoice of $1,000 or more names the buyer or its ABN).
      'Harbour Realty, ABN 51 824 753 556 (Agent 1)',
      'Lead fee for the sale of',
      '$1,000',
      'GST',
      '$100',
      '$1,100',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).toContain(`http://127.0.0.1:3999/agent/invoices/${invoice.id}`);

    const history = await server.gql<{
      myCharges: {
        edges: {
          node: { id: string; kind: string; amount: number; gst: number; invoice: { id: string; number: string; total: number } };
        }[];
      };
    }>(MY_CHARGES, {}, agent.token);
    expect(history.data!.myCharges.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({
        id: charge!.id,
        kind: 'LEAD_FEE',
        amount: 1100,
        gst: 100,
        invoice: { id: invoice.id, number, total: 1100 },
      }),
    );

    const view = await server.gql<{ taxInvoice: Record<string, unknown> }>(TAX_INVOICE, { id: invoice.id }, agent.token);
    expect(view.data!.taxInvoice).toMatchObject({
      number,
      supplierName: 'Listwise Pty Ltd',
      supplierAbn: '12 345 678 012',
      customerName: 'Agent 1',
      amountExcludingGst: 1000,
      gst: 100,
      total: 1100,
    });

    // The same invoice as a PDF download (issue 23): one A4 page carrying every figure, the same bytes each time.
    const asPdf = async () =>
      (
        await server.gql<{ taxInvoice: { pdfBase64: string } }>(
          `query($id: ID!) { taxInvoice(id: $id) { pdfBase64 } }`,
          { id: invoice.id },
          agent.token,
        )
      ).data!.taxInvoice.pdfBase64;
    const pdf = Buffer.from(await asPdf(), 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await asPdf()).toBe(pdf.toString('base64'));
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Tax invoice ${number}`);
    const printed = pdfText(pdf);
    for (const text of [
      'Tax invoice',
      `Invoice number ${number}`,
      'Listwise Pty Ltd',
      'ABN 12 345 678 012',
      'Harbour Realty',
      'ABN 51 824 753 556',
      'Agent 1',
      '$1,000',
      'GST (10%)',
      '$100',
      'Total paid (including GST)',
      '$1,100',
    ]) {
      expect(printed).toContain(text);
    }
    // A name the PDF's standard font cannot draw prints with '?' for what it cannot, rather than failing.
    const foreign = pdfText(Buffer.from(await renderTaxInvoicePdf({ ...invoice, customerName: 'Wáng 王 Agent 🏠' })));
    expect(foreign).toContain('Wáng ? Agent ?');

    // Only the agent it was issued to reads it; another agent's list holds none of it.
    const other = await createAgent(server);
    expect(codeOf(await server.gql(TAX_INVOICE, { id: invoice.id }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(TAX_INVOICE, { id: 'nope' }, agent.token))).toBe('not_found');
    expect(codeOf(await server.gql(TAX_INVOICE, { id: invoice.id }, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(TAX_INVOICE, { id: invoice.id }))).toBe('unauthorized');
    const othersHistory = await server.gql<{ myCharges: { edges: unknown[] } }>(MY_CHARGES, {}, other.token);
    expect(othersHistory.data!.myCharges.edges).toEqual([]);
    expect(codeOf(await server.gql(MY_CHARGES, {}, scenario.seller.token))).toBe('forbidden');
  });

  it('issues no invoice for a declined charge, and exactly one once the fee is paid', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const agent = scenario.appraisers[0]!;
    const sale = await reportSold(scenario);
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 700_000, contractDate: '2026-10-01' }, agent.token))).toBe(
      'payment_declined',
    );
    const history = await server.gql<{ myCharges: { edges: { node: { status: string; invoice: unknown } }[] } }>(
      MY_CHARGES,
      {},
      agent.token,
    );
    expect(history.data!.myCharges.edges.map((e) => e.node)).toEqual([expect.objectContaining({ status: 'FAILED', invoice: null })]);
    expect((await server.emailsTo(agent.email)).filter((m) => m.template === 'tax-invoice')).toHaveLength(0);

    await saveTestCard(server, agent.userId, GOOD_CARD);
    await server.gql(CONFIRM, { id: sale.id, salePrice: 700_000, contractDate: '2026-10-01' }, agent.token);
    await server.gql(CONFIRM, { id: sale.id, salePrice: 700_000, contractDate: '2026-10-01' }, agent.token);
    expect((await server.emailsTo(agent.email)).filter((m) => m.template === 'tax-invoice')).toHaveLength(1);
    const invoices = await server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.userId, agent.userId));
    expect(invoices).toHaveLength(1);
  });
});

describe("the seller's claim", () => {
  it('shows its status and dates from claim to paid, with an e-mail when paid dated in Sydney', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    type Claim = { status: string; confirmedAt: string | null; paidAt: string | null; maskedAccountNumber: string; amount: number };
    const read = async () =>
      (await server.gql<{ property: { cashbackClaim: Claim | null } }>(SELLER_CLAIM, { id: scenario.property.id }, scenario.seller.token))
        .data!.property.cashbackClaim!;

    expect(await read()).toMatchObject({
      status: 'PENDING_CONFIRMATION',
      confirmedAt: null,
      paidAt: null,
      maskedAccountNumber: '*****4321',
    });
    await server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, scenario.appraisers[0]!.token);
    const confirmed = await read();
    expect(confirmed).toMatchObject({ status: 'PAYABLE', paidAt: null });
    expect(confirmed.confirmedAt).toEqual(expect.any(String));

    // Paid at 15:00 UTC on 30 June: already 1 July in Sydney, which the e-mail says whatever the server's zone.
    setNow('2026-06-30T15:00:00Z');
    const admin = await createAdmin(server);
    const paid = await server.gql(
      `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id status paidAt } }`,
      { id: (await claimOf(sale.id)).id },
      admin.token,
    );
    expect(paid.errors).toBeUndefined();
    const paidClaim = await read();
    expect(paidClaim.status).toBe('PAID');
    expect(paidClaim.paidAt).toMatch(/^2026-06-30T15:00:0/);
    const mail = (await server.emailsTo(scenario.seller.email)).find((m) => m.template === 'cashback-paid')!;
    expect(mail.subject).toBe('Your cashback has been paid');
    expect(mail.text).toContain('We paid your $500 cashback for the sale of 2/14 Campbell Parade');
    expect(mail.text).toContain('on 1 Jul 2026, into the account ***-912 *****4321');
  });

  it('is read by the seller only: other sellers cannot reach the property, the agent sees no claim', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const stranger = await createSeller(server);
    expect(codeOf(await server.gql(SELLER_CLAIM, { id: scenario.property.id }, stranger.token))).toBe('not_found');
    const agentView = await server.gql<{ propertySale: { property: { cashbackClaim: unknown } } }>(
      `query($id: ID!) { propertySale(id: $id) { property { id cashbackClaim { status } } } }`,
      { id: sale.id },
      scenario.appraisers[0]!.token,
    );
    expect(agentView.errors).toBeUndefined();
    expect(agentView.data!.propertySale.property.cashbackClaim).toBeNull();
    // A property without a sale has no claim.
    const fresh = await createAppraisedProperty(server, { appraisers: 1 });
    const none = await server.gql<{ property: { cashbackClaim: unknown } }>(SELLER_CLAIM, { id: fresh.property.id }, fresh.seller.token);
    expect(none.data!.property.cashbackClaim).toBeNull();
  });
});
