import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { dollarsToCents } from '@listwise/domain/pricing';
import {
  bankDetailsSchema,
  completedWithoutListwiseSchema,
  confirmPropertySaleSchema,
  contractDateProblem,
  disputePropertySaleSchema,
  operatorReasonSchema,
  settleDisputedSaleSchema,
} from '@listwise/domain/sale-validation';
import { formatCents, formatDateInZone } from '@listwise/domain/format';
import { calendarDateIn, timeZoneOfState } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { describePropertyAddress } from '../appraisals/property-address.ts';
import { findOwnProperty } from '../listings/property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { completeProperty } from '../listings/property-completed.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { CashbackPaidEmail, SaleDisputedEmail, SaleVoidEmail } from '../notifications/templates/money-emails.tsx';
import { CashOfferPayableEmail, ConfirmPropertySaleEmail, LeadFeeDeclinedEmail } from '../notifications/templates/sale-emails.tsx';
import { findChargeByKey, recordChargeIntent, registerChargePurpose, settleCharge } from '../payments/charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import { getLeadFee, getSetting } from '../settings/settings.service.ts';
import { sealBankDetails } from './bank-details.ts';
import { trackRecordOfSale } from '../appraisals/track-record.ts';
import { theRow } from '../../lib/rows.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import type { CashbackClaimRow } from '../../db/schema/sales.ts';

/**
 * Sales (spec 001 'Sale status and cashback claim', spec 000 'Sale confirmation', PRODUCT.md 'Money'):
 * - the seller reports the outcome of a listing: not sold (`propertyCompletedWithoutListwise`) or sold
 *   unconditionally through an agent who appraised it, claiming the cashback with bank details
 *   (`propertySoldThroughListwise`); either completes the property and turns its pending requests NOT_REQUIRED;
 * - the named agent confirms price and contract date (`confirmPropertySale`; the date between the listing and
 *   today): one more engagement for the badge, the seller's cashback becomes payable, and the lead fee is charged
 *   to the agent's card, which issues a tax invoice; or the agent answers 'this is not my sale'
 *   (`disputePropertySale`): nothing is charged and the claim waits for an operator;
 * - a declined lead fee leaves the sale confirmed; it is retried (by the agent confirming again, by an operator,
 *   and by the hourly job) with a new idempotency key per attempt, never two attempts at once.
 * Authorisation lives here: a seller reaches only their own properties, an agent only sales naming them.
 */

/** The idempotency key of a lead-fee attempt: the first is `lead-fee:<saleId>`, retries add the attempt number. */
export const leadFeeIdempotencyKey = (saleId: string, attempt: number) =>
  attempt <= 1 ? `lead-fee:${saleId}` : `lead-fee:${saleId}:attempt-${attempt}`;

export const SALES_QUEUES = { retryLeadFees: 'sales.retry-lead-fees' } as const;

/** Automatic retries stop after this many attempts in all; operators can still retry. */
export const MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS = 4;
const AUTOMATIC_RETRY_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** An attempt still PENDING after this long was interrupted (a crash mid-charge) and is resumed with its own key. */
const STALE_PENDING_MS = 15 * 60 * 1000;

// ——— The seller's report ———

function assertCompleteTypeCanChange(property: PropertyRow) {
  if (property.completeType === 'SOLD_UNCONDITIONALLY') throw new AppError('cannot_update_complete_type_for_uncoditionally_sold_property');
  // A draft was never published: there is nothing to report a sale of.
  if (property.state === 'DRAFT') throw new AppError('invalid_state');
}

/** propertyCompletedWithoutListwise: the seller decided not to sell, or not to use a Listwise agent. */
export async function propertyCompletedWithoutListwise(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; completeType: string },
): Promise<PropertyRow> {
  const { completeType } = parseInput(completedWithoutListwiseSchema, { completeType: input.completeType });
  return deps.db.transaction(async (tx) => {
    const property = await findOwnProperty(tx, seller.id, input.propertyId, { lock: true });
    assertCompleteTypeCanChange(property);
    return completeProperty(deps, tx, property, completeType, null);
  });
}

