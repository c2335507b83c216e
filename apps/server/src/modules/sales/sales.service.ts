import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bankDetailsSchema, completedWithoutListwiseSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisals } from '../../db/schema/appraisals.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { findOwnProperty } from '../listings/property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { completeProperty } from '../listings/property-completed.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import { ConfirmPropertySaleEmail } from '../notifications/templates/sale-emails.tsx';
import { getLeadFee, getSetting } from '../settings/settings.service.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';
import { sealBankDetails } from './bank-details.ts';

/**
 * Sales (spec 001 'Sale status and cashback claim', spec 000 'Sale confirmation', PRODUCT.md 'Money'):
 * - the seller reports the outcome of a listing: not sold (`propertyCompletedWithoutListwise`) or sold
 *   unconditionally through an agent who appraised it, claiming the cashback with bank details
 *   (`propertySoldThroughListwise`); either completes the property and turns its pending requests NOT_REQUIRED;
 * - the named agent confirms price and contract date (`confirmPropertySale`; the date between the listing and
 *   today): one more engagement for the badge, and the lead fee is charged to the agent's card, which issues a tax
 *   invoice; the seller's cashback becomes payable once that fee is collected or an operator waives it; or the agent
 *   answers 'this is not my sale' (`disputePropertySale`): nothing is charged and the claim waits for an operator;
 * - a declined lead fee leaves the sale confirmed; it is retried (by the agent confirming again, by an operator, and
 *   by the retry job, which looks every 10 minutes and tries a declined fee once a day) with a new idempotency key
 *   per attempt, never two attempts at once.
 * Authorisation lives here: a seller reaches only their own properties, an agent only sales naming them.
 */
// ——— The seller's report ———

function assertCompleteTypeCanChange(property: PropertyRow) {
  if (property.completeType === 'SOLD_UNCONDITIONALLY') throw new AppError('cannot_update_complete_type_for_uncoditionally_sold_property');
  // A draft was never published: there is nothing to report a sale of.
  if (property.state === 'DRAFT') throw new AppError('invalid_state');
}

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

/** Whether the agent sent the property an appraisal and can still answer for the sale (their account is open). */
async function hasSubmittedAppraisal(tx: Tx, propertyId: string, agentUserId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: propertyAppraisals.id })
    .from(propertyAppraisals)
    .innerJoin(users, eq(users.id, propertyAppraisals.agentUserId))
    .where(
      and(
        eq(propertyAppraisals.propertyId, propertyId),
        eq(propertyAppraisals.agentUserId, agentUserId),
        eq(propertyAppraisals.state, 'SUBMITTED'),
        isNull(users.deletedAt),
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
  await tellAboutProperty(deps, tx, { userId: sale.sellingAgentUserId, property }, async ({ address }) => {
    const sellerName = await sellerNameOf(tx, sale.sellerUserId);
    return {
      subject: 'Please confirm your property sale',
      template: 'confirm-property-sale',
      push: {
        kind: 'SALE_TO_CONFIRM',
        content: {
          title: 'Sale to confirm',
          body: `${sellerName} reports a sale through you.`,
          url: `/agent/property-sale/${sale.id}/confirm`,
        },
      },
      body: ConfirmPropertySaleEmail({
        sellerName,
        address,
        link: `${deps.config.appUrl}/agent/property-sale/${sale.id}/confirm`,
        leadFee: await getLeadFee(tx),
      }),
    };
  });
}
