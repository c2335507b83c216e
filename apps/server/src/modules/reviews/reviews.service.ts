import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  agentReviewSchema,
  containsContactDetails,
  emailDomainOf,
  isOrganisationDomain,
  REVIEW_AGENT_ADDRESS_DAYS,
  REVIEW_EDIT_DAYS,
  REVIEW_SUMMARY_MIN_COUNT,
  reviewerFirstNameOf,
  type ReviewHoldReason,
} from '@listwise/domain/reviews';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { mayReceiveRequests } from '../agents/agent-standing.ts';
import { findPublicAgentIds } from '../agents/public-agent.ts';
import { properties } from '../../db/schema/properties.ts';
import { agentNetworkAddresses, agentReviewReports, agentReviews } from '../../db/schema/reviews.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  pageSize,
  type Connection,
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  timeCursor,
  type PageArgs,
} from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { NewAgentReviewEmail } from '../notifications/templates/review-emails.tsx';
import { closeReviewInvitations } from './review-invitations.service.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Agent reviews: the seller of a property reviews each agent whose appraisal they received, once per
 * appraisal; published at once unless a rule of the policy holds it for an operator; the agent replies once
 * (editable) and may report it; an operator publishes or removes it with a reason from the published list.
 */
export type AgentReviewRow = typeof agentReviews.$inferSelect;

const DAY_MS = 86_400_000;

// ——— Holds ———

/** The policy's reasons to hold a review for an operator before anyone else sees it. */
async function holdReasonsFor(
  tx: Tx,
  input: { reviewer: UserRow; agentUserId: string; text: string; clientAddress: string; now: Date },
): Promise<ReviewHoldReason[]> {
  const reasons: ReviewHoldReason[] = [];
  const reviewerDomain = emailDomainOf(input.reviewer.email);
  if (isOrganisationDomain(reviewerDomain) && (await isAgentOrAgencyDomain(tx, input.agentUserId, reviewerDomain))) {
    reasons.push('AGENT_EMAIL_DOMAIN');
  }
  const since = new Date(input.now.getTime() - REVIEW_AGENT_ADDRESS_DAYS * DAY_MS);
  const [sharedAddress] = await tx
    .select({ address: agentNetworkAddresses.address })
    .from(agentNetworkAddresses)
    .where(
      and(
        eq(agentNetworkAddresses.agentUserId, input.agentUserId),
        eq(agentNetworkAddresses.address, input.clientAddress),
        gte(agentNetworkAddresses.lastUsedAt, since),
      ),
    )
    .limit(1);
  if (sharedAddress) reasons.push('AGENT_NETWORK_ADDRESS');
  if (containsContactDetails(input.text)) reasons.push('CONTACT_DETAILS');
  return reasons;
}

/** Whether the domain is the agent's own e-mail domain, or that of another agent of the same agency. */
async function isAgentOrAgencyDomain(tx: Tx, agentUserId: string, domain: string): Promise<boolean> {
  const [agent] = await tx
    .select({ email: users.email, agencyName: agentProfiles.agencyName })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.id, agentUserId));
  if (emailDomainOf(agent?.email) === domain) return true;
  const agency = agent?.agencyName?.trim();
  if (!agency) return false;
  const [colleague] = await tx
    .select({ id: users.id })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(and(sql`lower(trim(${agentProfiles.agencyName})) = lower(${agency})`, sql`lower(${users.email}) like ${`%@${domain}`}`))
    .limit(1);
  return !!colleague;
}

// ——— The seller ———

