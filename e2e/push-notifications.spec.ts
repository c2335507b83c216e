import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../apps/server/src/test/local-push-service.ts';
import { DESKTOP, expectNoA11yViolations, PHONE } from './support/a11y.ts';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from './support/chromium.ts';
import { gql } from './support/api.ts';
import { createAgent, createDraftProperty, createSeller, findSuburbId, publishProperty } from './support/seed.ts';
import { loginThroughForm } from './support/ui.ts';

/**
 * Push notifications in Chromium: the service worker installs and controls the page; the agent grants the
 * notification permission and presses 'Notify me on this device' on Profile Settings → Notifications (axe at 375
 * and 1280 px). A seller then asks the agent for an appraisal: the server's push job sends a real encrypted,
 * VAPID-signed push to a local push service (web-push-testing, which decrypts it as a browser does), and what it
 * received is delivered to the worker through the DevTools protocol (ServiceWorker.deliverPushMessage), which shows
 * the notification; opening it lands on the request, and its 'Accept condition' button accepts the request's
 * condition in one tap. (installable-app.spec.ts: the offline page and the update.)
 */
const PASSWORD = 'e2e-password-123';

async function waitForController(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', null, { timeout: 60_000 });
  // The first version claims the open tab; a reload is controlled from its first request on.
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

/** What the push service received, handed to the worker as the browser's push connection would hand it. */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const registration = (await registrations).find((r) => r.scopeURL === `${new URL(page.url()).origin}/`);
  expect(registration, 'the service worker registration').toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registration!.registrationId,
    data,
  });
}

/**
 * Chromium's own push service is Google's, out of reach here: in a Playwright context (an off-the-record profile)
 * pushManager.subscribe() fails at once with 'AbortError: Registration failed - permission denied', and in a
 * profile on disk it waits for that service forever. So the browser's subscription comes from the local push
 * service instead, for the key the app passes (what a push service does when a browser subscribes); everything
 * else (the permission, the app's button, the worker) is the browser's own.
 */
