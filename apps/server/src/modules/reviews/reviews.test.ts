import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles, users, agentProfiles } from '../../db/schema/accounts.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { agentReviews } from '../../db/schema/reviews.ts';
import { codeOf, startTestServer, type GqlResult, type TestServer } from '../../test/harness.ts';
import { createAdmin, createSeller, login } from '../../test/factories.ts';
import { createActiveProperty, createRequest, findSuburb } from '../appraisals/test-factories.ts';
import { createPublicAgent } from '../public-pages/test-factories.ts';
import { agentSuspensions } from '../../db/schema/licences.ts';
import { BANK, CONFIRM, createAppraisedProperty, createSellingAgent, SOLD, submitAppraisalFor } from '../sales/test-factories.ts';
import { sendReviewInvitations } from './review-invitations.service.ts';

/**
 * Agent reviews (issue 21) through the API: who may review and when, once only, the edit window, the holds, the
 * reply and reports, moderation with its audit entry and e-mails, the summary threshold, and the invitations job.
 * The server trusts X-Forwarded-For, so sellers and agents can be put on different network addresses: agents call
 * from 127.0.0.1 (no header), sellers from SELLER_ADDRESS unless a test says otherwise.
 */
let server: TestServer;
let operator: { email: string; token: string };
const DAY = 86_400_000;
const SELLER_ADDRESS = '198.51.100.7';
const GOOD_TEXT = 'Clear appraisal with good comparable sales; answered every question quickly.';

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  operator = await createAdmin(server);
});
afterAll(() => server?.stop());

const REVIEW_FIELDS = `id rating text reviewerFirstName suburbName createdAt verifiedSale edited status canEdit removalReason holdReasons reportReasons reply { text createdAt edited }`;
const SUBMIT = `mutation($id: ID!, $rating: Int!, $text: String!) { submitAgentReview(propertyAppraisalId: $id, rating: $rating, text: $text) { ${REVIEW_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $rating: Int!, $text: String!) { updateAgentReview(reviewId: $id, rating: $rating, text: $text) { ${REVIEW_FIELDS} } }`;
const REPLY = `mutation($id: ID!, $text: String!) { replyToAgentReview(reviewId: $id, text: $text) { ${REVIEW_FIELDS} } }`;
const REPORT = `mutation($id: ID!, $reason: ReviewReportReason!) { reportAgentReview(reviewId: $id, reason: $reason) { ${REVIEW_FIELDS} } }`;
const MODERATE = `mutation($id: ID!, $publish: Boolean!, $reason: ReviewRemovalReason) { moderateAgentReview(reviewId: $id, publish: $publish, reason: $reason) { ${REVIEW_FIELDS} } }`;
const QUEUE = `query($after: String) { adminReviewsToModerate(first: 50, after: $after) { edges { node { ${REVIEW_FIELDS} } } pageInfo { hasNextPage endCursor } } }`;
const AGENT_REVIEWS = `query($id: ID!, $first: Int, $after: String) { propertyAppraisal(id: $id) {
  review { ${REVIEW_FIELDS} }
  agent { reviewSummary { count averageRating } reviews(first: $first, after: $after) { edges { node { ${REVIEW_FIELDS} } } pageInfo { hasNextPage endCursor } } }
} }`;

type Review = {
  id: string;
  rating: number;
  text: string;
  reviewerFirstName: string;
  suburbName: string;
  createdAt: string;
  verifiedSale: boolean;
  edited: boolean;
  status: string;
  canEdit: boolean;
  removalReason: string | null;
  holdReasons: string[];
  reportReasons: string[];
  reply: { text: string; edited: boolean } | null;
};

const asSeller = <T>(query: string, variables: Record<string, unknown>, token: string, address = SELLER_ADDRESS) =>
  server.gql<T>(query, variables, token, { 'x-forwarded-for': address });

function ok<T>(result: GqlResult<T>): T {
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}

/** A seller on a public mail provider (so no domain is shared with an agent) with a property two agents appraised. */
async function appraisedForReview(options: { appraisers?: number } = {}) {
  const scenario = await createAppraisedProperty(server, { appraisers: options.appraisers ?? 2 });
  const email = `jordan.${scenario.seller.userId.slice(0, 8)}@gmail.com`;
  await server.deps.db.update(users).set({ email }).where(eq(users.id, scenario.seller.userId));
  await server.deps.db.update(sellerProfiles).set({ name: 'Jordan Citizen' }).where(eq(sellerProfiles.userId, scenario.seller.userId));
  const appraisals = await server.deps.db.select().from(propertyAppraisals).where(eq(propertyAppraisals.propertyId, scenario.property.id));
  const appraisalOf = (agentUserId: string) => appraisals.find((a) => a.agentUserId === agentUserId)!.id;
  return { ...scenario, sellerEmail: email, appraisalOf };
}

const submit = (token: string, id: string, text = GOOD_TEXT, rating = 5, address = SELLER_ADDRESS) =>
  asSeller<{ submitAgentReview: Review }>(SUBMIT, { id, rating, text }, token, address);