export async function submitAgentReview(
  deps: Deps,
  seller: UserRow,
  input: { propertyAppraisalId: string; rating: number; text: string },
  clientAddress: string,
): Promise<AgentReviewRow> {
  if (!isUuid(input.propertyAppraisalId)) throw notFound();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [appraisal] = await tx
      .select({ appraisal: propertyAppraisals, suburbName: suburbs.name })
      .from(propertyAppraisals)
      .innerJoin(properties, eq(properties.id, propertyAppraisals.propertyId))
      .leftJoin(suburbs, eq(suburbs.id, properties.suburbId))
      .where(
        and(
          eq(propertyAppraisals.id, input.propertyAppraisalId),
          eq(propertyAppraisals.state, 'SUBMITTED'),
          eq(properties.sellerUserId, seller.id),
        ),
      );
    if (!appraisal) throw notFound();
    const values = parseInput(agentReviewSchema, { rating: input.rating, text: input.text });
    const [profile] = await tx.select({ name: sellerProfiles.name }).from(sellerProfiles).where(eq(sellerProfiles.userId, seller.id));
    const agentUserId = appraisal.appraisal.agentUserId;
    const holdReasons = await holdReasonsFor(tx, { reviewer: seller, agentUserId, text: values.text, clientAddress, now });
    const isHeld = holdReasons.length > 0;
    const [review] = await tx
      .insert(agentReviews)
      .values({
        propertyAppraisalId: appraisal.appraisal.id,
        propertyId: appraisal.appraisal.propertyId,
        agentUserId,
        sellerUserId: seller.id,
        rating: values.rating,
        text: values.text,
        reviewerFirstName: reviewerFirstNameOf(profile?.name),
        suburbName: appraisal.suburbName ?? '',
        status: isHeld ? 'HELD' : 'PUBLISHED',
        holdReasons,
        createdAt: now,
        awaitingModerationSince: isHeld ? now : null,
      })
      .onConflictDoNothing({ target: agentReviews.propertyAppraisalId })
      .returning();
    if (!review) throw new AppError('review_already_submitted');
    await closeReviewInvitations(tx, review.propertyAppraisalId);
    return isHeld ? review : notifyAgentOfReview(deps, tx, review, now);
  });
}

/**
 * The hold reasons about the text, which an edit can mend; the others are about who wrote it and from where, and
 * stay for an operator whatever the text becomes.
 */
const TEXT_HOLD_REASONS: readonly string[] = ['CONTACT_DETAILS'];

/** Screened again on every edit: an edit could add what screening holds, or mend what got a review removed. */
export async function updateAgentReview(
  deps: Deps,
  seller: UserRow,
  input: { reviewId: string; rating: number; text: string },
  clientAddress: string,
): Promise<AgentReviewRow> {
  if (!isUuid(input.reviewId)) throw notFound();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(agentReviews)
      .where(and(eq(agentReviews.id, input.reviewId), eq(agentReviews.sellerUserId, seller.id)))
      .for('update');
    if (!review) throw notFound();
    const values = parseInput(agentReviewSchema, { rating: input.rating, text: input.text });
    if (!isReviewEditable(review, now)) throw new AppError('invalid_state');
    // An edit is held on the same rules as a new review: a published review cannot gain a phone number unseen.
    const newHolds = await holdReasonsFor(tx, { reviewer: seller, agentUserId: review.agentUserId, text: values.text, clientAddress, now });
    const keptHolds = review.status === 'HELD' ? review.holdReasons.filter((reason) => !TEXT_HOLD_REASONS.includes(reason)) : [];
    const holdReasons = [...new Set([...keptHolds, ...newHolds])];
    const isHeld = review.status === 'REMOVED' || holdReasons.length > 0;
    const updated = await tx
      .update(agentReviews)
      .set({
        rating: values.rating,
        text: values.text,
        editedAt: now,
        status: isHeld ? 'HELD' : 'PUBLISHED',
        holdReasons,
        removalReason: null,
        awaitingModerationSince: await awaitingModerationSince(tx, review, { status: isHeld ? 'HELD' : 'PUBLISHED' }, now),
      })
      .where(eq(agentReviews.id, review.id))
      .returning()
      .then(theRow);
    return updated.status === 'PUBLISHED' ? notifyAgentOfReview(deps, tx, updated, now) : updated;
  });
}

