import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDevices, pushMessages } from '../../db/schema/push-notifications.ts';
import { createSeller } from '../../test/factories.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../test/local-push-service.ts';
import { createAgent, createAppraisalScenario, gqlOk } from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';
import { queueEmail } from './email.service.ts';
import { deliverPush, queuePush, sweepPushes } from './push.service.ts';

/**
 * Push notifications end to end on the server: the devices a user switches on (GraphQL), the events that push
 * beside their e-mail, real encrypted and VAPID-signed pushes to a local push service (web-push-testing decrypts
 * them as a browser would), retries with backoff, a gone subscription removing its device, the switches and quiet
 * hours, and a closed account's devices erased.
 */
let server: TestServer;
let pushService: LocalPushService;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer(), startLocalPushService()]);
});
afterAll(async () => {
  await server?.stop();
  await pushService?.stop();
});

const SETTINGS = `{ me { pushNotifications { vapidPublicKey devices { id browser addedAt }
  kinds { kind label enabled optional emailCategoryOff } quietHours { enabled start end timeZone } } } }`;
const ADD = `mutation($input: AddPushDeviceInput!) { addPushDevice(input: $input) { id browser } }`;
const REMOVE = `mutation($id: ID!) { removePushDevice(id: $id) { id } }`;
const PREFERENCE = `mutation($kind: PushKind!, $enabled: Boolean!) { updatePushPreference(kind: $kind, enabled: $enabled) { id } }`;
const QUIET = `mutation($enabled: Boolean!, $start: String!, $end: String!, $zone: String!) {
  updateQuietHours(enabled: $enabled, start: $start, end: $end, timeZone: $zone) { id } }`;
const ASK_MORE = `mutation($id: ID!, $a: [ID!]!) { requestAppraisalsFromMoreAgents(propertyId: $id, selectedAgents: $a) { id } }`;
const DECLINE = `mutation($id: ID!, $r: AppraisalRequestDeclineReason!) { declinePropertyAppraisalRequest(id: $id, reason: $r) { id } }`;

interface Settings {
  vapidPublicKey: string;
  devices: { id: string; browser: string }[];
  kinds: { kind: string; enabled: boolean; optional: boolean; emailCategoryOff: boolean }[];
  quietHours: { enabled: boolean; start: string; end: string; timeZone: string };
}
const settingsOf = async (token: string) =>
  (await gqlOk<{ me: { pushNotifications: Settings } }>(server, SETTINGS, {}, token)).me.pushNotifications;

/** Switches notifications on for a new 'browser' of the user (quiet hours off unless the test sets them). */
async function addDevice(token: string, options: { quietHours?: boolean } = {}) {
  const { vapidPublicKey } = await settingsOf(token);
  const subscription = await pushService.subscribe(vapidPublicKey);
  const { addPushDevice } = await gqlOk<{ addPushDevice: { id: string } }>(
    server,
    ADD,
    { input: { endpoint: subscription.endpoint, ...subscription.keys, browser: 'Chrome on Android', timeZone: 'Australia/Sydney' } },
    token,
  );
  if (!options.quietHours) await gqlOk(server, QUIET, { enabled: false, start: '21:00', end: '07:00', zone: 'Australia/Sydney' }, token);
  return { subscription, deviceId: addPushDevice.id };
}

