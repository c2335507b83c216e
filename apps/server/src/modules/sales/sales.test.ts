import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { charges } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { codeOf, linkFrom, startTestServer, type GqlResult, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createAgent, createRequest } from '../appraisals/test-factories.ts';
import { setSetting } from '../settings/settings.service.ts';
import { decryptBankField } from './bank-details.ts';
import { seedDemoSale } from './demo-sale.ts';
import { leadFeeIdempotencyKey, retryDueLeadFees } from './lead-fees.service.ts';
import {
  BANK,
  CONFIRM,
  createAppraisedProperty,
  createSellingAgent,
  DECLINING_CARD,
  GOOD_CARD,
  NOT_SOLD,
  PROPERTY_SALE,
  saveTestCard,
  SOLD,
  submitAppraisalFor,
} from './test-factories.ts';

let server: TestServer;
/** Every answer the API gave in this file, to prove bank details never come back unmasked. */
const answers: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const gql = server.gql;
  server.gql = async <T>(...args: Parameters<TestServer['gql']>) => {
    const result = (await gql(...args)) as GqlResult<T>;
    answers.push(JSON.stringify(result));
    return result;
  };
});
afterAll(() => server?.stop());

const saleOf = async (propertyId: string) =>
  (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, propertyId) }))!;
const claimOf = async (saleId: string) =>
  (await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, saleId) }))!;
const leadFeeCharges = (saleId: string) =>
  server.deps.db
    .select()
    .from(charges)
    .where(and(eq(charges.referenceId, saleId), eq(charges.kind, 'LEAD_FEE')));
const engagementsOf = async (userId: string) =>
  (await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, userId) }))!.numberOfEngagements;

async function reportSold(scenario: Awaited<ReturnType<typeof createAppraisedProperty>>, agentIndex = 0) {
  const result = await server.gql(
    SOLD,
    { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[agentIndex]!.userId, ...BANK },
    scenario.seller.token,
  );
  expect(result.errors).toBeUndefined();
  return saleOf(scenario.property.id);
}

describe('propertyCompletedWithoutListwise', () => {
  it('completes the property with the complete type, turns pending requests NOT_REQUIRED and drops a change notice not yet sent', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    // A listing edited moments ago has a change notice due; completing it must not tell agents it changed.
    await server.deps.db.update(properties).set({ changeNoticeDueAt: new Date() }).where(eq(properties.id, scenario.property.id));
    const result = await server.gql<{ propertyCompletedWithoutListwise: { state: string; completeType: string } }>(
      NOT_SOLD,
      { propertyId: scenario.property.id, completeType: 'DECIDED_NOT_TO_SELL' },
      scenario.seller.token,
    );
    expect(result.data!.propertyCompletedWithoutListwise).toEqual({
      id: scenario.property.id,
      state: 'COMPLETE',
      completeType: 'DECIDED_NOT_TO_SELL',
    });
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, scenario.property.id) });
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(row!.changeNoticeDueAt).toBeNull();
    const request = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: eq(propertyAppraisalRequests.id, scenario.pendingRequest.id),
    });
    expect(request!.state).toBe('NOT_REQUIRED');

    // Not sold is not final: the seller may change their answer, and later report a sale.
    const changed = await server.gql<{ propertyCompletedWithoutListwise: { completeType: string } }>(
      NOT_SOLD,
      { propertyId: scenario.property.id, completeType: 'DECIDED_NOT_TO_USE_LISTWISE' },
      scenario.seller.token,
    );
    expect(changed.data!.propertyCompletedWithoutListwise.completeType).toBe('DECIDED_NOT_TO_USE_LISTWISE');
    await reportSold(scenario);
  });

  it('refuses SOLD_UNCONDITIONALLY (that needs an agent and bank details), drafts, and a sold property', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sold = await server.gql(
      NOT_SOLD,
      { propertyId: scenario.property.id, completeType: 'SOLD_UNCONDITIONALLY' },
      scenario.seller.token,
    );
    expect(sold.errors![0]).toMatchObject({ message: 'validation_failed', extensions: { field: 'completeType' } });

    const [draft] = await server.deps.db.insert(properties).values({ sellerUserId: scenario.seller.userId, state: 'DRAFT' }).returning();
    expect(codeOf(await server.gql(NOT_SOLD, { propertyId: draft!.id, completeType: 'DECIDED_NOT_TO_SELL' }, scenario.seller.token))).toBe(
      'invalid_state',
    );

    await reportSold(scenario);
    const after = await server.gql(
      NOT_SOLD,
      { propertyId: scenario.property.id, completeType: 'DECIDED_NOT_TO_SELL' },
      scenario.seller.token,
    );
    expect(after.errors![0]).toMatchObject({
      message: 'cannot_update_complete_type_for_uncoditionally_sold_property',
      extensions: { code: 'cannot_update_complete_type_for_uncoditionally_sold_property' },
    });
  });

  it("answers not_found for another seller's property or a malformed id, forbidden to agents, unauthorized without a session", async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const stranger = await createSeller(server);
    const variables = { propertyId: scenario.property.id, completeType: 'DECIDED_NOT_TO_SELL' };
    expect(codeOf(await server.gql(NOT_SOLD, variables, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(NOT_SOLD, { ...variables, propertyId: 'nope' }, scenario.seller.token))).toBe('not_found');
    expect(codeOf(await server.gql(NOT_SOLD, variables, scenario.appraisers[0]!.token))).toBe('forbidden');
    expect(codeOf(await server.gql(NOT_SOLD, variables))).toBe('unauthorized');
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, scenario.property.id) });
    expect(row!.state).toBe('ACTIVE');
  });
});

