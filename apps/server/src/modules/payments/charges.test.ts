import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/accounts.ts';
import { charges, taxInvoices, testGatewayPaymentMethods } from '../../db/schema/payments.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { OffSessionCharge } from '../../ports/payments/payment-gateway.ts';
import { createAgentWithBasicDetails, subscribe } from '../../test/agent-factories.ts';
import { createAdmin, login } from '../../test/factories.ts';
import { codeOf, type TestServer } from '../../test/harness.ts';
import { BANK, CONFIRM, createAppraisedProperty, DECLINING_CARD, GOOD_CARD, saveTestCard, SOLD } from '../sales/test-factories.ts';
import { setSetting } from '../settings/settings.service.ts';
import { processSubscriptionRenewals } from '../subscriptions/subscription-renewals.service.ts';
import { CRASH, useChargeTestServer } from './test-factories.ts';
import { MAX_REFUND_ATTEMPTS, reconcileCharges, recordChargeOutcome } from './charges.service.ts';

/**
 * The one way money is taken (docs/decisions/0015-resumable-charges.md), step by step: the intent committed
 * before the provider is called, the call made with no transaction or lock held, the outcome recorded (bought, or
 * refunded), the reconciler finishing what a crash left, and refunds that fail: retried, then listed for operators.
 */
const setup = useChargeTestServer();
const { realCharge, interceptProvider, afterStale, intentsOf, liveIn, paidAgent, emptySuburb } = setup;
let server: TestServer;
beforeAll(() => {
  server = setup.server;
});

const chargesOf = (userId: string) => server.deps.db.select().from(charges).where(eq(charges.userId, userId));
const invoicesOf = (userId: string) => server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.userId, userId));