/** The reviews a seller wrote of some appraisals (any status: a seller always sees their own). */
export const findReviewsOfAppraisals = (db: Tx, appraisalIds: readonly string[]) =>
  appraisalIds.length
    ? db
        .select()
        .from(agentReviews)
        .where(inArray(agentReviews.propertyAppraisalId, [...appraisalIds]))
    : Promise.resolve([]);

/**
 * Where a review stands in the operators' queue once a change is written: it waits while the review or its reply is
 * held, or a report is not yet answered by a decision, keeping its place (or joining now); otherwise it leaves.
 * Every write that changes a review's status, its reply's status or its reports sets awaitingModerationSince with this.
 */
export async function awaitingModerationSince(
  tx: Tx,
  review: AgentReviewRow,
  change: { status?: AgentReviewRow['status']; replyStatus?: AgentReviewRow['replyStatus'] },
  now: Date,
): Promise<Date | null> {
  const { status, replyStatus } = { status: review.status, replyStatus: review.replyStatus, ...change };
  const waits = status === 'HELD' || replyStatus === 'HELD' || (await isReported(tx, review.id));
  return waits ? (review.awaitingModerationSince ?? now) : null;
}

async function isReported(tx: Tx, reviewId: string): Promise<boolean> {
  const [report] = await tx
    .select({ id: agentReviewReports.id })
    .from(agentReviewReports)
    .where(eq(agentReviewReports.reviewId, reviewId))
    .limit(1);
  return !!report;
}

/** Tells the agent of a review once it is published (once per review, however often it is published). */
export async function notifyAgentOfReview(deps: Deps, tx: Tx, review: AgentReviewRow, now: Date): Promise<AgentReviewRow> {
  if (review.agentNotifiedAt) return review;
  const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.agentUserId));
  if (agent?.email) {
    await queueEmail(deps, tx, {
      to: agent.email,
      subject: 'A seller has reviewed you on Listwise',
      template: 'agent-review-published',
      optional: { category: 'REVIEWS', userId: review.agentUserId },
      push: {
        kind: 'REVIEW_PUBLISHED',
        userId: review.agentUserId,
        content: { title: 'New review', body: `A seller gave you ${review.rating} out of 5.`, url: '/agent/reviews' },
      },
      body: NewAgentReviewEmail({ rating: review.rating, text: review.text, link: `${deps.config.appUrl}/agent/reviews` }),
    });
  }
  const updated = await tx
    .update(agentReviews)
    .set({ agentNotifiedAt: now })
    .where(eq(agentReviews.id, review.id))
    .returning()
    .then(theRow);
  return updated;
}

// ——— Where reviews show ———

