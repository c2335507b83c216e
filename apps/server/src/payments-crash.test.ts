import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { charges, taxInvoices, testGatewayPaymentIntents } from './db/schema/payments.ts';
import { propertySales } from './db/schema/sales.ts';
import { suburbSubscriptions } from './db/schema/subscriptions.ts';
import { suburbs } from './db/schema/suburbs.ts';
import { freePort } from './db/embedded.ts';
import { reconcileCharges } from './modules/payments/charges.service.ts';
import { BANK, CONFIRM, createAppraisedProperty, SOLD } from './modules/sales/test-factories.ts';
import { createAgentWithBasicDetails, saveCard, setFreeTrialsAllowed, suburbId } from './test/agent-factories.ts';
import { startTestServer, type TestServer } from './test/harness.ts';
import { mainProcessArgs, SERVER_DIR } from './test/main-process.ts';

/**
 * Issue 19: money survives a crash. The real `main.ts` runs as a child process on a database of its own, with the
 * built-in test gateway waiting TEST_GATEWAY_DELAY_MS before it records a charge (in its own PostgreSQL table, as a
 * provider keeps charges on its side) and again before it answers. Agents buy suburbs, reactivate a lapsed one and
 * confirm sales (lead fees) at staggered moments; the server is killed with SIGKILL as the first charge is answered,
 * so that some charges have not reached the provider and others were taken and never answered. After a restart and
 * one reconciler pass, every successful provider charge matches exactly one paid period or lead fee, or one refund,
 * and every ledger row matches the provider.
 */
const DELAY_MS = 1500;
const STAGGER_MS = 250;
const children: ChildProcess[] = [];
const servers: TestServer[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const server of servers) await server.stop().catch(() => undefined);
});