describe('the charge pattern', () => {
  it('commits the intent before the provider is called, and calls it with no transaction open and no lock held', async () => {
    const agent = await paidAgent();
    const suburb = await emptySuburb('Bondi', '2026');
    const seen: { status: string; purpose: unknown }[] = [];
    interceptProvider(async (charge) => {
      // Another connection sees the committed intent, and can take every lock the request took.
      const [row] = await server.deps.db.select().from(charges).where(eq(charges.idempotencyKey, charge.idempotencyKey));
      seen.push({ status: row!.status, purpose: row!.purpose });
      await server.deps.db.transaction(async (tx) => {
        await tx.select().from(suburbs).where(eq(suburbs.id, suburb)).for('update', { noWait: true });
        await tx.select().from(users).where(eq(users.id, agent.userId)).for('update', { noWait: true });
      });
      // Nothing is bought yet.
      expect(await liveIn(suburb)).toHaveLength(0);
      return realCharge(charge);
    });
    expect((await subscribe(server, agent.token, [suburb])).errors).toBeUndefined();
    expect(seen).toEqual([{ status: 'PENDING', purpose: { type: 'suburb-purchase', suburbIds: [suburb], freeTrials: 0 } }]);

    const [charge] = await chargesOf(agent.userId);
    expect(charge).toMatchObject({ status: 'SUCCEEDED', amountCents: 49_500, fulfilledAt: expect.any(Date), refundReason: null });
    expect(charge!.idempotencyKey).toBe(`suburb-purchase:${agent.userId}:1`);
    const [live] = await liveIn(suburb);
    expect(live).toMatchObject({ agentUserId: agent.userId, lastChargeId: charge!.id });
    expect(charge!.referenceId).toBe(live!.id);
    expect((await invoicesOf(agent.userId)).map((i) => i.chargeId)).toEqual([charge!.id]);
  });

  it('holds the places of a purchase under way: another agent finds the suburb full until its outcome', async () => {
    const suburb = await emptySuburb('Coogee', '2034', 1);
    const first = await paidAgent();
    const second = await paidAgent();
    let answerSecond: Promise<unknown> | null = null;
    interceptProvider(async (charge) => {
      interceptProvider(realCharge);
      answerSecond = subscribe(server, second.token, [suburb]);
      expect(codeOf((await answerSecond) as never)).toBe('some_suburb_at_capacity');
      return realCharge(charge);
    });
    expect((await subscribe(server, first.token, [suburb])).errors).toBeUndefined();
    expect(answerSecond).not.toBeNull();
    expect(await chargesOf(second.userId)).toEqual([]);
  });

  it('refunds the charge when the suburb filled while the provider was answering: no subscription, no invoice', async () => {
    const suburb = await emptySuburb('Bronte', '2024', 1);
    const agent = await paidAgent();
    const other = await createAgentWithBasicDetails(server);
    interceptProvider(async (charge) => {
      // An operator's change meanwhile: a subscription the operators manage takes the last place.
      const now = server.deps.clock.now();
      await server.deps.db.insert(suburbSubscriptions).values({
        agentUserId: other.userId,
        suburbId: suburb,
        startsAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
        isManuallyManaged: true,
      });
      return realCharge(charge);
    });
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('some_suburb_at_capacity');
    const [charge] = await chargesOf(agent.userId);
    expect(charge).toMatchObject({ status: 'REFUNDED', refundReason: expect.stringContaining('no place left'), refundAttempts: 1 });
    expect(await invoicesOf(agent.userId)).toEqual([]);
    const [intent] = await intentsOf(charge!.providerCustomerId);
    expect(intent!.refundedAt).toBeInstanceOf(Date);
    expect((await liveIn(suburb)).map((s) => s.agentUserId)).toEqual([other.userId]);
  });

  it('fixes the lead fee when the sale is confirmed: a later settings change does not alter what the agent pays', async () => {
    const scenario = await createAppraisedProperty(server, { appraisers: 1, card: DECLINING_CARD });
    const agent = scenario.appraisers[0]!;
    const reported = await server.gql(
      SOLD,
      { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK },
      scenario.seller.token,
    );
    expect(reported.errors).toBeUndefined();
    const sale = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
    const confirm = () => server.gql(CONFIRM, { id: sale.id, salePrice: 800_000, contractDate: '2026-10-01' }, agent.token);
    expect(codeOf(await confirm())).toBe('payment_declined');
    await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 200_000);
    try {
      await saveTestCard(server, agent.userId, GOOD_CARD);
      expect((await confirm()).errors).toBeUndefined();
    } finally {
      await setSetting(server.deps.db, 'leadFeeExcludingGstCents', 100_000);
    }
    const fees = await server.deps.db.select().from(charges).where(eq(charges.referenceId, sale.id)).orderBy(charges.createdAt);
    expect(fees.map((c) => [c.status, c.amountCents])).toEqual([
      ['FAILED', 110_000],
      ['SUCCEEDED', 110_000],
    ]);
    const after = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, sale.id) }))!;
    expect(after).toMatchObject({ leadFeeCents: 110_000, leadFeeStatus: 'SUCCEEDED', leadFeeChargeId: fees[1]!.id });
  });
});