describe('who may review, and when', () => {
  it('the seller reviews each appraisal received, once; the review shows first name and suburb only', async () => {
    const s = await appraisedForReview();
    const [agent1, agent2] = s.appraisers;
    const review = ok(await submit(s.seller.token, s.appraisalOf(agent1!.userId), `  ${GOOD_TEXT}  `, 4)).submitAgentReview;
    expect(review).toMatchObject({
      rating: 4,
      text: GOOD_TEXT,
      reviewerFirstName: 'Jordan',
      suburbName: 'Bondi',
      status: 'PUBLISHED',
      verifiedSale: false,
      edited: false,
      canEdit: true,
      reply: null,
    });
    // The seller's surname, e-mail, mobile (+61412345678, or 0412 345 678 as shown) and street are not in what the
    // review shows. Its id (a UUID) and time (milliseconds) are left out of the search: either can hold the digits by
    // chance.
    const { id: _id, createdAt: _createdAt, ...shown } = review;
    expect(JSON.stringify(shown)).not.toMatch(/Citizen|gmail|412\D?345\D?678|Street/);
    // The other agent's appraisal is a review of its own; the same appraisal twice is refused.
    expect(ok(await submit(s.seller.token, s.appraisalOf(agent2!.userId), GOOD_TEXT, 2)).submitAgentReview.status).toBe('PUBLISHED');
    expect(codeOf(await submit(s.seller.token, s.appraisalOf(agent1!.userId)))).toBe('review_already_submitted');
  });

  it('answers not_found for another seller, an appraisal not yet sent, and an unknown id; forbidden for agents', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const other = await createSeller(server);
    const id = s.appraisalOf(s.appraisers[0]!.userId);
    expect(codeOf(await submit(other.token, id))).toBe('not_found');
    expect(codeOf(await submit(s.seller.token, '00000000-0000-4000-8000-000000000000'))).toBe('not_found');
    expect(codeOf(await submit(s.seller.token, 'not-a-uuid'))).toBe('not_found');
    expect(codeOf(await submit(s.appraisers[0]!.token, id))).toBe('forbidden');

    const drafting = await createSellingAgent(server);
    const request = await createRequest(server, s.property.id, drafting.userId, { accepted: true });
    const [draft] = await server.deps.db
      .insert(propertyAppraisals)
      .values({ appraisalRequestId: request.id, propertyId: s.property.id, agentUserId: drafting.userId, state: 'DRAFT' })
      .returning();
    expect(codeOf(await submit(s.seller.token, draft!.id))).toBe('not_found');
  });

  it('refuses ratings outside 1–5 and texts outside 30–2,000 characters, with the limit in the message', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const id = s.appraisalOf(s.appraisers[0]!.userId);
    for (const rating of [0, 6]) {
      const result = await submit(s.seller.token, id, GOOD_TEXT, rating);
      expect(codeOf(result)).toBe('validation_failed');
      expect(result.errors![0]!.extensions).toMatchObject({ field: 'rating', reason: 'Choose a rating from 1 to 5 stars' });
    }
    const short = await submit(s.seller.token, id, `   ${'a'.repeat(29)}   `);
    expect(short.errors![0]!.extensions).toMatchObject({
      code: 'validation_failed',
      field: 'text',
      reason: 'Your review must be at least 30 characters',
    });
    const long = await submit(s.seller.token, id, 'a'.repeat(2001));
    expect(long.errors![0]!.extensions).toMatchObject({ field: 'text', reason: 'Your review must be at most 2,000 characters' });
    expect(codeOf(await submit(s.seller.token, id, `Great agent\u0007 who called back every single day.`))).toBe('validation_failed');
    // Exactly 2,000 is fine; markup is kept as text (clients render it inert), never interpreted.
    const markup = '<script>alert(1)</script><b>bold</b> and a fair price guide from day one.';
    expect(ok(await submit(s.seller.token, id, markup)).submitAgentReview.text).toBe(markup);
  });

  it('marks the selling agent’s review a verified sale once that agent confirmed the sale', async () => {
    const s = await appraisedForReview();
    const [seller, other] = [s.appraisers[0]!, s.appraisers[1]!];
    ok(await server.gql(SOLD, { propertyId: s.property.id, sellingAgentId: seller.userId, ...BANK }, s.seller.token));
    const before = ok(await submit(s.seller.token, s.appraisalOf(seller.userId))).submitAgentReview;
    expect(before.verifiedSale).toBe(false);
    ok(await server.gql(CONFIRM, { id: await saleIdOf(s.property.id), salePrice: 1_250_000, contractDate: '2026-10-01' }, seller.token));
    const after = ok(
      await asSeller<{ propertyAppraisal: { review: Review } }>(AGENT_REVIEWS, { id: s.appraisalOf(seller.userId) }, s.seller.token),
    );
    expect(after.propertyAppraisal.review.verifiedSale).toBe(true);
    expect(ok(await submit(s.seller.token, s.appraisalOf(other.userId))).submitAgentReview.verifiedSale).toBe(false);
  });
});

const saleIdOf = async (propertyId: string) =>
  (await server.deps.db.query.propertySales.findFirst({ where: (sale, { eq: equals }) => equals(sale.propertyId, propertyId) }))!.id;

describe('editing', () => {
  it('the reviewer edits for 30 days and the review shows as edited; then, and for anyone else, it is refused', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const review = ok(await submit(s.seller.token, s.appraisalOf(s.appraisers[0]!.userId))).submitAgentReview;
    const other = await createSeller(server);
    expect(codeOf(await asSeller(UPDATE, { id: review.id, rating: 1, text: GOOD_TEXT }, other.token))).toBe('not_found');
    server.deps.clock.advance(29 * DAY);
    try {
      const edited = ok(
        await asSeller<{ updateAgentReview: Review }>(UPDATE, { id: review.id, rating: 2, text: `${GOOD_TEXT} Edited.` }, s.seller.token),
      );
      expect(edited.updateAgentReview).toMatchObject({ rating: 2, edited: true, status: 'PUBLISHED', canEdit: true });
      const short = await asSeller(UPDATE, { id: review.id, rating: 2, text: 'too short' }, s.seller.token);
      expect(short.errors![0]!.extensions).toMatchObject({ field: 'text', reason: 'Your review must be at least 30 characters' });
      server.deps.clock.advance(2 * DAY);
      const token = await login(server, s.sellerEmail);
      expect(codeOf(await asSeller(UPDATE, { id: review.id, rating: 3, text: GOOD_TEXT }, token))).toBe('invalid_state');
    } finally {
      server.deps.clock.reset();
    }
  });

  it('an edit that adds a phone number is held again', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const review = ok(await submit(s.seller.token, s.appraisalOf(s.appraisers[0]!.userId))).submitAgentReview;
    const edited = ok(
      await asSeller<{ updateAgentReview: Review }>(
        UPDATE,
        { id: review.id, rating: 5, text: `${GOOD_TEXT} Call him on 0412 345 678.` },
        s.seller.token,
      ),
    );
    expect(edited.updateAgentReview.status).toBe('HELD');
  });
});