/** Agent.reviews: an agent's published reviews, newest first (on agent_reviews_agent_published_idx). */
export async function listPublishedReviews(db: Tx, agentUserId: string, args: PageArgs): Promise<Connection<AgentReviewRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: agentReviews, key: keyOf(agentReviews.createdAt) })
    .from(agentReviews)
    .where(
      and(
        eq(agentReviews.agentUserId, agentUserId),
        eq(agentReviews.status, 'PUBLISHED'),
        afterCursor(agentReviews.createdAt, agentReviews.id, cursor, 'desc'),
      ),
    )
    .orderBy(...newestFirst(agentReviews.createdAt, agentReviews.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** agentReviews: the published reviews of an agent by id; an id that is no agent's answers `not_found`. */
export async function listAgentReviews(
  db: Tx,
  agentUserId: string,
  args: PageArgs,
  reader: { user: UserRow | null; now: Date },
): Promise<Connection<AgentReviewRow>> {
  if (!isUuid(agentUserId)) throw notFound();
  if (!(await mayReadAgentReviews(db, agentUserId, reader.user, reader.now))) throw notFound();
  return listPublishedReviews(db, agentUserId, args);
}

/**
 * Who may read an agent's reviews by the agent's id (each review names the agent, with their bio, agency and
 * licence): anyone while the agent's public profile shows (isPublicAgent); the agent and operators always; a
 * seller for an agent they could ask (who may receive requests: the agent picker) or have asked (their appraisal
 * page). Anyone else, and anyone about a closed, suspended, hidden or never-public agent, finds nothing.
 */
async function mayReadAgentReviews(db: Tx, agentUserId: string, user: UserRow | null, now: Date): Promise<boolean> {
  const [agent] = await db
    .select({ id: agentProfiles.userId, deletedAt: users.deletedAt })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(eq(agentProfiles.userId, agentUserId));
  if (!agent) return false;
  if (user?.id === agentUserId || user?.userType === 'ADMIN') return true;
  if (agent.deletedAt) return false;
  if ((await findPublicAgentIds(db, [agentUserId], now)).has(agentUserId)) return true;
  if (user?.userType !== 'SELLER') return false;
  const [asked] = await db
    .select({ id: propertyAppraisalRequests.id })
    .from(propertyAppraisalRequests)
    .innerJoin(properties, eq(properties.id, propertyAppraisalRequests.propertyId))
    .where(and(eq(propertyAppraisalRequests.agentUserId, agentUserId), eq(properties.sellerUserId, user.id)))
    .limit(1);
  if (asked) return true;
  const [askable] = await db
    .select({ id: agentProfiles.userId })
    .from(agentProfiles)
    .where(and(eq(agentProfiles.userId, agentUserId), mayReceiveRequests(agentProfiles.userId, now)));
  return !!askable;
}

export interface ReviewSummary {
  agentUserId: string;
  count: number;
  /** Null below REVIEW_SUMMARY_MIN_COUNT published reviews; else rounded to one decimal. */
  averageRating: number | null;
}

/** Agent.reviewSummary for several agents at once (a DataLoader batch). */
export async function summariseReviews(db: Tx, agentUserIds: readonly string[]): Promise<ReviewSummary[]> {
  if (!agentUserIds.length) return [];
  const rows = await db
    .select({
      agentUserId: agentReviews.agentUserId,
      count: sql<number>`count(*)::int`,
      average: sql<string>`avg(${agentReviews.rating})`,
    })
    .from(agentReviews)
    .where(and(inArray(agentReviews.agentUserId, [...agentUserIds]), eq(agentReviews.status, 'PUBLISHED')))
    .groupBy(agentReviews.agentUserId);
  const byAgent = new Map(rows.map((row) => [row.agentUserId, row]));
  return agentUserIds.map((agentUserId) => {
    const row = byAgent.get(agentUserId);
    const count = row?.count ?? 0;
    return {
      agentUserId,
      count,
      averageRating: count >= REVIEW_SUMMARY_MIN_COUNT ? Math.round(Number(row!.average) * 10) / 10 : null,
    };
  });
}

/**
 * The selling agent of each property whose sale that agent confirmed (and did not dispute): their review of it
 * is a verified sale. A DataLoader batch keyed by property.
 */
export const findConfirmedSellingAgents = (db: Tx, propertyIds: readonly string[]) =>
  propertyIds.length
    ? db
        .select({ propertyId: propertySales.propertyId, sellingAgentUserId: propertySales.sellingAgentUserId })
        .from(propertySales)
        .where(
          and(inArray(propertySales.propertyId, [...propertyIds]), isNotNull(propertySales.confirmedAt), isNull(propertySales.disputedAt)),
        )
    : Promise.resolve([]);

/**
 * The removal reasons a writer can mend by rewriting (personal information taken out, the words changed, the text
 * about the service): such a review stays editable. One removed as fake or conflicted cannot be rewritten.
 */
export const MENDABLE_REMOVAL_REASONS: readonly string[] = ['PERSONAL_INFORMATION', 'OFFENSIVE', 'NOT_ABOUT_THE_SERVICE'];

/** Whether the reviewer may still edit the review: within 30 days, and not removed for a reason no edit mends. */
export const isReviewEditable = (review: AgentReviewRow, now: Date) =>
  (review.status !== 'REMOVED' || MENDABLE_REMOVAL_REASONS.includes(review.removalReason ?? '')) &&
  now.getTime() - review.createdAt.getTime() <= REVIEW_EDIT_DAYS * DAY_MS;
