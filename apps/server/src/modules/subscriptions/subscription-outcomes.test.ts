import { eq } from 'drizzle-orm';
import { formatDateInZone } from '@listwise/domain/format';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { agentSuspensions } from '../../db/schema/licences.ts';
import { charges, taxInvoices } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { saveCard, subscribe } from '../../test/agent-factories.ts';
import { createAdmin } from '../../test/factories.ts';
import { codeOf, type TestServer } from '../../test/harness.ts';
import { CRASH, useChargeTestServer } from '../payments/test-factories.ts';
import { reconcileCharges } from '../payments/charges.service.ts';
import { processSubscriptionRenewals } from './subscription-renewals.service.ts';

/**
 * Where subscriptions meet other features: a renewal's outcome against what the agent did meanwhile (auto-renewal
 * turned off or back on, a card changed), a payment in flight across the end date or across an account's closing,
 * the per-agent limit and suspension on every path that makes a subscription live, and the dates the agent reads.
 */
const setup = useChargeTestServer();
const { realCharge, interceptProvider, afterStale, intentsOf, liveIn, paidAgent, emptySuburb } = setup;
let server: TestServer;
beforeAll(() => {
  server = setup.server;
});

const CANCEL = `mutation($id: ID!) { cancelSuburbSubscription(suburbSubscriptionId: $id) { id } }`;
const RENEW = `mutation($id: ID!) { renewSuburbSubscription(suburbSubscriptionId: $id) { id subscriptionExpiresAt } }`;
const SUSPEND = `mutation($id: ID!, $reason: String!) { suspendAgent(agentId: $id, reason: $reason) { id } }`;

const chargesOf = async (userId: string) =>
  (await server.deps.db.select().from(charges).where(eq(charges.userId, userId))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const renewalsOf = async (userId: string) => (await chargesOf(userId)).filter((c) => c.kind === 'RENEWAL');
const row = async (id: string) => (await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, id)))[0]!;
const templatesTo = async (email: string) => (await server.emailsTo(email.toLowerCase())).map((m) => m.template);

/** An agent paying for one suburb whose period ends `endsInMs` from now. */
async function subscribedAgent(suburb: number, endsInMs: number, card = 'pm_card_visa') {
  const agent = await paidAgent(card === 'pm_card_chargeDeclined' ? 'pm_card_visa' : card);
  const [created] = (await subscribe(server, agent.token, [suburb])).data!.subscribeToSuburbs;
  if (card === 'pm_card_chargeDeclined') await saveCard(server, agent.token, card);
  const expiresAt = new Date(server.deps.clock.now().getTime() + endsInMs);
  await server.deps.db.update(suburbSubscriptions).set({ expiresAt }).where(eq(suburbSubscriptions.id, created!.id));
  return { agent, subscriptionId: created!.id, expiresAt };
}

describe('a renewal that did not renew its period', () => {
  it('is tried again once the agent turns auto-renewal back on (a new card after a decline), and renews once', async () => {
    const suburb = await emptySuburb('Erskineville', '2043');
    const { agent, subscriptionId, expiresAt } = await subscribedAgent(suburb, 20 * 60_000, 'pm_card_chargeDeclined');
    await processSubscriptionRenewals(server.deps);
    expect(await row(subscriptionId)).toMatchObject({ autoRenew: false, renewalFailureCode: 'payment_declined' });

    await saveCard(server, agent.token, 'pm_card_visa');
    expect((await server.gql(RENEW, { id: subscriptionId }, agent.token)).errors).toBeUndefined();
    await processSubscriptionRenewals(server.deps);
    await processSubscriptionRenewals(server.deps);

    const renewals = await renewalsOf(agent.userId);
    expect(renewals.map((c) => c.status)).toEqual(['FAILED', 'SUCCEEDED']);
    const renewed = await row(subscriptionId);
    expect(renewed.startsAt.toISOString()).toBe(expiresAt.toISOString());
    expect(renewed.lastChargeId).toBe(renewals[1]!.id);
    expect(await templatesTo(agent.email)).toContain('subscription-renewed');
  });

  it('ends at its end date with the “subscription ended” e-mail once its attempts are spent, instead of being skipped for ever', async () => {
    const suburb = await emptySuburb('Alexandria', '2015');
    const { agent, subscriptionId } = await subscribedAgent(suburb, 20 * 60_000, 'pm_card_chargeDeclined');
    // The agent turns auto-renewal back on after every decline, without changing the card.
    for (let turn = 0; turn < 5; turn++) {
      await processSubscriptionRenewals(server.deps);
      await server.gql(RENEW, { id: subscriptionId }, agent.token);
    }
    const attempts = (await renewalsOf(agent.userId)).length;
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeLessThanOrEqual(3);

    server.deps.clock.advance(21 * 60_000);
    const result = await processSubscriptionRenewals(server.deps);
    expect(result.ended).toBe(1);
    expect((await row(subscriptionId)).endedAt).not.toBeNull();
    expect(await templatesTo(agent.email)).toContain('subscription-ended');
    expect(await renewalsOf(agent.userId)).toHaveLength(attempts);
    // Nothing is left for the job: a later run finds nothing to do for it.
    expect(await processSubscriptionRenewals(server.deps)).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
  });
});

