import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, agentProfiles, sellerProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { userMedia } from '../../db/schema/media.ts';
import { charges, taxInvoices } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { createAdmin, PASSWORD, signUpAgent, uniqueEmail, login } from '../../test/factories.ts';
import { codeOf, linkFrom, startTestServer, type TestServer } from '../../test/harness.ts';
import { startLocalPushService } from '../../test/local-push-service.ts';
import { CURRENT_TERMS_VERSION, TERMS_VERSIONS } from '../accounts/terms.ts';
import { createActiveProperty, createAgent, createRequest, createSeller, findSuburb, gqlOk } from '../appraisals/test-factories.ts';
import { queuePush } from '../notifications/push.service.ts';
import { BANK, CONFIRM, createAppraisedProperty, SOLD, subscribeAgent } from '../sales/test-factories.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ME = `query { me { id email acceptedTermsVersion acceptedTermsAt mustAcceptTerms deletedAt } }`;
const ACCEPT = `mutation($v: String!) { acceptTerms(version: $v) { id acceptedTermsVersion acceptedTermsAt mustAcceptTerms } }`;
const DELETE = `mutation($p: String!) { deleteMyAccount(password: $p) }`;

interface Me {
  me: {
    id: string;
    email: string | null;
    acceptedTermsVersion: string | null;
    acceptedTermsAt: string | null;
    mustAcceptTerms: boolean;
    deletedAt: string | null;
  } | null;
}