export interface SoldThroughListwiseInput {
  propertyId: string;
  sellingAgentId: string;
  accountName: string;
  accountNumber: string;
  bsb: string;
}

/**
 * propertySoldThroughListwise: the property sold unconditionally through an agent who sent it an appraisal; the
 * seller claims the cashback (the amount set now, whatever the setting later becomes) with bank details,
 * stored encrypted. The agent is e-mailed a link to confirm the sale.
 */
export async function propertySoldThroughListwise(
  deps: Deps,
  seller: UserRow,
  input: SoldThroughListwiseInput,
): Promise<{ property: PropertyRow; sale: PropertySaleRow }> {
  if (!isUuid(input.propertyId)) throw notFound();
  const bankDetails = parseInput(bankDetailsSchema, { accountName: input.accountName, bsb: input.bsb, accountNumber: input.accountNumber });
  return deps.db.transaction(async (tx) => {
    const property = await findOwnProperty(tx, seller.id, input.propertyId, { lock: true });
    assertCompleteTypeCanChange(property);
    if (!isUuid(input.sellingAgentId) || !(await hasSubmittedAppraisal(tx, property.id, input.sellingAgentId))) {
      throw new AppError('not_found', 'sellingAgentId');
    }
    const now = deps.clock.now();
    const completed = await completeProperty(deps, tx, property, 'SOLD_UNCONDITIONALLY', input.sellingAgentId);
    const [sale] = await tx
      .insert(propertySales)
      .values({ propertyId: property.id, sellerUserId: seller.id, sellingAgentUserId: input.sellingAgentId, reportedAt: now })
      .returning();
    const claimId = crypto.randomUUID();
    await tx.insert(cashbackClaims).values({
      id: claimId,
      propertySaleId: sale!.id,
      sellerUserId: seller.id,
      amountCents: await getSetting(tx, 'staticCashbackAmountCents'),
      ...sealBankDetails(deps.config.appSecret, claimId, bankDetails),
      status: 'PENDING_CONFIRMATION',
      claimedAt: now,
    });
    await emailAgentToConfirm(deps, tx, completed, sale!);
    return { property: completed, sale: sale! };
  });
}

async function hasSubmittedAppraisal(tx: Tx, propertyId: string, agentUserId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: propertyAppraisals.id })
    .from(propertyAppraisals)
    .where(
      and(
        eq(propertyAppraisals.propertyId, propertyId),
        eq(propertyAppraisals.agentUserId, agentUserId),
        eq(propertyAppraisals.state, 'SUBMITTED'),
      ),
    )
    .limit(1);
  return !!row;
}

export const sellerNameOf = async (db: Tx, sellerUserId: string): Promise<string> => {
  const [row] = await db
    .select({ name: sellerProfiles.name, email: users.email })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(eq(users.id, sellerUserId));
  return row?.name || row?.email || 'The seller';
};

async function emailAgentToConfirm(deps: Deps, tx: Tx, property: PropertyRow, sale: PropertySaleRow) {
  const agent = await tx.query.users.findFirst({ where: eq(users.id, sale.sellingAgentUserId) });
  if (!agent?.email) return;
  await queueEmail(deps, tx, {
    to: agent.email,
    subject: 'Please confirm your property sale',
    template: 'confirm-property-sale',
    body: ConfirmPropertySaleEmail({
      sellerName: await sellerNameOf(tx, sale.sellerUserId),
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      link: `${deps.config.appUrl}/agent/property-sale/${sale.id}/confirm`,
    }),
  });
}

// ——— The agent's confirmation ———

/** The sale if it names this agent as the selling agent, else `not_found`. */
export async function getAgentPropertySale(db: Tx, agentUserId: string, id: string, lock = false): Promise<PropertySaleRow> {
  if (!isUuid(id)) throw notFound();
  const query = db
    .select()
    .from(propertySales)
    .where(and(eq(propertySales.id, id), eq(propertySales.sellingAgentUserId, agentUserId)));
  const [sale] = lock ? await query.for('update') : await query;
  if (!sale) throw notFound();
  return sale;
}