describe('holds', () => {
  const heldFor = async (review: Review) => {
    const row = await server.deps.db.query.agentReviews.findFirst({ where: eq(agentReviews.id, review.id) });
    return { status: row!.status, holdReasons: row!.holdReasons };
  };

  it('holds a review whose e-mail domain is the agent’s, or the agency’s, but not a public provider’s', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent1, agent2] = [s.appraisers[0]!, s.appraisers[1]!];
    await server.deps.db
      .update(users)
      .set({ email: `agent1.${agent1.userId.slice(0, 8)}@harbour-realty.test` })
      .where(eq(users.id, agent1.userId));
    await server.deps.db
      .update(users)
      .set({ email: `jordan.${s.seller.userId.slice(0, 8)}@harbour-realty.test` })
      .where(eq(users.id, s.seller.userId));
    const own = ok(await submit(s.seller.token, s.appraisalOf(agent1.userId))).submitAgentReview;
    expect(own.status).toBe('HELD');
    expect(await heldFor(own)).toEqual({ status: 'HELD', holdReasons: ['AGENT_EMAIL_DOMAIN'] });
    // Agent 2 is at another address but the same agency (Harbour Realty, as the factory names it): held too.
    const colleague = ok(await submit(s.seller.token, s.appraisalOf(agent2.userId))).submitAgentReview;
    expect(await heldFor(colleague)).toEqual({ status: 'HELD', holdReasons: ['AGENT_EMAIL_DOMAIN'] });

    const t = await appraisedForReview({ appraisers: 1 });
    const agent = t.appraisers[0]!;
    await server.deps.db
      .update(users)
      .set({ email: `agent.${agent.userId.slice(0, 8)}@gmail.com` })
      .where(eq(users.id, agent.userId));
    expect(ok(await submit(t.seller.token, t.appraisalOf(agent.userId))).submitAgentReview.status).toBe('PUBLISHED');
  });

  it('holds a review from a network address the agent’s own sessions used in the last 30 days', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent1, agent2] = [s.appraisers[0]!, s.appraisers[1]!];
    await server.deps.db.update(agentProfiles).set({ agencyName: 'Another Agency' }).where(eq(agentProfiles.userId, agent2.userId));
    const shared = '203.0.113.45';
    ok(await server.gql(`{ me { id } }`, {}, agent1.token, { 'x-forwarded-for': shared }));
    const held = ok(await submit(s.seller.token, s.appraisalOf(agent1.userId), GOOD_TEXT, 5, shared)).submitAgentReview;
    expect(await heldFor(held)).toEqual({ status: 'HELD', holdReasons: ['AGENT_NETWORK_ADDRESS'] });
    // Another agent never used that address.
    expect(ok(await submit(s.seller.token, s.appraisalOf(agent2.userId), GOOD_TEXT, 5, shared)).submitAgentReview.status).toBe('PUBLISHED');

    const t = await appraisedForReview({ appraisers: 1 });
    const agent = t.appraisers[0]!;
    const old = '203.0.113.46';
    ok(await server.gql(`{ me { id } }`, {}, agent.token, { 'x-forwarded-for': old }));
    server.deps.clock.advance(31 * DAY);
    try {
      expect(
        ok(await submit(await login(server, t.sellerEmail), t.appraisalOf(agent.userId), GOOD_TEXT, 5, old)).submitAgentReview.status,
      ).toBe('PUBLISHED');
    } finally {
      server.deps.clock.reset();
    }
  });

  it.each([
    ['a phone number', 'Great agent, call him directly on (02) 9999-1234 any time.'],
    ['a mobile number', 'Great agent, his mobile is +61 412 345 678 and he answers.'],
    ['an e-mail address', 'Great agent, write to sam.smith@harbour-realty.test for more.'],
    ['a link', 'Great agent, see everything at https://example.com/agent for more.'],
    ['a bare web address', 'Great agent, see all his sales at harbourrealty.com.au today.'],
  ])('holds a review whose text holds %s', async (_what, text) => {
    const s = await appraisedForReview({ appraisers: 1 });
    const review = ok(await submit(s.seller.token, s.appraisalOf(s.appraisers[0]!.userId), text)).submitAgentReview;
    expect(await heldFor(review)).toEqual({ status: 'HELD', holdReasons: ['CONTACT_DETAILS'] });
  });

  it('a held review shows to its writer and operators only: not in the agent’s reviews, summary or replies', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const id = s.appraisalOf(agent.userId);
    const held = ok(await submit(s.seller.token, id, 'Great agent, call him on 0412 345 678 any time.')).submitAgentReview;
    const seen = ok(
      await asSeller<{ propertyAppraisal: { review: Review; agent: { reviewSummary: { count: number }; reviews: { edges: unknown[] } } } }>(
        AGENT_REVIEWS,
        { id },
        s.seller.token,
      ),
    );
    expect(seen.propertyAppraisal.review.status).toBe('HELD');
    expect(seen.propertyAppraisal.review.holdReasons).toEqual([]);
    expect(seen.propertyAppraisal.agent.reviewSummary.count).toBe(0);
    expect(seen.propertyAppraisal.agent.reviews.edges).toHaveLength(0);
    const byAgent = ok(await server.gql<{ propertyAppraisal: { review: Review | null } }>(AGENT_REVIEWS, { id }, agent.token));
    expect(byAgent.propertyAppraisal.review).toBeNull();
    expect(codeOf(await server.gql(REPLY, { id: held.id, text: 'Thanks!' }, agent.token))).toBe('not_found');
    expect(await server.emailsTo(agent.email)).toHaveLength(0);
  });
});