describe('the reconciler', () => {
  it('finishes a purchase the provider charged before the server died: live, invoiced once, charged once', async () => {
    const suburb = await emptySuburb('Tamarama', '2026');
    const agent = await paidAgent();
    interceptProvider(async (charge) => {
      await realCharge(charge);
      throw new Error(CRASH);
    });
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('internal_error');
    interceptProvider(realCharge);
    expect((await chargesOf(agent.userId)).map((c) => c.status)).toEqual(['PENDING']);
    expect(await liveIn(suburb)).toEqual([]);

    // Not yet: a request may still be on its way.
    expect(await reconcileCharges(server.deps)).toMatchObject({ finished: 0 });
    afterStale();
    expect(await reconcileCharges(server.deps)).toMatchObject({ finished: 1 });
    const [charge] = await chargesOf(agent.userId);
    expect(charge).toMatchObject({ status: 'SUCCEEDED', fulfilledAt: expect.any(Date) });
    expect((await liveIn(suburb)).map((s) => [s.agentUserId, s.lastChargeId])).toEqual([[agent.userId, charge!.id]]);
    expect((await invoicesOf(agent.userId)).map((i) => i.chargeId)).toEqual([charge!.id]);
    expect(await intentsOf(charge!.providerCustomerId)).toHaveLength(1);
    // A second pass finds nothing left to do.
    expect(await reconcileCharges(server.deps)).toMatchObject({ finished: 0, refunded: 0 });
  });

  it('gives up a purchase the provider never saw (its place is free again), and refunds its money if it arrives late', async () => {
    const suburb = await emptySuburb('Clovelly', '2031', 1);
    const agent = await paidAgent();
    let lost: OffSessionCharge | null = null;
    interceptProvider(async (charge) => {
      lost = charge;
      throw new Error(CRASH);
    });
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('internal_error');
    interceptProvider(realCharge);
    const other = await paidAgent();
    expect(codeOf(await subscribe(server, other.token, [suburb]))).toBe('some_suburb_at_capacity');

    afterStale();
    await reconcileCharges(server.deps);
    const [given] = await chargesOf(agent.userId);
    expect(given).toMatchObject({ status: 'FAILED', failureCode: 'not_charged', providerChargeId: null });
    expect(await intentsOf(given!.providerCustomerId)).toEqual([]);
    expect((await subscribe(server, other.token, [suburb])).errors).toBeUndefined();

    // The lost request reaches the provider after all: nothing was bought with it, so it goes back.
    const late = await realCharge(lost!);
    const settled = await recordChargeOutcome(server.deps, given!.id, late);
    expect(settled).toMatchObject({ status: 'REFUNDED', refundReason: expect.stringContaining('given it up') });
    expect(await invoicesOf(agent.userId)).toEqual([]);
  });

  it('charges a renewal the provider never saw with its own key, and renews once', async () => {
    const suburb = await emptySuburb('Randwick', '2031');
    const agent = await paidAgent();
    expect((await subscribe(server, agent.token, [suburb])).errors).toBeUndefined();
    const [subscription] = await liveIn(suburb);
    const endsAt = new Date(server.deps.clock.now().getTime() + 30 * 60_000);
    await server.deps.db.update(suburbSubscriptions).set({ expiresAt: endsAt }).where(eq(suburbSubscriptions.id, subscription!.id));
    interceptProvider(async () => {
      throw new Error(CRASH);
    });
    await processSubscriptionRenewals(server.deps);
    interceptProvider(realCharge);
    const renewal = (await chargesOf(agent.userId)).find((c) => c.kind === 'RENEWAL')!;
    expect(renewal).toMatchObject({ status: 'PENDING', idempotencyKey: `renewal:${subscription!.id}:${endsAt.toISOString()}` });

    afterStale();
    await reconcileCharges(server.deps);
    await processSubscriptionRenewals(server.deps);
    const renewals = (await chargesOf(agent.userId)).filter((c) => c.kind === 'RENEWAL');
    expect(renewals.map((c) => c.status)).toEqual(['SUCCEEDED']);
    const [after] = await liveIn(suburb);
    expect(after!.lastChargeId).toBe(renewals[0]!.id);
    expect(after!.startsAt.toISOString()).toBe(endsAt.toISOString());
    expect(await intentsOf(renewals[0]!.providerCustomerId)).toHaveLength(2); // the purchase and one renewal
  });
});