async function startMain(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(os.tmpdir(), `listwise-money-crash-${crypto.randomBytes(4).toString('hex')}`),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MAX: '1000',
    TEST_GATEWAY_DELAY_MS: String(DELAY_MS),
  };
  const child = spawn(process.execPath, mainProcessArgs(), { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  // Through tsx (when the build is stale) the server compiles cold: a minute was not enough on a loaded 2-core machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Listwise exited before it was running:\n${output}`);
    if (Date.now() > deadline) throw new Error(`Listwise did not start in time:\n${output}`);
    const healthy = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const gql = async (url: string, query: string, variables: Record<string, unknown>, token: string) => {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: unknown[] };
};

const SUBSCRIBE = `mutation($ids: [ID!]!) { subscribeToSuburbs(suburbIds: $ids) { id } }`;
const RENEW = `mutation($id: ID!) { renewSuburbSubscription(suburbSubscriptionId: $id) { id } }`;

it(
  'after SIGKILL with charges in flight and just answered, one reconciler pass leaves every provider charge matched once and every ledger row true',
  { timeout: 400_000 },
  async () => {
    // ——— Set-up, through an in-process server on a database of its own. ———
    const setup = await startTestServer();
    servers.push(setup);
    const { databaseUrl } = setup;
    await setFreeTrialsAllowed(setup, 0);
    const suburbIds = [
      await suburbId(setup, 'Bondi', '2026'),
      await suburbId(setup, 'Coogee', '2034'),
      await suburbId(setup, 'Bronte', '2024'),
    ];
    // Two places in Bronte for four buyers: some purchases are refused, none is charged for a place it cannot have.
    await setup.deps.db.update(suburbs).set({ subscribedAgentsMax: 2 }).where(eq(suburbs.id, suburbIds[2]!));
    const buyers = [];
    for (let i = 0; i < 10; i++) {
      const agent = await createAgentWithBasicDetails(setup, `Buyer ${i}`);
      await saveCard(setup, agent.token, i === 9 ? 'pm_card_chargeDeclined' : 'pm_card_visa');
      buyers.push({ agent, suburbs: i < 4 ? [suburbIds[2]!] : [suburbIds[i % 2]!, ...(i % 3 === 0 ? [suburbIds[2]!] : [])] });
    }
    // Two lapsed subscriptions to reactivate.
    const lapsed = [];
    for (let i = 0; i < 2; i++) {
      const agent = await createAgentWithBasicDetails(setup, `Lapsed ${i}`);
      await saveCard(setup, agent.token);
      const now = setup.deps.clock.now();
      const [row] = await setup.deps.db
        .insert(suburbSubscriptions)
        .values({
          agentUserId: agent.userId,
          suburbId: suburbIds[i]!,
          startsAt: new Date(now.getTime() - 400 * 86_400_000),
          expiresAt: new Date(now.getTime() - 86_400_000),
          autoRenew: false,
        })
        .returning();
      lapsed.push({ agent, subscriptionId: row!.id });
    }
    // Two sales reported by their sellers, for their agents to confirm (lead fees).
    const sales = [];
    for (let i = 0; i < 2; i++) {
      const scenario = await createAppraisedProperty(setup, { appraisers: 1 });
      const agent = scenario.appraisers[0]!;
      const reported = await setup.gql(
        SOLD,
        { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK },
        scenario.seller.token,
      );
      expect(reported.errors).toBeUndefined();
      const sale = (await setup.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
      sales.push({ agent, saleId: sale.id });
    }
    await setup.stop();
    servers.splice(servers.indexOf(setup), 1);

    // ——— The burst on the real server, killed as the first charge is answered. ———
    const first = await startMain(databaseUrl);
    const calls: (() => Promise<unknown>)[] = [
      ...buyers.map(
        ({ agent, suburbs: ids }) =>
          () =>
            gql(first.url, SUBSCRIBE, { ids: ids.map(String) }, agent.token),
      ),
      ...lapsed.map(
        ({ agent, subscriptionId }) =>
          () =>
            gql(first.url, RENEW, { id: subscriptionId }, agent.token),
      ),
      ...sales.map(
        ({ agent, saleId }) =>
          () =>
            gql(first.url, CONFIRM, { id: saleId, salePrice: 900_000, contractDate: '2026-10-01' }, agent.token),
      ),
    ];
    // Interleaved, so each kind has calls early (answered or taken) and late (not yet at the provider).
    expect(calls.length % 5).not.toBe(0);
    const order = calls.map((call, i) => ({ call, key: (i * 5) % calls.length })).sort((a, b) => a.key - b.key);
    let answered = 0;
    const killed = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    const burst = order.map(async ({ call }, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * STAGGER_MS));
      if (first.child.signalCode) return;
      await call()
        .then((body) => {
          // The first answer the provider gave (refusals for a full suburb answer without it).
          if (!(body as { data?: unknown }).data) return;
          answered++;
          if (answered === 1) setTimeout(() => first.child.kill('SIGKILL'), 100);
        })
        .catch(() => undefined);
    });
    await Promise.race([killed, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (!first.child.signalCode) first.child.kill('SIGKILL');
    await killed;
    await Promise.all(burst);
    expect(first.child.signalCode).toBe('SIGKILL');

    // ——— The restart, and what the kill left. ———
    const second = await startTestServer({}, { databaseUrl });
    servers.push(second);
    const db = second.deps.db;
    const pendingBefore = await db.select().from(charges).where(eq(charges.status, 'PENDING'));
    const intentsBefore = await db.select().from(testGatewayPaymentIntents);
    const takenKeys = new Set(intentsBefore.map((i) => i.idempotencyKey));
    // The kill came at both moments: charges not yet at the provider, and charges it took but never answered.
    expect(pendingBefore.filter((c) => !takenKeys.has(c.idempotencyKey)).length, 'in flight, not at the provider').toBeGreaterThan(0);
    expect(pendingBefore.filter((c) => takenKeys.has(c.idempotencyKey)).length, 'taken, never answered').toBeGreaterThan(0);

    // One reconciler pass (nothing is in flight any more: the server that made them is dead).
    await reconcileCharges(second.deps, { staleAfterMs: 0 });

    const ledger = await db.select().from(charges);
    const intents = await db.select().from(testGatewayPaymentIntents);
    const subscriptions = await db.select().from(suburbSubscriptions);
    const saleRows = await db
      .select()
      .from(propertySales)
      .where(
        inArray(
          propertySales.id,
          sales.map((s) => s.saleId),
        ),
      );
    const invoices = await db.select().from(taxInvoices);
    const byKey = new Map(ledger.map((c) => [c.idempotencyKey, c]));

    // Every ledger row has an outcome, and it is what the provider holds.
    expect(ledger.filter((c) => !c.fulfilledAt || c.status === 'PENDING')).toEqual([]);
    for (const charge of ledger) {
      const intent = intents.find((i) => i.idempotencyKey === charge.idempotencyKey);
      if (charge.status === 'FAILED') {
        expect(intent?.status ?? 'never reached', charge.idempotencyKey).not.toBe('succeeded');
        continue;
      }
      expect(intent, charge.idempotencyKey).toMatchObject({
        id: charge.providerChargeId,
        status: 'succeeded',
        amountCents: charge.amountCents,
      });
      expect(!!intent!.refundedAt, `${charge.idempotencyKey} refunded at the provider iff in the ledger`).toBe(
        charge.status === 'REFUNDED',
      );
    }

    // Every successful provider charge: exactly one ledger row, and exactly one thing it paid for, or one refund.
    const succeeded = intents.filter((i) => i.status === 'succeeded');
    expect(succeeded.length).toBeGreaterThan(0);
    for (const intent of succeeded) {
      const charge = byKey.get(intent.idempotencyKey);
      expect(charge, intent.idempotencyKey).toBeDefined();
      const paidPeriods = subscriptions.filter((s) => s.lastChargeId === charge!.id);
      const paidFees = saleRows.filter((s) => s.leadFeeChargeId === charge!.id && s.leadFeeStatus === 'SUCCEEDED');
      const chargeInvoices = invoices.filter((i) => i.chargeId === charge!.id);
      if (charge!.status === 'REFUNDED') {
        expect([paidPeriods.length, paidFees.length, chargeInvoices.length], `${charge!.idempotencyKey} refunded`).toEqual([0, 0, 0]);
        continue;
      }
      expect(charge!.status).toBe('SUCCEEDED');
      expect(chargeInvoices, `${charge!.idempotencyKey}: one invoice`).toHaveLength(1);
      if (charge!.kind === 'LEAD_FEE') {
        expect([paidPeriods.length, paidFees.length], charge!.idempotencyKey).toEqual([0, 1]);
      } else {
        // A purchase pays one period of each suburb it bought ($495 each); a reactivation one period.
        expect(paidFees).toHaveLength(0);
        expect(paidPeriods.length * 49_500, charge!.idempotencyKey).toBe(charge!.amountCents);
        expect(paidPeriods.every((s) => s.agentUserId === charge!.userId)).toBe(true);
      }
    }
    // Nothing paid for without money, and no invoice without a paid charge.
    const paidIds = new Set(ledger.filter((c) => c.status === 'SUCCEEDED').map((c) => c.id));
    expect(subscriptions.filter((s) => s.lastChargeId && !paidIds.has(s.lastChargeId))).toEqual([]);
    expect(invoices.filter((i) => !paidIds.has(i.chargeId))).toEqual([]);
    // Places: never more agents than a suburb's maximum, never two live subscriptions of one agent in one suburb.
    const now = second.deps.clock.now();
    const live = subscriptions.filter((s) => !s.cancelledAt && s.expiresAt > now);
    expect(live.filter((s) => s.suburbId === suburbIds[2]).length).toBeLessThanOrEqual(2);
    const pairs = live.map((s) => `${s.agentUserId}:${s.suburbId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // The lead fees the agents owe are all collected: those the provider never saw were charged by the pass.
    expect(saleRows.map((s) => s.leadFeeStatus)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    // And a second pass finds nothing left to do.
    expect(await reconcileCharges(second.deps, { staleAfterMs: 0 })).toMatchObject({ finished: 0, refunded: 0 });
  },
);