describe('the agent answers', () => {
  it('the agent is e-mailed, replies once (a second reply edits it), and other agents find nothing', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent, other] = [s.appraisers[0]!, s.appraisers[1]!];
    const review = ok(
      await submit(s.seller.token, s.appraisalOf(agent.userId), 'Honest about the price <b>and</b> kept us informed every week.', 2),
    ).submitAgentReview;
    const [mail] = await server.emailsTo(agent.email);
    expect(mail!.subject).toBe('A seller has reviewed you on Listwise');
    expect(mail!.html).toContain('&lt;b&gt;and&lt;/b&gt;');
    expect(mail!.html).not.toMatch(/Citizen|gmail/);

    expect(codeOf(await server.gql(REPLY, { id: review.id, text: 'Thank you.' }, other.token))).toBe('not_found');
    expect(codeOf(await asSeller(REPLY, { id: review.id, text: 'Thank you.' }, s.seller.token))).toBe('forbidden');
    expect(codeOf(await server.gql(REPLY, { id: review.id, text: '   ' }, agent.token))).toBe('validation_failed');
    const long = await server.gql(REPLY, { id: review.id, text: 'a'.repeat(2001) }, agent.token);
    expect(long.errors![0]!.extensions).toMatchObject({ field: 'text', reason: 'Your reply must be at most 2,000 characters' });

    const first = ok(await server.gql<{ replyToAgentReview: Review }>(REPLY, { id: review.id, text: 'Thank you, Jordan.' }, agent.token));
    expect(first.replyToAgentReview.reply).toMatchObject({ text: 'Thank you, Jordan.', edited: false });
    const second = ok(await server.gql<{ replyToAgentReview: Review }>(REPLY, { id: review.id, text: 'Thank you, Jordan!' }, agent.token));
    expect(second.replyToAgentReview.reply).toMatchObject({ text: 'Thank you, Jordan!', edited: true });

    // Another seller reads the review with its reply on the agent's reviews.
    const b = await createSeller(server);
    const property = await createActiveProperty(server, b.userId);
    const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
    const seen = ok(
      await asSeller<{ propertyAppraisal: { review: null; agent: { reviews: { edges: { node: Review }[] } } } }>(
        AGENT_REVIEWS,
        { id: appraisal.id },
        b.token,
      ),
    );
    expect(seen.propertyAppraisal.review).toBeNull();
    expect(seen.propertyAppraisal.agent.reviews.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({ id: review.id, reply: expect.objectContaining({ text: 'Thank you, Jordan!' }), canEdit: false }),
    ]);
  });

  it('a report keeps the review published and puts it in the operators’ queue', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent, other] = [s.appraisers[0]!, s.appraisers[1]!];
    const review = ok(await submit(s.seller.token, s.appraisalOf(agent.userId), GOOD_TEXT, 1)).submitAgentReview;
    expect(codeOf(await server.gql(REPORT, { id: review.id, reason: 'OFFENSIVE' }, other.token))).toBe('not_found');
    expect(codeOf(await server.gql(REPORT, { id: review.id, reason: 'NEGATIVE' }, agent.token))).toBe('bad_request');
    const reported = ok(
      await server.gql<{ reportAgentReview: Review }>(REPORT, { id: review.id, reason: 'FAKE_OR_CONFLICTED' }, agent.token),
    );
    expect(reported.reportAgentReview.status).toBe('PUBLISHED');
    expect(reported.reportAgentReview.reportReasons).toEqual([]);
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({ id: review.id, status: 'PUBLISHED', reportReasons: ['FAKE_OR_CONFLICTED'] }),
    );
    // Publishing answers the report: the review leaves the queue and stays up.
    ok(await server.gql(MODERATE, { id: review.id, publish: true }, operator.token));
    const after = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(after.adminReviewsToModerate.edges.map((e) => e.node.id)).not.toContain(review.id);
  });
});

