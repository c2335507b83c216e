import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { propertyAppraisals } from './appraisals.ts';
import { properties } from './properties.ts';
import { ReviewStatus, ReviewTakedownReason, ReviewRemovalReason, ReviewReportReason, ReviewHoldReason } from '@listwise/domain/reviews';
import { ReviewInvitationReason } from '@listwise/domain/enums';
import { eachOneOf, oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { ReviewInvitationReason };

/**
 * Agent reviews (modules/reviews): one per appraisal a seller received, written by that seller only.
 * What a review shows of its writer (first name, suburb) is copied at submission, so a list never joins the
 * seller's account, and nothing else of the seller (surname, e-mail, phone, street) is ever read for it.
 */
/** A review's status: ReviewStatus of packages/domain. */
export type AgentReviewStatus = ReviewStatus;

export const agentReviews = pgTable(
  'agent_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyAppraisalId: uuid('property_appraisal_id')
      .notNull()
      .references(() => propertyAppraisals.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    reviewerFirstName: text('reviewer_first_name').notNull(),
    suburbName: text('suburb_name').notNull(),
    status: text('status').$type<AgentReviewStatus>().notNull(),
    /** Why it was held for an operator (ReviewHoldReason values); empty when published at once. */
    holdReasons: text('hold_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** When the agent was told of it (at publication); a review published twice tells them once. */
    agentNotifiedAt: timestamp('agent_notified_at', { withTimezone: true }),
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
    /** The reply's own status (null without a reply): screened like a review, held for an operator, or taken down. */
    replyStatus: text('reply_status').$type<AgentReviewStatus>(),
    replyHoldReasons: text('reply_hold_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    replyRemovalReason: text('reply_removal_reason'),
    /** Set while an operator should look at it (held, or reported since the last decision); cleared by a decision. */
    awaitingModerationSince: timestamp('awaiting_moderation_since', { withTimezone: true }),
    /** A ReviewTakedownReason: an operator's ReviewRemovalReason, or WRITER_CLOSED_ACCOUNT. */
    removalReason: text('removal_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('agent_reviews_status_check', t.status, ReviewStatus),
    oneOf('agent_reviews_removal_reason_check', t.removalReason, ReviewTakedownReason),
    eachOneOf('agent_reviews_hold_reasons_check', t.holdReasons, ReviewHoldReason),
    oneOf('agent_reviews_reply_status_check', t.replyStatus, ReviewStatus),
    oneOf('agent_reviews_reply_removal_reason_check', t.replyRemovalReason, ReviewRemovalReason),
    eachOneOf('agent_reviews_reply_hold_reasons_check', t.replyHoldReasons, ReviewHoldReason),
    uniqueIndex('agent_reviews_appraisal_unique').on(t.propertyAppraisalId),
    // Agent.reviews (newest first) and Agent.reviewSummary read only published reviews.
    index('agent_reviews_agent_published_idx')
      .on(t.agentUserId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'PUBLISHED'`),
    // The console's queue, oldest first.
    index('agent_reviews_moderation_idx')
      .on(t.awaitingModerationSince.asc().nullsLast(), t.id.asc().nullsLast())
      .where(sql`${t.awaitingModerationSince} is not null`),
  ],
);

export const agentReviewReports = pgTable(
  'agent_review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => agentReviews.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    oneOf('agent_review_reports_reason_check', t.reason, ReviewReportReason),
    uniqueIndex('agent_review_reports_review_agent_unique').on(t.reviewId, t.agentUserId),
  ],
);

/**
 * The invitations to review (every seller is asked; no agent chooses who): one per appraisal and reason, so the
 * job that sends them is idempotent; the one reminder is due 7 days after, unless the seller has reviewed.
 */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyAppraisalId: uuid('property_appraisal_id')
      .notNull()
      .references(() => propertyAppraisals.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReviewInvitationReason>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    reminderDueAt: timestamp('reminder_due_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('review_invitations_reason_check', t.reason, ReviewInvitationReason),
    uniqueIndex('review_invitations_appraisal_reason_unique').on(t.propertyAppraisalId, t.reason),
    index('review_invitations_reminder_due_idx')
      .on(t.reminderDueAt)
      .where(sql`${t.reminderDueAt} is not null`),
  ],
);

/**
 * The network addresses an agent's sessions used, with the last time (recorded at most every few minutes per
 * address): a review sent from one of them within 30 days is held for an operator.
 */
export const agentNetworkAddresses = pgTable(
  'agent_network_addresses',
  {
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentUserId, t.address] })],
);
