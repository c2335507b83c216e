import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { findSuburbsByIds } from '../suburbs/suburbs.service.ts';
import { type SuburbRow } from '../../db/schema/suburbs.ts';
import { findPropertyMedia, type PropertyMediaRow } from './draft-property.service.ts';
import { findProofOfAuthorityDocuments, type ProofOfAuthorityRow } from './proof-of-authority.service.ts';

/**
 * Per-request batch loaders of the Property type, kept on the GraphQL context (as the suburbs module does):
 * a page of 10 properties costs one query for suburbs, one for media, one for appraisal counts.
 */
function createListingLoaders(ctx: GraphQLContext) {
  const { db } = ctx.deps;
  return {
    suburbById: new DataLoader<number, SuburbRow | null>(async (ids) => {
      const rows = await findSuburbsByIds(db, [...ids]);
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
    mediaByPropertyId: new DataLoader<string, PropertyMediaRow[]>(async (ids) => {
      const rows = await findPropertyMedia(db, ids);
      return ids.map((id) => rows.filter((r) => r.propertyId === id));
    }),
    /** Submitted appraisals per property: the count on the seller's card badge. */
    appraisalCountByPropertyId: new DataLoader<string, number>(async (ids) => {
      const rows = await db
        .select({ propertyId: propertyAppraisals.propertyId, count: sql<number>`count(*)::int` })
        .from(propertyAppraisals)
        .where(and(inArray(propertyAppraisals.propertyId, [...ids]), eq(propertyAppraisals.state, 'SUBMITTED')))
        .groupBy(propertyAppraisals.propertyId);
      return ids.map((id) => rows.find((r) => r.propertyId === id)?.count ?? 0);
    }),
    /** Requests per property: all sent, and those still PENDING (the seller's card says whether one is on its way). */
    requestCountsByPropertyId: new DataLoader<string, { asked: number; pending: number }>(async (ids) => {
      const r = propertyAppraisalRequests;
      const rows = await db
        .select({
          propertyId: r.propertyId,
          asked: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where ${r.state} = 'PENDING'))::int`,
        })
        .from(r)
        .where(inArray(r.propertyId, [...ids]))
        .groupBy(r.propertyId);
      return ids.map((id) => rows.find((row) => row.propertyId === id) ?? { asked: 0, pending: 0 });
    }),
    /** The proof of authority of each listing (resolvers show it to the seller and operators only). */
    proofOfAuthorityByPropertyId: new DataLoader<string, ProofOfAuthorityRow | null>(async (ids) => {
      const rows = await findProofOfAuthorityDocuments(db, ids);
      return ids.map((id) => rows.find((r) => r.propertyId === id) ?? null);
    }),
  };
}

type ListingLoaders = ReturnType<typeof createListingLoaders>;
export const listingLoaders: (ctx: GraphQLContext) => ListingLoaders = perRequest(createListingLoaders);