describe('moderation', () => {
  it('an operator removes a held review with a reason from the list: audit-logged and e-mailed to the reviewer', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const held = ok(
      await submit(s.seller.token, s.appraisalOf(agent.userId), 'Great agent, write to him at sam@harbour-realty.test.', 5),
    ).submitAgentReview;
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({ id: held.id, status: 'HELD', holdReasons: ['CONTACT_DETAILS'] }),
    );
    const noReason = await server.gql(MODERATE, { id: held.id, publish: false }, operator.token);
    expect(noReason.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    expect(codeOf(await server.gql(MODERATE, { id: held.id, publish: false, reason: 'NEGATIVE' }, operator.token))).toBe('bad_request');
    expect(codeOf(await server.gql(MODERATE, { id: held.id, publish: false, reason: 'OFFENSIVE' }, agent.token))).toBe('forbidden');

    const removed = ok(
      await server.gql<{ moderateAgentReview: Review }>(
        MODERATE,
        { id: held.id, publish: false, reason: 'PERSONAL_INFORMATION' },
        operator.token,
      ),
    );
    expect(removed.moderateAgentReview).toMatchObject({ status: 'REMOVED', removalReason: 'PERSONAL_INFORMATION' });
    const [entry] = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, held.id));
    expect(entry).toMatchObject({
      action: 'REMOVE_AGENT_REVIEW',
      targetType: 'AGENT_REVIEW',
      details: expect.objectContaining({ reason: 'PERSONAL_INFORMATION', previousStatus: 'HELD', holdReasons: ['CONTACT_DETAILS'] }),
    });
    const [mail] = await server.emailsTo(s.sellerEmail);
    expect(mail!.subject).toMatch(/^Your review of .+ was removed$/);
    expect(mail!.text).toContain('Contains personal information');
    expect(mail!.text).toContain('/review-policy');
    // Removed: the agent never heard of it.
    expect(await server.emailsTo(agent.email)).toHaveLength(0);
  });

  it('publishing a held review tells the reviewer and the agent, and logs it', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const held = ok(
      await submit(s.seller.token, s.appraisalOf(agent.userId), 'Great agent, see his sales at www.harbour.test/sales.'),
    ).submitAgentReview;
    const published = ok(await server.gql<{ moderateAgentReview: Review }>(MODERATE, { id: held.id, publish: true }, operator.token));
    expect(published.moderateAgentReview).toMatchObject({ status: 'PUBLISHED', removalReason: null });
    const [entry] = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, held.id));
    expect(entry!.action).toBe('PUBLISH_AGENT_REVIEW');
    expect((await server.emailsTo(s.sellerEmail))[0]!.subject).toMatch(/is published$/);
    expect((await server.emailsTo(agent.email))[0]!.subject).toBe('A seller has reviewed you on Listwise');
    expect(codeOf(await server.gql(MODERATE, { id: '00000000-0000-4000-8000-000000000000', publish: true }, operator.token))).toBe(
      'not_found',
    );
  });
});

describe('where reviews show', () => {
  it('Agent.reviews pages newest first; reviewSummary has no average below 3 published reviews', async () => {
    const agent = await createSellingAgent(server);
    const appraisalIds: string[] = [];
    const sellers: { token: string; userId: string; rating: number; appraisalId: string }[] = [];
    for (const rating of [5, 4, 2, 4]) {
      const seller = await createSeller(server);
      await server.deps.db
        .update(users)
        .set({ email: `s.${seller.userId.slice(0, 8)}@gmail.com` })
        .where(eq(users.id, seller.userId));
      const property = await createActiveProperty(server, seller.userId);
      const { appraisal } = await submitAppraisalFor(server, property.id, agent.userId);
      appraisalIds.push(appraisal.id);
      sellers.push({ ...seller, rating, appraisalId: appraisal.id });
    }
    const summaryAfter = async () =>
      ok(
        await asSeller<{ propertyAppraisal: { agent: { reviewSummary: { count: number; averageRating: number | null } } } }>(
          AGENT_REVIEWS,
          { id: sellers[0]!.appraisalId },
          sellers[0]!.token,
        ),
      ).propertyAppraisal.agent.reviewSummary;
    const ids: string[] = [];
    for (const [i, seller] of sellers.entries()) {
      server.deps.clock.advance(60_000);
      ids.push(ok(await submit(seller.token, seller.appraisalId, GOOD_TEXT, seller.rating)).submitAgentReview.id);
      if (i === 1) expect(await summaryAfter()).toEqual({ count: 2, averageRating: null });
      if (i === 2) expect(await summaryAfter()).toEqual({ count: 3, averageRating: 3.7 });
    }
    server.deps.clock.reset();
    expect(await summaryAfter()).toEqual({ count: 4, averageRating: 3.8 });

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: {
        propertyAppraisal: { agent: { reviews: { edges: { node: Review }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } };
      } = ok(await asSeller(AGENT_REVIEWS, { id: sellers[0]!.appraisalId, first: 3, after }, sellers[0]!.token));
      seen.push(...page.propertyAppraisal.agent.reviews.edges.map((e) => e.node.id));
      after = page.propertyAppraisal.agent.reviews.pageInfo.hasNextPage ? page.propertyAppraisal.agent.reviews.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual([...ids].reverse());
    // The agent is not public: a seller who asked them reads the list by the agent's id (the appraisal page).
    const publicList = ok(
      await server.gql<{ agentReviews: { edges: { node: { id: string } }[] } }>(
        `query($id: ID!) { agentReviews(agentId: $id, first: 10) { edges { node { id } } } }`,
        { id: agent.userId },
        sellers[0]!.token,
      ),
    );
    expect(publicList.agentReviews.edges.map((e) => e.node.id)).toEqual([...ids].reverse());
    expect(
      codeOf(await server.gql(`query($id: ID!) { agentReviews(agentId: $id) { edges { node { id } } } }`, { id: sellers[0]!.userId })),
    ).toBe('not_found');
    const mine = ok(
      await server.gql<{ myAgentReviews: { edges: { node: { id: string } }[] } }>(
        `{ myAgentReviews(first: 10) { edges { node { id } } } }`,
        {},
        agent.token,
      ),
    );
    expect(mine.myAgentReviews.edges.map((e) => e.node.id)).toEqual([...ids].reverse());
    expect(codeOf(await asSeller(AGENT_REVIEWS, { id: sellers[0]!.appraisalId, after: 'bm90LWEtY3Vyc29y' }, sellers[0]!.token))).toBe(
      'validation_failed',
    );
  });
});

describe('invitations', () => {
  const invitationsTo = async (email: string) => (await server.emailsTo(email)).filter((m) => m.template === 'review-invitation');
  const remindersTo = async (email: string) => (await server.emailsTo(email)).filter((m) => m.template === 'review-reminder');

  it('invites 3 days after an appraisal arrives, reminds once 7 days later, and not after a review', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    try {
      server.deps.clock.advance(3 * DAY - 60_000);
      await sendReviewInvitations(server.deps);
      expect(await invitationsTo(s.sellerEmail)).toHaveLength(0);
      server.deps.clock.advance(120_000);
      await sendReviewInvitations(server.deps);
      await sendReviewInvitations(server.deps);
      const invitations = await invitationsTo(s.sellerEmail);
      expect(invitations).toHaveLength(2);
      const links = invitations.map((m) => m.text.match(/http\S+\/property\/[0-9a-f-]+\/appraisal\/([0-9a-f-]+)\/review/)![1]);
      expect(links.sort()).toEqual(s.appraisers.map((a) => s.appraisalOf(a.userId)).sort());

      // The seller reviews one appraisal; only the other is reminded, once.
      ok(await submit(s.seller.token, s.appraisalOf(s.appraisers[0]!.userId)));
      server.deps.clock.advance(7 * DAY);
      await sendReviewInvitations(server.deps);
      await sendReviewInvitations(server.deps);
      const reminders = await remindersTo(s.sellerEmail);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.text).toContain(`/appraisal/${s.appraisalOf(s.appraisers[1]!.userId)}/review`);
      server.deps.clock.advance(7 * DAY);
      await sendReviewInvitations(server.deps);
      expect(await remindersTo(s.sellerEmail)).toHaveLength(1);
    } finally {
      server.deps.clock.reset();
    }
  });

  it('invites the seller to review the selling agent right after the agent confirms the sale', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const selling = s.appraisers[0]!;
    ok(await server.gql(SOLD, { propertyId: s.property.id, sellingAgentId: selling.userId, ...BANK }, s.seller.token));
    await sendReviewInvitations(server.deps);
    expect(await invitationsTo(s.sellerEmail)).toHaveLength(0);
    ok(await server.gql(CONFIRM, { id: await saleIdOf(s.property.id), salePrice: 1_250_000, contractDate: '2026-10-01' }, selling.token));
    await sendReviewInvitations(server.deps);
    await sendReviewInvitations(server.deps);
    const invitations = await invitationsTo(s.sellerEmail);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.text).toContain('your sale in Bondi');
    expect(invitations[0]!.text).toContain(`/appraisal/${s.appraisalOf(selling.userId)}/review`);
  });
});