describe('propertySoldThroughListwise', () => {
  it('completes the sale, stores the claim encrypted with the cashback of the moment, and e-mails the agent', async () => {
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 75_000);
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const agent = scenario.appraisers[1]!;
    const result = await server.gql<{ propertySoldThroughListwise: { state: string; completeType: string } }>(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK },
      scenario.seller.token,
    );
    expect(result.data!.propertySoldThroughListwise).toEqual({
      id: scenario.property.id,
      state: 'COMPLETE',
      completeType: 'SOLD_UNCONDITIONALLY',
    });
    await setSetting(server.deps.db, 'staticCashbackAmountCents', 50_000);

    const sale = await saleOf(scenario.property.id);
    expect(sale).toMatchObject({
      sellerUserId: scenario.seller.userId,
      sellingAgentUserId: agent.userId,
      confirmedAt: null,
      leadFeeStatus: 'NOT_DUE',
    });
    const claim = await claimOf(sale.id);
    expect(claim).toMatchObject({
      amountCents: 75_000,
      status: 'PENDING_CONFIRMATION',
      bsbMasked: '***-912',
      accountNumberMasked: '*****4321',
    });
    // At rest: ciphertext only, bound to this claim.
    const stored = JSON.stringify(claim);
    expect(stored).not.toContain(BANK.bsb);
    expect(stored).not.toContain(BANK.accountNumber);
    expect(stored).not.toContain(BANK.accountName);
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'accountName', claim.accountNameEncrypted!)).toBe(BANK.accountName);
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'bsb', claim.bsbEncrypted)).toBe(BANK.bsb);
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'accountNumber', claim.accountNumberEncrypted)).toBe(
      BANK.accountNumber,
    );
    expect(() => decryptBankField(server.deps.config.appSecret, claim.id, 'accountNumber', claim.bsbEncrypted)).toThrow();

    const pending = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: eq(propertyAppraisalRequests.id, scenario.pendingRequest.id),
    });
    expect(pending!.state).toBe('NOT_REQUIRED');

    const [mail] = await server.emailsTo(agent.email);
    expect(mail!.subject).toBe('Please confirm your property sale');
    expect(mail!.text).toContain('Test Seller');
    expect(mail!.text).toContain('2/14 Campbell Parade');
    expect(linkFrom(mail!.text, /http:\/\/127\.0\.0\.1:3999\/agent\/property-sale\/([\w-]+)\/confirm/)[1]).toBe(sale.id);
    expect(await server.emailsTo(scenario.appraisers[0]!.email)).toHaveLength(0);
  });

  it('checks the bank details with clear messages, and stores them normalised', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const call = (bank: Partial<Record<'accountName' | 'bsb' | 'accountNumber', string>>) =>
      server.gql(
        SOLD,
        { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK, ...bank },
        scenario.seller.token,
      );
    const cases: [Partial<Record<'accountName' | 'bsb' | 'accountNumber', string>>, string, string][] = [
      [{ accountName: '  ' }, 'accountName', 'Account name is required'],
      [{ accountName: 'X'.repeat(33) }, 'accountName', 'Account name must be at most 32 characters'],
      [{ accountName: 'Jo; DROP TABLE' }, 'accountName', "Account name can use letters, numbers, spaces and & ' ( ) , - . / only"],
      [{ bsb: '' }, 'bsb', 'BSB is required'],
      [{ bsb: '12345' }, 'bsb', 'BSB must be 6 digits'],
      [{ bsb: '1234567' }, 'bsb', 'BSB must be 6 digits'],
      [{ bsb: '12-345' }, 'bsb', 'BSB is invalid'],
      [{ bsb: '062-00' }, 'bsb', 'BSB is invalid'],
      [{ accountNumber: ' ' }, 'accountNumber', 'Account number is required'],
      [{ accountNumber: 'abc12345678901234567890' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
      [{ accountNumber: '1234' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
      [{ accountNumber: '1234567890' }, 'accountNumber', 'Account number must be 5 to 9 digits'],
    ];
    for (const [bank, field, reason] of cases) {
      expect((await call(bank)).errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field, reason });
    }
    // Without the account name at all, GraphQL refuses the call before it reaches the rules.
    const { accountName: _omitted, ...withoutName } = BANK;
    const missing = await server.gql(
      SOLD.replace('$accountName: String!, ', '').replace('accountName: $accountName, ', ''),
      { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...withoutName },
      scenario.seller.token,
    );
    expect(missing.errors).toBeDefined();
    expect(await saleOf(scenario.property.id)).toBeUndefined();

    // The way people type a BSB: with a dash or a space; stored as six digits.
    expect((await call({ bsb: '062 000', accountNumber: '1234 5678' })).errors).toBeUndefined();
    const claim = await claimOf((await saleOf(scenario.property.id)).id);
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'bsb', claim.bsbEncrypted)).toBe('062000');
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'accountNumber', claim.accountNumberEncrypted)).toBe('12345678');
    expect(claim).toMatchObject({ bsbMasked: '***-000', accountNumberMasked: '*****5678' });
  });

  it('accepts a BSB typed 062-000', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const result = await server.gql(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK, bsb: '062-000' },
      scenario.seller.token,
    );
    expect(result.errors).toBeUndefined();
    const claim = await claimOf((await saleOf(scenario.property.id)).id);
    expect(decryptBankField(server.deps.config.appSecret, claim.id, 'bsb', claim.bsbEncrypted)).toBe('062000');
  });

  it('names only an agent who submitted an appraisal for this property', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const other = await createAppraisedProperty(server, { appraisers: 1 });
    const call = (sellingAgentId: string) =>
      server.gql(SOLD, { propertyId: scenario.property.id, sellingAgentId, ...BANK }, scenario.seller.token);
    for (const agentId of [scenario.waitingAgent.userId, other.appraisers[0]!.userId, scenario.seller.userId, 'not-a-uuid']) {
      const result = await call(agentId);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'not_found', field: 'sellingAgentId' });
    }
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, scenario.property.id) });
    expect(row!.state).toBe('ACTIVE');
    expect(
      await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }),
    ).toBeUndefined();
  });

  it('refuses a second report, and reports by anyone but the seller', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const variables = { propertyId: scenario.property.id, sellingAgentId: scenario.appraisers[0]!.userId, ...BANK };
    const stranger = await createSeller(server);
    expect(codeOf(await server.gql(SOLD, variables, stranger.token))).toBe('not_found');
    expect(codeOf(await server.gql(SOLD, variables, scenario.appraisers[0]!.token))).toBe('forbidden');
    expect(codeOf(await server.gql(SOLD, variables))).toBe('unauthorized');
    await reportSold(scenario);
    const again = await server.gql(SOLD, { ...variables, sellingAgentId: scenario.appraisers[1]!.userId }, scenario.seller.token);
    expect(codeOf(again)).toBe('cannot_update_complete_type_for_uncoditionally_sold_property');
  });

  it('lets exactly one of two simultaneous reports through', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const results = await Promise.all(
      scenario.appraisers.map((agent) =>
        server.gql(SOLD, { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK }, scenario.seller.token),
      ),
    );
    expect(results.map(codeOf).sort()).toEqual(['cannot_update_complete_type_for_uncoditionally_sold_property', null]);
  });
});