async function exportOf(token: string | null) {
  const response = await fetch(`${server.url}/account/export`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  // The export's shape is checked field by field below: a loose type reads it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { response, text, json: response.ok ? (JSON.parse(text) as Record<string, any>) : null };
}

describe('terms and privacy policy versions', { timeout: 120_000 }, () => {
  it('keeps the current version in one place that the published documents name', async () => {
    const current = await server.gql<{ currentTermsVersion: string }>(`query { currentTermsVersion }`);
    expect(current.data?.currentTermsVersion).toBe(CURRENT_TERMS_VERSION);
    for (const name of ['privacy-policy', 'seller-terms', 'agent-terms']) {
      const document = readFileSync(new URL(`../../../../web/public/legal/${name}.md`, import.meta.url), 'utf8');
      expect(document, name).toContain(`Version ${CURRENT_TERMS_VERSION}`);
    }
  });

  it('records the version and time when an agent signs up (the page says signing up accepts them)', async () => {
    const agent = await signUpAgent(server);
    const { data } = await server.gql<Me>(ME, {}, agent.token);
    expect(data?.me).toMatchObject({ acceptedTermsVersion: CURRENT_TERMS_VERSION, mustAcceptTerms: false });
    expect(data?.me?.acceptedTermsAt).not.toBeNull();
  });

  it("records the version when the address step's consent box is ticked", async () => {
    const ghost = await server.gql<{ createGhostUser: { token: string } }>(`mutation { createGhostUser { token } }`);
    const token = ghost.data!.createGhostUser.token;
    const before = await server.gql<Me>(ME, {}, token);
    expect(before.data?.me).toMatchObject({ acceptedTermsVersion: null, mustAcceptTerms: false });
    await server.gql(
      `mutation($e: String) { updateUserDetails(name: "Sam", email: $e, isPrivacyPolicyAccepted: true) { id } }`,
      { e: uniqueEmail() },
      token,
    );
    const after = await server.gql<Me>(ME, {}, token);
    expect(after.data?.me?.acceptedTermsVersion).toBe(CURRENT_TERMS_VERSION);
  });

  it('asks a user who accepted an older version to accept the new one at the next sign-in, and refuses an outdated version', async () => {
    const seller = await createSeller(server);
    await server.deps.db
      .update(users)
      .set({ acceptedTermsVersion: '2020-01-01', acceptedTermsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, seller.userId));
    const token = await login(server, seller.email);
    const before = await server.gql<Me>(ME, {}, token);
    expect(before.data?.me).toMatchObject({ acceptedTermsVersion: '2020-01-01', mustAcceptTerms: true });

    const outdated = await server.gql(ACCEPT, { v: '2020-01-01' }, token);
    expect(codeOf(outdated)).toBe('terms_version_outdated');
    expect(outdated.errors?.[0]?.extensions?.field).toBe('version');

    const accepted = await server.gql<{ acceptTerms: { acceptedTermsVersion: string; acceptedTermsAt: string; mustAcceptTerms: boolean } }>(
      ACCEPT,
      { v: CURRENT_TERMS_VERSION },
      token,
    );
    expect(accepted.data?.acceptTerms).toMatchObject({ acceptedTermsVersion: CURRENT_TERMS_VERSION, mustAcceptTerms: false });
    expect(Math.abs(new Date(accepted.data!.acceptTerms.acceptedTermsAt).getTime() - server.deps.clock.now().getTime())).toBeLessThan(5000);
    expect(codeOf(await server.gql(ACCEPT, { v: CURRENT_TERMS_VERSION }))).toBe('unauthorized');
  });

  it('says what changed in each version the user has not accepted, newest first, and nothing once accepted', async () => {
    const CHANGES = `{ me { mustAcceptTerms termsChanges { version whatChanged } } }`;
    type Changes = { me: { mustAcceptTerms: boolean; termsChanges: { version: string; whatChanged: string[] }[] } };
    const [current, previous] = TERMS_VERSIONS;
    expect(previous, 'a version before the current one').toBeDefined();
    for (const version of TERMS_VERSIONS) expect(version.whatChanged.length, version.version).toBeGreaterThan(0);
    const seller = await createSeller(server);
    const acceptVersion = (version: string | null) =>
      server.deps.db.update(users).set({ acceptedTermsVersion: version }).where(eq(users.id, seller.userId));

    // Accepted the version before: only the current one's changes.
    await acceptVersion(previous!.version);
    const one = await server.gql<Changes>(CHANGES, {}, seller.token);
    expect(one.data!.me.termsChanges).toEqual([{ version: current.version, whatChanged: [...current.whatChanged] }]);
    expect(one.data!.me.termsChanges[0]!.whatChanged.join(' ')).toContain('mobile number');
    // Accepted an older one still: every version since, newest first.
    const olderStill = `${Number(previous!.version.slice(0, 4)) - 1}-01-01`;
    await acceptVersion(olderStill);
    const several = await server.gql<Changes>(CHANGES, {}, seller.token);
    expect(several.data!.me.termsChanges.map((v) => v.version)).toEqual(TERMS_VERSIONS.map((v) => v.version));
    // Never accepted any: what the version in force changed.
    await acceptVersion(null);
    const none = await server.gql<Changes>(CHANGES, {}, seller.token);
    expect(none.data!.me.termsChanges.map((v) => v.version)).toEqual([current.version]);
    // Accepted: nothing to show.
    await server.gql(ACCEPT, { v: CURRENT_TERMS_VERSION }, seller.token);
    const accepted = await server.gql<Changes>(CHANGES, {}, seller.token);
    expect(accepted.data!.me).toEqual({ mustAcceptTerms: false, termsChanges: [] });
  });

  it("never shows one user's acceptance to another", async () => {
    const admin = await createAdmin(server);
    const { data } = await server.gql<Me>(ME, {}, admin.token);
    // Operators are staff: never asked.
    expect(data?.me?.mustAcceptTerms).toBe(false);
  });
});

describe('GET /account/export', { timeout: 120_000 }, () => {
  it('answers 401 without a live session', async () => {
    const none = await exportOf(null);
    expect(none.response.status).toBe(401);
    expect(JSON.parse(none.text).errors[0].extensions.code).toBe('unauthorized');
    expect((await exportOf('not-a-session')).response.status).toBe(401);
  });

  it("gives a seller everything held about them as a JSON attachment, and nothing of anyone else's", async () => {
    const { seller, property } = await createAppraisedProperty(server, { appraisers: 1 });
    const other = await createSeller(server);
    const otherProperty = await createActiveProperty(server, other.userId);
    await server.deps.db.update(properties).set({ streetName: 'Secret Lane' }).where(eq(properties.id, otherProperty.id));
    // An e-mail carrying a personal link.
    await server.gql(`mutation { sendPasswordResetEmail(email: "${seller.email}") { message } }`);

    const { response, text, json } = await exportOf(seller.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="listwise-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');

    expect(json!.account).toMatchObject({ id: seller.userId, email: seller.email, userType: 'SELLER', mobileNumber: '+61412345678' });
    expect(json!.sellerProfile.name).toBe('Test Seller');
    expect(json!.consents).toHaveProperty('acceptedTermsVersion');
    const exported = json!.properties.find((p: { id: string }) => p.id === property.id);
    expect(exported.address).toMatchObject({ streetName: 'Campbell Parade', suburb: { name: 'Bondi', state: 'NSW' } });
    expect(exported.answers).toMatchObject({ propertyType: 'APARTMENT_OR_UNIT', numberOfBedrooms: 2 });
    expect(exported.media[0].url).toMatch(/\/media\//);
    expect(exported.agentsAsked.length).toBe(2);
    expect(exported.appraisalsReceived[0]).toMatchObject({ agentName: 'Agent 1', sellingRangeMin: 1_200_000, marketingFeeDollars: 4500 });
    expect(json!.media.length).toBeGreaterThan(0);
    const reset = json!.emailsSentToYou.find((e: { kind: string }) => e.kind === 'password-reset');
    expect(reset.text).toContain('[personal link removed]');
    expect(reset.text).not.toMatch(/change-password\/user/);

    expect(text).not.toContain('Secret Lane');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.userId);
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|tokenHash|Encrypted|providerCustomerId|pm_/);
  });

  it('masks bank details and never holds their ciphertexts', async () => {
    const { seller, property, appraisers } = await createAppraisedProperty(server, { appraisers: 1 });
    const sold = await server.gql(SOLD, { propertyId: property.id, sellingAgentId: appraisers[0]!.userId, ...BANK }, seller.token);
    expect(sold.errors).toBeUndefined();
    const { text, json } = await exportOf(seller.token);
    expect(json!.sales[0].cashbackClaim).toMatchObject({ bsb: '***-912', accountNumber: '*****4321' });
    expect(text).not.toContain(BANK.accountNumber);
    expect(text).not.toContain(BANK.bsb);
    expect(text).not.toMatch(/v1\.[A-Za-z0-9_-]+\./);
  });

  it("shows an agent a request's street only after the lead-fee condition was accepted", async () => {
    const seller = await createSeller(server);
    const accepted = await createActiveProperty(server, seller.userId);
    const hidden = await createActiveProperty(server, seller.userId);
    await server.deps.db.update(properties).set({ streetName: 'Hidden Street' }).where(eq(properties.id, hidden.id));
    const agent = await createAgent(server, { name: 'Exporting Agent' });
    await createRequest(server, accepted.id, agent.userId, { accepted: true });
    await createRequest(server, hidden.id, agent.userId);
    const { text, json } = await exportOf(agent.token);
    expect(json!.agentProfile).toMatchObject({ name: 'Exporting Agent', agencyName: 'Harbour Realty' });
    expect(json!.appraisalRequestsReceived).toHaveLength(2);
    expect(text).toContain('Campbell Parade');
    expect(text).not.toContain('Hidden Street');
    expect(text).not.toContain(seller.email);
  });

  it("holds an agent's push devices (browser, when added), switches, quiet hours and pushes, never an endpoint or key", async () => {
    const agent = await createAgent(server);
    const other = await createAgent(server);
    const pushService = await startLocalPushService();
    try {
      const { me } = await gqlOk<{ me: { pushNotifications: { vapidPublicKey: string } } }>(
        server,
        `{ me { pushNotifications { vapidPublicKey } } }`,
        {},
        agent.token,
      );
      const subscription = await pushService.subscribe(me.pushNotifications.vapidPublicKey);
      const otherSubscription = await pushService.subscribe(me.pushNotifications.vapidPublicKey);
      const addDevice = `mutation($input: AddPushDeviceInput!) { addPushDevice(input: $input) { id } }`;
      const deviceOf = (s: typeof subscription, browser: string) => ({
        input: { endpoint: s.endpoint, ...s.keys, browser, timeZone: 'Australia/Perth' },
      });
      await gqlOk(server, addDevice, deviceOf(subscription, 'Chrome on Android'), agent.token);
      await gqlOk(server, addDevice, deviceOf(otherSubscription, 'Safari on iPhone'), other.token);
      await gqlOk(server, `mutation { updatePushPreference(kind: REVIEW_PUBLISHED, enabled: false) { id } }`, {}, agent.token);
      await gqlOk(
        server,
        `mutation { updateQuietHours(enabled: true, start: "22:00", end: "06:30", timeZone: "Australia/Perth") { id } }`,
        {},
        agent.token,
      );
      await server.deps.db.transaction((tx) =>
        queuePush(server.deps, tx, {
          kind: 'SALE_TO_CONFIRM',
          userId: agent.userId,
          content: { title: 'Sale to confirm', body: 'A seller reports a sale through you.', url: '/agent/property-sale/1/confirm' },
        }),
      );

      const { text, json } = await exportOf(agent.token);
      const push = json!.pushNotifications;
      // The push below may have been delivered by now (lastDeliveredAt) or held by the quiet hours.
      expect(push.devices).toHaveLength(1);
      expect(Object.keys(push.devices[0]).sort()).toEqual(['addedAt', 'browser', 'lastDeliveredAt']);
      expect(push.devices[0].browser).toBe('Chrome on Android');
      expect(Date.parse(push.devices[0].addedAt)).not.toBeNaN();
      expect(push.kinds).toContainEqual({ kind: 'REVIEW_PUBLISHED', enabled: false, optional: true });
      expect(push.kinds).toContainEqual({ kind: 'NEW_APPRAISAL_REQUEST', enabled: true, optional: false });
      expect(push.quietHours).toEqual({ enabled: true, start: '22:00', end: '06:30', timeZone: 'Australia/Perth' });
      expect(push.pushesToYourDevices).toEqual([
        expect.objectContaining({
          device: 'Chrome on Android',
          kind: 'SALE_TO_CONFIRM',
          title: 'Sale to confirm',
          opens: '/agent/property-sale/1/confirm',
        }),
      ]);
      // The subscription's endpoint and keys would let anyone push to the browser; another user's device is theirs.
      for (const secret of [subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, subscription.clientHash])
        expect(text).not.toContain(secret);
      expect(text).not.toContain('Safari on iPhone');
      expect(text).not.toMatch(/p256dh|"auth"|endpoint/);
    } finally {
      await pushService.stop();
    }
  });

  it('holds the default quiet hours and no devices for a seller who never switched notifications on', async () => {
    const seller = await createSeller(server);
    const { json } = await exportOf(seller.token);
    expect(json!.pushNotifications).toMatchObject({
      devices: [],
      quietHours: { enabled: true, start: '21:00', end: '07:00', timeZone: 'Australia/Sydney' },
      pushesToYourDevices: [],
    });
    expect(json!.pushNotifications.kinds.map((k: { kind: string }) => k.kind)).toContain('APPRAISAL_RECEIVED');
  });
});

describe('deleteMyAccount', { timeout: 120_000 }, () => {
  it('refuses a wrong password and changes nothing', async () => {
    const seller = await createSeller(server);
    const wrong = await server.gql(DELETE, { p: 'not-the-password' }, seller.token);
    expect(codeOf(wrong)).toBe('incorrect_password');
    expect(wrong.errors?.[0]?.extensions?.field).toBe('password');
    const row = await server.deps.db.query.users.findFirst({ where: eq(users.id, seller.userId) });
    expect(row?.deletedAt).toBeNull();
  });

  it('refuses while a sale awaits confirmation, then closes the account keeping the records the law requires', async () => {
    const { seller, property, appraisers } = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = appraisers[0]!;
    // A second, still active listing, which closing withdraws.
    const active = await createActiveProperty(server, seller.userId);
    const waiting = await createAgent(server, { name: 'Told Agent' });
    const activeRequest = await createRequest(server, active.id, waiting.userId);
    const sold = await server.gql(SOLD, { propertyId: property.id, sellingAgentId: agent.userId, ...BANK }, seller.token);
    expect(sold.errors).toBeUndefined();

    const refused = await server.gql(DELETE, { p: PASSWORD }, seller.token);
    expect(codeOf(refused)).toBe('sale_awaiting_confirmation');
    expect(codeOf(await server.gql(DELETE, { p: PASSWORD }, agent.token))).toBe('sale_awaiting_confirmation');

    const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, property.id) });
    const confirmed = await server.gql(CONFIRM, { id: sale!.id, salePrice: 1_250_000, contractDate: '2026-10-01' }, agent.token);
    expect(confirmed.errors).toBeUndefined();
    // Payable, not yet paid: the bank details are still needed.
    expect(codeOf(await server.gql(DELETE, { p: PASSWORD }, seller.token))).toBe('sale_awaiting_confirmation');
    await server.deps.db
      .update(cashbackClaims)
      .set({ status: 'PAID', paidAt: new Date() })
      .where(eq(cashbackClaims.propertySaleId, sale!.id));

    const deleted = await server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, seller.token);
    expect(deleted.data?.deleteMyAccount).toBe(true);

    // Signed out everywhere.
    expect((await server.gql<Me>(ME, {}, seller.token)).data?.me).toBeNull();
    const live = await server.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, seller.userId)));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    expect(codeOf(await server.gql(DELETE, { p: PASSWORD }, seller.token))).toBe('unauthorized');
    expect((await exportOf(seller.token)).response.status).toBe(401);

    const row = await server.deps.db.query.users.findFirst({ where: eq(users.id, seller.userId) });
    expect(row).toMatchObject({ email: null, passwordHash: null, mobileNumber: null });
    expect(row?.deletedAt).not.toBeNull();
    const profile = await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) });
    expect(profile?.name).toBeNull();
    expect(await server.deps.db.select().from(userMedia).where(eq(userMedia.ownerUserId, seller.userId))).toHaveLength(0);

    // The active listing is withdrawn as 'Withdraw listing' does: pending requests not required, agents told.
    const withdrawn = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, active.id) });
    expect(withdrawn).toMatchObject({ state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_USE_LISTWISE' });
    const released = await server.deps.db.query.propertyAppraisalRequests.findFirst({
      where: eq(propertyAppraisalRequests.id, activeRequest.id),
    });
    expect(released?.state).toBe('NOT_REQUIRED');
    expect((await server.emailsTo(waiting.email)).some((e) => e.template === 'listing-withdrawn')).toBe(true);

    // Kept: the claim as the record of the payment, with only its masked bank details; the agent's charge and invoice.
    const claim = await server.deps.db.query.cashbackClaims.findFirst({ where: eq(cashbackClaims.propertySaleId, sale!.id) });
    expect(claim).toMatchObject({
      status: 'PAID',
      bsbEncrypted: '',
      accountNumberEncrypted: '',
      accountNameEncrypted: null,
      bsbMasked: '***-912',
    });
    expect(await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.id, sale!.id) })).toBeTruthy();
    const fee = await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId));
    expect(fee.some((c) => c.kind === 'LEAD_FEE' && c.status === 'SUCCEEDED')).toBe(true);

    // The e-mail opens a new account; the console sees the old one as deleted.
    const again = await server.gql(`mutation($e: String!, $p: String!) { createAgentUser(email: $e, password: $p) { token } }`, {
      e: seller.email,
      p: PASSWORD,
    });
    expect(again.errors).toBeUndefined();
    expect(
      codeOf(
        await server.gql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
          e: seller.email,
          p: 'x'.repeat(9),
        }),
      ),
    ).toBe('invalid_credentials');
  });

  it("closes an agent's account: public profile gone, subscriptions cancelled, charges and tax invoices kept without the e-mail", async () => {
    const { seller, property, appraisers } = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = appraisers[0]!;
    const suburb = await findSuburb(server);
    await subscribeAgent(server, agent.userId, suburb.id);
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
    await server.gql(SOLD, { propertyId: property.id, sellingAgentId: agent.userId, ...BANK }, seller.token);
    const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, property.id) });
    await server.gql(CONFIRM, { id: sale!.id, salePrice: 1_250_000, contractDate: '2026-10-01' }, agent.token);
    const [invoice] = await server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.userId, agent.userId));
    expect(invoice?.customerEmail).toBe(agent.email);
    const other = await createAgent(server, { name: 'Pending Agent' });
    const pending = await createRequest(server, (await createActiveProperty(server, seller.userId)).id, agent.userId);

    expect((await server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, agent.token)).data?.deleteMyAccount).toBe(true);
    expect(other.userId).toBeTruthy();

    const profile = await server.deps.db.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.userId) });
    expect(profile).toMatchObject({
      name: null,
      bio: null,
      profilePictureMediaId: null,
      agencyLogoMediaId: null,
      publicProfileVisible: false,
    });
    const subscriptions = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, agent.userId));
    expect(subscriptions.every((s) => s.cancelledAt && !s.autoRenew)).toBe(true);
    const request = await server.deps.db.query.propertyAppraisalRequests.findFirst({ where: eq(propertyAppraisalRequests.id, pending.id) });
    expect(request?.state).toBe('NOT_REQUIRED');
    const [kept] = await server.deps.db.select().from(taxInvoices).where(eq(taxInvoices.id, invoice!.id));
    expect(kept).toMatchObject({ customerEmail: null, customerName: invoice!.customerName, totalCents: invoice!.totalCents });
    expect((await server.deps.db.select().from(charges).where(eq(charges.userId, agent.userId))).length).toBeGreaterThan(0);

    // Operators see the account as deleted.
    const admin = await createAdmin(server);
    const seen = await server.deps.db.query.users.findFirst({ where: eq(users.id, agent.userId) });
    expect(seen?.deletedAt).not.toBeNull();
    const agents = await server.gql<{ adminAgents: { edges: { node: { id: string; deletedAt: string | null } }[] } }>(
      `query { adminAgents(first: 50) { edges { node { id deletedAt } } } }`,
      {},
      admin.token,
    );
    const listed = agents.data?.adminAgents.edges.find((e) => e.node.id === agent.userId);
    expect(listed?.node.deletedAt).not.toBeNull();
  });

  it('closes a social-only account by an e-mailed link, once', async () => {
    const email = uniqueEmail('social');
    const [user] = await server.deps.db
      .insert(users)
      .values({ email, userType: 'SELLER', emailVerifiedAt: new Date(), acceptedTermsVersion: CURRENT_TERMS_VERSION })
      .returning();
    await server.deps.db.insert(sellerProfiles).values({ userId: user!.id, name: 'Social Seller', isPrivacyPolicyAccepted: true });
    const { createSession } = await import('../accounts/sessions.service.ts');
    const token = await createSession(server.deps.db, user!.id, server.deps.clock.now());

    expect(codeOf(await server.gql(DELETE, { p: PASSWORD }, token))).toBe('account_has_no_password');
    const asked = await server.gql(`mutation { requestAccountDeletionEmail { message } }`, {}, token);
    expect(asked.errors).toBeUndefined();
    const [mail] = await server.emailsTo(email);
    const [, linkToken] = linkFrom(mail!.text, /close-account\/([A-Za-z0-9_-]+)/);

    const CONFIRM_DELETION = `mutation($t: String!) { confirmAccountDeletion(accountDeletionToken: $t) }`;
    expect(codeOf(await server.gql(CONFIRM_DELETION, { t: 'forged-token' }))).toBe('invalid_token');
    const confirmed = await server.gql<{ confirmAccountDeletion: boolean }>(CONFIRM_DELETION, { t: linkToken });
    expect(confirmed.data?.confirmAccountDeletion).toBe(true);
    expect(codeOf(await server.gql(CONFIRM_DELETION, { t: linkToken }))).toBe('account_already_deleted');
    const row = await server.deps.db.query.users.findFirst({ where: eq(users.id, user!.id) });
    expect(row).toMatchObject({ email: null });
    expect(await server.emailsTo(email)).toHaveLength(0);
  });

  it('shows a closed account as deleted to operators (the console), and to nobody else', async () => {
    const { seller, property, appraisers } = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = appraisers[0]!;
    // A confirmed sale leaves the agent a lead-fee charge: the ledger is where operators meet a closed account as AdminUser.
    await server.gql(SOLD, { propertyId: property.id, sellingAgentId: agent.userId, ...BANK }, seller.token);
    const sale = await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, property.id) });
    await server.gql(CONFIRM, { id: sale!.id, salePrice: 1_250_000, contractDate: '2026-10-01' }, agent.token);
    expect((await server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, agent.token)).data?.deleteMyAccount).toBe(true);

    const CONSOLE = `query($id: ID!) {
      adminAgent(id: $id) { id email deletedAt }
      adminCharges(userId: $id, first: 10) { edges { node { user { id name email deletedAt } } } }
    }`;
    interface Console {
      adminAgent: { id: string; email: string | null; deletedAt: string | null };
      adminCharges: { edges: { node: { user: { id: string; name: string | null; email: string | null; deletedAt: string | null } } }[] };
    }
    const admin = await createAdmin(server);
    const seen = await server.gql<Console>(CONSOLE, { id: agent.userId }, admin.token);
    expect(seen.errors).toBeUndefined();
    const closedAt = seen.data!.adminAgent.deletedAt;
    expect(closedAt).not.toBeNull();
    expect(seen.data!.adminAgent.email).toBeNull();
    expect(seen.data!.adminCharges.edges.length).toBeGreaterThan(0);
    for (const { node } of seen.data!.adminCharges.edges) {
      expect(node.user).toEqual({ id: agent.userId, name: null, email: null, deletedAt: closedAt });
    }

    // Everyone else: the console's calls are refused outright, so neither AdminAgent.deletedAt nor AdminUser.deletedAt
    // reaches a seller or an agent, and nothing at all reaches a caller without a session.
    const other = await createAgent(server, { name: 'Curious Agent' });
    for (const token of [seller.token, other.token]) {
      const refused = await server.gql<Console>(CONSOLE, { id: agent.userId }, token);
      expect(codeOf(refused)).toBe('forbidden');
      expect(refused.data?.adminAgent ?? null).toBeNull();
    }
    expect(codeOf(await server.gql(CONSOLE, { id: agent.userId }))).toBe('unauthorized');
    // The User type's deletedAt answers only its own user or an operator; a live user reads null for themselves.
    expect((await server.gql<Me>(ME, {}, other.token)).data?.me?.deletedAt).toBeNull();
  });
});