describe('agentReviews by agent id', () => {
  const AGENT_REVIEWS_BY_ID = `query($agentId: ID!) { agentReviews(agentId: $agentId, first: 10) { edges { node { id agent { id name bio agencyName } } } } }`;
  const read = (agentId: string, token?: string) =>
    server.gql<{ agentReviews: { edges: { node: { id: string; agent: { name: string } } }[] } }>(AGENT_REVIEWS_BY_ID, { agentId }, token);

  it('shows a public agent to anyone; a hidden, suspended or never-public one only to the agent, operators and their sellers', async () => {
    const bondi = await findSuburb(server, 'bondi beach');
    const agent = await createPublicAgent(server, bondi.id, { name: 'Casey Public' });
    const s = await appraisedForReview({ appraisers: 1 });
    const { appraisal } = await submitAppraisalFor(server, s.property.id, agent.userId);
    const review = ok(await submit(s.seller.token, appraisal.id)).submitAgentReview;
    const stranger = await createSeller(server);
    const otherAgent = await createSellingAgent(server, { name: 'Other Agent' });

    expect(ok(await read(agent.userId)).agentReviews.edges.map((e) => e.node.id)).toEqual([review.id]);

    // Hidden: anonymous callers and other agents find nothing; the agent, operators and sellers (the picker) see it.
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: false }).where(eq(agentProfiles.userId, agent.userId));
    expect(codeOf(await read(agent.userId))).toBe('not_found');
    expect(codeOf(await read(agent.userId, otherAgent.token))).toBe('not_found');
    for (const token of [agent.token, operator.token, s.seller.token, stranger.token]) {
      expect(ok(await read(agent.userId, token)).agentReviews.edges).toHaveLength(1);
    }

    // Suspended: only the agent, operators and the seller who asked them.
    await server.deps.db
      .insert(agentSuspensions)
      .values({ agentUserId: agent.userId, reason: 'Under investigation', suspendedAt: server.deps.clock.now() });
    await server.deps.db.update(agentProfiles).set({ publicProfileVisible: true }).where(eq(agentProfiles.userId, agent.userId));
    expect(codeOf(await read(agent.userId))).toBe('not_found');
    expect(codeOf(await read(agent.userId, stranger.token))).toBe('not_found');
    for (const token of [agent.token, operator.token, s.seller.token]) {
      expect(ok(await read(agent.userId, token)).agentReviews.edges).toHaveLength(1);
    }

    // Never public (no verified licence, no subscription): nothing to anonymous callers, the appraisal page still works.
    const neverPublic = s.appraisers[0]!;
    ok(await submit(s.seller.token, s.appraisalOf(neverPublic.userId)));
    expect(codeOf(await read(neverPublic.userId))).toBe('not_found');
    expect(ok(await read(neverPublic.userId, s.seller.token)).agentReviews.edges).toHaveLength(1);
    expect(ok(await read(neverPublic.userId, neverPublic.token)).agentReviews.edges).toHaveLength(1);
  });
});

