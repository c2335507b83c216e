import { and, asc, desc, eq, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { propertyAddressLine, suburbLabel } from '@listwise/domain/address-line';
import type { AdminAuditAction } from '@listwise/domain/audit-log';
import { centsToDollars, dollarsToCents } from '@listwise/domain/pricing';
import { adminSettingsSchema, subscribedAgentsMaxSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { charges, paymentMethods, type ChargeKind, type ChargeStatus } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales, type CashbackClaimStatus } from '../../db/schema/sales.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import { countLiveSubscriptions } from '../suburbs/suburbs.service.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isIntegerId, isUuid } from '../../lib/ids.ts';
import {
  afterCursor,
  decodeCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  toConnection,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { emailSellerCashbackPaid, markCashbackClaimPaid as markClaimPaid } from '../sales/cashback.service.ts';
import { retryLeadFee, waiveLeadFee } from '../sales/lead-fees.service.ts';
import { settleDisputedSale } from '../sales/sale-disputes.service.ts';
import { type CashbackClaimRow, type PropertySaleRow } from '../../db/schema/sales.ts';
import { getSetting, setSetting } from '../settings/settings.service.ts';
import { theRow } from '../../lib/rows.ts';
import type { ChargeRow } from '../../db/schema/payments.ts';
import type { AuditLogRow } from '../../db/schema/admin.ts';
import type { SuburbSubscriptionRow } from '../../db/schema/subscriptions.ts';
import type { SuburbRow } from '../../db/schema/suburbs.ts';

/**
 * The operators' console (PRODUCT.md 'Roles'): listings awaiting verification (listing-verification.service.ts), suburbs and their subscriptions,
 * agents with their cards and charges, sales with lead fees and cashback, settings, and the audit log.
 * Only ADMIN users reach these calls (the `admin` scope). Every change is written to `admin_audit_log` in the
 * same transaction as the change itself, so the log never misses one and never records one that rolled back.
 * Lists are keyset-paged, newest first unless a list reads better alphabetically.
 */

export type AgentUserRow = UserRow;

const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ——— Listings (verification: listing-verification.service.ts) ———

/** A property's address as operators and e-mails write it: '2/12 Smith Street, Bondi NSW 2026'. */
export function formatPropertyAddress(p: typeof properties.$inferSelect, suburb: SuburbRow | null | undefined): string {
  return propertyAddressLine({ ...p, suburb }) || 'Address not entered';
}

// ——— Suburbs and subscriptions ———

/**
 * Suburbs by name or postcode prefix, alphabetically; with no search, the suburbs that have had any
 * subscription (the ones an operator manages). Keyset on (search_name, id).
 */
export async function listSuburbs(db: Tx, args: PageArgs & { search?: string | null }): Promise<Connection<SuburbRow>> {
  const first = pageSize(args.first);
  const cursor = decodeCursor(args.after);
  const cursorId = cursor ? Number(cursor.id) : null;
  if (cursor && !isIntegerId(cursorId)) throw new AppError('validation_failed', 'after');
  const search = (args.search ?? '').trim().toLowerCase().slice(0, 100);
  const matches = search
    ? /^\d+$/.test(search)
      ? like(suburbs.postcode, likePrefix(search))
      : like(suburbs.searchName, likePrefix(search))
    : sql`exists (select 1 from ${suburbSubscriptions} where ${suburbSubscriptions.suburbId} = ${suburbs.id})`;
  const rows = await db
    .select()
    .from(suburbs)
    .where(and(matches, cursor ? sql`(${suburbs.searchName}, ${suburbs.id}) > (${cursor.sortKey}, ${cursorId})` : undefined))
    .orderBy(asc(suburbs.searchName), asc(suburbs.id))
    .limit(first + 1);
  return toConnection(rows, first, (row) => ({ sortKey: row.searchName, id: String(row.id) }));
}

async function findSuburb(tx: Tx, suburbId: string | number, lock = false): Promise<SuburbRow> {
  const id = Number(suburbId);
  if (!isIntegerId(id)) throw notFound();
  const query = tx.select().from(suburbs).where(eq(suburbs.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * setSuburbSubscribedAgentsMax: how many agents may hold a live subscription in the suburb. It cannot go below
 * the agents subscribed now (`subscribed_agents_max_below_subscribed_count`, field `subscribedAgentsMax`): an
 * operator cancels subscriptions first, so the console never shows '3 of 2'.
 */
export async function setSuburbSubscribedAgentsMax(deps: Deps, admin: UserRow, input: { suburbId: string; subscribedAgentsMax: number }) {
  const { subscribedAgentsMax } = parseInput(subscribedAgentsMaxSchema, { subscribedAgentsMax: input.subscribedAgentsMax });
  return deps.db.transaction(async (tx) => {
    // The lock orders this against subscriptions being taken in the suburb at the same moment.
    const suburb = await findSuburb(tx, input.suburbId, true);
    const now = deps.clock.now();
    const subscribed = (await countLiveSubscriptions(tx, [suburb.id], now)).get(suburb.id) ?? 0;
    if (subscribedAgentsMax < subscribed) throw new AppError('subscribed_agents_max_below_subscribed_count', 'subscribedAgentsMax');
    const updated = await tx.update(suburbs).set({ subscribedAgentsMax }).where(eq(suburbs.id, suburb.id)).returning().then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'SET_SUBSCRIBED_AGENTS_MAX',
      targetType: 'SUBURB',
      targetId: String(suburb.id),
      details: { suburb: suburbLabel(suburb), from: suburb.subscribedAgentsMax, to: subscribedAgentsMax },
    });
    return updated;
  });
}

/** Every subscription of a suburb (live, lapsed and cancelled), newest first. */
export async function listSuburbSubscriptions(db: Tx, suburbId: string, args: PageArgs): Promise<Connection<SuburbSubscriptionRow>> {
  const suburb = await findSuburb(db, suburbId);
  return pageSubscriptions(db, eq(suburbSubscriptions.suburbId, suburb.id), args);
}

async function pageSubscriptions(db: Tx, where: SQL, args: PageArgs): Promise<Connection<SuburbSubscriptionRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = suburbSubscriptions;
  const rows = await db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(and(where, afterCursor(t.createdAt, t.id, cursor)))
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Whether the subscription counts against the suburb's maximum: not cancelled and not lapsed. */
export const isSubscriptionLive = (row: SuburbSubscriptionRow, now: Date) => !row.cancelledAt && row.expiresAt.getTime() > now.getTime();

async function lockSubscription(tx: Tx, id: string): Promise<SuburbSubscriptionRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * setSuburbSubscriptionManuallyManaged: a manually managed subscription answers
 * `suburb_subscription_manually_managed` to the agent's own calls; only operators change it.
 */
export async function setSuburbSubscriptionManuallyManaged(
  deps: Deps,
  admin: UserRow,
  input: { suburbSubscriptionId: string; isManuallyManaged: boolean },
): Promise<SuburbSubscriptionRow> {
  const isManuallyManaged = parseInput(z.object({ isManuallyManaged: z.boolean() }), input).isManuallyManaged;
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, input.suburbSubscriptionId);
    const updated = await tx
      .update(suburbSubscriptions)
      .set({ isManuallyManaged })
      .where(eq(suburbSubscriptions.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'SET_SUBSCRIPTION_MANUALLY_MANAGED',
      targetType: 'SUBURB_SUBSCRIPTION',
      targetId: row.id,
      details: { agentUserId: row.agentUserId, suburbId: row.suburbId, from: row.isManuallyManaged, to: isManuallyManaged },
    });
    return updated;
  });
}

