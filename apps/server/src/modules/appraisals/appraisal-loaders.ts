import DataLoader from 'dataloader';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { appointmentRequests, comparableSales, propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import type { AppraisalRequestRow, AppraisalRow, ComparableSaleRow } from '../../db/schema/appraisals.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';

/**
 * Per-request batch loaders of the appraisal loop, kept on the GraphQL context (like the suburbs module's):
 * a page of N requests or a property with N appraisals costs one query per related table, never one per row.
 */
const byId = <K, V>(rows: V[], keyOf: (row: V) => K, keys: readonly K[]) => {
  const map = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => map.get(key) ?? null);
};

const groupBy = <K, V>(rows: V[], keyOf: (row: V) => K, keys: readonly K[]) => {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return keys.map((key) => map.get(key) ?? []);
};

function createAppraisalLoaders(ctx: GraphQLContext) {
  const { db } = ctx.deps;
  return {
    propertyById: new DataLoader<string, PropertyRow | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(properties)
          .where(inArray(properties.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    userById: new DataLoader<string, typeof users.$inferSelect | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(users)
          .where(inArray(users.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    requestById: new DataLoader<string, AppraisalRequestRow | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(propertyAppraisalRequests)
          .where(inArray(propertyAppraisalRequests.id, [...ids])),
        (r) => r.id,
        ids,
      ),
    ),
    appraisalByRequestId: new DataLoader<string, AppraisalRow | null>(async (ids) =>
      byId(
        await db
          .select()
          .from(propertyAppraisals)
          .where(inArray(propertyAppraisals.appraisalRequestId, [...ids])),
        (r) => r.appraisalRequestId,
        ids,
      ),
    ),
    comparableSalesByAppraisalId: new DataLoader<string, ComparableSaleRow[]>(async (ids) =>
      groupBy(
        await db
          .select()
          .from(comparableSales)
          .where(inArray(comparableSales.propertyAppraisalId, [...ids]))
          .orderBy(asc(comparableSales.order)),
        (r) => r.propertyAppraisalId,
        ids,
      ),
    ),
    /** What the seller sees on a property: its submitted appraisals, newest first. */
    submittedAppraisalsByPropertyId: new DataLoader<string, AppraisalRow[]>(async (ids) =>
      groupBy(
        await db
          .select()
          .from(propertyAppraisals)
          .where(and(inArray(propertyAppraisals.propertyId, [...ids]), eq(propertyAppraisals.state, 'SUBMITTED')))
          .orderBy(desc(propertyAppraisals.sentAt), desc(propertyAppraisals.id)),
        (r) => r.propertyId,
        ids,
      ),
    ),
    appointmentRequestedByAppraisalId: new DataLoader<string, boolean>(async (ids) => {
      const rows = await db
        .select({ propertyAppraisalId: appointmentRequests.propertyAppraisalId })
        .from(appointmentRequests)
        // A cancelled request no longer counts: the seller may ask again.
        .where(and(inArray(appointmentRequests.propertyAppraisalId, [...ids]), isNull(appointmentRequests.cancelledAt)));
      const requested = new Set(rows.map((r) => r.propertyAppraisalId));
      return ids.map((id) => requested.has(id));
    }),
  };
}

export type AppraisalLoaders = ReturnType<typeof createAppraisalLoaders>;

export const appraisalLoaders: (ctx: GraphQLContext) => AppraisalLoaders = perRequest(createAppraisalLoaders);
