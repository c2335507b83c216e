import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles, signInAddresses, users } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { charges } from '../../db/schema/payments.ts';
import { properties, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import { agentReviews } from '../../db/schema/reviews.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { PASSWORD } from '../../test/factories.ts';
import { codeOf, startTestServer, type GqlResult, type TestServer } from '../../test/harness.ts';
import { createActiveProperty, createAgent, findSuburb } from '../appraisals/test-factories.ts';
import { createAppraisedProperty, subscribeAgent } from '../sales/test-factories.ts';

/**
 * Closing an account where it meets other features: a seller's reviews (published, held, replied to), an appointment
 * note, a proof of authority, a charge still at the payment provider, and a renewal's invoice written while the
 * account closes. The server trusts X-Forwarded-For so the seller's reviews come from an address no agent used.
 */
let server: TestServer;
const SELLER_ADDRESS = '198.51.100.21';
const GOOD_TEXT = 'Clear appraisal with good comparable sales; answered every question quickly.';

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server?.stop());

const DELETE = `mutation($p: String!) { deleteMyAccount(password: $p) }`;
const SUBMIT = `mutation($id: ID!, $rating: Int!, $text: String!) { submitAgentReview(propertyAppraisalId: $id, rating: $rating, text: $text) { id status } }`;
const REPLY = `mutation($id: ID!, $text: String!) { replyToAgentReview(reviewId: $id, text: $text) { id reply { text } } }`;
const REQUEST_APPOINTMENT = `mutation($id: ID!, $date: String, $time: String, $note: String) {
  requestAppointmentForAgentFromPropertyAppraisal(propertyAppraisalId: $id, appointmentDate: $date, appointmentTime: $time, note: $note) { id }
}`;
const AGENT_APPOINTMENTS = `{ myAppointmentRequests(first: 10) { edges { node { id note } } } }`;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function ok<T>(result: GqlResult<T>): T {
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}

const asSeller = <T>(query: string, variables: Record<string, unknown>, token: string) =>
  server.gql<T>(query, variables, token, { 'x-forwarded-for': SELLER_ADDRESS });

async function exportOf(token: string) {
  const response = await fetch(`${server.url}/account/export`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  // The export is read field by field below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as Record<string, any>;
}

/** A seller on a public mail provider (no domain shared with an agent) with a property `appraisers` agents appraised. */
async function appraisedForReview(appraisers: number) {
  const scenario = await createAppraisedProperty(server, { appraisers });
  await server.deps.db
    .update(users)
    .set({ email: `jordan.${scenario.seller.userId.slice(0, 8)}@gmail.com` })
    .where(eq(users.id, scenario.seller.userId));
  await server.deps.db.update(sellerProfiles).set({ name: 'Jordan Citizen' }).where(eq(sellerProfiles.userId, scenario.seller.userId));
  const appraisals = await server.deps.db.select().from(propertyAppraisals).where(eq(propertyAppraisals.propertyId, scenario.property.id));
  const appraisalOf = (agentUserId: string) => appraisals.find((a) => a.agentUserId === agentUserId)!.id;
  return { ...scenario, appraisalOf };
}

/** The next date (Sydney) at least two days out that is not a Sunday. */
function appointmentDate() {
  for (let days = 2; days < 9; days++) {
    const date = new Date(server.deps.clock.now().getTime() + days * 86_400_000);
    if (date.getUTCDay() !== 0) return date.toISOString().slice(0, 10);
  }
  throw new Error('unreachable');
}

describe('closing a seller account that wrote reviews', { timeout: 120_000 }, () => {
  it('takes down published, held and replied-to reviews, emptied, and closes the account', async () => {
    const s = await appraisedForReview(3);
    const [published, held, replied] = s.appraisers;
    const first = ok(
      await asSeller<{ submitAgentReview: { id: string; status: string } }>(
        SUBMIT,
        { id: s.appraisalOf(published!.userId), rating: 5, text: GOOD_TEXT },
        s.seller.token,
      ),
    ).submitAgentReview;
    expect(first.status).toBe('PUBLISHED');
    const second = ok(
      await asSeller<{ submitAgentReview: { id: string; status: string } }>(
        SUBMIT,
        { id: s.appraisalOf(held!.userId), rating: 2, text: `${GOOD_TEXT} Call me on 0412 345 678 to compare notes.` },
        s.seller.token,
      ),
    ).submitAgentReview;
    expect(second.status).toBe('HELD');
    const third = ok(
      await asSeller<{ submitAgentReview: { id: string } }>(
        SUBMIT,
        { id: s.appraisalOf(replied!.userId), rating: 4, text: GOOD_TEXT },
        s.seller.token,
      ),
    ).submitAgentReview;
    ok(await server.gql(REPLY, { id: third.id, text: 'Thank you Jordan, it was a pleasure.' }, replied!.token));

    const closed = await asSeller<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, s.seller.token);
    expect(closed.errors).toBeUndefined();
    expect(closed.data?.deleteMyAccount).toBe(true);

    const reviews = await server.deps.db.select().from(agentReviews).where(eq(agentReviews.sellerUserId, s.seller.userId));
    expect(reviews).toHaveLength(3);
    for (const review of reviews) {
      expect(review).toMatchObject({
        status: 'REMOVED',
        text: '',
        reviewerFirstName: '',
        removalReason: 'WRITER_CLOSED_ACCOUNT',
        awaitingModerationSince: null,
      });
    }
    // The agent's reply answered words that are gone, and may quote them: it goes with them.
    expect(reviews.find((r) => r.id === third.id)?.replyText).toBeNull();
    // Nothing of it on the agent's list of reviews (read as the agent: these agents have no public profile).
    const AGENT_REVIEWS = `query($id: ID!) { agentReviews(agentId: $id, first: 10) { edges { node { id } } } }`;
    for (const agent of [published, replied]) {
      const seen = await server.gql<{ agentReviews: { edges: unknown[] } }>(AGENT_REVIEWS, { id: agent!.userId }, agent!.token);
      expect(seen.errors).toBeUndefined();
      expect(seen.data?.agentReviews.edges).toHaveLength(0);
    }
  });
});

