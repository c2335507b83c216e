import type { properties } from '../../db/schema/properties.ts';
import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { ProofOfAuthorityRef } from '../listings/listings.graphql.ts';
import { listingLoaders } from '../listings/listing-loaders.ts';
import { ADMIN, AdminPropertyRef, AdminUserRef, mustLoadUser, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import * as verification from './listing-verification.service.ts';

/** The console's Verification tab: listings whose seller is not the owner, verified or rejected one by one. */

type PropertyRow = typeof properties.$inferSelect;

const AdminListingAwaitingVerificationRef = builder.objectRef<PropertyRow>('AdminListingAwaitingVerification').implement({
  description: 'A listing waiting for an operator to verify that its seller may sell it; each is decided on its own.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The listing (property) id: verifyListing and rejectListing take it.' }),
    property: t.field({
      type: AdminPropertyRef,
      description: 'The listing, with its full address and ownership answers.',
      resolve: (p) => p,
    }),
    seller: t.field({
      type: AdminUserRef,
      description: 'The seller who listed it.',
      resolve: async (p, _a, ctx) => ({ ...(await mustLoadUser(ctx, p.sellerUserId)) }),
    }),
    waitingSince: t.field({
      type: 'DateTime',
      description: 'When the listing began to wait: the latest request for verification (or its submission).',
      resolve: (p) => p.verificationRequestedAt ?? p.submittedAt ?? p.createdAt,
    }),
    heldAgentCount: t.int({
      description: 'Agents the seller chose for this listing, who receive the request once it is verified.',
      resolve: (p) => p.heldAgentUserIds.length,
    }),
    otherListingsWaitingCount: t.int({
      description: "The seller's other listings waiting for verification (each is decided on its own).",
      resolve: async (p, _a, ctx) => (await adminLoaders(ctx).waitingListingsCountBySellerId.load(p.sellerUserId)) - 1,
    }),
    previousRejectionReason: t.string({
      nullable: true,
      description: 'Why an operator rejected this listing before its seller sent proof, if one did.',
      resolve: (p) => p.verificationRejectionReason,
    }),
    proofOfAuthority: t.field({
      type: ProofOfAuthorityRef,
      nullable: true,
      description: 'The proof of authority the seller uploaded, with a link that works for a few minutes.',
      resolve: (p, _a, ctx) => listingLoaders(ctx).proofOfAuthorityByPropertyId.load(p.id),
    }),
  }),
});

builder.queryFields((t) => ({
  adminListingsAwaitingVerification: t.connection(
    {
      type: AdminListingAwaitingVerificationRef,
      authScopes: ADMIN,
      description: 'Listings waiting for verification (their seller is not the owner), oldest first; only those that wait.',
      resolve: (_r, args, ctx) => verification.listListingsAwaitingVerification(ctx.deps.db, page(args)),
    },
    { description: 'A page of listings waiting for verification.' },
    { description: 'A listing waiting for verification, with its cursor.' },
  ),
}));

builder.mutationFields((t) => ({
  verifyListing: t.field({
    type: AdminPropertyRef,
    authScopes: ADMIN,
    description: 'Verifies a listing waiting for verification; the appraisal requests held for it go out. Other listings are untouched.',
    args: { propertyId: t.arg.id({ required: true, description: 'The listing waiting for verification.' }) },
    resolve: (_r, args, ctx) => verification.verifyListing(ctx.deps, currentUser(ctx), String(args.propertyId)),
  }),
  rejectListing: t.field({
    type: AdminPropertyRef,
    authScopes: ADMIN,
    description:
      'Rejects a listing waiting for verification with a reason the seller is e-mailed, with a link to upload proof; its agents stay held.',
    args: {
      propertyId: t.arg.id({ required: true, description: 'The listing waiting for verification.' }),
      reason: t.arg.string({ required: true, description: 'Why, in words the seller reads in the e-mail.' }),
    },
    resolve: (_r, args, ctx) =>
      verification.rejectListing(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), reason: args.reason }),
  }),
}));
