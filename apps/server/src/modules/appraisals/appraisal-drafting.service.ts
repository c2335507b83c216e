import { and, eq } from 'drizzle-orm';
import {
  additionalNotesSchema,
  commissionSchema,
  comparableSalesSchema,
  isSellingRangeCapped,
  isSellingRangeWithinTenPercent,
  marketingFeeSchema,
  sellingRangeSchema,
} from '@listwise/domain/appraisal-validation';
import { dollarsToCents } from '@listwise/domain/pricing';
import { calendarDateIn, LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { comparableSales, propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { AppraisalReceivedEmail } from '../notifications/templates/appraisal-emails.tsx';
import { assertUsableMedia } from '../media/media.service.ts';
import { notifySellerIfAllRequestsSettled } from './appraisal-lifecycle.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import { theRow } from '../../lib/rows.ts';
import type { AppraisalRow } from '../../db/schema/appraisals.ts';
import { getAgentAppraisalRequest, isDetailsHidden, isOpenForAppraisal } from './appraisals.service.ts';

/** The agent drafting an appraisal: starting the draft, each section of it, and sending it to the seller. */

// ——— Drafting ———

export async function startNewDraftPropertyAppraisal(
  deps: Deps,
  agent: UserRow,
  propertyAppraisalRequestId: string,
): Promise<AppraisalRow> {
  return deps.db.transaction(async (tx) => {
    const request = await getAgentAppraisalRequest(tx, agent.id, propertyAppraisalRequestId, { lock: true });
    const existing = await tx.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.appraisalRequestId, request.id) });
    if (existing?.state === 'DRAFT' && isOpenForAppraisal(request, deps.clock.now())) return existing;
    if (existing || !isOpenForAppraisal(request, deps.clock.now())) throw new AppError('invalid_state');
    if (isDetailsHidden(request)) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const draft = await tx
      .insert(propertyAppraisals)
      .values({ appraisalRequestId: request.id, propertyId: request.propertyId, agentUserId: agent.id, createdAt: now, updatedAt: now })
      .returning()
      .then(theRow);
    return draft;
  });
}

/** The agent's own draft, still open for changes; `not_found` for anyone else's, `invalid_state` once sent or expired. */
async function getEditableDraft(tx: Tx, deps: Deps, agent: UserRow, propertyAppraisalId: string, options: { lock?: boolean } = {}) {
  if (!isUuid(propertyAppraisalId)) throw new AppError('not_found');
  const query = tx
    .select()
    .from(propertyAppraisals)
    .where(and(eq(propertyAppraisals.id, propertyAppraisalId), eq(propertyAppraisals.agentUserId, agent.id)));
  const [appraisal] = options.lock ? await query.for('update') : await query;
  if (!appraisal) throw new AppError('not_found');
  if (appraisal.state !== 'DRAFT') throw new AppError('invalid_state');
  const request = await getAgentAppraisalRequest(tx, agent.id, appraisal.appraisalRequestId, options);
  if (!isOpenForAppraisal(request, deps.clock.now())) throw new AppError('invalid_state');
  return { appraisal, request };
}

async function updateDraft(deps: Deps, agent: UserRow, propertyAppraisalId: string, values: Partial<AppraisalRow>): Promise<AppraisalRow> {
  return deps.db.transaction(async (tx) => {
    const { appraisal } = await getEditableDraft(tx, deps, agent, propertyAppraisalId, { lock: true });
    const updated = await tx
      .update(propertyAppraisals)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(propertyAppraisals.id, appraisal.id))
      .returning()
      .then(theRow);
    return updated;
  });
}

export async function updateSellingRange(
  deps: Deps,
  agent: UserRow,
  input: { propertyAppraisalId: string; sellingRangeMin: number; sellingRangeMax: number },
) {
  const { sellingRangeMin, sellingRangeMax } = parseInput(sellingRangeSchema, input);
  return deps.db.transaction(async (tx) => {
    const { appraisal } = await getEditableDraft(tx, deps, agent, input.propertyAppraisalId, { lock: true });
    await assertSellingRangeAllowed(tx, appraisal.propertyId, sellingRangeMin, sellingRangeMax);
    const updated = await tx
      .update(propertyAppraisals)
      .set({ sellingRangeMin, sellingRangeMax, updatedAt: deps.clock.now() })
      .where(eq(propertyAppraisals.id, appraisal.id))
      .returning()
      .then(theRow);
    return updated;
  });
}

/**
 * NSW and VIC: an estimated selling range at most 10% wide, checked where the property is (its
 * suburb's state). Other states may go wider after the agent confirms a warning in the drafting step.
 */
async function assertSellingRangeAllowed(tx: Tx, propertyId: string, min: number, max: number): Promise<void> {
  const [row] = await tx
    .select({ state: suburbs.state })
    .from(properties)
    .leftJoin(suburbs, eq(suburbs.id, properties.suburbId))
    .where(eq(properties.id, propertyId));
  if (isSellingRangeCapped(row?.state) && !isSellingRangeWithinTenPercent(min, max)) {
    throw new AppError('selling_range_too_wide', 'sellingRangeMax');
  }
}

export async function updateCommission(
  deps: Deps,
  agent: UserRow,
  input: { propertyAppraisalId: string; commissionType: string; percentageRate?: number | null; flatFeeCostDollars?: number | null },
) {
  const commission = parseInput(commissionSchema, input);
  return updateDraft(deps, agent, input.propertyAppraisalId, {
    commissionType: commission.commissionType,
    percentageRate: commission.percentageRate === null ? null : commission.percentageRate.toFixed(2),
    flatFeeCostCents: commission.flatFeeCostDollars === null ? null : dollarsToCents(commission.flatFeeCostDollars),
  });
}

