import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import { charges } from '../../db/schema/payments.ts';
import { properties } from '../../db/schema/properties.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { GraphQLContext, UserRow } from '../../graphql/context.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { findPaymentMethodsOfUsers, findSubscriptionsOfAgents, findUsersByIds } from './admin.service.ts';
import { countWaitingListingsOfSellers } from './listing-verification.service.ts';
import { findClaimsOfBatches } from './payout-batches.service.ts';

/**
 * Per-request batch loaders of the console, kept on the GraphQL context: a page of N sales costs one query per
 * related table (properties, suburbs, users, claims, charges), never one per row.
 */
export interface AdminUserSummary {
  user: UserRow;
  name: string | null;
}

const byKey = <K, V>(rows: V[], keyOf: (row: V) => K, keys: readonly K[]) => {
  const map = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => map.get(key) ?? null);
};

const groupBy = <K, V>(rows: V[], keyOf: (row: V) => K, keys: readonly K[]) => {
  const map = new Map<K, V[]>();
  for (const row of rows) map.set(keyOf(row), [...(map.get(keyOf(row)) ?? []), row]);
  return keys.map((key) => map.get(key) ?? []);
};

function createAdminLoaders(ctx: GraphQLContext) {
  const { db } = ctx.deps;
  return {
    userById: new DataLoader<string, AdminUserSummary | null>(async (ids) =>
      byKey(
        (await findUsersByIds(db, ids)).map((r) => ({ user: r.user, name: r.agentName ?? r.sellerName ?? null })),
        (r) => r.user.id,
        ids,
      ),
    ),
    propertyById: new DataLoader(async (ids: readonly string[]) =>
      byKey(
        await db
          .select()
          .from(properties)
          .where(inArray(properties.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    suburbById: new DataLoader(async (ids: readonly number[]) =>
      byKey(
        await db
          .select()
          .from(suburbs)
          .where(inArray(suburbs.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    saleById: new DataLoader(async (ids: readonly string[]) =>
      byKey(
        await db
          .select()
          .from(propertySales)
          .where(inArray(propertySales.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    claimBySaleId: new DataLoader(async (ids: readonly string[]) =>
      byKey(
        await db
          .select()
          .from(cashbackClaims)
          .where(inArray(cashbackClaims.propertySaleId, [...ids])),
        (r) => r.propertySaleId,
        ids,
      ),
    ),
    chargeById: new DataLoader(async (ids: readonly string[]) =>
      byKey(
        await db
          .select()
          .from(charges)
          .where(inArray(charges.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    waitingListingsCountBySellerId: new DataLoader(async (ids: readonly string[]) => {
      const counts = new Map((await countWaitingListingsOfSellers(db, ids)).map((r) => [r.sellerUserId, r.count]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    paymentMethodsByUserId: new DataLoader(async (ids: readonly string[]) =>
      groupBy(await findPaymentMethodsOfUsers(db, ids), (r) => r.userId, ids),
    ),
    subscriptionsByAgentId: new DataLoader(async (ids: readonly string[]) =>
      groupBy(await findSubscriptionsOfAgents(db, ids), (r) => r.agentUserId, ids),
    ),
    claimsByBatchId: new DataLoader(async (ids: readonly string[]) =>
      groupBy(await findClaimsOfBatches(db, ids), (r) => r.entry.batchId, ids),
    ),
  };
}

export const adminLoaders = perRequest(createAdminLoaders);
