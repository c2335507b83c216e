import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema/payments.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, subscribe, suburbId } from '../../test/agent-factories.ts';
import { login } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { addSubscriptionPeriod, SUBSCRIPTION_QUEUES } from './subscriptions.service.ts';

/**
 * A subscription year as it passes: the clock moves forward and the `subscriptions.renew` job runs the way the
 * scheduled worker runs it (POST /dev/jobs/run calls the same WORKERS handler). Nothing in the database is
 * rewritten by hand: only time moves.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ENABLE_TEST_CLOCK: 'true' });
});
afterAll(() => server?.stop());

const MY_SUBURBS = `{ mySubscribedSuburbs { id isActive isFreeTrial subscriptionExpiresAt subscriptionToRenew { date priceDollars } suburb { name subscribedAgentsCount isSubscribedByMe } } me { agentProfile { hasSubscribedSuburbs } } }`;
const CANCEL = `mutation($id: ID!) { cancelSuburbSubscription(suburbSubscriptionId: $id) { id } }`;
const RENEW = `mutation($id: ID!) { renewSuburbSubscription(suburbSubscriptionId: $id) { id isActive subscriptionExpiresAt } }`;

interface MySuburbs {
  mySubscribedSuburbs: {
    id: string;
    isActive: boolean;
    isFreeTrial: boolean;
    subscriptionExpiresAt: string;
    subscriptionToRenew: { date: string; priceDollars: number } | null;
    suburb: { name: string; subscribedAgentsCount: number; isSubscribedByMe: boolean };
  }[];
  me: { agentProfile: { hasSubscribedSuburbs: boolean } };
}

const mySuburbs = async (token: string) => (await server.gql<MySuburbs>(MY_SUBURBS, {}, token)).data!;
const byName = (data: MySuburbs, name: string) => data.mySubscribedSuburbs.find((s) => s.suburb.name === name)!;
const chargesOf = (userId: string) => server.deps.db.select().from(charges).where(eq(charges.userId, userId));
const templatesTo = async (email: string) => (await server.emailsTo(email.toLowerCase())).map((m) => m.template);

/** Runs the renewal job now, through the same worker definition the pg-boss schedule uses. */
async function runRenewalJob() {
  const response = await fetch(`${server.url}/dev/jobs/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queue: SUBSCRIPTION_QUEUES.renew }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { reminded: number; renewed: number; failed: number; ended: number } }).result;
}

/** Moves the server's clock to `target` (never backwards). */
function moveClockTo(target: Date) {
  const by = target.getTime() - server.deps.clock.now().getTime();
  expect(by).toBeGreaterThan(0);
  server.deps.clock.advance(by);
}

describe('the renewal job over a subscription year', () => {
  it('reminds a week ahead, renews or lapses at the end date, e-mails the agent each time, and frees lapsed places', async () => {
    await setFreeTrialsAllowed(server, 1);
    const subscribedAt = server.deps.clock.now();
    // Payer: Coogee free, Clovelly paid; Coogee's auto-renewal is then turned off. No card: Randwick free.
    const payer = await createAgentWithBasicDetails(server, 'Paula Payer');
    await saveCard(server, payer.token);
    const [coogee, clovelly] = (
      await subscribe(server, payer.token, [await suburbId(server, 'Coogee', '2034'), await suburbId(server, 'Clovelly', '2031')])
    ).data!.subscribeToSuburbs;
    await server.gql(CANCEL, { id: coogee!.id }, payer.token);
    const noCard = await createAgentWithBasicDetails(server, 'Nico Nocard');
    const [randwick] = (await subscribe(server, noCard.token, [await suburbId(server, 'Randwick', '2031')])).data!.subscribeToSuburbs;

    const start = byName(await mySuburbs(payer.token), 'Clovelly');
    const end = new Date(start.subscriptionExpiresAt);
    expect(Math.abs(end.getTime() - addSubscriptionPeriod(subscribedAt).getTime())).toBeLessThan(60_000);
    expect((await chargesOf(payer.userId)).map((c) => [c.kind, c.amountCents])).toEqual([['SUBSCRIPTION', 49_500]]);

    // Eleven months in: nothing is due.
    moveClockTo(new Date(end.getTime() - 30 * DAY));
    expect(await runRenewalJob()).toEqual({ reminded: 0, renewed: 0, failed: 0, ended: 0 });

    // Six days before the end: a reminder for each subscription that will renew (not the cancelled Coogee), once.
    moveClockTo(new Date(end.getTime() - 6 * DAY));
    expect(await runRenewalJob()).toMatchObject({ reminded: 2, renewed: 0 });
    expect(await runRenewalJob()).toMatchObject({ reminded: 0 });
    expect((await templatesTo(payer.email)).filter((t) => t === 'subscription-renewal-reminder')).toHaveLength(1);
    expect((await templatesTo(noCard.email)).filter((t) => t === 'subscription-renewal-reminder')).toHaveLength(1);
    const reminder = (await server.emailsTo(payer.email.toLowerCase())).find((m) => m.template === 'subscription-renewal-reminder')!;
    expect(reminder.subject).toContain('Clovelly');

    // Half an hour before the end: Clovelly renews ($495, 12 more months from its end date); Randwick has no card.
    moveClockTo(new Date(end.getTime() - HOUR / 2));
    expect(await runRenewalJob()).toMatchObject({ renewed: 1, failed: 1, ended: 0 });
    expect(await runRenewalJob()).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
    const renewalCharges = (await chargesOf(payer.userId)).filter((c) => c.kind === 'RENEWAL');
    expect(renewalCharges).toHaveLength(1);
    expect(renewalCharges[0]).toMatchObject({ status: 'SUCCEEDED', amountCents: 49_500, gstCents: 4_500, referenceId: clovelly!.id });
    expect(await templatesTo(payer.email)).toContain('subscription-renewed');
    expect(await templatesTo(noCard.email)).toContain('subscription-renewal-failed');
    const [randwickRow] = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, randwick!.id));
    expect(randwickRow).toMatchObject({ autoRenew: false, renewalFailureCode: 'user_missing_stripe_customer', endedAt: null });

    // A minute past the end: Coogee (cancelled) and Randwick (not renewed) lapse and the agents are told.
    moveClockTo(new Date(end.getTime() + 60_000));
    expect(await runRenewalJob()).toMatchObject({ renewed: 0, ended: 2 });
    expect(await templatesTo(payer.email)).toContain('subscription-ended');
    expect(await templatesTo(noCard.email)).toContain('subscription-ended');

    // A year has passed: the agents sign in again (sessions expire), then look at their suburbs.
    payer.token = await login(server, payer.email, payer.password);
    noCard.token = await login(server, noCard.email, noCard.password);
    const payerView = await mySuburbs(payer.token);
    expect(byName(payerView, 'Clovelly')).toMatchObject({
      isActive: true,
      isFreeTrial: false,
      subscriptionExpiresAt: addSubscriptionPeriod(end).toISOString(),
      subscriptionToRenew: { date: addSubscriptionPeriod(end).toISOString(), priceDollars: 495 },
    });
    expect(byName(payerView, 'Coogee')).toMatchObject({ isActive: false, subscriptionToRenew: null });
    expect(byName(payerView, 'Coogee').suburb).toMatchObject({ isSubscribedByMe: false, subscribedAgentsCount: 0 });
    const noCardView = await mySuburbs(noCard.token);
    expect(byName(noCardView, 'Randwick')).toMatchObject({ isActive: false, subscriptionToRenew: null });
    expect(noCardView.me.agentProfile.hasSubscribedSuburbs).toBe(false);

    // The lapsed Coogee can be renewed by its agent: a new year from now, $495 at once.
    const renewed = await server.gql<{ renewSuburbSubscription: { isActive: boolean; subscriptionExpiresAt: string } }>(
      RENEW,
      { id: coogee!.id },
      payer.token,
    );
    expect(renewed.errors).toBeUndefined();
    expect(renewed.data!.renewSuburbSubscription.isActive).toBe(true);
    const newEnd = new Date(renewed.data!.renewSuburbSubscription.subscriptionExpiresAt).getTime();
    expect(Math.abs(newEnd - addSubscriptionPeriod(server.deps.clock.now()).getTime())).toBeLessThan(60_000);
    expect((await chargesOf(payer.userId)).filter((c) => c.kind === 'RENEWAL' && c.status === 'SUCCEEDED')).toHaveLength(2);
  });
});