export async function updateMarketingFee(
  deps: Deps,
  agent: UserRow,
  input: { propertyAppraisalId: string; costDollars: number; marketingInclusions?: string[] | null },
) {
  const fee = parseInput(marketingFeeSchema, { ...input, marketingInclusions: input.marketingInclusions ?? [] });
  return updateDraft(deps, agent, input.propertyAppraisalId, {
    marketingFeeCostCents: dollarsToCents(fee.costDollars),
    marketingInclusions: fee.marketingInclusions,
  });
}

export async function updateComparableSales(
  deps: Deps,
  agent: UserRow,
  input: {
    propertyAppraisalId: string;
    comparableSales: { address: string; salePriceDollars: number; saleDate?: string | null; url?: string | null }[];
  },
) {
  // A sale date may be today at the latest, in Listwise's zone (the agents are Australian; a day's slack either way
  // matters little for evidence of a price).
  const today = calendarDateIn(deps.clock.now(), LISTWISE_TIME_ZONE);
  const { comparableSales: sales } = parseInput(comparableSalesSchema(today), input);
  return deps.db.transaction(async (tx) => {
    const { appraisal } = await getEditableDraft(tx, deps, agent, input.propertyAppraisalId, { lock: true });
    await tx.delete(comparableSales).where(eq(comparableSales.propertyAppraisalId, appraisal.id));
    if (sales.length) {
      await tx.insert(comparableSales).values(
        sales.map((sale, order) => ({
          propertyAppraisalId: appraisal.id,
          order,
          address: sale.address,
          salePriceCents: dollarsToCents(sale.salePriceDollars),
          saleDate: sale.saleDate,
          url: sale.url,
        })),
      );
    }
    const updated = await tx
      .update(propertyAppraisals)
      .set({ updatedAt: deps.clock.now() })
      .where(eq(propertyAppraisals.id, appraisal.id))
      .returning()
      .then(theRow);
    return updated;
  });
}

export async function updateVideo(deps: Deps, agent: UserRow, input: { propertyAppraisalId: string; videoUserMediaId?: string | null }) {
  const videoUserMediaId = input.videoUserMediaId ?? null;
  // The agent's own video; it may still be processing (its poster appears when the media job is done).
  if (videoUserMediaId !== null) {
    await assertUsableMedia(deps.db, { userId: agent.id, mediaId: videoUserMediaId, type: 'VIDEO', field: 'videoUserMediaId' });
  }
  return updateDraft(deps, agent, input.propertyAppraisalId, { videoUserMediaId });
}

export async function updateAdditionalNotes(deps: Deps, agent: UserRow, input: { propertyAppraisalId: string; additionalNotes: string }) {
  const { additionalNotes } = parseInput(additionalNotesSchema, input);
  return updateDraft(deps, agent, input.propertyAppraisalId, { additionalNotes });
}

/** The questions an appraisal needs before it can be sent: selling range, fees (commission and marketing fee), notes. */
export const hasRequiredAnswers = (a: AppraisalRow): boolean =>
  a.sellingRangeMin !== null &&
  a.sellingRangeMax !== null &&
  a.commissionType !== null &&
  (a.commissionType === 'PERCENTAGE' ? a.percentageRate !== null : a.flatFeeCostCents !== null) &&
  a.marketingFeeCostCents !== null &&
  !!a.additionalNotes?.trim();

/** Locks the property first, like the expiry job, so the two never disagree about which request was the last. */
export async function submitPropertyAppraisal(deps: Deps, agent: UserRow, propertyAppraisalId: string): Promise<AppraisalRow> {
  return deps.db.transaction(async (tx) => {
    if (!isUuid(propertyAppraisalId)) throw new AppError('not_found');
    const found = await tx.query.propertyAppraisals.findFirst({
      where: and(eq(propertyAppraisals.id, propertyAppraisalId), eq(propertyAppraisals.agentUserId, agent.id)),
    });
    if (!found) throw new AppError('not_found');
    const property = await tx.select().from(properties).where(eq(properties.id, found.propertyId)).for('update').then(theRow);
    const { appraisal, request } = await getEditableDraft(tx, deps, agent, propertyAppraisalId, { lock: true });
    if (!hasRequiredAnswers(appraisal)) throw new AppError('required_questions_not_answered');
    // A draft saved before the rule, or moved since, is held to it when it is sent.
    await assertSellingRangeAllowed(tx, appraisal.propertyId, appraisal.sellingRangeMin!, appraisal.sellingRangeMax!);

    const now = deps.clock.now();
    const sent = await tx
      .update(propertyAppraisals)
      .set({ state: 'SUBMITTED', sentAt: now, updatedAt: now })
      .where(eq(propertyAppraisals.id, appraisal.id))
      .returning()
      .then(theRow);
    await tx
      .update(propertyAppraisalRequests)
      .set({ state: 'COMPLETE', completedAt: now })
      .where(eq(propertyAppraisalRequests.id, request.id));

    await tellAboutProperty(deps, tx, { userId: property.sellerUserId, property }, async ({ address }) => {
      const profile = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.id) });
      return {
        subject: 'You have received an appraisal on Listwise',
        template: 'appraisal-received',
        push: {
          kind: 'APPRAISAL_RECEIVED',
          content: {
            title: 'Appraisal received',
            body: `${profile?.name ?? 'An agent'} sent you an appraisal.`,
            url: `/property/${property.id}/appraisal/${appraisal.id}`,
          },
        },
        body: AppraisalReceivedEmail({
          agentName: profile?.name ?? 'An agent',
          address,
          link: `${deps.config.appUrl}/property/${property.id}/appraisal/${appraisal.id}`,
        }),
      };
    });
    await notifySellerIfAllRequestsSettled(deps, tx, property);
    return sent;
  });
}
