import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { properties } from './properties.ts';
import { LeadFeeStatus, DisputeSettlement, CashbackClaimStatus, PayoutBatchFormat } from '@listwise/domain/enums';
import { oneOf } from './checks.ts';

/** The enumerations of these columns live in packages/domain; re-exported for the code that reads the rows. */
export type { LeadFeeStatus, DisputeSettlement, CashbackClaimStatus, PayoutBatchFormat };

/**
 * Sales and the seller's cashback (modules/sales). A property sells at most once: the seller reports the
 * sale through an agent who appraised it (`propertySoldThroughListwise`), the agent confirms price and
 * contract date (`confirmPropertySale`), which charges the agent's lead fee and makes the seller's cashback
 * payable; an operator pays it and marks it paid. Money columns are integer cents.
 */
export const propertySales = pgTable(
  'property_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellingAgentUserId: uuid('selling_agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }),
    contractDate: date('contract_date'),
    /** The lead fee owed on confirmation: NOT_DUE until then, PENDING while charging, then SUCCEEDED or FAILED. */
    leadFeeStatus: text('lead_fee_status').$type<LeadFeeStatus>().notNull().default('NOT_DUE'),
    /** The ledger row (charges.id) of the latest attempt; no foreign key, the ledger belongs to payments. */
    leadFeeChargeId: uuid('lead_fee_charge_id'),
    /**
     * The lead fee (GST included), fixed when the sale is confirmed: a later settings change never alters it. Null only
     * while the fee is NOT_DUE (property_sales_lead_fee_fixed_check).
     */
    leadFeeCents: integer('lead_fee_cents'),
    leadFeeAttempts: integer('lead_fee_attempts').notNull().default(0),
    leadFeeLastAttemptAt: timestamp('lead_fee_last_attempt_at', { withTimezone: true }),
    leadFeeFailureCode: text('lead_fee_failure_code'),
    /**
     * The agent's track record, fixed at confirmation: the range their appraisal gave, whether the confirmed
     * price fell inside it (bounds included) and how far from its midpoint, in signed basis points.
     */
    appraisedRangeMinCents: bigint('appraised_range_min_cents', { mode: 'number' }),
    appraisedRangeMaxCents: bigint('appraised_range_max_cents', { mode: 'number' }),
    withinAppraisedRange: boolean('within_appraised_range'),
    deviationBasisPoints: integer('deviation_basis_points'),
    /** The agent answered 'this is not my sale': nothing is charged, the claim waits for an operator. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** An operator settled the dispute: the sale stands (the fee is charged) or is void (nothing charged). */
    disputeSettledAt: timestamp('dispute_settled_at', { withTimezone: true }),
    disputeSettlement: text('dispute_settlement').$type<DisputeSettlement>(),
    disputeSettlementReason: text('dispute_settlement_reason'),
    /** An operator waived the lead fee (status WAIVED): the cashback becomes payable without it. */
    leadFeeWaivedAt: timestamp('lead_fee_waived_at', { withTimezone: true }),
    leadFeeWaiverReason: text('lead_fee_waiver_reason'),
  },
  (t) => [
    oneOf('property_sales_lead_fee_status_check', t.leadFeeStatus, LeadFeeStatus),
    oneOf('property_sales_dispute_settlement_check', t.disputeSettlement, DisputeSettlement),
    // A fee that is due has its amount: what is charged, retried and told the agent.
    check('property_sales_lead_fee_fixed_check', sql`${t.leadFeeStatus} = 'NOT_DUE' or ${t.leadFeeCents} is not null`),
    // One sale of a property stands at a time: a sale settled as void leaves room for the seller to report it again.
    uniqueIndex('property_sales_property_unique')
      .on(t.propertyId)
      .where(sql`${t.disputeSettlement} is distinct from 'SALE_VOID'`),
    // Keyset pages of the console's sales list and of an agent's sales, newest first.
    index('property_sales_reported_idx').on(t.reportedAt.desc(), t.id.desc()),
    index('property_sales_agent_idx').on(t.sellingAgentUserId, t.reportedAt.desc()),
    // The console's sale filters, each a range of its own partial index in the list's order.
    index('property_sales_awaiting_confirmation_idx')
      .on(t.reportedAt.desc(), t.id.desc())
      .where(sql`${t.confirmedAt} is null and ${t.disputedAt} is null`),
    index('property_sales_confirmed_idx')
      .on(t.reportedAt.desc(), t.id.desc())
      .where(sql`${t.confirmedAt} is not null`),
    index('property_sales_disputed_idx')
      .on(t.reportedAt.desc(), t.id.desc())
      .where(sql`${t.disputedAt} is not null`),
    index('property_sales_lead_fee_failed_idx')
      .on(t.reportedAt.desc(), t.id.desc())
      .where(sql`${t.leadFeeStatus} = 'FAILED'`),
    // Agent.trackRecord for a page of agents: an index-only read of their recorded sales.
    index('property_sales_agent_track_record_idx')
      .on(t.sellingAgentUserId)
      .where(sql`${t.withinAppraisedRange} is not null`),
    // The review invitations job (modules/reviews): sales confirmed in a window of days.
    index('property_sales_confirmed_at_idx')
      .on(t.confirmedAt)
      .where(sql`${t.confirmedAt} is not null`),
    index('property_sales_lead_fee_idx')
      .on(t.leadFeeLastAttemptAt)
      .where(sql`${t.leadFeeStatus} in ('PENDING', 'FAILED')`),
  ],
);