describe('propertySale', () => {
  it('shows the named agent the seller and the address, and nobody else the sale', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const sale = await reportSold(scenario);
    const result = await server.gql<{ propertySale: Record<string, unknown> }>(
      PROPERTY_SALE,
      { id: sale.id },
      scenario.appraisers[0]!.token,
    );
    expect(result.data!.propertySale).toMatchObject({
      id: sale.id,
      sellerName: 'Test Seller',
      confirmedAt: null,
      salePrice: null,
      leadFeeStatus: 'NOT_DUE',
      property: { id: scenario.property.id, streetNumber: '14', streetName: 'Campbell Parade', suburb: { name: 'Bondi', state: 'NSW' } },
    });
    expect(codeOf(await server.gql(PROPERTY_SALE, { id: sale.id }, scenario.appraisers[1]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(PROPERTY_SALE, { id: 'garbage' }, scenario.appraisers[0]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(PROPERTY_SALE, { id: sale.id }, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(PROPERTY_SALE, { id: sale.id }))).toBe('unauthorized');
  });
});

describe('confirmPropertySale', () => {
  it('records the sale, counts an engagement, makes the cashback payable and charges the $1,100 lead fee once', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    await server.deps.db.update(agentProfiles).set({ numberOfEngagements: 0 }).where(eq(agentProfiles.userId, agent.userId));
    const sale = await reportSold(scenario);

    const result = await server.gql<{ confirmPropertySale: Record<string, unknown> }>(
      CONFIRM,
      { id: sale.id, salePrice: 1_250_000, contractDate: '2026-11-14' },
      agent.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.confirmPropertySale).toMatchObject({
      id: sale.id,
      salePrice: 1_250_000,
      contractDate: '2026-11-14',
      leadFeeStatus: 'SUCCEEDED',
    });
    expect(result.data!.confirmPropertySale.confirmedAt).toEqual(expect.any(String));
    expect(await engagementsOf(agent.userId)).toBe(1);
    const me = await server.gql<{ me: { agentProfile: { badge: string; numberOfEngagements: number } } }>(
      `{ me { agentProfile { badge numberOfEngagements } } }`,
      {},
      agent.token,
    );
    expect(me.data!.me.agentProfile).toEqual({ badge: 'VERIFIED', numberOfEngagements: 1 });

    const claim = await claimOf(sale.id);
    expect(claim.status).toBe('PAYABLE');
    expect(claim.payableAt).toBeInstanceOf(Date);
    // The seller's invitation to review the agent (modules/reviews) may arrive alongside it.
    const sellerMail = (await server.emailsTo(scenario.seller.email)).find((m) => m.template === 'cashback-payable');
    expect(sellerMail!.subject).toBe('Your cashback is confirmed');
    expect(sellerMail!.text).toContain('within 10 business days');

    const ledger = await leadFeeCharges(sale.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      userId: agent.userId,
      amountCents: 110_000,
      gstCents: 10_000,
      status: 'SUCCEEDED',
      idempotencyKey: `lead-fee:${sale.id}`,
    });
    expect((await saleOf(scenario.property.id)).leadFeeChargeId).toBe(ledger[0]!.id);

    // Again, even with other values: nothing changes, nothing is counted or charged twice.
    const again = await server.gql<{ confirmPropertySale: Record<string, unknown> }>(
      CONFIRM,
      { id: sale.id, salePrice: 1, contractDate: '2026-11-15' },
      agent.token,
    );
    expect(again.data!.confirmPropertySale).toMatchObject({ salePrice: 1_250_000, contractDate: '2026-11-14', leadFeeStatus: 'SUCCEEDED' });
    expect(await engagementsOf(agent.userId)).toBe(1);
    expect(await leadFeeCharges(sale.id)).toHaveLength(1);
  });

  it('counts and charges once when two confirmations arrive together', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = scenario.appraisers[0]!;
    const before = await engagementsOf(agent.userId);
    const sale = await reportSold(scenario);
    const results = await Promise.all(
      [1, 2, 3].map(() => server.gql(CONFIRM, { id: sale.id, salePrice: 900_000, contractDate: '2026-11-01' }, agent.token)),
    );
    expect(results.map(codeOf)).toEqual([null, null, null]);
    expect(await engagementsOf(agent.userId)).toBe(before + 1);
    const ledger = await leadFeeCharges(sale.id);
    expect(ledger.map((c) => c.status)).toEqual(['SUCCEEDED']);
  });

  it('checks price and date with the spec rules', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const token = scenario.appraisers[0]!.token;
    const cases: [number, string, string, string][] = [
      [-1, '2026-11-01', 'salePrice', 'Sale price cannot be negative'],
      [100.123, '2026-11-01', 'salePrice', 'Use at most 2 decimal places'],
      [500_000, '', 'contractDate', 'Contract date is required'],
      [500_000, '2026-1-1', 'contractDate', 'Contract date is invalid'],
      [500_000, '2026-02-30', 'contractDate', 'Contract date is invalid'],
      [500_000, '01/11/2026', 'contractDate', 'Contract date is invalid'],
    ];
    for (const [salePrice, contractDate, field, reason] of cases) {
      const result = await server.gql(CONFIRM, { id: sale.id, salePrice, contractDate }, token);
      expect(result.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field, reason });
    }
    expect((await saleOf(scenario.property.id)).confirmedAt).toBeNull();
    const zero = await server.gql<{ confirmPropertySale: { salePrice: number } }>(
      CONFIRM,
      { id: sale.id, salePrice: 0, contractDate: '2026-11-01' },
      token,
    );
    expect(zero.data!.confirmPropertySale.salePrice).toBe(0);
  });

  it('lets only the named agent confirm', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 2 });
    const sale = await reportSold(scenario);
    const variables = { id: sale.id, salePrice: 800_000, contractDate: '2026-11-01' };
    expect(codeOf(await server.gql(CONFIRM, variables, scenario.appraisers[1]!.token))).toBe('not_found');
    expect(codeOf(await server.gql(CONFIRM, variables, (await createAgent(server)).token))).toBe('not_found');
    expect(codeOf(await server.gql(CONFIRM, variables, scenario.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(CONFIRM, variables, (await createAdmin(server)).token))).toBe('forbidden');
    expect(codeOf(await server.gql(CONFIRM, variables))).toBe('unauthorized');
    expect((await saleOf(scenario.property.id)).confirmedAt).toBeNull();
  });

  it('keeps the sale confirmed when the card declines, and settles the fee once the agent fixes the card', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const agent = scenario.appraisers[0]!;
    const before = await engagementsOf(agent.userId);
    const sale = await reportSold(scenario);

    const declined = await server.gql(CONFIRM, { id: sale.id, salePrice: 700_000, contractDate: '2026-10-30' }, agent.token);
    expect(declined.errors![0]).toMatchObject({ message: 'payment_declined', extensions: { code: 'payment_declined' } });
    const afterDecline = await saleOf(scenario.property.id);
    expect(afterDecline).toMatchObject({
      salePriceCents: 70_000_000,
      leadFeeStatus: 'FAILED',
      leadFeeAttempts: 1,
      leadFeeFailureCode: 'payment_declined',
    });
    expect(afterDecline.confirmedAt).toBeInstanceOf(Date);
    expect(await engagementsOf(agent.userId)).toBe(before + 1);
    // Cashback follows the fee (issue 19): nothing is payable to the seller while the fee is not collected.
    expect(await claimOf(sale.id)).toMatchObject({ status: 'AWAITING_LEAD_FEE', payableAt: null });
    expect((await server.emailsTo(scenario.seller.email)).map((m) => m.template)).not.toContain('cashback-payable');
    const [failedCharge] = await leadFeeCharges(sale.id);
    expect(failedCharge).toMatchObject({ status: 'FAILED', amountCents: 110_000 });
    expect(afterDecline.leadFeeChargeId).toBe(failedCharge!.id);
    expect((await server.emailsTo(agent.email)).map((m) => m.subject)).toContain('Your lead fee payment was declined');

    const view = await server.gql<{ propertySale: { confirmedAt: string; leadFeeStatus: string } }>(
      PROPERTY_SALE,
      { id: sale.id },
      agent.token,
    );
    expect(view.data!.propertySale.leadFeeStatus).toBe('FAILED');

    // Confirming again with the same card declines again (a new attempt), without counting again.
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 700_000, contractDate: '2026-10-30' }, agent.token))).toBe(
      'payment_declined',
    );
    await saveTestCard(server, agent.userId, GOOD_CARD);
    const settled = await server.gql<{ confirmPropertySale: { leadFeeStatus: string } }>(
      CONFIRM,
      { id: sale.id, salePrice: 700_000, contractDate: '2026-10-30' },
      agent.token,
    );
    expect(settled.data!.confirmPropertySale.leadFeeStatus).toBe('SUCCEEDED');
    expect(await engagementsOf(agent.userId)).toBe(before + 1);
    // The fee collected: the cashback is payable, and the seller is told once.
    expect((await claimOf(sale.id)).status).toBe('PAYABLE');
    expect((await server.emailsTo(scenario.seller.email)).filter((m) => m.template === 'cashback-payable')).toHaveLength(1);
    const ledger = await leadFeeCharges(sale.id);
    expect(ledger.map((c) => [c.idempotencyKey, c.status]).sort()).toEqual(
      [
        [leadFeeIdempotencyKey(sale.id, 1), 'FAILED'],
        [leadFeeIdempotencyKey(sale.id, 2), 'FAILED'],
        [leadFeeIdempotencyKey(sale.id, 3), 'SUCCEEDED'],
      ].sort(),
    );
  });

  it('retries a declined fee by itself once a day, a few times', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const agent = scenario.appraisers[0]!;
    const sale = await reportSold(scenario);
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 650_000, contractDate: '2026-10-30' }, agent.token))).toBe(
      'payment_declined',
    );

    await retryDueLeadFees(server.deps);
    expect((await saleOf(scenario.property.id)).leadFeeAttempts).toBe(1); // not a day yet

    server.deps.clock.advance(25 * 60 * 60 * 1000);
    await retryDueLeadFees(server.deps);
    expect(await saleOf(scenario.property.id)).toMatchObject({ leadFeeAttempts: 2, leadFeeStatus: 'FAILED' });

    await saveTestCard(server, agent.userId, GOOD_CARD);
    server.deps.clock.advance(25 * 60 * 60 * 1000);
    await retryDueLeadFees(server.deps);
    expect(await saleOf(scenario.property.id)).toMatchObject({ leadFeeAttempts: 3, leadFeeStatus: 'SUCCEEDED' });
    expect((await leadFeeCharges(sale.id)).filter((c) => c.status === 'SUCCEEDED')).toHaveLength(1);
  });

  it('answers user_missing_stripe_customer for an agent without a card, and records the fee as failed', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 0 });
    const agent = await createSellingAgent(server, { card: null });
    await submitAppraisalFor(server, scenario.property.id, agent.userId);
    const result = await server.gql(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK },
      scenario.seller.token,
    );
    expect(result.errors).toBeUndefined();
    const sale = await saleOf(scenario.property.id);
    expect(codeOf(await server.gql(CONFIRM, { id: sale.id, salePrice: 1, contractDate: '2026-10-30' }, agent.token))).toBe(
      'user_missing_stripe_customer',
    );
    expect(await saleOf(scenario.property.id)).toMatchObject({
      leadFeeStatus: 'FAILED',
      leadFeeFailureCode: 'user_missing_stripe_customer',
    });
  });
});