describe('a renewal in flight across its end date', () => {
  it('holds the suburb’s place: no other agent takes it while the provider is out, and the renewal then renews', async () => {
    const suburb = await emptySuburb('Redfern', '2016', 2);
    const { agent, subscriptionId, expiresAt } = await subscribedAgent(suburb, 30 * 60_000);
    interceptProvider(async () => {
      throw new Error(CRASH);
    });
    await processSubscriptionRenewals(server.deps);
    interceptProvider(realCharge);
    expect((await renewalsOf(agent.userId)).map((c) => c.status)).toEqual(['PENDING']);

    // Before its end date the live subscription holds the place once (the renewal under way does not count twice).
    const first = await paidAgent();
    expect((await subscribe(server, first.token, [suburb])).errors).toBeUndefined();

    // Listwise's outage outlasts the end date: the subscription has lapsed, and its place is still held.
    server.deps.clock.advance(31 * 60_000);
    const second = await paidAgent();
    expect(codeOf(await subscribe(server, second.token, [suburb]))).toBe('some_suburb_at_capacity');

    afterStale();
    await reconcileCharges(server.deps);
    const [renewal] = await renewalsOf(agent.userId);
    expect(renewal).toMatchObject({ status: 'SUCCEEDED', refundReason: null });
    expect((await row(subscriptionId)).lastChargeId).toBe(renewal!.id);
    expect((await row(subscriptionId)).expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());
    expect(await templatesTo(agent.email)).toContain('subscription-renewed');
  });
});

describe('a renewal after the agent turned auto-renewal off', () => {
  it('is refunded when the provider had charged it before the agent cancelled, and the subscription ends at its date', async () => {
    const suburb = await emptySuburb('Waterloo', '2017');
    const { agent, subscriptionId, expiresAt } = await subscribedAgent(suburb, 30 * 60_000);
    interceptProvider(async (charge) => {
      await realCharge(charge);
      throw new Error(CRASH);
    });
    await processSubscriptionRenewals(server.deps);
    interceptProvider(realCharge);
    expect((await server.gql(CANCEL, { id: subscriptionId }, agent.token)).errors).toBeUndefined();

    afterStale();
    await reconcileCharges(server.deps);
    const [renewal] = await renewalsOf(agent.userId);
    expect(renewal).toMatchObject({ status: 'REFUNDED', refundReason: expect.stringContaining('auto-renewal') });
    expect(await row(subscriptionId)).toMatchObject({ autoRenew: false, lastChargeId: expect.not.stringMatching(renewal!.id) });
    expect((await row(subscriptionId)).expiresAt.toISOString()).toBe(expiresAt.toISOString());
    expect(await server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.chargeId, renewal!.id))).toEqual([]);

    server.deps.clock.advance(31 * 60_000);
    await processSubscriptionRenewals(server.deps);
    expect((await row(subscriptionId)).endedAt).not.toBeNull();
    expect(await templatesTo(agent.email)).toContain('subscription-ended');
  });

  it('is never charged when the provider never saw it: the reconciler does not resume a renewal the agent cancelled', async () => {
    const suburb = await emptySuburb('Zetland', '2017');
    const { agent, subscriptionId } = await subscribedAgent(suburb, 30 * 60_000);
    interceptProvider(async () => {
      throw new Error(CRASH);
    });
    await processSubscriptionRenewals(server.deps);
    interceptProvider(realCharge);
    expect((await server.gql(CANCEL, { id: subscriptionId }, agent.token)).errors).toBeUndefined();

    afterStale();
    await reconcileCharges(server.deps);
    const [renewal] = await renewalsOf(agent.userId);
    expect(renewal).toMatchObject({ status: 'FAILED', failureCode: 'not_charged', providerChargeId: null });
    const paidBefore = (await chargesOf(agent.userId)).filter((c) => c.kind === 'SUBSCRIPTION');
    expect(await intentsOf(renewal!.providerCustomerId)).toHaveLength(paidBefore.length);
    // The agent chose this: no 'we couldn't renew' e-mail, no failure recorded against the subscription.
    expect(await row(subscriptionId)).toMatchObject({ autoRenew: false, renewalFailureCode: null });
    expect(await templatesTo(agent.email)).not.toContain('subscription-renewal-failed');
  });
});

