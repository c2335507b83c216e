import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { codeOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createAgent, findSuburb, gqlOk } from '../appraisals/test-factories.ts';
import { subscribeAgent } from '../sales/test-factories.ts';

/**
 * The verification outcome reaches the seller by e-mail (the proof page promises it): queued in the transaction
 * that decides the listing, so a listing is never verified or rejected without its seller being told.
 */
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await createAdmin(server)).token;
});
afterAll(() => server?.stop());

const VERIFY = `mutation($id: ID!) { verifyListing(propertyId: $id) { id verificationStatus heldAgentCount } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectListing(propertyId: $id, reason: $reason) { id verificationStatus } }`;

/** A listing by a seller who is not the owner, waiting for verification with one agent held, as publishing leaves it. */
async function heldListing(streetName: string) {
  const suburb = await findSuburb(server, 'manly', 'NSW');
  const seller = await createSeller(server);
  const agent = await createAgent(server, { name: `${streetName} Agent` });
  await subscribeAgent(server, agent.userId, suburb.id);
  const now = server.deps.clock.now();
  const [property] = await server.deps.db
    .insert(properties)
    .values({
      sellerUserId: seller.userId,
      state: 'ACTIVE',
      suburbId: suburb.id,
      streetNumber: '9',
      streetName,
      propertyType: 'HOUSE',
      areYouThePropertyOwner: 'NO',
      heldAgentUserIds: [agent.userId],
      submittedAt: now,
      verificationStatus: 'PENDING',
      verificationRequestedAt: now,
    })
    .returning();
  return { seller, agent, property: property! };
}

/** Makes queueing one template's e-mail fail inside the database, as a full disk or a lost connection would. */
async function failingEmails(template: string, run: () => Promise<void>) {
  await server.deps.db.execute(
    sql.raw(`create function refuse_email() returns trigger language plpgsql as $$
      begin raise exception 'e-mail refused'; end $$;
      create trigger refuse_email before insert on email_messages for each row
      when (new.template = '${template}') execute function refuse_email();`),
  );
  try {
    await run();
  } finally {
    await server.deps.db.execute(sql.raw(`drop trigger refuse_email on email_messages; drop function refuse_email();`));
  }
}

const listingNow = async (id: string) => (await server.deps.db.query.properties.findFirst({ where: eq(properties.id, id) }))!;
const requestsFor = (propertyId: string) =>
  server.deps.db.select().from(propertyAppraisalRequests).where(eq(propertyAppraisalRequests.propertyId, propertyId));

describe('the verification outcome e-mail', () => {
  it('is part of verifying: when it cannot be queued, the listing stays waiting and its agents held', async () => {
    const { seller, agent, property } = await heldListing('Atomic Avenue');
    await failingEmails('seller-verification-approved', async () => {
      expect(codeOf(await server.gql(VERIFY, { id: property.id }, adminToken))).toBe('internal_error');
    });
    const after = await listingNow(property.id);
    expect(after.verificationStatus).toBe('PENDING');
    expect(after.heldAgentUserIds).toEqual([agent.userId]);
    expect(await requestsFor(property.id)).toEqual([]);
    expect(await server.emailsTo(agent.email)).toEqual([]);

    // Tried again once mail can be queued: verified, the agent asked, and the seller told, all at once.
    const verified = await gqlOk<{ verifyListing: Record<string, unknown> }>(server, VERIFY, { id: property.id }, adminToken);
    expect(verified.verifyListing).toEqual({ id: property.id, verificationStatus: 'VERIFIED', heldAgentCount: 0 });
    expect((await requestsFor(property.id)).map((r) => [r.agentUserId, r.state])).toEqual([[agent.userId, 'PENDING']]);
    const [mail] = await server.emailsTo(seller.email);
    expect(mail).toMatchObject({ subject: 'Your listing is verified', template: 'seller-verification-approved' });
    expect(mail!.text).toContain('9 Atomic Avenue, Manly NSW');
    expect(mail!.text).toContain('The agent you chose has now received your appraisal request.');
    expect(mail!.html).toContain(`/property/${property.id}#agents-asked`);
  });

  it('is part of rejecting: when it cannot be queued, the listing stays waiting', async () => {
    const { seller, property } = await heldListing('Refusal Road');
    await failingEmails('seller-verification-rejected', async () => {
      expect(codeOf(await server.gql(REJECT, { id: property.id, reason: 'No proof' }, adminToken))).toBe('internal_error');
    });
    expect((await listingNow(property.id)).verificationStatus).toBe('PENDING');
    await gqlOk(server, REJECT, { id: property.id, reason: 'The rates notice names someone else.' }, adminToken);
    const [mail] = await server.emailsTo(seller.email);
    expect(mail).toMatchObject({ subject: 'We could not verify your listing', template: 'seller-verification-rejected' });
    expect(mail!.text).toContain('The rates notice names someone else.');
  });
});
