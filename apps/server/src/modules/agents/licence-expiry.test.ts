import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@listwise/domain/time-zones';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createActiveProperty } from '../appraisals/test-factories.ts';
import { createSellingAgent, subscribeAgent } from '../sales/test-factories.ts';
import { LICENCE_QUEUES } from './licences.service.ts';

/**
 * Licences stay current (issue 22 item 8), through the API with a moving clock: the expiry date the agent enters,
 * the reminders 30 and 7 days before it (the daily job, run twice to show it sends each once), an expired licence
 * taking the agent out of request matching and 'Licence verified' while the subscription keeps its place, and a
 * verified renewal putting both back.
 */
const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
/** A fresh operator session each time: the clock moves further than a session lives. */
const adminToken = async () => (await createAdmin(server)).token;
beforeAll(async () => {
  server = await startTestServer({ ENABLE_TEST_CLOCK: 'true' });
});
afterAll(() => server?.stop());

/** The date `days` from the server's now, in Sydney (the NSW licences below). */
const sydneyDate = (days: number) => calendarDateIn(new Date(server.deps.clock.now().getTime() + days * DAY), 'Australia/Sydney');

const UPDATE = `mutation($number: String!, $state: State!, $expires: String!) {
  updateAgentLicence(licenceNumber: $number, licenceState: $state, licenceExpiresOn: $expires) { id status expiresOn isVerified isExpired }
}`;
const VERIFY = `mutation($agentId: ID!, $approved: Boolean!, $reason: String) {
  verifyAgentLicence(agentId: $agentId, approved: $approved, reason: $reason) { id status verifiedUntil isVerified isExpired }
}`;
const PICKER = `query($id: ID!) { agentsForProperty(propertyId: $id) { id licence { number status isVerified } } }`;