describe('a purchase that succeeds after the account closed', () => {
  it('is refunded: no live subscription for a closed account, no tax invoice', async () => {
    const suburb = await emptySuburb('Rosebery', '2018');
    const agent = await paidAgent();
    interceptProvider(async (charge) => {
      await realCharge(charge);
      throw new Error(CRASH);
    });
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('internal_error');
    interceptProvider(realCharge);
    // The account is closed while the payment is in flight.
    await server.deps.db.update(users).set({ deletedAt: server.deps.clock.now() }).where(eq(users.id, agent.userId));

    afterStale();
    await reconcileCharges(server.deps);
    const [purchase] = await chargesOf(agent.userId);
    expect(purchase).toMatchObject({ status: 'REFUNDED', refundReason: expect.stringContaining('closed') });
    expect(await liveIn(suburb)).toEqual([]);
    expect(await server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.userId, agent.userId))).toEqual([]);
  });
});

describe('reactivating a lapsed suburb', () => {
  async function agentWithFiveSuburbs() {
    const picks: [string, string][] = [
      ['Kensington', '2033'],
      ['Bellevue Hill', '2023'],
      ['Tamarama', '2026'],
      ['Clovelly', '2031'],
      ['Randwick', '2031'],
    ];
    const ids: number[] = [];
    for (const [name, postcode] of picks) ids.push(await emptySuburb(name, postcode));
    const agent = await paidAgent();
    const created = (await subscribe(server, agent.token, ids)).data!.subscribeToSuburbs;
    expect(created).toHaveLength(5);
    const lapsed = created[0]!.id;
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 60_000), autoRenew: false, endedAt: server.deps.clock.now() })
      .where(eq(suburbSubscriptions.id, lapsed));
    return { agent, lapsed };
  }

  it('keeps the five-suburb limit: an agent holding five again cannot bring back a sixth', async () => {
    const { agent, lapsed } = await agentWithFiveSuburbs();
    const sixth = await emptySuburb('Bondi', '2026');
    expect((await subscribe(server, agent.token, [sixth])).errors).toBeUndefined();
    const before = (await chargesOf(agent.userId)).length;
    expect(codeOf(await server.gql(RENEW, { id: lapsed }, agent.token))).toBe('validation_failed');
    expect(await chargesOf(agent.userId)).toHaveLength(before);
    const live = (await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, agent.userId))).filter(
      (s) => !s.cancelledAt && s.expiresAt > server.deps.clock.now(),
    );
    expect(live).toHaveLength(5);
  });

  it('is refused to a suspended agent, who is not charged', async () => {
    const suburb = await emptySuburb('Glebe', '2037');
    const { agent, subscriptionId } = await subscribedAgent(suburb, -60_000);
    const admin = await createAdmin(server);
    expect((await server.gql(SUSPEND, { id: agent.userId, reason: 'Licence under review' }, admin.token)).errors).toBeUndefined();
    expect(await server.deps.db.select().from(agentSuspensions).where(eq(agentSuspensions.agentUserId, agent.userId))).toHaveLength(1);
    const before = (await chargesOf(agent.userId)).length;
    expect(codeOf(await server.gql(RENEW, { id: subscriptionId }, agent.token))).toBe('agent_suspended');
    expect(await chargesOf(agent.userId)).toHaveLength(before);
  });
});

describe('the renewal reminder', () => {
  it('gives the same date in its subject and its body: the suburb’s calendar date, also just after midnight there', async () => {
    const suburb = await emptySuburb('Manly', '2095');
    // 14:30 UTC is 00:30 or 01:30 the next day in Sydney (summer or winter time): the UTC date is the day before.
    const day = new Date(server.deps.clock.now().getTime() + 3 * 86_400_000);
    const expiresAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 14, 30));
    const { agent, subscriptionId } = await subscribedAgent(suburb, 0);
    await server.deps.db.update(suburbSubscriptions).set({ expiresAt }).where(eq(suburbSubscriptions.id, subscriptionId));
    await processSubscriptionRenewals(server.deps);

    const [reminder] = (await server.emailsTo(agent.email.toLowerCase())).filter((m) => m.template === 'subscription-renewal-reminder');
    const sydneyDate = formatDateInZone(expiresAt, 'Australia/Sydney');
    const utcDate = formatDateInZone(expiresAt, 'UTC');
    expect(sydneyDate).not.toBe(utcDate);
    expect(reminder!.subject).toContain(sydneyDate);
    expect(reminder!.text).toContain(sydneyDate);
    expect(reminder!.subject).not.toContain(utcDate);
    expect(reminder!.subject).not.toContain(expiresAt.toISOString().slice(0, 10));
    expect(reminder!.text).not.toContain(utcDate);
  });
});