/**
 * confirmPropertySale: the first confirmation records price and contract date, counts one more engagement for
 * the agent's badge and charges the lead fee ($1,000 + GST); the seller's cashback becomes payable once the fee
 * is collected (until then it is AWAITING_LEAD_FEE). A declined
 * card answers `payment_declined` and leaves the sale confirmed. Confirming again never counts twice; it only
 * retries a lead fee that was declined, so an agent who has fixed their card can settle it.
 */
export async function confirmPropertySale(
  deps: Deps,
  agent: UserRow,
  input: { id: string; salePrice: number; contractDate: string },
): Promise<PropertySaleRow> {
  const values = parseInput(confirmPropertySaleSchema, { salePrice: input.salePrice, contractDate: input.contractDate });
  const outcome = await deps.db.transaction(async (tx) => {
    const sale = await getAgentPropertySale(tx, agent.id, input.id, true);
    // A disputed sale waits for an operator; one they settled as standing is confirmed, and its fee can be paid.
    if (sale.disputedAt && !sale.confirmedAt) throw new AppError('invalid_state');
    if (sale.confirmedAt) return { sale, isFirst: false };
    const now = deps.clock.now();
    const problem = contractDateProblem(values.contractDate, await contractDateBounds(tx, sale, now));
    if (problem) throw new AppError(problem, 'contractDate');
    const salePriceCents = dollarsToCents(values.salePrice);
    const confirmed = await tx
      .update(propertySales)
      .set({
        confirmedAt: now,
        salePriceCents,
        ...(await trackRecordOfSale(tx, sale, salePriceCents)),
        contractDate: values.contractDate,
        leadFeeStatus: 'PENDING',
        leadFeeAttempts: 1,
        leadFeeLastAttemptAt: now,
        // Fixed now: the agent owes the fee of the day the sale was confirmed, whatever the settings say later.
        leadFeeCents: (await getLeadFee(tx)).includingGstCents,
      })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await tx
      .update(agentProfiles)
      .set({ numberOfEngagements: sql`${agentProfiles.numberOfEngagements} + 1` })
      .where(eq(agentProfiles.userId, agent.id));
    // Cashback follows the fee: payable once the lead fee is collected (makeCashbackPayable) or waived.
    await tx
      .update(cashbackClaims)
      .set({ status: 'AWAITING_LEAD_FEE' })
      .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'PENDING_CONFIRMATION')));
    return { sale: confirmed, isFirst: true, charge: await recordLeadFeeIntent(deps, tx, confirmed) };
  });
  // The seller is invited to review the selling agent right away (modules/reviews; the job's schedule catches a failed send).
  if (outcome.isFirst) await deps.jobs.send(QUEUES.reviewInvitations, {}).catch(() => undefined);
  if (outcome.isFirst) return collectLeadFee(deps, outcome.sale.id, outcome.charge ?? null);
  if (outcome.sale.leadFeeStatus !== 'FAILED') return outcome.sale;
  try {
    return await retryLeadFee(deps, outcome.sale.id);
  } catch (error) {
    // Another retry started first: its outcome is the answer.
    if (error instanceof AppError && error.code === 'invalid_state') return reloadSale(deps.db, outcome.sale.id);
    throw error;
  }
}

/** The zone of the property's state: its calendar dates (contract date, e-mails) are read there. */
export async function timeZoneOfProperty(db: Tx, propertyId: string): Promise<string> {
  const [row] = await db
    .select({ state: suburbs.state })
    .from(properties)
    .innerJoin(suburbs, eq(suburbs.id, properties.suburbId))
    .where(eq(properties.id, propertyId));
  return timeZoneOfState(row?.state);
}

/**
 * The contract dates a sale may have: from the day the listing was published to today, both as calendar dates
 * where the property is (a Perth sale signed this evening is not 'in the future' because Sydney is past midnight).
 */