describe('refunds that fail', () => {
  const ATTENTION = `{ adminMoneyNeedingAttention { id amount refundAttempts lastError refundReason providerChargeId whatToDo agent { id } } }`;
  const RETRY = `mutation($id: ID!) { retryChargeRefund(chargeId: $id) { id isRefunded refundAttempts lastError } }`;

  it('are retried on a schedule, then listed under Money needing attention with what to do, and an operator can finish them', async () => {
    const operator = await createAdmin(server);
    const suburb = await emptySuburb('Waverley', '2024', 1);
    const agent = await paidAgent('pm_card_refundFails');
    const other = await createAgentWithBasicDetails(server);
    interceptProvider(async (charge) => {
      const now = server.deps.clock.now();
      await server.deps.db.insert(suburbSubscriptions).values({
        agentUserId: other.userId,
        suburbId: suburb,
        startsAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
        isManuallyManaged: true,
      });
      return realCharge(charge);
    });
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('some_suburb_at_capacity');
    interceptProvider(realCharge);
    let [charge] = await chargesOf(agent.userId);
    expect(charge).toMatchObject({
      status: 'SUCCEEDED',
      refundAttempts: 1,
      refundedAt: null,
      refundError: expect.stringContaining('refused'),
    });
    expect(charge!.refundNextAttemptAt).toBeInstanceOf(Date);
    // Still being retried: not an operator's job yet.
    expect(
      (await server.gql<{ adminMoneyNeedingAttention: unknown[] }>(ATTENTION, {}, operator.token)).data!.adminMoneyNeedingAttention,
    ).toEqual([]);

    // Too early: the next attempt waits its turn.
    await reconcileCharges(server.deps);
    expect((await chargesOf(agent.userId))[0]!.refundAttempts).toBe(1);
    for (let attempt = 2; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      server.deps.clock.advance(3 * 60 * 60_000);
      await reconcileCharges(server.deps);
      expect((await chargesOf(agent.userId))[0]!.refundAttempts).toBe(attempt);
    }
    [charge] = await chargesOf(agent.userId);
    expect(charge).toMatchObject({ status: 'SUCCEEDED', refundAttempts: MAX_REFUND_ATTEMPTS, refundNextAttemptAt: null, refundedAt: null });
    server.deps.clock.advance(24 * 60 * 60_000);
    await reconcileCharges(server.deps);
    expect((await chargesOf(agent.userId))[0]!.refundAttempts).toBe(MAX_REFUND_ATTEMPTS);

    // A day has passed: the operator's session ended after 12 hours without use (issue 19), so they sign in again.
    operator.token = await login(server, operator.email);
    const listed = (await server.gql<{ adminMoneyNeedingAttention: Record<string, unknown>[] }>(ATTENTION, {}, operator.token)).data!
      .adminMoneyNeedingAttention;
    expect(listed).toEqual([
      {
        id: charge!.id,
        amount: 495,
        refundAttempts: MAX_REFUND_ATTEMPTS,
        lastError: expect.stringContaining('refused the refund'),
        refundReason: expect.stringContaining('no place left'),
        providerChargeId: charge!.providerChargeId,
        whatToDo: expect.stringContaining(`refund payment ${charge!.providerChargeId} in the provider's dashboard`),
        agent: { id: agent.userId },
      },
    ]);
    expect(codeOf(await server.gql(ATTENTION, {}, agent.token))).toBe('forbidden');

    // The operator tries again while the provider still refuses: it stays listed.
    const refused = await server.gql<{ retryChargeRefund: { isRefunded: boolean; refundAttempts: number } }>(
      RETRY,
      { id: charge!.id },
      operator.token,
    );
    expect(refused.data!.retryChargeRefund).toMatchObject({ isRefunded: false, refundAttempts: MAX_REFUND_ATTEMPTS + 1 });
    // The cause is fixed at the provider; the next try goes through and the list is empty.
    await server.deps.db
      .update(testGatewayPaymentMethods)
      .set({ chargeBehaviour: 'succeed' })
      .where(eq(testGatewayPaymentMethods.id, charge!.providerPaymentMethodId));
    const done = await server.gql<{ retryChargeRefund: { isRefunded: boolean } }>(RETRY, { id: charge!.id }, operator.token);
    expect(done.data!.retryChargeRefund.isRefunded).toBe(true);
    expect((await chargesOf(agent.userId))[0]).toMatchObject({
      status: 'REFUNDED',
      refundedAt: expect.any(Date),
      refundNextAttemptAt: null,
    });
    expect(
      (await server.gql<{ adminMoneyNeedingAttention: unknown[] }>(ATTENTION, {}, operator.token)).data!.adminMoneyNeedingAttention,
    ).toEqual([]);
    expect(codeOf(await server.gql(RETRY, { id: charge!.id }, operator.token))).toBe('invalid_state');
    expect(codeOf(await server.gql(RETRY, { id: 'not-a-charge' }, operator.token))).toBe('not_found');
    const audit = await server.deps.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'RETRY_REFUND'), inArray(adminAuditLog.targetId, [charge!.id])))
      .orderBy(desc(adminAuditLog.createdAt));
    expect(audit).toHaveLength(2);
  });
});
