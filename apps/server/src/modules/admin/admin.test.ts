import { eq } from 'drizzle-orm';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { sellerProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { schema } from '../../app/schema.ts';
import { codeOf, startTestServer, type GqlResult, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller } from '../../test/factories.ts';
import { createAgent, findSuburb, gqlOk } from '../appraisals/test-factories.ts';
import { insertUploadedMedia } from '../listings/listing-fixtures.ts';
import {
  BANK,
  CONFIRM,
  createAppraisedProperty,
  DECLINING_CARD,
  GOOD_CARD,
  saveTestCard,
  SOLD,
  subscribeAgent,
} from '../sales/test-factories.ts';

let server: TestServer;
let adminToken: string;
let adminUserId: string;
/** Every answer the API gave in this file: the last test proves no bank details came back unmasked. */
const answers: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const gql = server.gql;
  server.gql = async <T>(...args: Parameters<TestServer['gql']>) => {
    const result = (await gql(...args)) as GqlResult<T>;
    answers.push(JSON.stringify(result));
    return result;
  };
  adminToken = (await createAdmin(server)).token;
  const me = await server.gql<{ me: { id: string } }>(`{ me { id } }`, {}, adminToken);
  adminUserId = me.data!.me.id;
});
afterAll(() => server?.stop());

const auditEntries = (targetId: string) => server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

/** A sold property whose agent has (or has not yet) confirmed. */
async function soldScenario(options: { confirm?: boolean; card?: string } = {}) {
  const scenario = await createAppraisedProperty(server, { appraisers: 1, card: options.card });
  const agent = scenario.appraisers[0]!;
  await gqlOk(server, SOLD, { propertyId: scenario.property.id, sellingAgentId: agent.userId, ...BANK }, scenario.seller.token);
  const sale = (await server.deps.db.query.propertySales.findFirst({ where: eq(propertySales.propertyId, scenario.property.id) }))!;
  if (options.confirm) await server.gql(CONFIRM, { id: sale.id, salePrice: 1_100_000, contractDate: '2026-11-10' }, agent.token);
  return { ...scenario, agent, sale };
}