export async function contractDateBounds(db: Tx, sale: PropertySaleRow, now: Date): Promise<{ today: string; listedOn: string | null }> {
  const zone = await timeZoneOfProperty(db, sale.propertyId);
  const property = await db.query.properties.findFirst({ where: eq(properties.id, sale.propertyId), columns: { submittedAt: true } });
  return { today: calendarDateIn(now, zone), listedOn: property?.submittedAt ? calendarDateIn(property.submittedAt, zone) : null };
}

/**
 * disputePropertySale: the named agent says the sale was not theirs. Nothing is charged and no engagement is
 * counted; the claim is DISPUTED for an operator to look into, and the seller is told. A sale already confirmed
 * cannot be disputed (`invalid_state`); disputing twice changes nothing.
 */
export async function disputePropertySale(
  deps: Deps,
  agent: UserRow,
  input: { id: string; reason?: string | null },
): Promise<PropertySaleRow> {
  const { reason } = parseInput(disputePropertySaleSchema, { reason: input.reason ?? undefined });
  return deps.db.transaction(async (tx) => {
    const sale = await getAgentPropertySale(tx, agent.id, input.id, true);
    if (sale.disputedAt) return sale;
    if (sale.confirmedAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const disputed = await tx
      .update(propertySales)
      .set({ disputedAt: now, disputeReason: reason })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await tx
      .update(cashbackClaims)
      .set({ status: 'DISPUTED' })
      .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'PENDING_CONFIRMATION')));
    await emailSellerSaleDisputed(deps, tx, disputed);
    return disputed;
  });
}

async function emailSellerSaleDisputed(deps: Deps, tx: Tx, sale: PropertySaleRow) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, sale.sellerUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  const agent = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, sale.sellingAgentUserId) });
  if (!seller?.email || !property) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your agent did not confirm the sale',
    template: 'sale-disputed',
    body: SaleDisputedEmail({
      agentName: agent?.name || 'The agent you named',
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}

/**
 * Cashback follows the fee (issue 19): the claim waiting for the lead fee becomes PAYABLE, and the seller is told,
 * once the fee is recorded as collected, or an operator waived it. Call in the transaction that records that;
 * a claim in any other state is left alone, so calling it twice changes nothing.
 */
export async function makeCashbackPayable(deps: Deps, tx: Tx, sale: PropertySaleRow): Promise<CashbackClaimRow | null> {
  const [claim] = await tx
    .update(cashbackClaims)
    .set({ status: 'PAYABLE', payableAt: deps.clock.now() })
    .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'AWAITING_LEAD_FEE')))
    .returning();
  if (claim) await emailSellerCashOfferPayable(deps, tx, sale, claim);
  return claim ?? null;
}

async function emailSellerCashOfferPayable(deps: Deps, tx: Tx, sale: PropertySaleRow, claim: CashbackClaimRow) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, sale.sellerUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  if (!seller?.email || !property) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your cashback is confirmed',
    template: 'cash-offer-payable',
    body: CashOfferPayableEmail({
      amount: formatCents(claim.amountCents),
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}

// ——— The lead fee ———

const thisAttempt = (saleId: string, attempt: number) =>
  and(eq(propertySales.id, saleId), eq(propertySales.leadFeeAttempts, attempt), eq(propertySales.leadFeeStatus, 'PENDING'));

/**
 * The intent of the lead-fee attempt the sale row records (PENDING, its attempt number set under the row lock by
 * whoever started it), in that same transaction: the ledger row with the attempt's key and the fee fixed at
 * confirmation. Without a saved card the attempt fails at once (the agent is e-mailed) and null is answered.
 */
async function recordLeadFeeIntent(deps: Deps, tx: Tx, sale: PropertySaleRow): Promise<ChargeRow | null> {
  const attempt = sale.leadFeeAttempts;
  if (!(await hasDefaultPaymentMethod(tx, sale.sellingAgentUserId, deps))) {
    const [failed] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'FAILED', leadFeeFailureCode: 'user_missing_stripe_customer' })
      .where(thisAttempt(sale.id, attempt))
      .returning();
    if (failed) await emailAgentLeadFeeDeclined(deps, tx, failed);
    return null;
  }
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  const address = property ? await describePropertyAddress(tx, property, { withStreet: true }) : 'a property';
  const { charge } = await recordChargeIntent(deps, tx, {
    userId: sale.sellingAgentUserId,
    amountCents: sale.leadFeeCents ?? (await getLeadFee(tx)).includingGstCents,
    kind: 'LEAD_FEE',
    description: `Lead fee for the sale of ${address}`,
    idempotencyKey: leadFeeIdempotencyKey(sale.id, attempt),
    referenceId: sale.id,
    purpose: { type: 'lead-fee', saleId: sale.id, attempt },
  });
  return charge;
}