/**
 * cancelSuburbSubscriptionAsAdmin: support cancels an agent's subscription at the agent's request. It stops
 * counting against the suburb's maximum at once and will not renew. Cancelled already: `invalid_state`.
 */
export async function cancelSuburbSubscriptionAsAdmin(
  deps: Deps,
  admin: UserRow,
  suburbSubscriptionId: string,
): Promise<SuburbSubscriptionRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, suburbSubscriptionId);
    if (row.cancelledAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const updated = await tx
      .update(suburbSubscriptions)
      .set({ cancelledAt: now, autoRenew: false })
      .where(eq(suburbSubscriptions.id, row.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'CANCEL_SUBSCRIPTION',
      targetType: 'SUBURB_SUBSCRIPTION',
      targetId: row.id,
      details: { agentUserId: row.agentUserId, suburbId: row.suburbId, expiresAt: row.expiresAt.toISOString() },
    });
    return updated;
  });
}

// ——— Agents ———

/** Agents by name or e-mail (contains, case-insensitive), newest first. */
export async function listAgents(db: Tx, args: PageArgs & { search?: string | null }): Promise<Connection<UserRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const search = (args.search ?? '').trim().slice(0, 100);
  const rows = await db
    .select({ row: users, key: keyOf(users.createdAt) })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(
      and(
        eq(users.userType, 'AGENT'),
        search ? or(ilike(users.email, likeContains(search)), ilike(agentProfiles.name, likeContains(search))) : undefined,
        afterCursor(users.createdAt, users.id, cursor),
      ),
    )
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