describe('completing a property', () => {
  it('drops the agents held for a listing awaiting verification', async () => {
    const seller = await createSeller(server);
    const agent = await createAgent(server);
    const [property] = await server.deps.db
      .insert(properties)
      .values({
        sellerUserId: seller.userId,
        state: 'ACTIVE',
        streetName: 'Test Street',
        areYouThePropertyOwner: 'NO',
        verificationStatus: 'PENDING',
        heldAgentUserIds: [agent.userId],
      })
      .returning();
    await createRequest(server, property!.id, agent.userId, { state: 'EXPIRED' });
    await server.gql(NOT_SOLD, { propertyId: property!.id, completeType: 'DECIDED_NOT_TO_SELL' }, seller.token);
    const row = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property!.id) });
    expect(row).toMatchObject({ state: 'COMPLETE', heldAgentUserIds: [] });
    const requests = await server.deps.db
      .select()
      .from(propertyAppraisalRequests)
      .where(eq(propertyAppraisalRequests.propertyId, property!.id));
    expect(requests.map((r) => r.state)).toEqual(['EXPIRED']);
  });
});

describe('demo sale', () => {
  it('seeds a confirmed sale with its lead fee charged and a payable cashback, once', async () => {
    const seller = await createSeller(server);
    const agent = await createAgent(server, { name: 'Demo Agent' });
    const saleId = await seedDemoSale(server.deps, { sellerEmail: seller.email, agentEmail: agent.email });
    expect(saleId).toEqual(expect.any(String));
    const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, saleId!) });
    expect(sale).toMatchObject({ sellingAgentUserId: agent.userId, salePriceCents: 131_000_000, leadFeeStatus: 'SUCCEEDED' });
    expect(sale!.confirmedAt).toBeInstanceOf(Date);
    expect((await claimOf(saleId!)).status).toBe('PAYABLE');
    expect((await leadFeeCharges(saleId!)).map((c) => c.status)).toEqual(['SUCCEEDED']);
    expect(await seedDemoSale(server.deps, { sellerEmail: seller.email, agentEmail: agent.email })).toBeNull();
    expect(await seedDemoSale(server.deps, { sellerEmail: 'nobody@example.com', agentEmail: agent.email })).toBeNull();
  });
});