/**
 * After the intent's commit: the provider call and the outcome (charges.service; the 'lead-fee' purpose below
 * marks the sale). `payment_declined` and `user_missing_stripe_customer` are thrown once the attempt is FAILED;
 * the provider unreachable leaves it PENDING for the reconciler, whose retry with the same key cannot charge twice.
 */
async function collectLeadFee(deps: Deps, saleId: string, charge: ChargeRow | null): Promise<PropertySaleRow> {
  if (!charge) throw new AppError('user_missing_stripe_customer');
  const final = await settleCharge(deps, charge);
  if (final.status === 'FAILED') throw new AppError('payment_declined');
  return reloadSale(deps.db, saleId);
}

registerChargePurpose('lead-fee', {
  // The agent owes the fee of a confirmed sale: an attempt the provider never saw is made with its key.
  resumeWhenAbsent: true,
  async onPaid(deps, tx, charge) {
    const saleId = charge.purpose?.type === 'lead-fee' ? charge.purpose.saleId : charge.referenceId!;
    const [row] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'SUCCEEDED', leadFeeChargeId: charge.id, leadFeeFailureCode: null })
      .where(
        charge.purpose?.type === 'lead-fee'
          ? thisAttempt(saleId, charge.purpose.attempt)
          : and(eq(propertySales.id, saleId), eq(propertySales.leadFeeStatus, 'PENDING')),
      )
      .returning();
    // The attempt is no longer the sale's open one (settled otherwise meanwhile): the money goes back.
    if (!row) return { refund: 'The lead fee was settled otherwise before this payment was recorded.' };
    // The fee is collected: the seller's cashback may now be paid.
    await makeCashbackPayable(deps, tx, row);
  },
  async onFailed(deps, tx, charge) {
    const saleId = charge.purpose?.type === 'lead-fee' ? charge.purpose.saleId : charge.referenceId!;
    const [failed] = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'FAILED', leadFeeChargeId: charge.id, leadFeeFailureCode: 'payment_declined' })
      .where(
        charge.purpose?.type === 'lead-fee'
          ? thisAttempt(saleId, charge.purpose.attempt)
          : and(eq(propertySales.id, saleId), eq(propertySales.leadFeeStatus, 'PENDING')),
      )
      .returning();
    if (failed) await emailAgentLeadFeeDeclined(deps, tx, failed);
  },
});

const reloadSale = async (db: Tx, id: string) => (await db.query.propertySales.findFirst({ where: eq(propertySales.id, id) }))!;

