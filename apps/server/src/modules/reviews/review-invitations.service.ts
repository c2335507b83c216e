import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { REVIEW_INVITATION_DELAY_DAYS, REVIEW_REMINDER_DELAY_DAYS } from '@listwise/domain/reviews';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { agentReviews, reviewInvitations, type ReviewInvitationReason } from '../../db/schema/reviews.ts';
import { propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { ReviewInvitationEmail } from '../notifications/templates/review-emails.tsx';

/**
 * Every seller is asked; no agent chooses who. A job invites the seller to review each appraisal 3 days
 * after it arrived, and the selling agent as soon as that agent has confirmed the sale; one reminder follows 7 days
 * after an invitation unless the seller has reviewed meanwhile. One invitation per appraisal and reason (a unique
 * index), so runs that overlap or repeat send nothing twice.
 */
export const REVIEW_QUEUES = { invite: QUEUES.reviewInvitations } as const;

const DAY_MS = 86_400_000;
/** How far back a run looks: what a stopped worker missed is still sent when it comes back within two weeks. */
const CATCH_UP_DAYS = 14;
const BATCH = 100;

/** The review form of an appraisal: the e-mail's link (the route signs the seller in first where needed). */
export const reviewFormPath = (propertyId: string, propertyAppraisalId: string) =>
  `/property/${propertyId}/appraisal/${propertyAppraisalId}/review`;

interface Candidate {
  propertyAppraisalId: string;
  propertyId: string;
  sellerUserId: string;
}

const hasNoReview = sql`not exists (select 1 from ${agentReviews} where ${agentReviews.propertyAppraisalId} = ${propertyAppraisals.id})`;
const hasNoInvitation = (reason?: ReviewInvitationReason) =>
  sql`not exists (select 1 from ${reviewInvitations} where ${reviewInvitations.propertyAppraisalId} = ${propertyAppraisals.id}${
    reason ? sql` and ${reviewInvitations.reason} = ${reason}` : sql``
  })`;

/** Job handler: sends the invitations and reminders that are due; returns how many e-mails it queued. */
export async function sendReviewInvitations(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const appraisalDue = new Date(now.getTime() - REVIEW_INVITATION_DELAY_DAYS * DAY_MS);
  const appraisalCandidates: Candidate[] = await deps.db
    .select({
      propertyAppraisalId: propertyAppraisals.id,
      propertyId: propertyAppraisals.propertyId,
      sellerUserId: properties.sellerUserId,
    })
    .from(propertyAppraisals)
    .innerJoin(properties, eq(properties.id, propertyAppraisals.propertyId))
    .where(
      and(
        eq(propertyAppraisals.state, 'SUBMITTED'),
        lte(propertyAppraisals.sentAt, appraisalDue),
        gt(propertyAppraisals.sentAt, new Date(appraisalDue.getTime() - CATCH_UP_DAYS * DAY_MS)),
        hasNoReview,
        hasNoInvitation(),
      ),
    )
    .limit(BATCH);
  const saleCandidates: Candidate[] = await deps.db
    .select({
      propertyAppraisalId: propertyAppraisals.id,
      propertyId: propertyAppraisals.propertyId,
      sellerUserId: propertySales.sellerUserId,
    })
    .from(propertySales)
    .innerJoin(
      propertyAppraisals,
      and(
        eq(propertyAppraisals.propertyId, propertySales.propertyId),
        eq(propertyAppraisals.agentUserId, propertySales.sellingAgentUserId),
      ),
    )
    .where(
      and(
        isNotNull(propertySales.confirmedAt),
        lte(propertySales.confirmedAt, now),
        gt(propertySales.confirmedAt, new Date(now.getTime() - CATCH_UP_DAYS * DAY_MS)),
        isNull(propertySales.disputedAt),
        eq(propertyAppraisals.state, 'SUBMITTED'),
        hasNoReview,
        hasNoInvitation('SALE'),
      ),
    )
    .limit(BATCH);

  let sent = 0;
  for (const candidate of saleCandidates) sent += await invite(deps, candidate, 'SALE', now);
  for (const candidate of appraisalCandidates) sent += await invite(deps, candidate, 'APPRAISAL', now);
  sent += await sendDueReminders(deps, now);
  return sent;
}

async function invite(deps: Deps, candidate: Candidate, reason: ReviewInvitationReason, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .insert(reviewInvitations)
      .values({
        propertyAppraisalId: candidate.propertyAppraisalId,
        sellerUserId: candidate.sellerUserId,
        reason,
        sentAt: now,
        reminderDueAt: new Date(now.getTime() + REVIEW_REMINDER_DELAY_DAYS * DAY_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!invitation) return 0;
    if (reason === 'SALE') {
      // The sale's invitation takes over from the appraisal's: one reminder, about the sale.
      await tx
        .update(reviewInvitations)
        .set({ reminderDueAt: null })
        .where(and(eq(reviewInvitations.propertyAppraisalId, candidate.propertyAppraisalId), eq(reviewInvitations.reason, 'APPRAISAL')));
    }
    return emailInvitation(deps, tx, candidate, reason, { isReminder: false });
  });
}

async function sendDueReminders(deps: Deps, now: Date): Promise<number> {
  const due = await deps.db
    .select({
      id: reviewInvitations.id,
      reason: reviewInvitations.reason,
      propertyAppraisalId: reviewInvitations.propertyAppraisalId,
      sellerUserId: reviewInvitations.sellerUserId,
      propertyId: propertyAppraisals.propertyId,
    })
    .from(reviewInvitations)
    .innerJoin(propertyAppraisals, eq(propertyAppraisals.id, reviewInvitations.propertyAppraisalId))
    .where(and(isNotNull(reviewInvitations.reminderDueAt), lte(reviewInvitations.reminderDueAt, now)))
    .limit(BATCH);
  let sent = 0;
  for (const invitation of due) {
    sent += await deps.db.transaction(async (tx) => {
      // Claimed by a conditional update, so of two overlapping runs only one reminds.
      const [claimed] = await tx
        .update(reviewInvitations)
        .set({ reminderDueAt: null, reminderSentAt: now })
        .where(and(eq(reviewInvitations.id, invitation.id), isNotNull(reviewInvitations.reminderDueAt)))
        .returning();
      if (!claimed) return 0;
      const [review] = await tx
        .select({ id: agentReviews.id })
        .from(agentReviews)
        .where(eq(agentReviews.propertyAppraisalId, invitation.propertyAppraisalId));
      if (review) return 0;
      return emailInvitation(deps, tx, invitation, invitation.reason, { isReminder: true });
    });
  }
  return sent;
}

async function emailInvitation(
  deps: Deps,
  tx: Tx,
  candidate: Candidate,
  reason: ReviewInvitationReason,
  { isReminder }: { isReminder: boolean },
) {
  const [details] = await tx
    .select({ email: users.email, sellerUserId: users.id, agentName: agentProfiles.name, suburbName: suburbs.name })
    .from(propertyAppraisals)
    .innerJoin(properties, eq(properties.id, propertyAppraisals.propertyId))
    .innerJoin(users, eq(users.id, properties.sellerUserId))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, propertyAppraisals.agentUserId))
    .leftJoin(suburbs, eq(suburbs.id, properties.suburbId))
    .where(eq(propertyAppraisals.id, candidate.propertyAppraisalId));
  if (!details?.email) return 0;
  const agentName = details.agentName || 'your agent';
  const queued = await queueEmail(deps, tx, {
    to: details.email,
    subject: isReminder ? `A reminder: how was ${agentName}?` : `How was ${agentName}? Review them on Listwise`,
    template: isReminder ? 'review-reminder' : 'review-invitation',
    // Optional: a seller who switched reviews off, or unsubscribed from one, gets neither invitation nor reminder.
    optional: { category: 'REVIEWS', userId: details.sellerUserId },
    body: ReviewInvitationEmail({
      agentName,
      suburbName: details.suburbName ?? 'your suburb',
      isSale: reason === 'SALE',
      isReminder,
      link: `${deps.config.appUrl}${reviewFormPath(candidate.propertyId, candidate.propertyAppraisalId)}`,
    }),
  });
  return queued ? 1 : 0;
}

/** A review was written: no reminder of its invitations is sent. */
export async function closeReviewInvitations(tx: Tx, propertyAppraisalId: string): Promise<void> {
  await tx
    .update(reviewInvitations)
    .set({ reminderDueAt: null })
    .where(and(eq(reviewInvitations.propertyAppraisalId, propertyAppraisalId), isNotNull(reviewInvitations.reminderDueAt)));
}