export async function getAgent(db: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound();
  const user = await db.query.users.findFirst({ where: and(eq(users.id, id), eq(users.userType, 'AGENT')) });
  if (!user) throw notFound();
  return user;
}

export const findPaymentMethodsOfUsers = (db: Tx, userIds: readonly string[]) =>
  userIds.length
    ? db
        .select()
        .from(paymentMethods)
        .where(inArray(paymentMethods.userId, [...userIds]))
        .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
    : Promise.resolve([]);

export const findSubscriptionsOfAgents = (db: Tx, agentUserIds: readonly string[]) =>
  agentUserIds.length
    ? db
        .select()
        .from(suburbSubscriptions)
        .where(inArray(suburbSubscriptions.agentUserId, [...agentUserIds]))
        .orderBy(desc(suburbSubscriptions.createdAt))
    : Promise.resolve([]);

// ——— The ledger ———

/** Ledger rows, newest first, optionally of one user, one kind or one status. */
export async function listCharges(
  db: Tx,
  args: PageArgs & { userId?: string | null; kind?: ChargeKind | null; status?: ChargeStatus | null },
): Promise<Connection<ChargeRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  if (args.userId && !isUuid(args.userId)) throw notFound();
  const rows = await db
    .select({ row: charges, key: keyOf(charges.createdAt) })
    .from(charges)
    .where(
      and(
        args.userId ? eq(charges.userId, args.userId) : undefined,
        args.kind ? eq(charges.kind, args.kind) : undefined,
        args.status ? eq(charges.status, args.status) : undefined,
        afterCursor(charges.createdAt, charges.id, cursor),
      ),
    )
    .orderBy(...newestFirst(charges.createdAt, charges.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

// ——— Sales, lead fees and cashback ———

export type SaleFilter = 'ALL' | 'AWAITING_CONFIRMATION' | 'CONFIRMED' | 'LEAD_FEE_FAILED' | 'CASH_OFFER_PAYABLE' | 'DISPUTED';

const saleFilterCondition = (filter: SaleFilter): SQL | undefined => {
  switch (filter) {
    case 'AWAITING_CONFIRMATION':
      return and(isNull(propertySales.confirmedAt), isNull(propertySales.disputedAt));
    case 'DISPUTED':
      return sql`${propertySales.disputedAt} is not null`;
    case 'CONFIRMED':
      return sql`${propertySales.confirmedAt} is not null`;
    case 'LEAD_FEE_FAILED':
      return eq(propertySales.leadFeeStatus, 'FAILED');
    case 'CASH_OFFER_PAYABLE':
      return sql`exists (select 1 from ${cashbackClaims} where ${cashbackClaims.propertySaleId} = ${propertySales.id} and ${cashbackClaims.status} = 'PAYABLE')`;
    case 'ALL':
      return undefined;
  }
};

/** Sales as sellers reported them, newest report first. */
export async function listPropertySales(db: Tx, args: PageArgs & { filter?: SaleFilter | null }): Promise<Connection<PropertySaleRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: propertySales, key: keyOf(propertySales.reportedAt) })
    .from(propertySales)
    .where(and(saleFilterCondition(args.filter ?? 'ALL'), afterCursor(propertySales.reportedAt, propertySales.id, cursor)))
    .orderBy(...newestFirst(propertySales.reportedAt, propertySales.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Cashback claims, newest first, optionally of one status. */
export async function listCashbackClaims(
  db: Tx,
  args: PageArgs & { status?: CashbackClaimStatus | null },
): Promise<Connection<CashbackClaimRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const rows = await db
    .select({ row: cashbackClaims, key: keyOf(cashbackClaims.claimedAt) })
    .from(cashbackClaims)
    .where(
      and(
        args.status ? eq(cashbackClaims.status, args.status) : undefined,
        afterCursor(cashbackClaims.claimedAt, cashbackClaims.id, cursor),
      ),
    )
    .orderBy(...newestFirst(cashbackClaims.claimedAt, cashbackClaims.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/**
 * markCashbackClaimPaid: the operator transferred the cashback. Only a PAYABLE claim (`invalid_state` otherwise).
 * Records the paid date and e-mails the seller.
 */
export async function markCashbackClaimPaid(deps: Deps, admin: UserRow, cashbackClaimId: string): Promise<CashbackClaimRow> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const paid = await markClaimPaid(tx, cashbackClaimId, admin.id, now);
    await recordAdminAction(tx, admin, now, {
      action: 'MARK_CASHBACK_PAID',
      targetType: 'CASHBACK_CLAIM',
      targetId: paid.id,
      details: { propertySaleId: paid.propertySaleId, amountCents: paid.amountCents },
    });
    await emailSellerCashbackPaid(deps, tx, paid);
    return paid;
  });
}

/**
 * retryLeadFeeCharge: charges a declined lead fee again (a new attempt with its own idempotency key). The audit
 * entry is written when the attempt starts, so it stays even when the card declines again (`payment_declined`).
 */
export async function retryLeadFeeCharge(deps: Deps, admin: UserRow, propertySaleId: string): Promise<PropertySaleRow> {
  return retryLeadFee(deps, propertySaleId, (tx, sale) =>
    recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'RETRY_LEAD_FEE',
      targetType: 'PROPERTY_SALE',
      targetId: sale.id,
      details: { attempt: sale.leadFeeAttempts, agentUserId: sale.sellingAgentUserId },
    }),
  );
}