describe('a held review is mended by its writer', () => {
  const REVIEW_LINK = /\/property\/[0-9a-f-]+\/appraisal\/[0-9a-f-]+\/review/;
  const rowOf = async (id: string) => (await server.deps.db.query.agentReviews.findFirst({ where: eq(agentReviews.id, id) }))!;

  it('an edit taking the phone number out goes through the screening again and is published, the agent told', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const held = ok(await submit(s.seller.token, s.appraisalOf(agent.userId), `${GOOD_TEXT} Call him on 0412 345 678.`)).submitAgentReview;
    expect(held).toMatchObject({ status: 'HELD', canEdit: true });
    // Still a number: still held.
    const still = ok(
      await asSeller<{ updateAgentReview: Review }>(
        UPDATE,
        { id: held.id, rating: 4, text: `${GOOD_TEXT} Ring 02 9999 0000.` },
        s.seller.token,
      ),
    );
    expect(still.updateAgentReview.status).toBe('HELD');
    const mended = ok(await asSeller<{ updateAgentReview: Review }>(UPDATE, { id: held.id, rating: 4, text: GOOD_TEXT }, s.seller.token));
    expect(mended.updateAgentReview).toMatchObject({ status: 'PUBLISHED', edited: true });
    expect(await rowOf(held.id)).toMatchObject({ holdReasons: [], awaitingModerationSince: null });
    expect((await server.emailsTo(agent.email)).map((m) => m.subject)).toContain('A seller has reviewed you on Listwise');
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node.id)).not.toContain(held.id);
  });

  it('a hold about the writer (the agent’s own network) stays for an operator whatever the edit', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    // The agent's own sessions use 127.0.0.1 (no forwarded address).
    await server.gql(`query { me { id } }`, {}, agent.token);
    const held = ok(
      await submit(s.seller.token, s.appraisalOf(agent.userId), `${GOOD_TEXT} 0412 345 678`, 5, '127.0.0.1'),
    ).submitAgentReview;
    expect((await rowOf(held.id)).holdReasons).toEqual(['AGENT_NETWORK_ADDRESS', 'CONTACT_DETAILS']);
    const edited = ok(await asSeller<{ updateAgentReview: Review }>(UPDATE, { id: held.id, rating: 5, text: GOOD_TEXT }, s.seller.token));
    expect(edited.updateAgentReview.status).toBe('HELD');
    expect((await rowOf(held.id)).holdReasons).toEqual(['AGENT_NETWORK_ADDRESS']);
  });

  it('a review removed for personal information is e-mailed with the edit link and, mended, goes back to an operator', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent, other] = [s.appraisers[0]!, s.appraisers[1]!];
    const held = ok(
      await submit(s.seller.token, s.appraisalOf(agent.userId), `${GOOD_TEXT} His mobile is 0412 345 678.`),
    ).submitAgentReview;
    ok(await server.gql(MODERATE, { id: held.id, publish: false, reason: 'PERSONAL_INFORMATION' }, operator.token));
    const [mail] = await server.emailsTo(s.sellerEmail);
    expect(mail!.text).toMatch(REVIEW_LINK);
    expect(mail!.text).toContain(`/appraisal/${s.appraisalOf(agent.userId)}/review`);
    const mended = ok(await asSeller<{ updateAgentReview: Review }>(UPDATE, { id: held.id, rating: 5, text: GOOD_TEXT }, s.seller.token));
    expect(mended.updateAgentReview).toMatchObject({ status: 'HELD', canEdit: true });
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node.id)).toContain(held.id);

    // A review removed as fake or conflicted cannot be rewritten, and its e-mail offers no edit.
    const fake = ok(await submit(s.seller.token, s.appraisalOf(other.userId), `${GOOD_TEXT} Visit www.harbour.test.`)).submitAgentReview;
    ok(await server.gql(MODERATE, { id: fake.id, publish: false, reason: 'FAKE_OR_CONFLICTED' }, operator.token));
    const [fakeMail] = await server.emailsTo(s.sellerEmail);
    expect(fakeMail!.text).not.toMatch(REVIEW_LINK);
    expect(codeOf(await asSeller(UPDATE, { id: fake.id, rating: 5, text: GOOD_TEXT }, s.seller.token))).toBe('invalid_state');
  });

  it('a mended review stays in the queue for what still waits there: the agent’s held reply, or a report', async () => {
    const s = await appraisedForReview({ appraisers: 2 });
    const [agent, other] = [s.appraisers[0]!, s.appraisers[1]!];
    const replied = ok(await submit(s.seller.token, s.appraisalOf(agent.userId))).submitAgentReview;
    ok(await server.gql(REPLY, { id: replied.id, text: 'Ring me on 0412 345 678 to talk it over.' }, agent.token));
    const reported = ok(await submit(s.seller.token, s.appraisalOf(other.userId))).submitAgentReview;
    ok(await server.gql(REPORT, { id: reported.id, reason: 'FAKE_OR_CONFLICTED' }, other.token));
    for (const review of [replied, reported]) {
      const heldAgain = ok(
        await asSeller<{ updateAgentReview: Review }>(
          UPDATE,
          { id: review.id, rating: 5, text: `${GOOD_TEXT} 0412 345 678` },
          s.seller.token,
        ),
      );
      expect(heldAgain.updateAgentReview.status).toBe('HELD');
      const mended = ok(
        await asSeller<{ updateAgentReview: Review }>(UPDATE, { id: review.id, rating: 5, text: GOOD_TEXT }, s.seller.token),
      );
      expect(mended.updateAgentReview.status).toBe('PUBLISHED');
    }
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node.id)).toEqual(expect.arrayContaining([replied.id, reported.id]));
  });
});