async function emailAgentLeadFeeDeclined(deps: Deps, tx: Tx, sale: PropertySaleRow) {
  const agent = await tx.query.users.findFirst({ where: eq(users.id, sale.sellingAgentUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  if (!agent?.email || !property) return;
  await queueEmail(deps, tx, {
    to: agent.email,
    subject: 'Your lead fee payment was declined',
    template: 'lead-fee-declined',
    body: LeadFeeDeclinedEmail({
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      link: `${deps.config.appUrl}/agent/profile-settings`,
    }),
  });
}

/**
 * Starts a new attempt at a declined lead fee (a new idempotency key) and charges it. Only one attempt runs at a
 * time: the row lock moves FAILED → PENDING once, so a concurrent retry finds PENDING (`invalid_state`), as does
 * a retry of a fee that is paid or not yet due.
 * `onStart` runs inside the locking transaction (the console writes its audit entry there).
 */
export async function retryLeadFee(
  deps: Deps,
  saleId: string,
  onStart?: (tx: Tx, sale: PropertySaleRow) => Promise<void>,
): Promise<PropertySaleRow> {
  if (!isUuid(saleId)) throw notFound();
  const started = await deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, saleId)).for('update');
    if (!sale) throw notFound();
    if (sale.leadFeeStatus !== 'FAILED') return { sale, isStarted: false };
    const pending = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'PENDING', leadFeeAttempts: sale.leadFeeAttempts + 1, leadFeeLastAttemptAt: deps.clock.now() })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await onStart?.(tx, pending);
    return { sale: pending, isStarted: true, charge: await recordLeadFeeIntent(deps, tx, pending) };
  });
  if (!started.isStarted) throw new AppError('invalid_state');
  return collectLeadFee(deps, started.sale.id, started.charge ?? null);
}

/** The outcome of the attempt a caller started, when a decline is an outcome to show rather than an error to answer. */
async function collectLeadFeeKeepingDecline(deps: Deps, saleId: string, charge: ChargeRow | null): Promise<PropertySaleRow> {
  try {
    return await collectLeadFee(deps, saleId, charge);
  } catch (error) {
    if (!(error instanceof AppError)) {
      // The provider could not be reached: the attempt stays PENDING and the reconciler resumes it with the same key.
      deps.logger.warn({ err: error, saleId }, 'lead fee attempt interrupted; the reconciler will resume it');
    }
    return reloadSale(deps.db, saleId);
  }
}

/**
 * waiveLeadFee (an operator, with a reason): the lead fee of a confirmed sale is not collected, by decision (a
 * goodwill gesture, an agent who left): a fee that was declined becomes WAIVED, no job or agent retries it, and the
 * seller's cashback becomes payable. A fee paid, being charged or not yet due cannot be waived (`invalid_state`).
 * `onWaived` runs in the same transaction (the console writes its audit entry there).
 */
export async function waiveLeadFee(
  deps: Deps,
  input: { propertySaleId: string; reason: string },
  onWaived: (tx: Tx, sale: PropertySaleRow, reason: string) => Promise<void>,
): Promise<PropertySaleRow> {
  if (!isUuid(input.propertySaleId)) throw notFound();
  const { reason } = parseInput(operatorReasonSchema, { reason: input.reason });
  return deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, input.propertySaleId)).for('update');
    if (!sale) throw notFound();
    if (sale.leadFeeStatus !== 'FAILED') throw new AppError('invalid_state');
    const now = deps.clock.now();
    const waived = await tx
      .update(propertySales)
      .set({ leadFeeStatus: 'WAIVED', leadFeeWaivedAt: now, leadFeeWaiverReason: reason })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await onWaived(tx, waived, reason);
    await makeCashbackPayable(deps, tx, waived);
    return waived;
  });
}

/**
 * settleDisputedPropertySale (an operator, who talked to the seller and the agent): a disputed sale either stands
 * or is void, once (`invalid_state` for a sale not disputed or already settled).
 * - SALE_STANDS: recorded as the agent's confirmation would be (price, contract date within the same bounds, one
 *   more engagement); the lead fee is charged and the cashback waits for it (a decline is shown, not answered: the
 *   fee is then retried as any declined fee).
 * - SALE_VOID: nothing is charged or counted, the claim is VOID and the seller is e-mailed the reason.
 * `onSettled` runs in the settling transaction (the console's audit entry).
 */