// Last in the file, so the scan below sees every answer above it.
describe('bank details', () => {
  it('never appear unmasked in any answer of this file', async () => {
    // Make sure at least one claim exists and has been read back through every type that shows claims.
    const scenario = await createAppraisedProperty(server, { appraisers: 1 });
    const sale = await reportSold(scenario);
    const admin = await createAdmin(server);
    const claims = await server.gql<{ adminCashbackClaims: { edges: { node: { maskedBsb: string; maskedAccountNumber: string } }[] } }>(
      `{ adminCashbackClaims(first: 50) { edges { node { id maskedBsb maskedAccountNumber propertySale { id cashbackClaim { maskedBsb } } } } } }`,
      {},
      admin.token,
    );
    expect(claims.data!.adminCashbackClaims.edges.map((e) => e.node.maskedBsb)).toContain('***-912');
    await server.gql(PROPERTY_SALE, { id: sale.id }, scenario.appraisers[0]!.token);
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer).not.toContain(BANK.bsb);
      expect(answer).not.toContain(BANK.accountNumber);
    }
  });

  it('cannot be asked for: no type has a field holding them', async () => {
    const introspection = await server.gql<{ __schema: { types: { name: string; fields: { name: string }[] | null }[] } }>(
      `{ __schema { types { name fields { name } } } }`,
    );
    const fields = introspection.data!.__schema.types.flatMap((t) => (t.fields ?? []).map((f) => `${t.name}.${f.name}`));
    expect(fields.filter((f) => /\.(bsb|accountNumber|bsbEncrypted|accountNumberEncrypted)$/i.test(f))).toEqual([]);
  });
});