describe('the appointment note and the proof of authority', { timeout: 120_000 }, () => {
  it('are in the seller’s export, and erased when the account closes: the agent no longer sees the note', async () => {
    const s = await createAppraisedProperty(server, { appraisers: 1 });
    const agent = s.appraisers[0]!;
    const [appraisal] = await server.deps.db.select().from(propertyAppraisals).where(eq(propertyAppraisals.propertyId, s.property.id));
    const note = 'Side gate code is 4471, the dog is friendly';
    ok(await server.gql(REQUEST_APPOINTMENT, { id: appraisal!.id, date: appointmentDate(), time: '10:00:00', note }, s.seller.token));

    // A second listing by a seller who is not the owner, with its proof of authority.
    const waiting = await createActiveProperty(server, s.seller.userId);
    await server.deps.db
      .update(properties)
      .set({ areYouThePropertyOwner: 'NO', verificationStatus: 'PENDING', verificationRequestedAt: server.deps.clock.now() })
      .where(eq(properties.id, waiting.id));
    const uploaded = await fetch(`${server.url}/properties/${waiting.id}/proof-of-authority`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'Rates%20notice.pdf', authorization: `Bearer ${s.seller.token}` },
      body: new Uint8Array(PDF),
    });
    expect(uploaded.status).toBe(200);

    const exported = await exportOf(s.seller.token);
    expect(exported.appointmentRequests[0]).toMatchObject({ note, agentName: 'Agent 1' });
    expect(exported.signInAddresses).toEqual([{ address: '127.0.0.1', lastSignedInAt: expect.any(String) }]);
    const proof = exported.properties.find((p: { id: string }) => p.id === waiting.id).proofOfAuthority;
    expect(proof).toMatchObject({ fileName: 'Rates notice.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length });
    const opened = await fetch(`${server.url}${new URL(proof.url).pathname}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);

    const before = await server.gql<{ myAppointmentRequests: { edges: { node: { note: string | null } }[] } }>(
      AGENT_APPOINTMENTS,
      {},
      agent.token,
    );
    expect(before.data?.myAppointmentRequests.edges[0]?.node.note).toBe(note);

    expect((await server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, s.seller.token)).data?.deleteMyAccount).toBe(true);

    const after = await server.gql<{ myAppointmentRequests: { edges: { node: { note: string | null } }[] } }>(
      AGENT_APPOINTMENTS,
      {},
      agent.token,
    );
    expect(after.errors).toBeUndefined();
    expect(after.data?.myAppointmentRequests.edges[0]?.node.note).toBeNull();
    expect(
      await server.deps.db.select().from(proofOfAuthorityDocuments).where(eq(proofOfAuthorityDocuments.propertyId, waiting.id)),
    ).toHaveLength(0);
    expect((await fetch(`${server.url}${new URL(proof.url).pathname}`)).status).toBe(404);
    expect(await server.deps.db.select().from(signInAddresses).where(eq(signInAddresses.userId, s.seller.userId))).toHaveLength(0);
  });
});

describe('closing while a charge is at the payment provider', { timeout: 120_000 }, () => {
  it('refuses with charge_in_progress and changes nothing, then closes once the charge has its outcome', async () => {
    const agent = await createAgent(server, { name: 'Paying Agent', withCard: true });
    const suburb = await findSuburb(server);
    await subscribeAgent(server, agent.userId, suburb.id);
    const [charge] = await server.deps.db
      .insert(charges)
      .values({
        userId: agent.userId,
        kind: 'SUBSCRIPTION',
        description: 'Suburb subscription, 12 months: Bondi NSW 2026',
        amountCents: 99_000,
        gstCents: 9_000,
        status: 'PENDING',
        idempotencyKey: `suburb-purchase:${agent.userId}:test`,
        provider: 'TEST',
        providerCustomerId: 'cus_test',
        providerPaymentMethodId: 'pm_card_visa',
        purpose: { type: 'none' },
      })
      .returning();

    const refused = await server.gql(DELETE, { p: PASSWORD }, agent.token);
    expect(codeOf(refused)).toBe('charge_in_progress');
    expect(refused.errors?.[0]?.message).toBe('charge_in_progress');
    const row = await server.deps.db.query.users.findFirst({ where: eq(users.id, agent.userId) });
    expect(row).toMatchObject({ email: agent.email, deletedAt: null });
    const live = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, agent.userId));
    expect(live.every((sub) => sub.cancelledAt === null)).toBe(true);
    // Still signed in: the agent can try again.
    expect(codeOf(await server.gql(`{ me { id } }`, {}, agent.token))).toBeNull();

    const now = server.deps.clock.now();
    await server.deps.db
      .update(charges)
      .set({ status: 'FAILED', failureCode: 'card_declined', settledAt: now, fulfilledAt: now })
      .where(eq(charges.id, charge!.id));
    expect((await server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, agent.token)).data?.deleteMyAccount).toBe(true);
  });
});

describe('lock order', { timeout: 120_000 }, () => {
  it("lets a renewal's invoice reference the agent while the account is closing (no deadlock)", async () => {
    const agent = await createAgent(server, { name: 'Renewing Agent', withCard: true });
    const suburb = await findSuburb(server);
    await subscribeAgent(server, agent.userId, suburb.id);
    const [subscription] = await server.deps.db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, agent.userId));

    // A renewal's outcome: it holds the subscription row, then writes the tax invoice, whose foreign key takes
    // KEY SHARE on the user row.
    const renewal = new pg.Client({ connectionString: server.databaseUrl });
    await renewal.connect();
    try {
      await renewal.query('begin');
      await renewal.query('select id from suburb_subscriptions where id = $1 for update', [subscription!.id]);

      const closing = server.gql<{ deleteMyAccount: boolean }>(DELETE, { p: PASSWORD }, agent.token);
      // Wait until the closing transaction waits for the subscription row.
      for (let i = 0; i < 200; i++) {
        const waiting = await renewal.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%suburb_subscriptions%' and pid <> pg_backend_pid()`,
        );
        if (waiting.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await renewal.query('select id from users where id = $1 for key share', [agent.userId]);
      await renewal.query('commit');
      const closed = await closing;
      expect(closed.errors).toBeUndefined();
      expect(closed.data?.deleteMyAccount).toBe(true);
    } finally {
      await renewal.end();
    }
  });
});