const EVERY_ADMIN_CALL: [string, Record<string, unknown>][] = [
  [`{ adminListingsAwaitingVerification(first: 5) { edges { node { id } } } }`, {}],
  [`{ adminSuburbs(search: "bondi") { edges { node { id } } } }`, {}],
  [`{ adminSuburbSubscriptions(suburbId: "1") { edges { node { id } } } }`, {}],
  [`{ adminAgents { edges { node { id } } } }`, {}],
  [`query($id: ID!) { adminAgent(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
  [`{ adminCharges { edges { node { id } } } }`, {}],
  [`{ adminPropertySales { edges { node { id } } } }`, {}],
  [`{ adminMoneyNeedingAttention { id } }`, {}],
  [`{ adminCashbackClaims { edges { node { id } } } }`, {}],
  [`{ adminSettings { staticCashbackAmount } }`, {}],
  [`{ adminAuditLog { edges { node { id } } } }`, {}],
  [`{ adminOperators { id } }`, {}],
  [`{ adminLicencesToCheck(first: 5) { edges { node { id } } } }`, {}],
  [`mutation { verifyListing(propertyId: "00000000-0000-4000-8000-000000000000") { id } }`, {}],
  [`mutation { rejectListing(propertyId: "00000000-0000-4000-8000-000000000000", reason: "No proof") { id } }`, {}],
  [`mutation { setSuburbSubscribedAgentsMax(suburbId: "1", subscribedAgentsMax: 3) { id } }`, {}],
  [`mutation { setSuburbSubscriptionManuallyManaged(suburbSubscriptionId: "x", isManuallyManaged: true) { id } }`, {}],
  [`mutation { cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: "x") { id } }`, {}],
  [`mutation { markCashbackClaimPaid(cashbackClaimId: "x") { id } }`, {}],
  [`mutation { retryLeadFeeCharge(propertySaleId: "x") { id } }`, {}],
  [`mutation { retryChargeRefund(chargeId: "x") { id } }`, {}],
  [`mutation { downloadCashbackPayouts(password: "x", format: CSV) { id } }`, {}],
  [`{ cashbackPayoutBatches(first: 5) { edges { node { id } } } }`, {}],
  [`{ adminStuckEmails(first: 5) { edges { node { id } } } }`, {}],
  [`mutation { downloadCashbackPayoutBatch(batchId: "x", password: "x", format: CSV) { id } }`, {}],
  [`mutation { markCashbackPayoutBatchPaid(batchId: "x") { id } }`, {}],
  [`mutation { returnCashbackClaimToPayable(cashbackClaimId: "x", reason: "x") { id } }`, {}],
  [`mutation { waiveLeadFee(propertySaleId: "x", reason: "x") { id } }`, {}],
  [`mutation { settleDisputedPropertySale(propertySaleId: "x", outcome: SALE_VOID, reason: "x") { id } }`, {}],
  [`mutation { resendStuckEmail(emailId: "x") { id } }`, {}],
  [`mutation { markStuckEmailSent(emailId: "x") { id } }`, {}],
  [`query { adminReviewsToModerate(first: 1) { edges { cursor } } }`, {}],
  [`mutation { moderateAgentReview(reviewId: "x", publish: true) { id } }`, {}],
  [`mutation { moderateReviewReply(reviewId: "x", publish: true) { id } }`, {}],
  [`mutation { settleUnansweredPropertySale(propertySaleId: "x", outcome: SALE_VOID, reason: "x") { id } }`, {}],
  [`mutation { verifyAgentLicence(agentId: "00000000-0000-4000-8000-000000000000", approved: true) { id } }`, {}],
  [`mutation { suspendAgent(agentId: "00000000-0000-4000-8000-000000000000", reason: "x") { id } }`, {}],
  [`mutation { liftAgentSuspension(agentId: "00000000-0000-4000-8000-000000000000") { id } }`, {}],
  [`mutation { updateSettings(staticCashbackAmount: 1, totalFreeTrialsAllowed: 1) { staticCashbackAmount } }`, {}],
];

/** The root field an operation calls ('adminAgents', 'verifyListing', …). */
const rootFieldOf = (query: string) => {
  const operation = parse(query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const [field] = operation.selectionSet.selections;
  return field?.kind === Kind.FIELD ? field.name.value : '';
};

/** Root fields the schema guards with the admin scope (Pothos keeps each field's options on its extensions). */
const adminScopedFields = () =>
  [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
    Object.entries(type.getFields())
      .filter(
        ([, field]) => (field.extensions as { pothosOptions?: { authScopes?: { admin?: boolean } } }).pothosOptions?.authScopes?.admin,
      )
      .map(([name]) => name),
  );

describe('access', () => {
  it('guards every console call with the admin scope, and the list below names each of them', () => {
    const guarded = adminScopedFields();
    const everyRootField = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) => Object.keys(type.getFields()));
    // A console call added without the scope, or without a line in EVERY_ADMIN_CALL, fails here.
    expect(everyRootField.filter((name) => name.startsWith('admin') && !guarded.includes(name))).toEqual([]);
    expect(EVERY_ADMIN_CALL.map(([query]) => rootFieldOf(query)).sort()).toEqual([...guarded].sort());
  });

  it('is forbidden to sellers and agents and unauthorized without a session, for every console call', async () => {
    const seller = await createSeller(server);
    const agent = await createAgent(server);
    for (const [query, variables] of EVERY_ADMIN_CALL) {
      expect(codeOf(await server.gql(query, variables, seller.token)), query).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables, agent.token)), query).toBe('forbidden');
      expect(codeOf(await server.gql(query, variables)), query).toBe('unauthorized');
    }
    // Nothing was changed by the refused calls.
    expect((await server.gql<{ staticCashbackAmount: number }>(`{ staticCashbackAmount }`)).data!.staticCashbackAmount).toBe(500);
  });
});

/**
 * A listing by a seller who is not the owner, in the NSW suburb, waiting for verification with its request held for
 * one agent subscribed there (or `agents` of them), as publishing leaves it.
 */
async function createHeldListing(
  suburbName: string,
  agentName: string,
  listing: Partial<typeof properties.$inferInsert>,
  options: { seller?: Awaited<ReturnType<typeof createSeller>>; agents?: number } = {},
) {
  const suburb = await findSuburb(server, suburbName, 'NSW');
  const seller = options.seller ?? (await createSeller(server));
  const agents = [];
  for (let i = 0; i < (options.agents ?? 1); i++) {
    const agent = await createAgent(server, { name: `${agentName} ${i + 1}` });
    await subscribeAgent(server, agent.userId, suburb.id);
    agents.push(agent);
  }
  const now = server.deps.clock.now();
  const [property] = await server.deps.db
    .insert(properties)
    .values({
      sellerUserId: seller.userId,
      state: 'ACTIVE',
      suburbId: suburb.id,
      areYouThePropertyOwner: 'NO',
      heldAgentUserIds: agents.map((a) => a.userId),
      submittedAt: now,
      verificationStatus: 'PENDING',
      verificationRequestedAt: now,
      ...listing,
    })
    .returning();
  return { suburb, seller, agent: agents[0]!, agents, property: property! };
}

interface QueueNode {
  id: string;
  heldAgentCount: number;
  otherListingsWaitingCount: number;
  seller: { email: string; name: string };
  property: Record<string, unknown>;
  proofOfAuthority: { fileName: string; url: string } | null;
}

/** Every listing in the console's queue (all pages). */
async function queue(): Promise<QueueNode[]> {
  const nodes: QueueNode[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const data: {
      adminListingsAwaitingVerification: { edges: { node: QueueNode }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    } = await gqlOk(
      server,
      `query($after: String) { adminListingsAwaitingVerification(first: 20, after: $after) {
          edges { node { id heldAgentCount otherListingsWaitingCount seller { email name } proofOfAuthority { fileName url }
            property { id address verificationStatus areYouThePropertyOwner noPropertyOwnerReason heldAgentCount } } }
          pageInfo { hasNextPage endCursor } } }`,
      { after },
      adminToken,
    );
    nodes.push(...data.adminListingsAwaitingVerification.edges.map((e) => e.node));
    if (!data.adminListingsAwaitingVerification.pageInfo.hasNextPage) break;
    after = data.adminListingsAwaitingVerification.pageInfo.endCursor;
  }
  return nodes;
}

const VERIFY = `mutation($id: ID!) { verifyListing(propertyId: $id) { id verificationStatus heldAgentCount } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectListing(propertyId: $id, reason: $reason) { id verificationStatus } }`;
const requestsFor = (propertyId: string) =>
  server.deps.db.select().from(propertyAppraisalRequests).where(eq(propertyAppraisalRequests.propertyId, propertyId));

describe('listings awaiting verification (per listing, issue 23 item 14)', () => {
  it('lists each waiting listing with its counts, and verifying one sends only its held requests', async () => {
    const { suburb, seller, agents, property } = await createHeldListing(
      'manly',
      'Held Agent',
      { streetNumber: '3', streetName: 'The Corso', noPropertyOwnerReason: 'Selling for my mother' },
      { agents: 2 },
    );
    // The same seller's second listing waits too, with one agent of its own.
    const second = await createHeldListing('manly', 'Second Agent', { streetNumber: '5', streetName: 'The Corso' }, { seller });

    const entries = (await queue()).filter((n) => n.seller.email === seller.email);
    expect(entries.map((n) => n.id)).toEqual([property.id, second.property.id]);
    expect(entries[0]).toMatchObject({
      heldAgentCount: 2,
      otherListingsWaitingCount: 1,
      seller: { email: seller.email, name: 'Test Seller' },
      proofOfAuthority: null,
      property: {
        id: property.id,
        address: `3 The Corso, Manly NSW ${suburb.postcode}`,
        verificationStatus: 'PENDING',
        areYouThePropertyOwner: 'NO',
        noPropertyOwnerReason: 'Selling for my mother',
        heldAgentCount: 2,
      },
    });
    expect(entries[1]).toMatchObject({ heldAgentCount: 1, otherListingsWaitingCount: 1 });

    const verified = await gqlOk<{ verifyListing: Record<string, unknown> }>(server, VERIFY, { id: property.id }, adminToken);
    expect(verified.verifyListing).toEqual({ id: property.id, verificationStatus: 'VERIFIED', heldAgentCount: 0 });
    expect((await requestsFor(property.id)).map((r) => [r.agentUserId, r.state]).sort()).toEqual(
      agents.map((a) => [a.userId, 'PENDING']).sort(),
    );
    for (const agent of agents) expect((await server.emailsTo(agent.email)).length).toBeGreaterThan(0);
    // The seller is told the outcome, and that both agents now have the request.
    const [outcome] = (await server.emailsTo(seller.email)).filter((m) => m.template === 'seller-verification-approved');
    expect(outcome!.subject).toBe('Your listing is verified');
    expect(outcome!.text).toContain('Hi Test,');
    expect(outcome!.text).toContain('The 2 agents you chose have now received your appraisal request.');
    // The seller's other listing is untouched: still waiting, its agent still held and not told.
    expect(await requestsFor(second.property.id)).toEqual([]);
    expect(await server.emailsTo(second.agent.email)).toEqual([]);
    const [audit] = await auditEntries(property.id);
    expect(audit).toMatchObject({ adminUserId, action: 'VERIFY_LISTING', targetType: 'PROPERTY', details: { agentsHeld: 2 } });

    // Only the waiting listing stays in the queue, and its count of others falls to none.
    const after = (await queue()).filter((n) => n.seller.email === seller.email);
    expect(after.map((n) => [n.id, n.otherListingsWaitingCount])).toEqual([[second.property.id, 0]]);
    expect(codeOf(await server.gql(VERIFY, { id: property.id }, adminToken))).toBe('invalid_state');
    expect(codeOf(await server.gql(VERIFY, { id: seller.userId }, adminToken))).toBe('not_found');
    expect(codeOf(await server.gql(VERIFY, { id: 'not-a-uuid' }, adminToken))).toBe('not_found');
  });

  it('shows only the listings that wait: not owners, drafts, verified, rejected or withdrawn ones', async () => {
    const seller = await createSeller(server);
    const waiting = await createHeldListing('balgowlah', 'Queue Agent', { streetName: 'Waiting Way' }, { seller });
    const kinds = [
      { streetName: 'Owner Street', areYouThePropertyOwner: 'YES', verificationStatus: 'NOT_REQUIRED' },
      { streetName: 'Draft Street', state: 'DRAFT', verificationStatus: 'NOT_REQUIRED' },
      { streetName: 'Verified Street', verificationStatus: 'VERIFIED' },
      { streetName: 'Rejected Street', verificationStatus: 'REJECTED', verificationRejectionReason: 'No proof' },
      { streetName: 'Withdrawn Street', state: 'COMPLETE', completeType: 'DECIDED_NOT_TO_SELL' },
    ] as const;
    const others = [];
    for (const kind of kinds) {
      const [row] = await server.deps.db
        .insert(properties)
        .values({ sellerUserId: seller.userId, state: 'ACTIVE', areYouThePropertyOwner: 'NO', verificationStatus: 'PENDING', ...kind })
        .returning();
      others.push(row!.id);
    }
    const ids = (await queue()).filter((n) => n.seller.email === seller.email).map((n) => n.id);
    expect(ids).toEqual([waiting.property.id]);
    // Counts in the dialogs count waiting listings only: none of these is 'another listing waiting'.
    expect((await queue()).find((n) => n.id === waiting.property.id)!.otherListingsWaitingCount).toBe(0);
    for (const id of others) {
      const code = codeOf(await server.gql(REJECT, { id, reason: 'No proof' }, adminToken));
      expect(['invalid_state', 'not_found'], id).toContain(code);
    }
  });

  it('rejects one listing with a reason: it leaves the queue, the seller is e-mailed a link to upload proof, its agents stay held', async () => {
    const { seller, agent, property } = await createHeldListing('dee why', 'Waiting Agent', {
      unitNumber: '4',
      streetNumber: '18',
      streetName: 'Pacific Parade',
      propertyType: 'APARTMENT_OR_UNIT',
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      noPropertyOwnerReason: 'My uncle owns it',
      additionalInformation: 'Ocean views',
    });
    const other = await createHeldListing('dee why', 'Other Agent', { streetName: 'Other Parade' }, { seller });
    const photo = await insertUploadedMedia(server.deps.db, seller.userId, 'IMAGE');
    await server.deps.db.insert(propertyMedia).values({ propertyId: property.id, userMediaId: photo.id, type: 'PHOTO', order: 0 });

    // The operator sees the listing itself while deciding: details, notes and media.
    const listing = await gqlOk<{
      adminListingsAwaitingVerification: { edges: { node: { id: string; property: { listing: unknown } } }[] };
    }>(
      server,
      `{ adminListingsAwaitingVerification(first: 50) { edges { node { id property { listing {
          propertyType numberOfBedrooms numberOfBathrooms additionalInformation noPropertyOwnerReason streetName
          photos { id userMedia { id url } } floorplans { id } videos { id } } } } } } }`,
      {},
      adminToken,
    );
    expect(listing.adminListingsAwaitingVerification.edges.find((e) => e.node.id === property.id)!.node.property.listing).toMatchObject({
      propertyType: 'APARTMENT_OR_UNIT',
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      additionalInformation: 'Ocean views',
      noPropertyOwnerReason: 'My uncle owns it',
      streetName: 'Pacific Parade',
      photos: [{ userMedia: { id: photo.id, url: expect.any(String) } }],
      floorplans: [],
      videos: [],
    });

    // A reason is required, and kept to a readable length.
    for (const reason of ['', '   ']) {
      const refused = await server.gql(REJECT, { id: property.id, reason }, adminToken);
      expect(refused.errors![0]!.extensions).toMatchObject({
        code: 'validation_failed',
        field: 'reason',
        reason: 'Give a reason for the rejection',
      });
    }
    expect((await server.gql(REJECT, { id: property.id, reason: 'x'.repeat(1001) }, adminToken)).errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'reason',
    });
    expect(await server.emailsTo(seller.email)).toHaveLength(0);

    const reason = 'The name on the rates notice does not match the owner you named.';
    const rejected = await gqlOk<{ rejectListing: Record<string, unknown> }>(server, REJECT, { id: property.id, reason }, adminToken);
    expect(rejected.rejectListing).toEqual({ id: property.id, verificationStatus: 'REJECTED' });
    const [audit] = await auditEntries(property.id);
    expect(audit).toMatchObject({ adminUserId, action: 'REJECT_LISTING', targetType: 'PROPERTY', details: { reason, agentsHeld: 1 } });

    // The seller is told why, and 'Send proof' leads to that listing's upload.
    const [mail] = await server.emailsTo(seller.email);
    expect(mail).toMatchObject({ subject: 'We could not verify your listing', template: 'seller-verification-rejected' });
    expect(mail!.text).toContain(reason);
    expect(mail!.text).toContain('4/18 Pacific Parade, Dee Why NSW');
    expect(mail!.text).toContain('Upload a document showing you may sell the property');
    expect(mail!.html).toContain(`/property/${property.id}#proof-of-authority`);
    expect(mail!.html).toContain('Send proof');

    // The seller reads the reason on that listing only; the agents were not told; the other listing still waits.
    const own = await gqlOk<Record<string, Record<string, unknown>>>(
      server,
      `query($a: ID!, $b: ID!) {
        a: property(id: $a) { isAwaitingVerification verificationStatus verificationRejectionReason canUploadProofOfAuthority }
        b: property(id: $b) { isAwaitingVerification verificationStatus verificationRejectionReason canUploadProofOfAuthority } }`,
      { a: property.id, b: other.property.id },
      seller.token,
    );
    expect(own).toEqual({
      a: {
        isAwaitingVerification: true,
        verificationStatus: 'REJECTED',
        verificationRejectionReason: reason,
        canUploadProofOfAuthority: true,
      },
      b: {
        isAwaitingVerification: true,
        verificationStatus: 'PENDING',
        verificationRejectionReason: null,
        canUploadProofOfAuthority: true,
      },
    });
    expect(await requestsFor(property.id)).toEqual([]);
    expect(await server.emailsTo(agent.email)).toEqual([]);
    const stored = await server.deps.db.query.properties.findFirst({ where: eq(properties.id, property.id) });
    expect(stored!.heldAgentUserIds).toEqual([agent.userId]);

    // It leaves the queue (only listings that wait are shown), and cannot be decided again until proof arrives.
    const ids = (await queue()).map((n) => n.id);
    expect(ids).not.toContain(property.id);
    expect(ids).toContain(other.property.id);
    expect(codeOf(await server.gql(REJECT, { id: property.id, reason }, adminToken))).toBe('invalid_state');
    expect(codeOf(await server.gql(VERIFY, { id: property.id }, adminToken))).toBe('invalid_state');
    expect(codeOf(await server.gql(REJECT, { id: agent.userId, reason }, adminToken))).toBe('not_found');
    expect(codeOf(await server.gql(REJECT, { id: 'not-a-uuid', reason }, adminToken))).toBe('not_found');
    // The seller's status (the draft's owner answer) is not the listing's: nothing seller-wide was rejected.
    const profile = await server.deps.db.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.userId) });
    expect(profile!.status).toBe('APPROVED');
  });

  it('pages the queue oldest first by when each listing started waiting', async () => {
    const created: string[] = [];
    const seller = await createSeller(server);
    for (let i = 0; i < 3; i++) {
      server.deps.clock.advance(1000);
      const [row] = await server.deps.db
        .insert(properties)
        .values({
          sellerUserId: seller.userId,
          state: 'ACTIVE',
          areYouThePropertyOwner: 'NO',
          verificationStatus: 'PENDING',
          verificationRequestedAt: server.deps.clock.now(),
        })
        .returning();
      created.push(row!.id);
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const data: {
        adminListingsAwaitingVerification: { edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      } = await gqlOk(
        server,
        `query($after: String) { adminListingsAwaitingVerification(first: 2, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
        { after },
        adminToken,
      );
      seen.push(...data.adminListingsAwaitingVerification.edges.map((e) => e.node.id));
      if (!data.adminListingsAwaitingVerification.pageInfo.hasNextPage) break;
      after = data.adminListingsAwaitingVerification.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => created.includes(id))).toEqual(created);
  });
});

describe('suburbs and subscriptions', () => {
  it('searches suburbs, sets the agent maximum and records it', async () => {
    const result = await gqlOk<{ adminSuburbs: { edges: { node: { id: string; name: string; subscribedAgentsMax: number } }[] } }>(
      server,
      `{ adminSuburbs(search: "Bondi Beach", first: 5) { edges { node { id name state postcode subscribedAgentsMax subscribedAgentsCount } } } }`,
      {},
      adminToken,
    );
    const bondiBeach = result.adminSuburbs.edges.find((e) => e.node.name === 'Bondi Beach')!.node;
    const set = await gqlOk<{ setSuburbSubscribedAgentsMax: { subscribedAgentsMax: number } }>(
      server,
      `mutation($id: ID!) { setSuburbSubscribedAgentsMax(suburbId: $id, subscribedAgentsMax: 3) { id subscribedAgentsMax } }`,
      { id: bondiBeach.id },
      adminToken,
    );
    expect(set.setSuburbSubscribedAgentsMax.subscribedAgentsMax).toBe(3);
    const row = await server.deps.db.query.suburbs.findFirst({ where: eq(suburbs.id, Number(bondiBeach.id)) });
    expect(row!.subscribedAgentsMax).toBe(3);
    const [audit] = await auditEntries(bondiBeach.id);
    expect(audit).toMatchObject({ action: 'SET_SUBSCRIBED_AGENTS_MAX', targetType: 'SUBURB', details: { from: 5, to: 3 } });

    const invalid = await server.gql(
      `mutation($id: ID!) { setSuburbSubscribedAgentsMax(suburbId: $id, subscribedAgentsMax: -1) { id } }`,
      { id: bondiBeach.id },
      adminToken,
    );
    expect(invalid.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'subscribedAgentsMax' });
    const unknown = await server.gql(
      `mutation { setSuburbSubscribedAgentsMax(suburbId: "99999999", subscribedAgentsMax: 2) { id } }`,
      {},
      adminToken,
    );
    expect(codeOf(unknown)).toBe('not_found');
  });

  it('refuses an agent maximum below the agents subscribed now, and allows it once a subscription is cancelled', async () => {
    const suburb = await findSuburb(server, 'maroubra', 'NSW');
    const agents = [await createAgent(server), await createAgent(server), await createAgent(server)];
    const subscriptions = [];
    for (const agent of agents) subscriptions.push(await subscribeAgent(server, agent.userId, suburb.id));
    const set = `mutation($id: ID!, $max: Int!) { setSuburbSubscribedAgentsMax(suburbId: $id, subscribedAgentsMax: $max) { id subscribedAgentsMax subscribedAgentsCount } }`;

    const refused = await server.gql(set, { id: String(suburb.id), max: 2 }, adminToken);
    expect(refused.errors![0]!.extensions).toMatchObject({
      code: 'subscribed_agents_max_below_subscribed_count',
      field: 'subscribedAgentsMax',
    });
    expect(refused.errors![0]!.message).toBe('subscribed_agents_max_below_subscribed_count');
    const row = await server.deps.db.query.suburbs.findFirst({ where: eq(suburbs.id, suburb.id) });
    expect(row!.subscribedAgentsMax).toBe(5);
    expect(await auditEntries(String(suburb.id))).toEqual([]);

    // Equal to the count is fine: nobody new can join.
    expect(
      (await gqlOk<{ setSuburbSubscribedAgentsMax: Record<string, number> }>(server, set, { id: String(suburb.id), max: 3 }, adminToken))
        .setSuburbSubscribedAgentsMax,
    ).toMatchObject({
      subscribedAgentsMax: 3,
      subscribedAgentsCount: 3,
    });
    await gqlOk(
      server,
      `mutation($id: ID!) { cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: $id) { id } }`,
      { id: subscriptions[0]!.id },
      adminToken,
    );
    expect(
      (await gqlOk<{ setSuburbSubscribedAgentsMax: Record<string, number> }>(server, set, { id: String(suburb.id), max: 2 }, adminToken))
        .setSuburbSubscribedAgentsMax,
    ).toMatchObject({
      subscribedAgentsMax: 2,
      subscribedAgentsCount: 2,
    });
  });

  it('pages a postcode search alphabetically without repeats', async () => {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page++) {
      const data: {
        adminSuburbs: { edges: { node: { id: string; postcode: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      } = await gqlOk(
        server,
        `query($after: String) { adminSuburbs(search: "2026", first: 1, after: $after) { edges { node { id postcode } } pageInfo { hasNextPage endCursor } } }`,
        { after },
        adminToken,
      );
      ids.push(...data.adminSuburbs.edges.map((e) => e.node.id));
      expect(data.adminSuburbs.edges.every((e) => e.node.postcode.startsWith('2026'))).toBe(true);
      if (!data.adminSuburbs.pageInfo.hasNextPage) break;
      after = data.adminSuburbs.pageInfo.endCursor;
    }
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists a suburb's subscriptions, flags one as manually managed and cancels one", async () => {
    const suburb = await findSuburb(server, 'coogee', 'NSW');
    const agent = await createAgent(server, { name: 'Coogee Agent' });
    const other = await createAgent(server, { name: 'Second Agent' });
    const subscription = await subscribeAgent(server, agent.userId, suburb.id);
    const second = await subscribeAgent(server, other.userId, suburb.id);

    const noSearch = await gqlOk<{ adminSuburbs: { edges: { node: { id: string; subscribedAgentsCount: number } }[] } }>(
      server,
      `{ adminSuburbs(first: 50) { edges { node { id subscribedAgentsCount } } } }`,
      {},
      adminToken,
    );
    expect(noSearch.adminSuburbs.edges.find((e) => e.node.id === String(suburb.id))!.node.subscribedAgentsCount).toBe(2);

    const list = await gqlOk<{ adminSuburbSubscriptions: { edges: { node: Record<string, unknown> }[] } }>(
      server,
      `query($id: ID!) { adminSuburbSubscriptions(suburbId: $id) { edges { node { id isLive isManuallyManaged isFreeTrial agent { id name } suburb { name } } } } }`,
      { id: String(suburb.id) },
      adminToken,
    );
    expect(list.adminSuburbSubscriptions.edges.map((e) => e.node)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: subscription.id,
          isLive: true,
          isManuallyManaged: false,
          agent: { id: agent.userId, name: 'Coogee Agent' },
        }),
      ]),
    );

    const toggled = await gqlOk<{ setSuburbSubscriptionManuallyManaged: { isManuallyManaged: boolean } }>(
      server,
      `mutation($id: ID!) { setSuburbSubscriptionManuallyManaged(suburbSubscriptionId: $id, isManuallyManaged: true) { id isManuallyManaged } }`,
      { id: subscription.id },
      adminToken,
    );
    expect(toggled.setSuburbSubscriptionManuallyManaged.isManuallyManaged).toBe(true);
    expect((await auditEntries(subscription.id))[0]).toMatchObject({ action: 'SET_SUBSCRIPTION_MANUALLY_MANAGED', details: { to: true } });

    const cancel = `mutation($id: ID!) { cancelSuburbSubscriptionAsAdmin(suburbSubscriptionId: $id) { id isLive autoRenew cancelledAt } }`;
    const cancelled = await gqlOk<{ cancelSuburbSubscriptionAsAdmin: { isLive: boolean; autoRenew: boolean } }>(
      server,
      cancel,
      { id: second.id },
      adminToken,
    );
    expect(cancelled.cancelSuburbSubscriptionAsAdmin).toMatchObject({ isLive: false, autoRenew: false });
    expect(codeOf(await server.gql(cancel, { id: second.id }, adminToken))).toBe('invalid_state');
    expect(codeOf(await server.gql(cancel, { id: 'nope' }, adminToken))).toBe('not_found');
  });
});

describe('agents and the ledger', () => {
  it("shows an agent's profile, cards, subscriptions and charges, and the lead fee of $1,100 in the ledger", async () => {
    const { agent, sale } = await soldScenario({ confirm: true });
    const suburb = await findSuburb(server, 'bondi', 'NSW');
    await subscribeAgent(server, agent.userId, suburb.id);

    const search = await gqlOk<{ adminAgents: { edges: { node: { id: string } }[] } }>(
      server,
      `query($q: String) { adminAgents(search: $q, first: 5) { edges { node { id } } } }`,
      { q: agent.email.toUpperCase() },
      adminToken,
    );
    expect(search.adminAgents.edges.map((e) => e.node.id)).toEqual([agent.userId]);

    const detail = await gqlOk<{ adminAgent: Record<string, unknown> }>(
      server,
      `query($id: ID!) { adminAgent(id: $id) {
        id email profile { name numberOfEngagements badge }
        cards { cardBrand cardSuffix isDefault }
        subscriptions { suburb { name } isLive }
        charges(first: 10) { edges { node { kind amount gst status description referenceId } } }
      } }`,
      { id: agent.userId },
      adminToken,
    );
    expect(detail.adminAgent).toMatchObject({
      email: agent.email,
      profile: { name: 'Agent 1', numberOfEngagements: 13, badge: 'BRONZE' },
      cards: [{ cardBrand: 'visa', cardSuffix: '4242', isDefault: true }],
      subscriptions: [{ suburb: { name: 'Bondi' }, isLive: true }],
      charges: {
        edges: [
          {
            node: {
              kind: 'LEAD_FEE',
              amount: 1100,
              gst: 100,
              status: 'SUCCEEDED',
              referenceId: sale.id,
              description: expect.stringContaining('Campbell Parade'),
            },
          },
        ],
      },
    });

    const ledger = await gqlOk<{ adminCharges: { edges: { node: { referenceId: string; amount: number; user: { id: string } } }[] } }>(
      server,
      `{ adminCharges(kind: LEAD_FEE, first: 50) { edges { node { referenceId amount user { id } } } } }`,
      {},
      adminToken,
    );
    expect(ledger.adminCharges.edges.map((e) => e.node)).toContainEqual({ referenceId: sale.id, amount: 1100, user: { id: agent.userId } });
    expect(
      codeOf(await server.gql(`query($id: ID!) { adminAgent(id: $id) { id } }`, { id: (await createSeller(server)).userId }, adminToken)),
    ).toBe('not_found');
  });
});

describe('sales and cashback', () => {
  it('lists reports and confirmations, and marks a payable cashback paid once', async () => {
    const unconfirmed = await soldScenario();
    const confirmed = await soldScenario({ confirm: true });

    const awaiting = await gqlOk<{ adminPropertySales: { edges: { node: { id: string } }[] } }>(
      server,
      `{ adminPropertySales(filter: AWAITING_CONFIRMATION, first: 50) { edges { node { id } } } }`,
      {},
      adminToken,
    );
    expect(awaiting.adminPropertySales.edges.map((e) => e.node.id)).toContain(unconfirmed.sale.id);
    expect(awaiting.adminPropertySales.edges.map((e) => e.node.id)).not.toContain(confirmed.sale.id);

    const all = await gqlOk<{ adminPropertySales: { edges: { node: Record<string, unknown> }[] } }>(
      server,
      `{ adminPropertySales(first: 50) { edges { node {
        id reportedAt confirmedAt salePrice contractDate leadFeeStatus leadFeeAttempts
        property { address completeType } seller { email } sellingAgent { name }
        leadFeeCharge { amount status }
        cashbackClaim { id amount maskedBsb maskedAccountNumber status }
      } } } }`,
      {},
      adminToken,
    );
    const node = all.adminPropertySales.edges.find((e) => e.node.id === confirmed.sale.id)!.node;
    expect(node).toMatchObject({
      salePrice: 1_100_000,
      contractDate: '2026-11-10',
      leadFeeStatus: 'SUCCEEDED',
      property: { address: expect.stringContaining('2/14 Campbell Parade, Bondi NSW'), completeType: 'SOLD_UNCONDITIONALLY' },
      seller: { email: confirmed.seller.email },
      sellingAgent: { name: 'Agent 1' },
      leadFeeCharge: { amount: 1100, status: 'SUCCEEDED' },
      cashbackClaim: { amount: 500, maskedBsb: '***-912', maskedAccountNumber: '*****4321', status: 'PAYABLE' },
    });

    const toPay = await gqlOk<{ adminPropertySales: { edges: { node: { id: string } }[] } }>(
      server,
      `{ adminPropertySales(filter: CASHBACK_PAYABLE, first: 50) { edges { node { id } } } }`,
      {},
      adminToken,
    );
    expect(toPay.adminPropertySales.edges.map((e) => e.node.id)).toContain(confirmed.sale.id);
    expect(toPay.adminPropertySales.edges.map((e) => e.node.id)).not.toContain(unconfirmed.sale.id);

    const claimId = (node.cashbackClaim as { id: string }).id;
    const markPaid = `mutation($id: ID!) { markCashbackClaimPaid(cashbackClaimId: $id) { id status paidAt paidBy { id } } }`;
    const paid = await gqlOk<{ markCashbackClaimPaid: Record<string, unknown> }>(server, markPaid, { id: claimId }, adminToken);
    expect(paid.markCashbackClaimPaid).toMatchObject({ status: 'PAID', paidAt: expect.any(String), paidBy: { id: adminUserId } });
    expect(codeOf(await server.gql(markPaid, { id: claimId }, adminToken))).toBe('invalid_state');
    expect((await auditEntries(claimId)).map((e) => e.action)).toEqual(['MARK_CASHBACK_PAID']);
    const afterPaying = await gqlOk<{ adminPropertySales: { edges: { node: { id: string } }[] } }>(
      server,
      `{ adminPropertySales(filter: CASHBACK_PAYABLE, first: 50) { edges { node { id } } } }`,
      {},
      adminToken,
    );
    expect(afterPaying.adminPropertySales.edges.map((e) => e.node.id)).not.toContain(confirmed.sale.id);

    // Not payable before the agent confirms.
    const unconfirmedClaims = await gqlOk<{ adminCashbackClaims: { edges: { node: { id: string; propertySale: { id: string } } }[] } }>(
      server,
      `{ adminCashbackClaims(status: PENDING_CONFIRMATION, first: 50) { edges { node { id propertySale { id } } } } }`,
      {},
      adminToken,
    );
    const pendingClaim = unconfirmedClaims.adminCashbackClaims.edges.find((e) => e.node.propertySale.id === unconfirmed.sale.id)!;
    expect(codeOf(await server.gql(markPaid, { id: pendingClaim.node.id }, adminToken))).toBe('invalid_state');
    expect(codeOf(await server.gql(markPaid, { id: '00000000-0000-4000-8000-000000000000' }, adminToken))).toBe('not_found');
  });

  it('shows declined lead fees and retries them, auditing each attempt', async () => {
    const { agent, sale } = await soldScenario({ confirm: true, card: DECLINING_CARD });
    const failed = await gqlOk<{
      adminPropertySales: { edges: { node: { id: string; leadFeeStatus: string; leadFeeCharge: { status: string } } }[] };
    }>(
      server,
      `{ adminPropertySales(filter: LEAD_FEE_FAILED, first: 50) { edges { node { id leadFeeStatus leadFeeCharge { status failureCode } } } } }`,
      {},
      adminToken,
    );
    expect(failed.adminPropertySales.edges.find((e) => e.node.id === sale.id)!.node).toMatchObject({
      leadFeeStatus: 'FAILED',
      leadFeeCharge: { status: 'FAILED' },
    });

    const retry = `mutation($id: ID!) { retryLeadFeeCharge(propertySaleId: $id) { id leadFeeStatus leadFeeAttempts } }`;
    expect(codeOf(await server.gql(retry, { id: sale.id }, adminToken))).toBe('payment_declined');
    await saveTestCard(server, agent.userId, GOOD_CARD);
    const ok = await gqlOk<{ retryLeadFeeCharge: { leadFeeStatus: string; leadFeeAttempts: number } }>(
      server,
      retry,
      { id: sale.id },
      adminToken,
    );
    expect(ok.retryLeadFeeCharge).toEqual({ id: sale.id, leadFeeStatus: 'SUCCEEDED', leadFeeAttempts: 3 });
    expect(codeOf(await server.gql(retry, { id: sale.id }, adminToken))).toBe('invalid_state');
    expect((await auditEntries(sale.id)).map((e) => [e.action, (e.details as { attempt: number }).attempt])).toEqual([
      ['RETRY_LEAD_FEE', 2],
      ['RETRY_LEAD_FEE', 3],
    ]);

    const unconfirmed = await soldScenario();
    expect(codeOf(await server.gql(retry, { id: unconfirmed.sale.id }, adminToken))).toBe('invalid_state');
  });
});

describe('settings', () => {
  it('sets the cashback and the free-trial allowance, validates them and records the change', async () => {
    const update = `mutation($a: Float!, $t: Int!) { updateSettings(staticCashbackAmount: $a, totalFreeTrialsAllowed: $t) { staticCashbackAmount totalFreeTrialsAllowed } }`;
    const result = await gqlOk<{ updateSettings: Record<string, number> }>(server, update, { a: 750.5, t: 3 }, adminToken);
    expect(result.updateSettings).toEqual({ staticCashbackAmount: 750.5, totalFreeTrialsAllowed: 3 });
    expect((await server.gql<{ staticCashbackAmount: number }>(`{ staticCashbackAmount }`)).data!.staticCashbackAmount).toBe(750.5);
    const [audit] = await auditEntries('settings');
    expect(audit).toMatchObject({
      action: 'UPDATE_SETTINGS',
      details: {
        from: { staticCashbackAmount: 500, totalFreeTrialsAllowed: 5 },
        to: { staticCashbackAmount: 750.5, totalFreeTrialsAllowed: 3 },
      },
    });

    for (const [variables, field] of [
      [{ a: -1, t: 3 }, 'staticCashbackAmount'],
      [{ a: 10.555, t: 3 }, 'staticCashbackAmount'],
      [{ a: 500, t: -1 }, 'totalFreeTrialsAllowed'],
      [{ a: 500, t: 101 }, 'totalFreeTrialsAllowed'],
    ] as const) {
      expect((await server.gql(update, variables, adminToken)).errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field });
    }
    await gqlOk(server, update, { a: 500, t: 5 }, adminToken);
    expect(
      (
        await gqlOk<{ adminSettings: Record<string, number> }>(
          server,
          `{ adminSettings { staticCashbackAmount totalFreeTrialsAllowed } }`,
          {},
          adminToken,
        )
      ).adminSettings,
    ).toEqual({
      staticCashbackAmount: 500,
      totalFreeTrialsAllowed: 5,
    });
  });
});

describe('audit log', () => {
  it('pages every entry newest first with who did it', async () => {
    const seen: { action: string; admin: { id: string } }[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page++) {
      const data: {
        adminAuditLog: {
          edges: { node: { id: string; action: string; createdAt: string; admin: { id: string } } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
      } = await gqlOk(
        server,
        `query($after: String) { adminAuditLog(first: 3, after: $after) { edges { node { id action createdAt details targetType targetId admin { id email } } } pageInfo { hasNextPage endCursor } } }`,
        { after },
        adminToken,
      );
      seen.push(...data.adminAuditLog.edges.map((e) => e.node));
      if (!data.adminAuditLog.pageInfo.hasNextPage) break;
      after = data.adminAuditLog.pageInfo.endCursor;
    }
    const total = (await server.deps.db.select().from(adminAuditLog)).length;
    expect(total).toBeGreaterThan(5);
    expect(seen).toHaveLength(total);
    expect(seen.every((e) => e.admin.id === adminUserId)).toBe(true);
    expect(codeOf(await server.gql(`{ adminAuditLog(after: "bad") { edges { node { id } } } }`, {}, adminToken))).toBe('validation_failed');
  });
});

// Last in the file, so it sees every answer above (claims listed, paid, retried, read through sales).
describe('bank details', () => {
  it('never appear unmasked in any answer of this file', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.some((answer) => answer.includes('***-912'))).toBe(true);
    for (const answer of answers) {
      expect(answer).not.toContain(BANK.bsb);
      expect(answer).not.toContain(BANK.accountNumber);
    }
  });
});