/** The pushes the device received, waiting up to `ms` for `count` of them. */
async function received(subscription: LocalSubscription, count = 1, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const messages = await pushService.messages(subscription);
    if (messages.length >= count || Date.now() > deadline) return messages.map((m) => JSON.parse(m) as Record<string, unknown>);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const messagesOf = (deviceId: string) => server.deps.db.select().from(pushMessages).where(eq(pushMessages.deviceId, deviceId));

describe('devices', () => {
  it('a user switches a browser on, sees it listed with the kinds and the default quiet hours, and turns it off', async () => {
    const agent = await createAgent(server);
    const before = await settingsOf(agent.token);
    expect(before.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(before.devices).toEqual([]);
    expect(before.quietHours).toEqual({ enabled: true, start: '21:00', end: '07:00', timeZone: 'Australia/Sydney' });
    expect(before.kinds.map((k) => [k.kind, k.optional])).toEqual([
      ['NEW_APPRAISAL_REQUEST', false],
      ['APPOINTMENT_REQUESTED', true],
      ['APPOINTMENT_CHANGED', true],
      ['APPOINTMENT_CANCELLED', true],
      ['SALE_TO_CONFIRM', false],
      ['REVIEW_PUBLISHED', true],
    ]);

    const { deviceId } = await addDevice(agent.token, { quietHours: true });
    const after = await settingsOf(agent.token);
    expect(after.devices).toEqual([{ id: deviceId, browser: 'Chrome on Android', addedAt: expect.any(String) }]);

    // Nobody turns off someone else's device, and nothing but a browser's own subscription is taken.
    const other = await createSeller(server);
    expect(codeOf(await server.gql(REMOVE, { id: deviceId }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(REMOVE, { id: deviceId }, null))).toBe('unauthorized');
    const bad = { endpoint: 'http://example.com/push/1', p256dh: 'x', auth: 'y', browser: 'Firefox', timeZone: 'Australia/Sydney' };
    expect((await server.gql(ADD, { input: bad }, other.token)).errors?.[0]?.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'endpoint',
    });

    await gqlOk(server, REMOVE, { id: deviceId }, agent.token);
    expect((await settingsOf(agent.token)).devices).toEqual([]);
  });
});

describe('pushes', () => {
  it('an agent asked for an appraisal gets an encrypted push with the suburb, type, bedrooms and time left, never the street', async () => {
    const { seller, property } = await createAppraisalScenario(server, 1);
    const agent = await createAgent(server, { name: 'Pushed Agent', withCard: true });
    await subscribeAgent(server, agent.userId, property.suburbId!);
    const { subscription } = await addDevice(agent.token);

    await gqlOk(server, ASK_MORE, { id: property.id, a: [agent.userId] }, seller.token);
    const [push] = await received(subscription);
    const request = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: (r, { and }) => and(eq(r.propertyId, property.id), eq(r.agentUserId, agent.userId)),
    });
    expect(push).toEqual({
      kind: 'NEW_APPRAISAL_REQUEST',
      title: 'New appraisal request',
      body: expect.stringMatching(/^2 bedroom Apartment.* in Bondi.* · (47|48) hours left$/),
      url: `/agent/appraisal-request/${request!.id}`,
      tag: `NEW_APPRAISAL_REQUEST:/agent/appraisal-request/${request!.id}`,
      actions: [{ action: 'accept-condition', title: 'Accept condition', url: `/agent/appraisal-request/${request!.id}?accept=condition` }],
    });
    // The words a lock screen shows (the rest is pinned above): the request's id in its links may hold '14' by chance.
    expect(`${push!.title} ${push!.body}`).not.toMatch(/Campbell|\b14\b/);
  });

  it('a seller is pushed when an agent declines, unless they switched that kind off; a kind that is not optional cannot be', async () => {
    const { seller, agents } = await createAppraisalScenario(server, 2);
    const { subscription, deviceId } = await addDevice(seller.token);

    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const [push] = await received(subscription);
    expect(push).toMatchObject({
      kind: 'APPRAISAL_REQUEST_DECLINED',
      title: 'An agent declined',
      body: expect.stringContaining('Agent 1'),
    });

    await gqlOk(server, PREFERENCE, { kind: 'APPRAISAL_REQUEST_DECLINED', enabled: false }, seller.token);
    expect((await settingsOf(seller.token)).kinds.find((k) => k.kind === 'APPRAISAL_REQUEST_DECLINED')!.enabled).toBe(false);
    await gqlOk(server, DECLINE, { id: agents[1]!.request.id, r: 'TOO_BUSY' }, agents[1]!.token);
    expect((await server.emailsTo(seller.email)).map((m) => m.subject)).toContain('Agent 2 cannot appraise your property'); // the e-mail still goes
    expect(await messagesOf(deviceId)).toHaveLength(1);

    expect(codeOf(await server.gql(PREFERENCE, { kind: 'APPRAISAL_RECEIVED', enabled: false }, seller.token))).toBe(
      'push_kind_not_optional',
    );
    expect(codeOf(await server.gql(PREFERENCE, { kind: 'NEW_APPRAISAL_REQUEST', enabled: false }, seller.token))).toBe('validation_failed');
  });

  it("a kind follows its e-mail category: reviews switched off in the e-mail settings stop the review's push too", async () => {
    const agent = await createAgent(server);
    const { subscription, deviceId } = await addDevice(agent.token);
    const reviewEmail = () =>
      server.deps.db.transaction((tx) =>
        queueEmail(server.deps, tx, {
          to: agent.email,
          subject: 'A seller has reviewed you on Listwise',
          template: 'agent-review-published',
          optional: { category: 'REVIEWS', userId: agent.userId },
          push: {
            kind: 'REVIEW_PUBLISHED',
            userId: agent.userId,
            content: { title: 'New review', body: 'A seller gave you 5 out of 5.', url: '/agent/reviews' },
          },
          body: createElement('p', null, 'Five stars'),
        }),
      );
    await reviewEmail();
    expect(await received(subscription)).toMatchObject([{ kind: 'REVIEW_PUBLISHED', url: '/agent/reviews' }]);

    await gqlOk(server, `mutation { updateEmailPreference(category: REVIEWS, enabled: false) { id } }`, {}, agent.token);
    expect((await settingsOf(agent.token)).kinds.find((k) => k.kind === 'REVIEW_PUBLISHED')).toMatchObject({
      enabled: false,
      emailCategoryOff: true,
    });
    await reviewEmail();
    expect(await messagesOf(deviceId)).toHaveLength(1);
  });

  it('a push service answering 503 and then 429 is tried again with backoff until it takes the push, once', async () => {
    const { seller, agents } = await createAppraisalScenario(server, 1);
    const { subscription, deviceId } = await addDevice(seller.token);
    pushService.answerNext(subscription, 503, 429);

    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const pushes = await received(subscription, 1, 25_000);
    expect(pushes).toHaveLength(1);
    const [message] = await messagesOf(deviceId);
    expect(message).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    expect(message!.sentAt!.getTime() - message!.createdAt.getTime()).toBeGreaterThan(2_000);
  }, 40_000);

  it('a push whose job runs before its event commits is tried again by the queue, not left for the sweep', async () => {
    const agent = await createAgent(server);
    const { subscription } = await addDevice(agent.token);
    await server.deps.db.transaction(async (tx) => {
      const [id] = await queuePush(server.deps, tx, {
        kind: 'SALE_TO_CONFIRM',
        userId: agent.userId,
        content: { title: 'Sale to confirm', body: 'A seller reports a sale through you.', url: '/agent/property-sale/1/confirm' },
      });
      // A worker cannot see the row yet: its job fails, so the queue tries it again after the commit.
      await expect(deliverPush(server.deps, id!)).rejects.toThrow();
    });
    expect(await received(subscription, 1, 15_000)).toMatchObject([{ kind: 'SALE_TO_CONFIRM' }]);
  });

  it('a push service answering 410 removes the device and its pushes', async () => {
    const { seller, agents } = await createAppraisalScenario(server, 1);
    const { subscription, deviceId } = await addDevice(seller.token);
    await pushService.expire(subscription);

    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const deadline = Date.now() + 15_000;
    while ((await server.deps.db.select().from(pushDevices).where(eq(pushDevices.id, deviceId))).length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await server.deps.db.select().from(pushDevices).where(eq(pushDevices.id, deviceId))).toEqual([]);
    expect((await settingsOf(seller.token)).devices).toEqual([]);
  });
});

