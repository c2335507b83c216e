import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { userMedia } from './media.ts';
import { properties } from './properties.ts';
import { AppraisalRequestState, AppraisalState, CommissionType, AppointmentCancelledBy } from '@listwise/domain/enums';
import { APPRAISAL_REQUEST_DECLINE_REASONS } from '@listwise/domain/appraisal-request-progress';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { AppointmentCancelledBy };

/**
 * The appraisal loop: a request per chosen agent (PENDING → COMPLETE | EXPIRED | NOT_REQUIRED), the agent's
 * appraisal (DRAFT → SUBMITTED) with comparable sales, and the seller's appointment request.
 * Money columns are integer cents.
 */
export const propertyAppraisalRequests = pgTable(
  'property_appraisal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<AppraisalRequestState>().notNull().default('PENDING'),
    /** Why the agent declined (APPRAISAL_REQUEST_DECLINE_REASONS), when the state is DECLINED. */
    declineReason: text('decline_reason'),
    /** The agent's short note when the reason is OTHER (DECLINE_NOTE_MAX_LENGTH), which the seller reads. */
    declineNote: text('decline_note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    seenByAgentAt: timestamp('seen_by_agent_at', { withTimezone: true }),
    paymentConditionAcceptedAt: timestamp('payment_condition_accepted_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('property_appraisal_requests_state_check', t.state, AppraisalRequestState),
    oneOf('property_appraisal_requests_decline_reason_check', t.declineReason, APPRAISAL_REQUEST_DECLINE_REASONS),
    uniqueIndex('appraisal_requests_property_agent_unique').on(t.propertyId, t.agentUserId),
    // Keyset pages of an agent's pending and complete lists, newest first.
    index('appraisal_requests_agent_state_idx').on(t.agentUserId, t.state, t.requestedAt.desc(), t.id.desc()),
    index('appraisal_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'PENDING'`),
    // The pending tab's red badge: an index-only count of exactly the requests it counts.
    index('appraisal_requests_unseen_idx')
      .on(t.agentUserId)
      .where(sql`${t.seenByAgentAt} is null and ${t.state} in ('PENDING', 'EXPIRED')`),
  ],
);

export const propertyAppraisals = pgTable(
  'property_appraisals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appraisalRequestId: uuid('appraisal_request_id')
      .notNull()
      .unique()
      .references(() => propertyAppraisalRequests.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<AppraisalState>().notNull().default('DRAFT'),
    sellingRangeMin: bigint('selling_range_min', { mode: 'number' }),
    sellingRangeMax: bigint('selling_range_max', { mode: 'number' }),
    commissionType: text('commission_type').$type<CommissionType>(),
    percentageRate: numeric('percentage_rate', { precision: 5, scale: 2 }),
    flatFeeCostCents: bigint('flat_fee_cost_cents', { mode: 'number' }),
    marketingFeeCostCents: bigint('marketing_fee_cost_cents', { mode: 'number' }),
    marketingInclusions: text('marketing_inclusions').array(),
    videoUserMediaId: uuid('video_user_media_id').references(() => userMedia.id, { onDelete: 'set null' }),
    additionalNotes: text('additional_notes'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('property_appraisals_state_check', t.state, AppraisalState),
    oneOf('property_appraisals_commission_type_check', t.commissionType, CommissionType),
    index('property_appraisals_property_idx').on(t.propertyId, t.state),
    // Public figures: an agent's appraisals sent lately and how long each took, without reading requests.
    index('property_appraisals_agent_sent_idx')
      .on(t.agentUserId, t.sentAt)
      .where(sql`${t.state} = 'SUBMITTED'`),
    // The review invitations job (modules/reviews): appraisals sent in a window of days.
    index('property_appraisals_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.state} = 'SUBMITTED'`),
  ],
);

export const comparableSales = pgTable(
  'comparable_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyAppraisalId: uuid('property_appraisal_id')
      .notNull()
      .references(() => propertyAppraisals.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    address: text('address').notNull(),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }).notNull(),
    // When the comparable property sold; null for sales entered before it was asked.
    saleDate: date('sale_date', { mode: 'string' }),
    url: text('url'),
  },
  (t) => [index('comparable_sales_appraisal_idx').on(t.propertyAppraisalId, t.order)],
);

export const appointmentRequests = pgTable(
  'appointment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // One open appointment request per appraisal (the partial unique index below): asking the same agent twice
    // is refused, but after cancelling the seller may ask again, which is a new appointment with its own UID.
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
    requestedAppointmentDate: date('requested_appointment_date').notNull(),
    requestedAppointmentTime: time('requested_appointment_time').notNull(),
    requestedBySellerAt: timestamp('requested_by_seller_at', { withTimezone: true }).notNull(),
    seenByAgentAt: timestamp('seen_by_agent_at', { withTimezone: true }),
    /** The seller's short note to the agent (one line, plain text), or null. */
    note: text('note'),
    /** RFC 5545 SEQUENCE of the invites: 0 when asked, one more for every change and for the cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /** When the seller last changed the date, time or note (null if never). */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled: the seller, or Listwise when the property completed (sold through another agent, or withdrawn from sale). */
    cancelledBy: text('cancelled_by').$type<AppointmentCancelledBy>(),
  },
  (t) => [
    oneOf('appointment_requests_cancelled_by_check', t.cancelledBy, AppointmentCancelledBy),
    index('appointment_requests_agent_idx').on(t.agentUserId, t.requestedBySellerAt.desc(), t.id.desc()),
    uniqueIndex('appointment_requests_open_per_appraisal_idx')
      .on(t.propertyAppraisalId)
      .where(sql`${t.cancelledAt} is null`),
    // The menu's unread badge: an index-only count of the unread open ones.
    index('appointment_requests_unread_idx')
      .on(t.agentUserId)
      .where(sql`${t.seenByAgentAt} is null and ${t.cancelledAt} is null`),
  ],
);

// Row types, next to their tables: services and resolvers import them from here.
export type AppraisalRequestRow = typeof propertyAppraisalRequests.$inferSelect;
export type AppraisalRow = typeof propertyAppraisals.$inferSelect;
export type ComparableSaleRow = typeof comparableSales.$inferSelect;
export type AppointmentRequestRow = typeof appointmentRequests.$inferSelect;