async function subscribeThroughLocalPushService(context: BrowserContext, pushService: LocalPushService) {
  let subscription: LocalSubscription | undefined;
  await context.exposeBinding('subscribeAtLocalPushService', async (_source, applicationServerKey: string) => {
    subscription = await pushService.subscribe(applicationServerKey);
    return subscription;
  });
  await context.addInitScript(() => {
    const base64url = (key: BufferSource) =>
      btoa(String.fromCharCode(...new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscribe = (window as unknown as { subscribeAtLocalPushService: (key: string) => Promise<LocalSubscription> })
      .subscribeAtLocalPushService;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const made = await subscribe(base64url(options!.applicationServerKey as BufferSource));
      const json = { endpoint: made.endpoint, expirationTime: null, keys: made.keys };
      return { ...json, options, toJSON: () => json, unsubscribe: async () => true } as unknown as PushSubscription;
    };
  });
  return () => {
    expect(subscription, 'the browser subscribed').toBeTruthy();
    return subscription!;
  };
}

// The full browser: the headless shell answers Notification.permission 'denied' whatever was granted, so it can
// neither ask for a subscription nor show a notification.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } });

let pushService: LocalPushService;
test.beforeAll(async () => {
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService?.stop();
});

test('install, switch notifications on, get a push from a new request through a push service and open the request', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const suburbId = await findSuburbId(request, { name: 'Bronte', state: 'NSW' });
  const agent = await createAgent(request, { name: 'Pia Push', suburbId, password: PASSWORD, withCard: true });
  const seller = await createSeller(request, { name: 'Noel Notify', password: PASSWORD });
  const propertyId = await createDraftProperty(request, seller.token, { suburbId, streetName: 'Pushover Street' });

  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Australia/Sydney' });
  const subscription = await subscribeThroughLocalPushService(context, pushService);
  const page = await context.newPage();
  await loginThroughForm(page, agent.email, PASSWORD);
  await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await page.goto('/agent/profile-settings?tab=notifications');
  await waitForController(page);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');

  const section = page.getByRole('region', { name: 'Notifications' }).first();
  await expect(section.getByRole('heading', { name: 'Quiet hours' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoA11yViolations(page);
  await page.setViewportSize(DESKTOP);
  await expectNoA11yViolations(page);

  await section.getByRole('button', { name: 'Notify me on this device' }).click();
  await expect(section.getByText('Notifications are on for this device.')).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText(/\(this device\)/)).toBeVisible();
  await expect(section.getByRole('button', { name: /^Turn off Chrome on / })).toBeVisible();
  // Whatever the hour of the run, the push goes at once: quiet hours off, by keyboard.
  await section.getByRole('checkbox', { name: 'Hold notifications during quiet hours' }).focus();
  await page.keyboard.press('Space');
  await section.getByRole('button', { name: 'Save quiet hours' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByText('Quiet hours saved.')).toBeVisible();
  await expectNoA11yViolations(page);

  // The event: a seller in Bronte asks this agent for an appraisal.
  expect(await publishProperty(request, seller.token, propertyId, [agent.userId])).toBeNull();
  const { myPendingAppraisalRequests } = await gql<{ myPendingAppraisalRequests: { edges: { node: { id: string } }[] } }>(
    request,
    `{ myPendingAppraisalRequests(first: 5) { edges { node { id } } } }`,
    {},
    agent.token,
  );
  const requestId = myPendingAppraisalRequests.edges[0]!.node.id;
  const url = `/agent/appraisal-request/${requestId}`;

  // The server's job sent it to the push service, encrypted for this browser's keys; decrypted, it names the request.
  let received: string[] = [];
  await expect.poll(async () => (received = await pushService.messages(subscription())), { timeout: 60_000 }).toHaveLength(1);
  const push = JSON.parse(received[0]!) as { kind: string; title: string; body: string; url: string };
  expect(push).toMatchObject({ kind: 'NEW_APPRAISAL_REQUEST', title: 'New appraisal request', url });
  expect(push.body).toMatch(/Bronte/);
  expect(push.body).not.toMatch(/Pushover/);

  await deliverPush(context, page, received[0]!);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        // Chromium keeps a notification's buttons (not yet in TypeScript's DOM types).
        actions: (n as unknown as { actions: { title: string }[] }).actions.map((a) => a.title),
      })),
    );
  await expect.poll(shown).toEqual([{ title: 'New appraisal request', body: push.body, actions: ['Accept condition'] }]);

  // The notification's tap, with the app open elsewhere: the worker's click path (what its notificationclick
  // handler runs) on the notification the push showed. A headless browser draws no notification to click.
  await page.goto('/');
  await worker.evaluate(async () => {
    const [notification] = await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications();
    const open = (self as unknown as { openNotificationTarget: (n: Notification, action: string) => Promise<unknown> })
      .openNotificationTarget;
    await open(notification!, '');
  });
  // The request's details are hidden until the condition is accepted: the page goes on to the condition.
  await expect(page).toHaveURL(new RegExp(`collect_payment_details_for_property_appraisal_request=${requestId}`));
  await expect(page.getByRole('dialog', { name: 'Payment condition' })).toBeVisible();

  // The notification's 'Accept condition' button: the click path with the action of the button the notification
  // shows. It opens the condition ready to accept in one tap, and that tap accepts it.
  await page.goto('/');
  const action = await worker.evaluate(async () => {
    const [notification] = await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications();
    const [button] = (notification as unknown as { actions: { action: string; title: string }[] }).actions;
    const open = (self as unknown as { openNotificationTarget: (n: Notification, action: string) => Promise<unknown> })
      .openNotificationTarget;
    await open(notification!, button!.action);
    return { action: button!.action, title: button!.title };
  });
  expect(action).toEqual({ action: 'accept-condition', title: 'Accept condition' });
  await expect(page).toHaveURL(new RegExp(`collect_payment_details_for_property_appraisal_request=${requestId}&accept=condition`));
  const condition = page.getByRole('dialog', { name: 'Payment condition' });
  await expect(condition.getByRole('checkbox')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await condition.getByRole('button', { name: 'Accept the terms above' }).click();
  // Accepted: the request's details are the agent's to see, its address included.
  await expect(page).toHaveURL(new RegExp(`/agent/appraisal-request/${requestId}$`));
  await expect(page.getByRole('heading', { name: /Pushover Street/ })).toBeVisible();
  const { propertyAppraisalRequest } = await gql<{
    propertyAppraisalRequest: { paymentConditionAccepted: boolean; detailsHidden: boolean };
  }>(
    request,
    `query($id: ID!) { propertyAppraisalRequest(id: $id) { paymentConditionAccepted detailsHidden } }`,
    { id: requestId },
    agent.token,
  );
  expect(propertyAppraisalRequest).toEqual({ paymentConditionAccepted: true, detailsHidden: false });
  await context.close();
});