export async function settleDisputedSale(
  deps: Deps,
  input: { propertySaleId: string; outcome: string; reason: string; salePrice?: number | null; contractDate?: string | null },
  onSettled: (tx: Tx, before: PropertySaleRow, after: PropertySaleRow) => Promise<void>,
): Promise<PropertySaleRow> {
  if (!isUuid(input.propertySaleId)) throw notFound();
  const values = parseInput(settleDisputedSaleSchema, {
    outcome: input.outcome,
    reason: input.reason,
    salePrice: input.salePrice ?? undefined,
    contractDate: input.contractDate ?? undefined,
  });
  const settled = await deps.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(propertySales).where(eq(propertySales.id, input.propertySaleId)).for('update');
    if (!sale) throw notFound();
    if (!sale.disputedAt || sale.disputeSettledAt || sale.confirmedAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const settlement = { disputeSettledAt: now, disputeSettlement: values.outcome, disputeSettlementReason: values.reason };
    if (values.outcome === 'SALE_VOID') {
      const voided = await tx.update(propertySales).set(settlement).where(eq(propertySales.id, sale.id)).returning().then(theRow);
      await tx
        .update(cashbackClaims)
        .set({ status: 'VOID' })
        .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'DISPUTED')));
      await onSettled(tx, sale, voided);
      await emailSellerSaleVoid(deps, tx, voided, values.reason);
      return { sale: voided, charge: false, intent: null };
    }
    const problem = contractDateProblem(values.contractDate!, await contractDateBounds(tx, sale, now));
    if (problem) throw new AppError(problem, 'contractDate');
    const salePriceCents = dollarsToCents(values.salePrice!);
    const standing = await tx
      .update(propertySales)
      .set({
        ...settlement,
        confirmedAt: now,
        salePriceCents,
        ...(await trackRecordOfSale(tx, sale, salePriceCents)),
        contractDate: values.contractDate!,
        leadFeeStatus: 'PENDING',
        leadFeeAttempts: 1,
        leadFeeLastAttemptAt: now,
        // Fixed now, as at the agent's confirmation.
        leadFeeCents: (await getLeadFee(tx)).includingGstCents,
      })
      .where(eq(propertySales.id, sale.id))
      .returning()
      .then(theRow);
    await tx
      .update(agentProfiles)
      .set({ numberOfEngagements: sql`${agentProfiles.numberOfEngagements} + 1` })
      .where(eq(agentProfiles.userId, sale.sellingAgentUserId));
    await tx
      .update(cashbackClaims)
      .set({ status: 'AWAITING_LEAD_FEE' })
      .where(and(eq(cashbackClaims.propertySaleId, sale.id), eq(cashbackClaims.status, 'DISPUTED')));
    await onSettled(tx, sale, standing);
    return { sale: standing, charge: true, intent: await recordLeadFeeIntent(deps, tx, standing) };
  });
  return settled.charge ? collectLeadFeeKeepingDecline(deps, settled.sale.id, settled.intent ?? null) : settled.sale;
}

async function emailSellerSaleVoid(deps: Deps, tx: Tx, sale: PropertySaleRow, reason: string) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, sale.sellerUserId) });
  const property = await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) });
  if (!seller?.email || !property) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your cashback claim was closed',
    template: 'sale-void',
    body: SaleVoidEmail({
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      reason,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}

/**
 * Job (hourly): declined lead fees are tried again once a day, up to MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS attempts in
 * all; an attempt interrupted mid-charge (PENDING for 15 minutes) is resumed with its own key. Returns how many
 * attempts were made.
 */
export async function retryDueLeadFees(deps: Deps): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await deps.db
    .select()
    .from(propertySales)
    .where(
      or(
        and(
          eq(propertySales.leadFeeStatus, 'FAILED'),
          lt(propertySales.leadFeeAttempts, MAX_AUTOMATIC_LEAD_FEE_ATTEMPTS),
          lt(propertySales.leadFeeLastAttemptAt, new Date(now - AUTOMATIC_RETRY_INTERVAL_MS)),
        ),
        and(eq(propertySales.leadFeeStatus, 'PENDING'), lt(propertySales.leadFeeLastAttemptAt, new Date(now - STALE_PENDING_MS))),
      ),
    )
    .orderBy(asc(propertySales.leadFeeLastAttemptAt))
    .limit(200);
  let attempts = 0;
  for (const sale of due) {
    attempts++;
    try {
      if (sale.leadFeeStatus === 'FAILED') await retryLeadFee(deps, sale.id);
      else await resumeLeadFeeWithoutIntent(deps, sale);
    } catch (error) {
      if (!(error instanceof AppError)) deps.logger.warn({ err: error, saleId: sale.id }, 'lead fee retry failed; will try again');
    }
  }
  return attempts;
}