describe("an agent's reply is screened", () => {
  const REPLY_FIELDS = `id reply { text status holdReasons removalReason }`;
  const REPLY_SCREENED = `mutation($id: ID!, $text: String!) { replyToAgentReview(reviewId: $id, text: $text) { ${REPLY_FIELDS} } }`;
  const MODERATE_REPLY = `mutation($id: ID!, $publish: Boolean!, $reason: ReviewRemovalReason) {
    moderateReviewReply(reviewId: $id, publish: $publish, reason: $reason) { ${REPLY_FIELDS} }
  }`;
  type Reply = { id: string; reply: { text: string; status: string; holdReasons: string[]; removalReason: string | null } | null };
  const publicReply = async (appraisalId: string, token: string) =>
    ok(
      await asSeller<{ propertyAppraisal: { agent: { reviews: { edges: { node: Review }[] } } } }>(
        AGENT_REVIEWS,
        { id: appraisalId },
        token,
      ),
    ).propertyAppraisal.agent.reviews.edges[0]!.node.reply;

  it("holds a reply giving the reviewer's surname, street, e-mail or phone; an operator publishes or removes it, audited", async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const property = (await server.deps.db.query.properties.findFirst({ where: (p, { eq: is }) => is(p.id, s.property.id) }))!;
    const review = ok(await submit(s.seller.token, s.appraisalOf(agent.userId), GOOD_TEXT, 1)).submitAgentReview;
    const b = await createSeller(server);
    const bProperty = await createActiveProperty(server, b.userId);
    const { appraisal: bAppraisal } = await submitAppraisalFor(server, bProperty.id, agent.userId);

    for (const [text, reasons] of [
      ['Jordan Citizen still owes the photographer.', ['REVIEWER_DETAILS']],
      [`The house on ${property.streetName} was overpriced.`, ['REVIEWER_DETAILS']],
      ['Write to jordan@gmail.com or call 0412 345 678.', ['CONTACT_DETAILS']],
    ] as const) {
      const held = ok(await server.gql<{ replyToAgentReview: Reply }>(REPLY_SCREENED, { id: review.id, text }, agent.token));
      expect(held.replyToAgentReview.reply).toMatchObject({ text, status: 'HELD', holdReasons: reasons });
      // Nobody else sees a held reply.
      expect(await publicReply(bAppraisal.id, b.token)).toBeNull();
    }
    const queue = ok(
      await server.gql<{ adminReviewsToModerate: { edges: { node: Reply }[] } }>(
        `query { adminReviewsToModerate(first: 50) { edges { node { ${REPLY_FIELDS} } } } }`,
        {},
        operator.token,
      ),
    );
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node)).toContainEqual(
      expect.objectContaining({ id: review.id, reply: expect.objectContaining({ status: 'HELD', holdReasons: ['CONTACT_DETAILS'] }) }),
    );
    expect(codeOf(await server.gql(MODERATE_REPLY, { id: review.id, publish: true }, agent.token))).toBe('forbidden');
    const removed = ok(
      await server.gql<{ moderateReviewReply: Reply }>(
        MODERATE_REPLY,
        { id: review.id, publish: false, reason: 'PERSONAL_INFORMATION' },
        operator.token,
      ),
    );
    expect(removed.moderateReviewReply.reply).toMatchObject({ status: 'REMOVED', removalReason: 'PERSONAL_INFORMATION' });
    expect(await publicReply(bAppraisal.id, b.token)).toBeNull();
    const [entry] = await server.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'REMOVE_REVIEW_REPLY'));
    expect(entry).toMatchObject({ targetId: review.id, details: expect.objectContaining({ reason: 'PERSONAL_INFORMATION' }) });
    expect((await server.emailsTo(agent.email)).map((m) => m.template)).toContain('review-reply-removed');

    // A clean reply is published at once; an operator can still take a published reply down.
    const clean = ok(
      await server.gql<{ replyToAgentReview: Reply }>(REPLY_SCREENED, { id: review.id, text: 'Thank you, Jordan.' }, agent.token),
    );
    expect(clean.replyToAgentReview.reply).toMatchObject({ status: 'PUBLISHED', holdReasons: [] });
    expect(await publicReply(bAppraisal.id, b.token)).toMatchObject({ text: 'Thank you, Jordan.' });
    const noReason = await server.gql(MODERATE_REPLY, { id: review.id, publish: false }, operator.token);
    expect(noReason.errors![0]!.extensions).toMatchObject({ code: 'validation_failed', field: 'reason' });
    ok(await server.gql(MODERATE_REPLY, { id: review.id, publish: false, reason: 'OFFENSIVE' }, operator.token));
    expect(await publicReply(bAppraisal.id, b.token)).toBeNull();
    expect(codeOf(await server.gql(MODERATE_REPLY, { id: '00000000-0000-4000-8000-000000000000', publish: true }, operator.token))).toBe(
      'not_found',
    );
  });

  it('a held reply the agent mends is published and leaves the queue, with nothing else waiting there', async () => {
    const s = await appraisedForReview({ appraisers: 1 });
    const agent = s.appraisers[0]!;
    const review = ok(await submit(s.seller.token, s.appraisalOf(agent.userId))).submitAgentReview;
    const held = ok(
      await server.gql<{ replyToAgentReview: Reply }>(REPLY_SCREENED, { id: review.id, text: 'Call me on 0412 345 678.' }, agent.token),
    );
    expect(held.replyToAgentReview.reply).toMatchObject({ status: 'HELD' });
    const mended = ok(await server.gql<{ replyToAgentReview: Reply }>(REPLY_SCREENED, { id: review.id, text: 'Thank you.' }, agent.token));
    expect(mended.replyToAgentReview.reply).toMatchObject({ status: 'PUBLISHED' });
    const queue = ok(await server.gql<{ adminReviewsToModerate: { edges: { node: Review }[] } }>(QUEUE, {}, operator.token));
    expect(queue.adminReviewsToModerate.edges.map((e) => e.node.id)).not.toContain(review.id);
  });
});