async function runReminderJob() {
  const response = await fetch(`${server.url}/dev/jobs/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queue: LICENCE_QUEUES.remindExpiry }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { reminded: number } }).result;
}

async function licensedAgent(number: string, expiresInDays: number, options: { verify?: boolean } = {}) {
  const agent = await createSellingAgent(server, { name: `Agent ${number}` });
  const saved = await server.gql(UPDATE, { number, state: 'NSW', expires: sydneyDate(expiresInDays) }, agent.token);
  expect(saved.errors).toBeUndefined();
  if (options.verify !== false)
    expect((await server.gql(VERIFY, { agentId: agent.userId, approved: true }, await adminToken())).errors).toBeUndefined();
  return agent;
}

const reminderTemplates = async (email: string) =>
  (await server.emailsTo(email)).map((m) => m.template).filter((t) => t.startsWith('licence-expiry-reminder'));

describe('the expiry date', () => {
  it('is required, a real date, not passed and within ten years (validation_failed on licenceExpiresOn)', async () => {
    const agent = await createSellingAgent(server, { name: 'Date Typist' });
    for (const expires of ['', 'soon', '2027-02-30', '30/06/2027', sydneyDate(-1), sydneyDate(11 * 366)]) {
      const result = await server.gql(UPDATE, { number: '22000001', state: 'NSW', expires }, agent.token);
      expect(result.errors?.[0]?.extensions, expires).toMatchObject({ code: 'validation_failed', field: 'licenceExpiresOn' });
    }
    const missing = await server.gql(
      `mutation { updateAgentLicence(licenceNumber: "22000001", licenceState: NSW) { id } }`,
      {},
      agent.token,
    );
    expect(missing.errors).toBeDefined();
    expect(JSON.stringify(missing)).not.toContain('internal_error');
    const today = await server.gql<{ updateAgentLicence: { expiresOn: string; isExpired: boolean } }>(
      UPDATE,
      { number: '22000001', state: 'NSW', expires: sydneyDate(0) },
      agent.token,
    );
    expect(today.data!.updateAgentLicence).toMatchObject({ expiresOn: sydneyDate(0), isExpired: false });
  });

  it('shows to the agent and operators only; sellers read whether the mark shows', async () => {
    const agent = await licensedAgent('22000002', 200);
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    await subscribeAgent(server, agent.userId, property.suburbId!);
    const seen = await server.gql<{ agentsForProperty: { id: string; licence: { number: string; isVerified: boolean } }[] }>(
      `query($id: ID!) { agentsForProperty(propertyId: $id) { id licence { number isVerified expiresOn verifiedUntil } } }`,
      { id: property.id },
      seller.token,
    );
    expect(seen.data!.agentsForProperty.find((a) => a.id === agent.userId)!.licence).toEqual({
      number: '22000002',
      isVerified: true,
      expiresOn: null,
      verifiedUntil: null,
    });
  });
});

describe('expiry reminders (the daily licences.remind-expiry job)', () => {
  it('e-mails 30 days before and 7 days before, each once however often the job runs', async () => {
    const agent = await licensedAgent('23000001', 40);
    expect(await reminderTemplates(agent.email)).toEqual([]);
    await runReminderJob();
    expect(await reminderTemplates(agent.email)).toEqual([]);

    server.deps.clock.advance(10 * DAY); // 30 days left
    await runReminderJob();
    await runReminderJob();
    expect(await reminderTemplates(agent.email)).toEqual(['licence-expiry-reminder-30']);
    const [thirty] = await server.emailsTo(agent.email);
    expect(thirty!.subject).toMatch(/^Your licence expires on \d{1,2} \w{3} \d{4}$/);
    expect(thirty!.text).toContain('NSW licence 23000001 expires in 30 days');

    server.deps.clock.advance(12 * DAY); // 18 days left: nothing new
    await runReminderJob();
    expect(await reminderTemplates(agent.email)).toHaveLength(1);

    server.deps.clock.advance(11 * DAY); // 7 days left
    await runReminderJob();
    await runReminderJob();
    expect((await reminderTemplates(agent.email)).sort()).toEqual(['licence-expiry-reminder-30', 'licence-expiry-reminder-7']);
    expect((await server.emailsTo(agent.email))[0]!.text).toContain('expires in 7 days');

    server.deps.clock.advance(5 * DAY);
    await runReminderJob();
    expect(await reminderTemplates(agent.email)).toHaveLength(2);
  });

  it('reminds a licence entered with under a week to run only once, a renewed date afresh, and never a rejected one', async () => {
    const late = await licensedAgent('23000002', 5);
    await runReminderJob();
    await runReminderJob();
    expect(await reminderTemplates(late.email)).toEqual(['licence-expiry-reminder-7']);

    const rejected = await licensedAgent('23000003', 20, { verify: false });
    await server.gql(VERIFY, { agentId: rejected.userId, approved: false, reason: 'Not on the register' }, await adminToken());
    await runReminderJob();
    expect(await reminderTemplates(rejected.email)).toEqual([]);

    // Renewed to a date 25 days out: a new date gets its own 30-day reminder.
    await server.gql(UPDATE, { number: '23000002', state: 'NSW', expires: sydneyDate(25) }, late.token);
    await runReminderJob();
    expect((await reminderTemplates(late.email)).sort()).toEqual(['licence-expiry-reminder-30', 'licence-expiry-reminder-7']);
  });
});

describe('an expired licence', () => {
  it('stops new requests and the mark while the subscription keeps its place; a verified renewal restores both', async () => {
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const agent = await licensedAgent('24000001', 3);
    const subscription = await subscribeAgent(server, agent.userId, property.suburbId!);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
    const picker = async () =>
      (
        await server.gql<{ agentsForProperty: { id: string; licence: { number: string | null; isVerified: boolean } }[] }>(
          PICKER,
          { id: property.id },
          seller.token,
        )
      ).data!.agentsForProperty.find((a) => a.id === agent.userId);
    const publicUrl = async () =>
      (
        await server.gql<{ me: { agentProfile: { publicProfileUrl: string | null } } }>(
          `{ me { agentProfile { publicProfileUrl } } }`,
          {},
          agent.token,
        )
      ).data!.me.agentProfile.publicProfileUrl;
    expect((await picker())!.licence).toMatchObject({ number: '24000001', isVerified: true });
    const url = await publicUrl();
    expect(url).toMatch(/\/agent\//);
    const pagePath = new URL(url!).pathname;
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(200);

    server.deps.clock.advance(4 * DAY);
    expect(await picker()).toBeUndefined();
    const own = await server.gql<{ me: { agentProfile: { licence: { status: string; isVerified: boolean; isExpired: boolean } } } }>(
      `{ me { agentProfile { licence { status isVerified isExpired } } } }`,
      {},
      agent.token,
    );
    expect(own.data!.me.agentProfile.licence).toEqual({ status: 'VERIFIED', isVerified: false, isExpired: true });
    // The public profile goes with the mark.
    expect(await publicUrl()).toBeNull();
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(404);
    const [kept] = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, subscription.id));
    expect(kept).toMatchObject({ cancelledAt: null, expiresAt: subscription.expiresAt });
    expect(codeOf(await server.gql(VERIFY, { agentId: agent.userId, approved: true }, await adminToken()))).toBe('licence_expired');

    // The renewal is entered: still no requests until an operator verifies it.
    const renewed = await server.gql<{ updateAgentLicence: { status: string; isExpired: boolean; isVerified: boolean } }>(
      UPDATE,
      { number: '24000001', state: 'NSW', expires: sydneyDate(365) },
      agent.token,
    );
    expect(renewed.data!.updateAgentLicence).toEqual(expect.objectContaining({ status: 'PENDING', isExpired: true, isVerified: false }));
    expect(await picker()).toBeUndefined();
    // A different number does not get round it either.
    await server.gql(UPDATE, { number: '24000009', state: 'NSW', expires: sydneyDate(365) }, agent.token);
    expect(await picker()).toBeUndefined();

    const verified = await server.gql<{ verifyAgentLicence: { verifiedUntil: string; isVerified: boolean; isExpired: boolean } }>(
      VERIFY,
      { agentId: agent.userId, approved: true },
      await adminToken(),
    );
    expect(verified.data!.verifyAgentLicence).toEqual(
      expect.objectContaining({ verifiedUntil: sydneyDate(365), isVerified: true, isExpired: false }),
    );
    expect((await picker())!.licence).toMatchObject({ number: '24000009', isVerified: true });
    expect((await fetch(`${server.url}${pagePath}`)).status).toBe(200);
  });

  it('keeps the mark while a renewal entered before expiry waits for its check', async () => {
    const seller = await createSeller(server);
    const property = await createActiveProperty(server, seller.userId);
    const agent = await licensedAgent('25000001', 10);
    await subscribeAgent(server, agent.userId, property.suburbId!);
    const renewal = await server.gql<{ updateAgentLicence: { status: string; isVerified: boolean } }>(
      UPDATE,
      { number: '25000001', state: 'NSW', expires: sydneyDate(400) },
      agent.token,
    );
    expect(renewal.data!.updateAgentLicence).toEqual(expect.objectContaining({ status: 'PENDING', isVerified: true }));
    const seen = async () =>
      (
        await server.gql<{ agentsForProperty: { id: string; licence: { isVerified: boolean; number: string | null } }[] }>(
          PICKER,
          { id: property.id },
          seller.token,
        )
      ).data!.agentsForProperty.find((a) => a.id === agent.userId);
    expect((await seen())!.licence).toMatchObject({ isVerified: true, number: '25000001' });
    // Past the expiry verified before, with the renewal still unchecked: expired.
    server.deps.clock.advance(11 * DAY);
    expect(await seen()).toBeUndefined();
    await server.gql(VERIFY, { agentId: agent.userId, approved: true }, await adminToken());
    expect((await seen())!.licence).toMatchObject({ isVerified: true });
  });
});