export const cashbackClaims = pgTable(
  'cashback_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertySaleId: uuid('property_sale_id')
      .notNull()
      .references(() => propertySales.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The cashback setting at claim time: a later change of the setting does not change a claim. */
    amountCents: integer('amount_cents').notNull(),
    /** AES-256-GCM ciphertexts (modules/sales/bank-details.ts); only the masked forms ever leave the server. */
    bsbEncrypted: text('bsb_encrypted').notNull(),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    bsbMasked: text('bsb_masked').notNull(),
    accountNumberMasked: text('account_number_masked').notNull(),
    /** The account's name, encrypted like the rest; null on claims made before it was asked for. */
    accountNameEncrypted: text('account_name_encrypted'),
    status: text('status').$type<CashbackClaimStatus>().notNull().default('PENDING_CONFIRMATION'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    payableAt: timestamp('payable_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    oneOf('cashback_claims_status_check', t.status, CashbackClaimStatus),
    uniqueIndex('cashback_claims_sale_unique').on(t.propertySaleId),
    index('cashback_claims_status_idx').on(t.status, t.claimedAt.desc(), t.id.desc()),
    index('cashback_claims_claimed_idx').on(t.claimedAt.desc(), t.id.desc()),
  ],
);

/**
 * A payout batch: the claims that were PAYABLE and in no batch when an operator downloaded the payout
 * file, made IN_PAYOUT in the same transaction, so two downloads never pay a claim twice. The files are kept
 * (encrypted like the bank details) so a download again gives the same bytes.
 */
export const cashbackPayoutBatches = pgTable(
  'cashback_payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The format first downloaded; `checksum` is that file's SHA-256. */
    format: text('format').$type<PayoutBatchFormat>().notNull(),
    /** The processing date the ABA file carries (YYYY-MM-DD, Sydney). */
    processingDate: date('processing_date').notNull(),
    abaBalancingRecord: boolean('aba_balancing_record').notNull().default(false),
    claimCount: integer('claim_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    checksum: text('checksum').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    oneOf('cashback_payout_batches_format_check', t.format, PayoutBatchFormat),
    index('cashback_payout_batches_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const cashbackPayoutBatchFiles = pgTable(
  'cashback_payout_batch_files',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => cashbackPayoutBatches.id, { onDelete: 'cascade' }),
    format: text('format').$type<PayoutBatchFormat>().notNull(),
    fileName: text('file_name').notNull(),
    /** AES-256-GCM, like the bank details it holds (modules/sales/bank-details.ts). */
    contentEncrypted: text('content_encrypted').notNull(),
    checksum: text('checksum').notNull(),
    claimIds: uuid('claim_ids').array().notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [oneOf('cashback_payout_batch_files_format_check', t.format, PayoutBatchFormat), primaryKey({ columns: [t.batchId, t.format] })],
);

export const cashbackPayoutBatchClaims = pgTable(
  'cashback_payout_batch_claims',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => cashbackPayoutBatches.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => cashbackClaims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The bank rejected the payment: the claim went back to PAYABLE (and may be in a later batch). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.claimId] }),
    // A claim is in at most one batch that has not returned it: the database's word, whatever the code does.
    uniqueIndex('cashback_payout_batch_claims_live_unique')
      .on(t.claimId)
      .where(sql`${t.returnedAt} is null`),
  ],
);

// Row types, next to their tables: services and resolvers import them from here.
export type PropertySaleRow = typeof propertySales.$inferSelect;
export type CashbackClaimRow = typeof cashbackClaims.$inferSelect;
