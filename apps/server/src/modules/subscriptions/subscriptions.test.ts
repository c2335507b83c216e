import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { charges, taxInvoices, testGatewayPaymentIntents } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, subscribe, suburbId } from '../../test/agent-factories.ts';
import { createSeller, signUpAgent } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { addSubscriptionPeriod } from './subscriptions.service.ts';
import { processSubscriptionRenewals } from './subscription-renewals.service.ts';

let server: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  const known: [string, string, string][] = [
    ['bondi', 'Bondi', '2026'],
    ['surryHills', 'Surry Hills', '2010'],
    ['newtown', 'Newtown', '2042'],
    ['fitzroy', 'Fitzroy', '3065'],
    ['richmond', 'Richmond', '3121'],
    ['paddington', 'Paddington', '2021'],
    ['glebe', 'Glebe', '2037'],
    ['manly', 'Manly', '2095'],
  ];
  for (const [key, name, postcode] of known) ids[key] = await suburbId(server, name, postcode);
});
afterAll(() => server?.stop());
beforeEach(() => setFreeTrialsAllowed(server, 5));

const MY_SUBURBS = `{ mySubscribedSuburbs { id isFreeTrial subscriptionExpiresAt isManuallyManaged subscriptionToRenew { date priceDollars } suburb { id name subscribedAgentsCount subscribedAgentsMax isSubscribedByMe } } }`;
const FREE_TRIALS = `{ myAgentSuburbSubscriptionFreeTrialState { numberOfFreeTrialsClaimed totalFreeTrialsAllowed } }`;
const CANCEL = `mutation($id: ID!) { cancelSuburbSubscription(suburbSubscriptionId: $id) { id subscriptionToRenew { date } subscriptionExpiresAt } }`;
const RENEW = `mutation($id: ID!) { renewSuburbSubscription(suburbSubscriptionId: $id) { id subscriptionToRenew { date priceDollars } subscriptionExpiresAt isFreeTrial } }`;

interface MySuburb {
  id: string;
  isFreeTrial: boolean;
  subscriptionExpiresAt: string;
  subscriptionToRenew: { date: string; priceDollars: number } | null;
  suburb: { id: string; name: string; subscribedAgentsCount: number; subscribedAgentsMax: number; isSubscribedByMe: boolean };
}

const mySuburbs = async (token: string) =>
  (await server.gql<{ mySubscribedSuburbs: MySuburb[] }>(MY_SUBURBS, {}, token)).data!.mySubscribedSuburbs;
const chargesOf = (userId: string) => server.deps.db.select().from(charges).where(eq(charges.userId, userId));
const setMax = (suburb: number, max: number) =>
  server.deps.db.update(suburbs).set({ subscribedAgentsMax: max }).where(eq(suburbs.id, suburb));
const subscriptionsOf = (userId: string) =>
  server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, userId));
const invoicesOf = (userId: string) => server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.userId, userId));
const invoiceMailsTo = async (email: string) => (await server.emailsTo(email.toLowerCase())).filter((m) => m.template === 'tax-invoice');
/** Each succeeded charge has exactly one tax invoice, for its amount, and the agent got each by e-mail. */
async function expectOneInvoicePerPaidCharge(agent: { userId: string; email: string }) {
  const paid = (await chargesOf(agent.userId)).filter((c) => c.status === 'SUCCEEDED');
  const invoices = await invoicesOf(agent.userId);
  expect(invoices.map((i) => i.chargeId).sort()).toEqual(paid.map((c) => c.id).sort());
  for (const charge of paid) {
    expect(invoices.find((i) => i.chargeId === charge.id)).toMatchObject({
      description: charge.description,
      totalCents: charge.amountCents,
      gstCents: charge.gstCents,
      amountExcludingGstCents: charge.amountCents - charge.gstCents,
    });
  }
  expect(await invoiceMailsTo(agent.email)).toHaveLength(paid.length);
}
/** Frees a suburb from earlier tests' subscriptions so a test starts from an empty suburb. */
const clearSuburb = (suburb: number) => server.deps.db.delete(suburbSubscriptions).where(eq(suburbSubscriptions.suburbId, suburb));