/**
 * waiveLeadFeeCharge: an operator decides a declined lead fee is not to be collected, with a reason (audit-logged):
 * no more attempts, and the seller's cashback becomes payable.
 */
export async function waiveLeadFeeCharge(deps: Deps, admin: UserRow, input: { propertySaleId: string; reason: string }) {
  return waiveLeadFee(deps, input, (tx, sale, reason) =>
    recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'WAIVE_LEAD_FEE',
      targetType: 'PROPERTY_SALE',
      targetId: sale.id,
      details: { reason, attempts: sale.leadFeeAttempts, agentUserId: sale.sellingAgentUserId, chargeId: sale.leadFeeChargeId },
    }),
  );
}

/** settleDisputedPropertySale: the operator's settlement of a disputed sale (sales.service), audit-logged with the reason. */
export async function settleDisputedPropertySale(
  deps: Deps,
  admin: UserRow,
  input: { propertySaleId: string; outcome: string; reason: string; salePrice?: number | null; contractDate?: string | null },
) {
  return settleDisputedSale(deps, input, (tx, before, after) =>
    recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'SETTLE_DISPUTED_SALE',
      targetType: 'PROPERTY_SALE',
      targetId: after.id,
      details: {
        outcome: after.disputeSettlement,
        reason: after.disputeSettlementReason,
        disputeReason: before.disputeReason,
        salePriceCents: after.salePriceCents,
        contractDate: after.contractDate,
      },
    }),
  );
}

// ——— Settings ———

export async function getAdminSettings(db: Tx) {
  const [cashbackCents, totalFreeTrialsAllowed, leadFeeCents, abaBalancingRecord] = await Promise.all([
    getSetting(db, 'staticCashbackAmountCents'),
    getSetting(db, 'totalFreeTrialsAllowed'),
    getSetting(db, 'leadFeeExcludingGstCents'),
    getSetting(db, 'abaBalancingRecord'),
  ]);
  return {
    staticCashbackAmount: centsToDollars(cashbackCents),
    totalFreeTrialsAllowed,
    leadFeeExcludingGst: centsToDollars(leadFeeCents),
    abaBalancingRecord: abaBalancingRecord === 1,
  };
}

/**
 * updateSettings: the cashback (dollars), the free-trial allowance, the lead fee before GST and whether payout ABA
 * files carry a balancing record. A new cashback applies to new claims only; a new lead fee to sales confirmed from
 * then on; the balancing record to batches made from then on.
 */
export async function updateSettings(
  deps: Deps,
  admin: UserRow,
  input: { staticCashbackAmount: number; totalFreeTrialsAllowed: number; leadFeeExcludingGst?: number; abaBalancingRecord?: boolean },
) {
  const values = parseInput(adminSettingsSchema, input);
  return deps.db.transaction(async (tx) => {
    const before = await getAdminSettings(tx);
    await setSetting(tx, 'staticCashbackAmountCents', dollarsToCents(values.staticCashbackAmount));
    await setSetting(tx, 'totalFreeTrialsAllowed', values.totalFreeTrialsAllowed);
    if (values.leadFeeExcludingGst !== undefined)
      await setSetting(tx, 'leadFeeExcludingGstCents', dollarsToCents(values.leadFeeExcludingGst));
    if (values.abaBalancingRecord !== undefined) await setSetting(tx, 'abaBalancingRecord', values.abaBalancingRecord ? 1 : 0);
    await recordAdminAction(tx, admin, deps.clock.now(), {
      action: 'UPDATE_SETTINGS',
      targetType: 'SETTINGS',
      targetId: 'settings',
      details: { from: before, to: values },
    });
    return getAdminSettings(tx);
  });
}

// ——— Audit log ———