describe('quiet hours', () => {
  /** 'HH:MM' in UTC, `minutes` from the server's now. */
  const utcTime = (minutes: number) => new Date(server.deps.clock.now().getTime() + minutes * 60_000).toISOString().slice(11, 16);

  it('hold a non-urgent push until they end, then the sweep sends it; an urgent one goes at once', async () => {
    const { seller, agents } = await createAppraisalScenario(server, 1);
    const { subscription, deviceId } = await addDevice(seller.token, { quietHours: true });
    // Quiet from an hour ago until 30 minutes from now, in UTC.
    await gqlOk(server, QUIET, { enabled: true, start: utcTime(-60), end: utcTime(30), zone: 'UTC' }, seller.token);

    await gqlOk(server, DECLINE, { id: agents[0]!.request.id, r: 'TOO_BUSY' }, agents[0]!.token);
    const [held] = await messagesOf(deviceId);
    expect(held).toMatchObject({ status: 'QUEUED', attempts: 0 });
    const endOfQuiet = held!.deliverAfter.getTime() - server.deps.clock.now().getTime();
    expect(endOfQuiet).toBeGreaterThan(28 * 60_000);
    expect(endOfQuiet).toBeLessThanOrEqual(31 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await pushService.messages(subscription)).toEqual([]);

    // An appointment cancelled tonight cannot wait for the morning.
    const agent = await createAgent(server);
    const agentDevice = await addDevice(agent.token, { quietHours: true });
    await gqlOk(server, QUIET, { enabled: true, start: utcTime(-60), end: utcTime(30), zone: 'UTC' }, agent.token);
    await server.deps.db.transaction((tx) =>
      queueEmail(server.deps, tx, {
        to: agent.email,
        subject: 'An appointment request has been cancelled',
        template: 'appointment-cancelled',
        push: {
          kind: 'APPOINTMENT_CANCELLED',
          userId: agent.userId,
          content: { title: 'Appointment cancelled', body: 'Tonight', url: '/agent/appointment-requests' },
        },
        body: createElement('p', null, 'Cancelled'),
      }),
    );
    expect(await received(agentDevice.subscription)).toMatchObject([{ kind: 'APPOINTMENT_CANCELLED' }]);

    // Morning: the sweep sends what was held.
    server.deps.clock.advance(31 * 60_000);
    try {
      expect(await sweepPushes(server.deps)).toBeGreaterThanOrEqual(1);
      expect(await received(subscription)).toMatchObject([{ kind: 'APPRAISAL_REQUEST_DECLINED' }]);
    } finally {
      server.deps.clock.reset();
    }
  });
});

describe('closing an account', () => {
  it("erases the account's devices and their waiting pushes", async () => {
    const seller = await createSeller(server);
    const { deviceId } = await addDevice(seller.token);
    await gqlOk(server, `mutation($p: String!) { deleteMyAccount(password: $p) }`, { p: seller.password }, seller.token);
    expect(await server.deps.db.select().from(pushDevices).where(eq(pushDevices.id, deviceId))).toEqual([]);
  });
});