describe('subscribeToSuburbs', () => {
  it('gives free trials first, in the order chosen, and charges $495 each for the rest in one payment', async () => {
    await setFreeTrialsAllowed(server, 3);
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const chosen = [ids.bondi!, ids.surryHills!, ids.newtown!, ids.fitzroy!, ids.richmond!];
    const result = await subscribe(server, agent.token, chosen);
    expect(result.errors).toBeUndefined();
    expect(result.data!.subscribeToSuburbs.map((s) => [Number(s.suburb.id), s.isFreeTrial])).toEqual([
      [ids.bondi, true],
      [ids.surryHills, true],
      [ids.newtown, true],
      [ids.fitzroy, false],
      [ids.richmond, false],
    ]);

    const ledger = await chargesOf(agent.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'SUBSCRIPTION', status: 'SUCCEEDED', amountCents: 99_000, gstCents: 9_000 });
    expect(ledger[0]!.description).toContain('Fitzroy VIC 3065');

    const listed = await mySuburbs(agent.token);
    expect(listed.map((s) => Number(s.suburb.id))).toEqual(chosen);
    const now = server.deps.clock.now();
    for (const s of listed) {
      expect(s.suburb.isSubscribedByMe).toBe(true);
      expect(s.subscriptionToRenew!.priceDollars).toBe(495);
      expect(s.subscriptionToRenew!.date).toBe(s.subscriptionExpiresAt);
      const months = (new Date(s.subscriptionExpiresAt).getTime() - now.getTime()) / (30.44 * 86_400_000);
      expect(months).toBeGreaterThan(11.9);
      expect(months).toBeLessThan(12.1);
    }
    expect((await server.gql(FREE_TRIALS, {}, agent.token)).data).toEqual({
      myAgentSuburbSubscriptionFreeTrialState: { numberOfFreeTrialsClaimed: 3, totalFreeTrialsAllowed: 3 },
    });
    const receipt = (await server.emailsTo(agent.email.toLowerCase())).find((m) => m.template === 'subscription-receipt');
    expect(receipt!.text).toContain('$990');
    await expectOneInvoicePerPaidCharge(agent);
    expect(await invoicesOf(agent.userId)).toEqual([expect.objectContaining({ totalCents: 99_000, gstCents: 9_000 })]);

    const search = await server.gql<{ searchSuburbs: { id: string; isSubscribedByMe: boolean; subscribedAgentsCount: number }[] }>(
      `{ searchSuburbs(query: "Bondi", first: 10) { id isSubscribedByMe subscribedAgentsCount } }`,
      {},
      agent.token,
    );
    const bondi = search.data!.searchSuburbs.find((s) => Number(s.id) === ids.bondi)!;
    expect(bondi.isSubscribedByMe).toBe(true);
    expect(bondi.subscribedAgentsCount).toBeGreaterThanOrEqual(1);
  });

  it('needs no card when every suburb is a free trial, and answers user_missing_stripe_customer when one must be paid', async () => {
    const agent = await createAgentWithBasicDetails(server);
    expect((await subscribe(server, agent.token, [ids.paddington!])).errors).toBeUndefined();
    await setFreeTrialsAllowed(server, 1);
    expect(codeOf(await subscribe(server, agent.token, [ids.glebe!]))).toBe('user_missing_stripe_customer');
    expect(await subscriptionsOf(agent.userId)).toHaveLength(1);
    expect(await chargesOf(agent.userId)).toHaveLength(0);
    expect(await invoicesOf(agent.userId)).toEqual([]);
  });

  it('rolls everything back on a declined card: no subscription, the FAILED attempt recorded, no free trial used', async () => {
    await setFreeTrialsAllowed(server, 1);
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token, 'pm_card_chargeDeclined');
    expect(codeOf(await subscribe(server, agent.token, [ids.glebe!, ids.manly!]))).toBe('payment_declined');
    expect(await subscriptionsOf(agent.userId)).toHaveLength(0);
    const ledger = await chargesOf(agent.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'FAILED', amountCents: 49_500 });
    expect((await server.gql(FREE_TRIALS, {}, agent.token)).data).toEqual({
      myAgentSuburbSubscriptionFreeTrialState: { numberOfFreeTrialsClaimed: 0, totalFreeTrialsAllowed: 1 },
    });
    expect(await invoicesOf(agent.userId)).toEqual([]);
    // A good card afterwards works, and only the charge that paid is invoiced.
    await saveCard(server, agent.token, 'pm_card_visa');
    expect((await subscribe(server, agent.token, [ids.glebe!, ids.manly!])).errors).toBeUndefined();
    await expectOneInvoicePerPaidCharge(agent);
  });

  it('answers some_suburb_already_subscribed_to for a suburb the agent holds', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await subscribe(server, agent.token, [ids.fitzroy!]);
    expect(codeOf(await subscribe(server, agent.token, [ids.richmond!, ids.fitzroy!]))).toBe('some_suburb_already_subscribed_to');
    expect(await subscriptionsOf(agent.userId)).toHaveLength(1);
  });

  it('answers some_suburb_at_capacity when a suburb has no place left', async () => {
    const suburb = await suburbId(server, 'Coogee', '2034');
    await setMax(suburb, 1);
    const first = await createAgentWithBasicDetails(server);
    const second = await createAgentWithBasicDetails(server);
    expect((await subscribe(server, first.token, [suburb])).errors).toBeUndefined();
    expect(codeOf(await subscribe(server, second.token, [ids.manly!, suburb]))).toBe('some_suburb_at_capacity');
    expect(await subscriptionsOf(second.userId)).toHaveLength(0);
    const view = await server.gql<{ suburbs: { subscribedAgentsCount: number; subscribedAgentsMax: number; isSubscribedByMe: boolean }[] }>(
      `query($ids: [ID!]!) { suburbs(ids: $ids) { subscribedAgentsCount subscribedAgentsMax isSubscribedByMe } }`,
      { ids: [String(suburb)] },
      second.token,
    );
    expect(view.data!.suburbs[0]).toEqual({ subscribedAgentsCount: 1, subscribedAgentsMax: 1, isSubscribedByMe: false });
  });

  it('limits selected plus free trials claimed (and suburbs held) to 5', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    expect((await subscribe(server, agent.token, [ids.bondi!, ids.newtown!, ids.glebe!])).errors).toBeUndefined();
    const tooMany = await subscribe(server, agent.token, [ids.manly!, ids.paddington!, ids.fitzroy!]);
    expect(tooMany.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'suburbIds' });
    expect((await subscribe(server, agent.token, [ids.manly!, ids.paddington!])).errors).toBeUndefined();
  });

  it('validates the selection and the agent', async () => {
    const agent = await createAgentWithBasicDetails(server);
    const empty = await subscribe(server, agent.token, []);
    expect(empty.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'suburbIds', reason: 'Suburb is required' });
    expect(codeOf(await subscribe(server, agent.token, [1, 2, 3, 4, 5, 6]))).toBe('validation_failed');
    expect(codeOf(await subscribe(server, agent.token, [ids.bondi!, ids.bondi!]))).toBe('validation_failed');
    expect(codeOf(await subscribe(server, agent.token, [999_999_999]))).toBe('not_found');

    const bare = await signUpAgent(server);
    expect(codeOf(await subscribe(server, bare.token, [ids.bondi!]))).toBe('agents_profile_is_incomplete');

    const seller = await createSeller(server);
    expect(codeOf(await subscribe(server, seller.token, [ids.bondi!]))).toBe('forbidden');
    expect(codeOf(await server.gql(MY_SUBURBS, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(FREE_TRIALS, {}, seller.token))).toBe('forbidden');
    expect(codeOf(await subscribe(server, '', [ids.bondi!]))).toBe('unauthorized');
  });

  it('never lets more agents than the maximum into a suburb when 20 subscribe at once, and charges only the winners', async () => {
    await setFreeTrialsAllowed(server, 0);
    const suburb = await suburbId(server, 'Bronte', '2024');
    await setMax(suburb, 5);
    const agents = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const agent = await createAgentWithBasicDetails(server, `Racer ${i}`);
        await saveCard(server, agent.token);
        return agent;
      }),
    );
    const results = await Promise.all(agents.map((a) => subscribe(server, a.token, [suburb])));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === null)).toHaveLength(5);
    expect(codes.filter((c) => c === 'some_suburb_at_capacity')).toHaveLength(15);

    const live = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.suburbId, suburb));
    expect(live).toHaveLength(5);
    const ledger = await server.deps.db
      .select()
      .from(charges)
      .where(
        inArray(
          charges.userId,
          agents.map((a) => a.userId),
        ),
      );
    const winners = new Set(agents.filter((_, i) => codes[i] === null).map((a) => a.userId));
    expect(ledger).toHaveLength(5);
    expect(ledger.every((c) => winners.has(c.userId) && c.status === 'SUCCEEDED' && c.amountCents === 49_500)).toBe(true);
    const invoiced = await server.deps.db
      .select()
      .from(taxInvoices)
      .where(
        inArray(
          taxInvoices.userId,
          agents.map((a) => a.userId),
        ),
      );
    expect(invoiced.map((i) => i.chargeId).sort()).toEqual(ledger.map((c) => c.id).sort());
  });

  it('never charges twice for a retried request: the same selection sent twice at once, then again', async () => {
    await setFreeTrialsAllowed(server, 0);
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const suburb = await suburbId(server, 'Maroubra', '2035');
    const both = await Promise.all([subscribe(server, agent.token, [suburb]), subscribe(server, agent.token, [suburb])]);
    expect(both.map(codeOf).sort()).toEqual([null, 'some_suburb_already_subscribed_to'].sort());
    expect(codeOf(await subscribe(server, agent.token, [suburb]))).toBe('some_suburb_already_subscribed_to');

    expect(await subscriptionsOf(agent.userId)).toHaveLength(1);
    const ledger = await chargesOf(agent.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'SUCCEEDED', amountCents: 49_500 });
    const intents = await server.deps.db
      .select()
      .from(testGatewayPaymentIntents)
      .where(eq(testGatewayPaymentIntents.customerId, ledger[0]!.providerCustomerId));
    expect(intents).toHaveLength(1);
  });
});