export interface AuditLogFilter {
  action?: AdminAuditAction | null;
  adminUserId?: string | null;
  /** Entries at or after this instant (ISO 8601). */
  createdFrom?: string | null;
  /** Entries before this instant (the console sends the start of the day after the last day chosen). */
  createdBefore?: string | null;
}

/**
 * An ISO 8601 instant argument, or null when absent; anything else is `validation_failed` naming the argument. Years
 * outside 1–9999 are refused too: JavaScript parses '-100000-01-01', which Postgres cannot compare with.
 */
function instantArgument(value: string | null | undefined, field: string): Date | null {
  if (value == null || value === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw new AppError('validation_failed', field);
  return at;
}

/**
 * The audit log, newest first, optionally of one action, one operator and a time range. Each filter keeps the page
 * index-backed (issue 25): the action and the operator each have an index in the list's order, and the range bounds
 * the order's leading column. An operator id that is not a uuid is `not_found`.
 */
export async function listAuditLog(db: Tx, args: PageArgs & AuditLogFilter): Promise<Connection<AuditLogRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const createdFrom = instantArgument(args.createdFrom, 'createdFrom');
  const createdBefore = instantArgument(args.createdBefore, 'createdBefore');
  if (args.adminUserId && !isUuid(args.adminUserId)) throw notFound();
  const t = adminAuditLog;
  const rows = await db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(
      and(
        args.action ? eq(t.action, args.action) : undefined,
        args.adminUserId ? eq(t.adminUserId, args.adminUserId) : undefined,
        createdFrom ? gte(t.createdAt, createdFrom) : undefined,
        createdBefore ? lt(t.createdAt, createdBefore) : undefined,
        afterCursor(t.createdAt, t.id, cursor),
      ),
    )
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** Everyone who can act in the console, by name: the audit log's operator filter. */
export const listOperators = (db: Tx) =>
  db
    .select({ user: users })
    .from(users)
    .where(eq(users.userType, 'ADMIN'))
    .orderBy(asc(users.email), asc(users.id))
    .then((rows) => rows.map((r) => r.user));

/** What an entry acted on, as ids to name: read from its target and from the ids its details recorded. */
export interface AuditTouchedRefs {
  userIds: string[];
  propertyIds: string[];
  suburbIds: number[];
  saleIds: string[];
  chargeIds: string[];
}

const stringsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && isUuid(v));

/** The ids an audit entry names, whatever the action: its target, and the users, listings and suburbs in its details. */
export function auditTouchedRefs(entry: Pick<AuditLogRow, 'targetType' | 'targetId' | 'details'>): AuditTouchedRefs {
  const details = entry.details ?? {};
  const refs: AuditTouchedRefs = { userIds: [], propertyIds: [], suburbIds: [], saleIds: [], chargeIds: [] };
  switch (entry.targetType) {
    case 'USER':
    case 'AGENT':
    case 'AGENT_LICENCE':
      // Suspending and lifting target the agent's user id (agent-suspensions.service.ts).
      refs.userIds.push(...stringsOf(entry.targetId));
      break;
    case 'PROPERTY':
      refs.propertyIds.push(...stringsOf(entry.targetId));
      break;
    case 'SUBURB':
      if (/^\d+$/.test(entry.targetId)) refs.suburbIds.push(Number(entry.targetId));
      break;
    case 'PROPERTY_SALE':
      refs.saleIds.push(...stringsOf(entry.targetId));
      break;
    case 'CHARGE':
      refs.chargeIds.push(...stringsOf(entry.targetId));
      break;
  }
  refs.userIds.push(...stringsOf(details.agentUserId), ...stringsOf(details.sellerUserId));
  refs.propertyIds.push(...stringsOf(details.propertyIds), ...stringsOf(details.propertyId));
  refs.saleIds.push(...stringsOf(details.propertySaleId));
  if (typeof details.suburbId === 'number' && Number.isInteger(details.suburbId)) refs.suburbIds.push(details.suburbId);
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    userIds: unique(refs.userIds),
    propertyIds: unique(refs.propertyIds),
    suburbIds: unique(refs.suburbIds),
    saleIds: unique(refs.saleIds),
    chargeIds: unique(refs.chargeIds),
  };
}

/** Users by id (summaries in the console's lists). */
export const findUsersByIds = (db: Tx, ids: readonly string[]) =>
  ids.length
    ? db
        .select({ user: users, sellerName: sellerProfiles.name, agentName: agentProfiles.name })
        .from(users)
        .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
        .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
        .where(inArray(users.id, [...ids]))
    : Promise.resolve([]);
