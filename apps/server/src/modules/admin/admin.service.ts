import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { propertyAddressLine } from '@listwise/domain/address-line';
import { centsToDollars, dollarsToCents } from '@listwise/domain/pricing';
import { adminSettingsSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { charges, paymentMethods } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { getSettings, setSetting } from '../settings/settings.service.ts';
import type { ChargeRow, ChargeKind, ChargeStatus } from '../../db/schema/payments.ts';
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
export const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ——— Listings (verification: listing-verification.service.ts) ———

/** A property's address as operators and e-mails write it: '2/12 Smith Street, Bondi NSW 2026'. */
export function formatPropertyAddress(p: typeof properties.$inferSelect, suburb: SuburbRow | null | undefined): string {
  return propertyAddressLine({ ...p, suburb }) || 'Address not entered';
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

// ——— Settings ———

export async function getAdminSettings(db: Tx) {
  const settings = await getSettings(db, [
    'staticCashbackAmountCents',
    'totalFreeTrialsAllowed',
    'leadFeeExcludingGstCents',
    'abaBalancingRecord',
  ]);
  return {
    staticCashbackAmount: centsToDollars(settings.staticCashbackAmountCents),
    totalFreeTrialsAllowed: settings.totalFreeTrialsAllowed,
    leadFeeExcludingGst: centsToDollars(settings.leadFeeExcludingGstCents),
    abaBalancingRecord: settings.abaBalancingRecord === 1,
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