describe('cancelSuburbSubscription and renewSuburbSubscription', () => {
  it('cancel turns auto-renewal off (runs to its end date); renew turns it back on without charging', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await clearSuburb(ids.richmond!);
    const [created] = (await subscribe(server, agent.token, [ids.richmond!])).data!.subscribeToSuburbs;
    const cancelled = await server.gql<{ cancelSuburbSubscription: { subscriptionToRenew: null; subscriptionExpiresAt: string } }>(
      CANCEL,
      { id: created!.id },
      agent.token,
    );
    expect(cancelled.data!.cancelSuburbSubscription.subscriptionToRenew).toBeNull();
    const [listed] = await mySuburbs(agent.token);
    expect(listed!.subscriptionToRenew).toBeNull();
    expect(listed!.suburb.isSubscribedByMe).toBe(true);

    const renewed = await server.gql<{
      renewSuburbSubscription: { subscriptionToRenew: { priceDollars: number }; subscriptionExpiresAt: string };
    }>(RENEW, { id: created!.id }, agent.token);
    expect(renewed.data!.renewSuburbSubscription.subscriptionToRenew!.priceDollars).toBe(495);
    expect(renewed.data!.renewSuburbSubscription.subscriptionExpiresAt).toBe(listed!.subscriptionExpiresAt);
    expect(await chargesOf(agent.userId)).toHaveLength(0);
  });

  it('renewing a lapsed subscription charges $495 and starts a new year, if a place is free', async () => {
    const agent = await createAgentWithBasicDetails(server);
    await saveCard(server, agent.token);
    const suburb = await suburbId(server, 'Tamarama', '2026');
    const [created] = (await subscribe(server, agent.token, [suburb])).data!.subscribeToSuburbs;
    const past = new Date(server.deps.clock.now().getTime() - 86_400_000);
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ expiresAt: past, autoRenew: false })
      .where(eq(suburbSubscriptions.id, created!.id));

    const [lapsed] = await mySuburbs(agent.token);
    expect(lapsed!.subscriptionToRenew).toBeNull();
    expect(lapsed!.suburb.isSubscribedByMe).toBe(false);

    // The place was taken meanwhile: at capacity.
    await setMax(suburb, 1);
    const taker = await createAgentWithBasicDetails(server);
    expect((await subscribe(server, taker.token, [suburb])).errors).toBeUndefined();
    expect(codeOf(await server.gql(RENEW, { id: created!.id }, agent.token))).toBe('some_suburb_at_capacity');
    expect(await chargesOf(agent.userId)).toHaveLength(0);

    await setMax(suburb, 5);
    const renewed = await server.gql<{ renewSuburbSubscription: { subscriptionExpiresAt: string; isFreeTrial: boolean } }>(
      RENEW,
      { id: created!.id },
      agent.token,
    );
    expect(renewed.errors).toBeUndefined();
    expect(renewed.data!.renewSuburbSubscription.isFreeTrial).toBe(false);
    const newEnd = new Date(renewed.data!.renewSuburbSubscription.subscriptionExpiresAt).getTime();
    expect(Math.abs(newEnd - addSubscriptionPeriod(server.deps.clock.now()).getTime())).toBeLessThan(60_000);
    const ledger = await chargesOf(agent.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'RENEWAL', status: 'SUCCEEDED', amountCents: 49_500, referenceId: created!.id });
    expect((await mySuburbs(agent.token))[0]!.suburb.isSubscribedByMe).toBe(true);
    await expectOneInvoicePerPaidCharge(agent);
  });

  it('renewing a lapsed subscription needs a card that pays: it stays lapsed otherwise, and a retry charges once', async () => {
    const agent = await createAgentWithBasicDetails(server);
    const suburb = await suburbId(server, 'Bellevue Hill', '2023');
    const [created] = (await subscribe(server, agent.token, [suburb])).data!.subscribeToSuburbs;
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 60_000), autoRenew: false })
      .where(eq(suburbSubscriptions.id, created!.id));

    expect(codeOf(await server.gql(RENEW, { id: created!.id }, agent.token))).toBe('user_missing_stripe_customer');
    expect(await chargesOf(agent.userId)).toHaveLength(0);

    await saveCard(server, agent.token, 'pm_card_chargeDeclined');
    expect(codeOf(await server.gql(RENEW, { id: created!.id }, agent.token))).toBe('payment_declined');
    expect((await chargesOf(agent.userId)).map((c) => c.status)).toEqual(['FAILED']);
    const [stillLapsed] = await mySuburbs(agent.token);
    expect(stillLapsed!.suburb.isSubscribedByMe).toBe(false);
    expect(stillLapsed!.subscriptionToRenew).toBeNull();

    // A good card, and the agent's double click sends the request twice at once: one year, one charge.
    await saveCard(server, agent.token, 'pm_card_visa');
    const both = await Promise.all([
      server.gql(RENEW, { id: created!.id }, agent.token),
      server.gql(RENEW, { id: created!.id }, agent.token),
    ]);
    expect(both.map(codeOf)).toEqual([null, null]);
    const succeeded = (await chargesOf(agent.userId)).filter((c) => c.status === 'SUCCEEDED');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ kind: 'RENEWAL', amountCents: 49_500, gstCents: 4_500 });
    await expectOneInvoicePerPaidCharge(agent);
    const [renewed] = await mySuburbs(agent.token);
    expect(renewed!.suburb.isSubscribedByMe).toBe(true);
    expect(renewed!.subscriptionToRenew!.priceDollars).toBe(495);
  });

  it("answers not_found for another agent's subscription and for unknown ids", async () => {
    const owner = await createAgentWithBasicDetails(server);
    const other = await createAgentWithBasicDetails(server);
    const [created] = (await subscribe(server, owner.token, [await suburbId(server, 'Clovelly', '2031')])).data!.subscribeToSuburbs;
    expect(codeOf(await server.gql(CANCEL, { id: created!.id }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(RENEW, { id: created!.id }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(CANCEL, { id: 'not-a-uuid' }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(CANCEL, { id: '00000000-0000-4000-8000-000000000000' }, other.token))).toBe('not_found');
    const seller = await createSeller(server);
    expect(codeOf(await server.gql(CANCEL, { id: created!.id }, seller.token))).toBe('forbidden');
    const [still] = await subscriptionsOf(owner.userId);
    expect(still!.autoRenew).toBe(true);
  });

  it('answers suburb_subscription_manually_managed for a subscription the admins manage', async () => {
    const agent = await createAgentWithBasicDetails(server);
    const [created] = (await subscribe(server, agent.token, [await suburbId(server, 'Randwick', '2031')])).data!.subscribeToSuburbs;
    await server.deps.db.update(suburbSubscriptions).set({ isManuallyManaged: true }).where(eq(suburbSubscriptions.id, created!.id));
    expect(codeOf(await server.gql(CANCEL, { id: created!.id }, agent.token))).toBe('suburb_subscription_manually_managed');
    expect(codeOf(await server.gql(RENEW, { id: created!.id }, agent.token))).toBe('suburb_subscription_manually_managed');
  });
});

describe('the renewal job', () => {
  async function agentWithSubscription(suburbName: string, postcode: string, card: string | null, expiresInMs: number, autoRenew = true) {
    const agent = await createAgentWithBasicDetails(server);
    if (card) await saveCard(server, agent.token, card);
    const suburb = await suburbId(server, suburbName, postcode);
    await clearSuburb(suburb);
    const [created] = (await subscribe(server, agent.token, [suburb])).data!.subscribeToSuburbs;
    const expiresAt = new Date(server.deps.clock.now().getTime() + expiresInMs);
    await server.deps.db.update(suburbSubscriptions).set({ expiresAt, autoRenew }).where(eq(suburbSubscriptions.id, created!.id));
    return { agent, subscriptionId: created!.id, expiresAt };
  }
  const row = async (id: string) => (await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, id)))[0]!;
  const templatesTo = async (email: string) => (await server.emailsTo(email.toLowerCase())).map((m) => m.template);

  it('renews a subscription due within the hour once: $495 charged, 12 more months from its end date, agent e-mailed', async () => {
    const { agent, subscriptionId, expiresAt } = await agentWithSubscription('Erskineville', '2043', 'pm_card_visa', 30 * 60_000);
    await processSubscriptionRenewals(server.deps);
    await processSubscriptionRenewals(server.deps);
    const renewed = await row(subscriptionId);
    expect(renewed.expiresAt.getTime()).toBe(addSubscriptionPeriod(expiresAt).getTime());
    expect(renewed.isFreeTrial).toBe(false);
    expect(renewed.freeTrialClaimed).toBe(true);
    const ledger = await chargesOf(agent.userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'RENEWAL',
      status: 'SUCCEEDED',
      amountCents: 49_500,
      gstCents: 4_500,
      referenceId: subscriptionId,
    });
    expect(renewed.lastChargeId).toBe(ledger[0]!.id);
    expect(await templatesTo(agent.email)).toContain('subscription-renewed');
    // Run twice, invoiced once.
    await expectOneInvoicePerPaidCharge(agent);
    const intents = await server.deps.db
      .select()
      .from(testGatewayPaymentIntents)
      .where(eq(testGatewayPaymentIntents.idempotencyKey, ledger[0]!.idempotencyKey));
    expect(intents).toHaveLength(1);
  });

  it('turns auto-renewal off and tells the agent when the card is declined, then ends the subscription at its date', async () => {
    const { agent, subscriptionId } = await agentWithSubscription('Alexandria', '2015', 'pm_card_chargeDeclined', 20 * 60_000);
    await processSubscriptionRenewals(server.deps);
    const failed = await row(subscriptionId);
    expect(failed).toMatchObject({ autoRenew: false, renewalFailureCode: 'payment_declined', endedAt: null });
    expect(await templatesTo(agent.email)).toContain('subscription-renewal-failed');
    expect((await chargesOf(agent.userId)).map((c) => c.status)).toEqual(['FAILED']);

    await server.deps.db
      .update(suburbSubscriptions)
      .set({ expiresAt: new Date(server.deps.clock.now().getTime() - 1000) })
      .where(eq(suburbSubscriptions.id, subscriptionId));
    await processSubscriptionRenewals(server.deps);
    expect((await row(subscriptionId)).endedAt).not.toBeNull();
    expect(await templatesTo(agent.email)).toContain('subscription-ended');
    expect(await chargesOf(agent.userId)).toHaveLength(1);
  });

  it('ends a cancelled subscription at its end date without charging, and leaves manually managed ones alone', async () => {
    const cancelled = await agentWithSubscription('Redfern', '2016', 'pm_card_visa', -60_000, false);
    const manual = await agentWithSubscription('Waterloo', '2017', 'pm_card_visa', -60_000, true);
    await server.deps.db
      .update(suburbSubscriptions)
      .set({ isManuallyManaged: true })
      .where(eq(suburbSubscriptions.id, manual.subscriptionId));
    await processSubscriptionRenewals(server.deps);
    expect((await row(cancelled.subscriptionId)).endedAt).not.toBeNull();
    expect(await chargesOf(cancelled.agent.userId)).toHaveLength(0);
    expect(await templatesTo(cancelled.agent.email)).toContain('subscription-ended');
    expect((await row(manual.subscriptionId)).endedAt).toBeNull();
    expect(await chargesOf(manual.agent.userId)).toHaveLength(0);
  });

  it('fails a renewal without a saved card, and sends a reminder once a week ahead', async () => {
    const noCard = await agentWithSubscription('Zetland', '2017', null, 10 * 60_000);
    const upcoming = await agentWithSubscription('Rosebery', '2018', 'pm_card_visa', 3 * 86_400_000);
    await processSubscriptionRenewals(server.deps);
    await processSubscriptionRenewals(server.deps);
    expect(await row(noCard.subscriptionId)).toMatchObject({ autoRenew: false, renewalFailureCode: 'user_missing_stripe_customer' });
    const reminders = (await templatesTo(upcoming.agent.email)).filter((t) => t === 'subscription-renewal-reminder');
    expect(reminders).toHaveLength(1);
    expect(await chargesOf(upcoming.agent.userId)).toHaveLength(0);
  });

  it('counts a free trial as claimed for good, even after the subscription ended', async () => {
    const { agent, subscriptionId } = await agentWithSubscription('Kensington', '2033', null, -60_000, false);
    await processSubscriptionRenewals(server.deps);
    expect((await row(subscriptionId)).endedAt).not.toBeNull();
    expect((await server.gql(FREE_TRIALS, {}, agent.token)).data).toEqual({
      myAgentSuburbSubscriptionFreeTrialState: { numberOfFreeTrialsClaimed: 1, totalFreeTrialsAllowed: 5 },
    });
    const live = await server.deps.db
      .select()
      .from(suburbSubscriptions)
      .where(and(eq(suburbSubscriptions.agentUserId, agent.userId), eq(suburbSubscriptions.freeTrialClaimed, true)));
    expect(live).toHaveLength(1);
  });
});