/**
 * A PENDING attempt with no ledger row (one started before intents were recorded with it) gets its intent now;
 * one with a ledger row is the reconciler's to finish.
 */
async function resumeLeadFeeWithoutIntent(deps: Deps, sale: PropertySaleRow) {
  if (await findChargeByKey(deps.db, leadFeeIdempotencyKey(sale.id, sale.leadFeeAttempts))) return;
  const charge = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(propertySales).where(thisAttempt(sale.id, sale.leadFeeAttempts)).for('update');
    return locked ? recordLeadFeeIntent(deps, tx, locked) : null;
  });
  if (charge) await collectLeadFee(deps, sale.id, charge);
}

// ——— The cashback ———

/** Tells the seller their cashback was paid: the amount, the day (where the property is) and the masked account. */
export async function emailSellerCashbackPaid(deps: Deps, tx: Tx, claim: CashbackClaimRow) {
  const seller = await tx.query.users.findFirst({ where: eq(users.id, claim.sellerUserId) });
  const sale = await tx.query.propertySales.findFirst({ where: eq(propertySales.id, claim.propertySaleId) });
  const property = sale && (await tx.query.properties.findFirst({ where: eq(properties.id, sale.propertyId) }));
  if (!seller?.email || !property || !claim.paidAt) return;
  await queueEmail(deps, tx, {
    to: seller.email,
    subject: 'Your cashback has been paid',
    template: 'cashback-paid',
    body: CashbackPaidEmail({
      amount: formatCents(claim.amountCents),
      address: await describePropertyAddress(tx, property, { withStreet: true }),
      paidOn: formatDateInZone(claim.paidAt, await timeZoneOfProperty(tx, property.id)),
      maskedAccount: `${claim.bsbMasked} ${claim.accountNumberMasked}`,
      link: `${deps.config.appUrl}/property/${property.id}`,
    }),
  });
}

export type PropertyClaim = { propertyId: string; claim: CashbackClaimRow; sale: PropertySaleRow };

/** The cashback claims of properties, with their sales (the caller checked the properties are the seller's). */
export const findClaimsOfProperties = (db: Tx, propertyIds: readonly string[]): Promise<PropertyClaim[]> =>
  propertyIds.length
    ? db
        .select({ propertyId: propertySales.propertyId, claim: cashbackClaims, sale: propertySales })
        .from(cashbackClaims)
        .innerJoin(propertySales, eq(propertySales.id, cashbackClaims.propertySaleId))
        .where(inArray(propertySales.propertyId, [...propertyIds]))
    : Promise.resolve([]);

/** Marks a payable cashback paid (an operator transferred it, alone or in a payout batch). Anything else is `invalid_state`. */
export async function markCashbackClaimPaid(tx: Tx, claimId: string, adminUserId: string, now: Date): Promise<CashbackClaimRow> {
  if (!isUuid(claimId)) throw notFound();
  const [claim] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, claimId)).for('update');
  if (!claim) throw notFound();
  if (claim.status !== 'PAYABLE' && claim.status !== 'IN_PAYOUT') throw new AppError('invalid_state');
  const paid = await tx
    .update(cashbackClaims)
    .set({ status: 'PAID', paidAt: now, paidByUserId: adminUserId })
    .where(eq(cashbackClaims.id, claim.id))
    .returning()
    .then(theRow);
  return paid;
}

/** Claims of several sales at once (loaders). */
export const findClaimsOfSales = (db: Tx, saleIds: readonly string[]) =>
  saleIds.length
    ? db
        .select()
        .from(cashbackClaims)
        .where(inArray(cashbackClaims.propertySaleId, [...saleIds]))
    : Promise.resolve([]);
