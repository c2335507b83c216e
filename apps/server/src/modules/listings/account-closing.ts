import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { properties, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { withdrawPublishedProperty } from './published-property.service.ts';

/**
 * The listings module's part of closing a seller's account. Published listings are withdrawn exactly as 'Withdraw
 * listing' does (pending requests released, the agents told); a draft was never shown to anyone and goes; an
 * operator's reason for rejecting a listing's verification may name the seller and is erased. Proofs of authority
 * (a rates notice names the owner) go: their rows now, their files after the commit (the keys are answered).
 */
export async function closeSellerListings(deps: Deps, tx: Tx, seller: UserRow): Promise<string[]> {
  const listed = await tx
    .select()
    .from(properties)
    .where(and(eq(properties.sellerUserId, seller.id), eq(properties.state, 'ACTIVE')))
    .for('update');
  for (const property of listed) await withdrawPublishedProperty(deps, tx, property, 'DECIDED_NOT_TO_USE_LISTWISE');
  await tx.delete(properties).where(and(eq(properties.sellerUserId, seller.id), eq(properties.state, 'DRAFT')));
  await tx.update(properties).set({ verificationRejectionReason: null }).where(eq(properties.sellerUserId, seller.id));
  const proofs = await tx
    .delete(proofOfAuthorityDocuments)
    .where(eq(proofOfAuthorityDocuments.sellerUserId, seller.id))
    .returning({ storageKey: proofOfAuthorityDocuments.storageKey });
  return proofs.map((p) => p.storageKey);
}
