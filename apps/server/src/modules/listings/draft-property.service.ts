import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PropertyType } from '@listwise/domain/enums';
import { propertyMediaTypeSchema } from '@listwise/domain/enum-schemas';
import {
  additionalInformationField,
  draftAddressSchema,
  propertyDetailsSchema,
  propertySaleInformationSchema,
  propertyTypeInputSchema,
  type DraftAddressInput,
} from '@listwise/domain/listing';
import { propertyMediaLimitBroken, type PropertyMediaCounts } from '@listwise/domain/property-media';
import { PROPERTY_QUESTIONS, questionRequirementsFor, type PropertyQuestion } from '@listwise/domain/question-requirements';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isIntegerId, isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { assertUsableMedia } from '../media/media.service.ts';
import { findOwnDraft } from './property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * The draft property the listing wizard builds (spec 001 §2 'Listing wizard', §4): at most one per seller,
 * answered step by step, then published by publish-property.service.ts. Every call checks the draft is the
 * caller's own and still a draft, inside a transaction that locks the row.
 */

export async function findCurrentDraftProperty(db: Tx, seller: UserRow): Promise<PropertyRow | null> {
  const row = await db.query.properties.findFirst({ where: and(eq(properties.sellerUserId, seller.id), eq(properties.state, 'DRAFT')) });
  return row ?? null;
}

async function assertSuburbExists(db: Tx, suburbId: number) {
  if (!isIntegerId(suburbId)) throw new AppError('not_found', 'suburbId');
  const row = await db.query.suburbs.findFirst({ where: eq(suburbs.id, suburbId), columns: { id: true } });
  if (!row) throw new AppError('not_found', 'suburbId');
}

export async function startNewDraftProperty(deps: Deps, seller: UserRow, input: DraftAddressInput): Promise<PropertyRow> {
  const address = parseInput(draftAddressSchema, input);
  return deps.db.transaction(async (tx) => {
    await assertSuburbExists(tx, address.suburbId);
    // Serialise a seller's concurrent starts: the one-draft-per-seller index would refuse the second insert.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, seller.id)).for('update');
    await tx.delete(properties).where(and(eq(properties.sellerUserId, seller.id), eq(properties.state, 'DRAFT')));
    const now = deps.clock.now();
    const row = await tx
      .insert(properties)
      .values({
        sellerUserId: seller.id,
        suburbId: address.suburbId,
        streetName: address.streetName,
        streetNumber: address.streetNumber ?? null,
        unitNumber: address.unitNumber ?? null,
        latitude: address.latitude ?? null,
        longitude: address.longitude ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .then(theRow);
    return row;
  });
}

export type PropertyUpdate = Partial<typeof properties.$inferInsert>;

/** Answers to questions the property type does not ask are stored empty, so agents never see stale values. */
export function clearNotAskedAnswers(propertyType: PropertyType | null, update: PropertyUpdate): PropertyUpdate {
  const requirements = questionRequirementsFor(propertyType);
  const cleared: PropertyUpdate = { ...update };
  for (const question of PROPERTY_QUESTIONS) {
    if (requirements[question] !== 'NOT_REQUIRED') continue;
    if (question === 'additionalFeatures') cleared.additionalFeatures = [];
    else cleared[question as Exclude<PropertyQuestion, 'additionalFeatures'>] = null;
  }
  return cleared;
}

async function saveDraft(deps: Deps, tx: Tx, draft: PropertyRow, update: PropertyUpdate): Promise<PropertyRow> {
  const row = await tx
    .update(properties)
    .set({ ...update, updatedAt: deps.clock.now() })
    .where(eq(properties.id, draft.id))
    .returning()
    .then(theRow);
  return row;
}

/** Copies only the keys the caller sent: absent leaves a value unchanged, null clears it. */
const sentKeys = <T extends object>(parsed: T, raw: object) =>
  Object.fromEntries(Object.entries(parsed).filter(([key]) => key in raw)) as Partial<T>;

export async function updatePropertyDetails(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; propertyDetails: Record<string, unknown> },
): Promise<PropertyRow> {
  const raw = input.propertyDetails ?? {};
  const details = sentKeys(parseInput(propertyDetailsSchema, raw), raw);
  if ('streetName' in raw && details.streetName == null) throw new AppError('validation_failed', 'streetName');
  if ('suburbId' in raw && details.suburbId == null) throw new AppError('validation_failed', 'suburbId');
  return deps.db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    if (details.suburbId != null) await assertSuburbExists(tx, details.suburbId);
    const update: PropertyUpdate = { ...details } as PropertyUpdate;
    return saveDraft(deps, tx, draft, clearNotAskedAnswersOnly(draft.propertyType as PropertyType | null, update));
  });
}

/** Like clearNotAskedAnswers, but only touches the questions this update sends. */
function clearNotAskedAnswersOnly(propertyType: PropertyType | null, update: PropertyUpdate): PropertyUpdate {
  const cleared = clearNotAskedAnswers(propertyType, update);
  return Object.fromEntries(Object.entries(cleared).filter(([key]) => key in update)) as PropertyUpdate;
}

export async function updatePropertyType(deps: Deps, seller: UserRow, input: { propertyId: string; propertyType: string }) {
  const { propertyType } = parseInput(propertyTypeInputSchema, input);
  return deps.db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    return saveDraft(deps, tx, draft, clearNotAskedAnswers(propertyType, { propertyType }));
  });
}

const saleInformationCallSchema = z.object({
  propertySaleInformation: propertySaleInformationSchema.nullish(),
  additionalInformation: additionalInformationField,
});

/**
 * The seller's status gates the wizard's agent selection (spec 001 §4); the listing itself waits for verification
 * from publishing, per listing, whatever the seller's other listings.
 */
export async function updatePropertySaleInformation(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; propertySaleInformation?: unknown; additionalInformation?: string | null },
): Promise<PropertyRow> {
  const parsed = parseInput(saleInformationCallSchema, input);
  const isAdditionalInformationSent = 'additionalInformation' in input && input.additionalInformation !== undefined;
  if (!parsed.propertySaleInformation && !isAdditionalInformationSent) throw new AppError('validation_failed', 'propertySaleInformation');
  return deps.db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    const update: PropertyUpdate = {};
    const sale = parsed.propertySaleInformation;
    if (sale) {
      Object.assign(update, {
        estimatedSaleValueRange: sale.estimatedSaleValueRange,
        idealTimeframeOfSale: sale.idealTimeframeOfSale,
        preferredMethodOfSale: sale.preferredMethodOfSale,
        areYouThePropertyOwner: sale.areYouThePropertyOwner,
        // The reason only explains a 'No'.
        noPropertyOwnerReason: sale.areYouThePropertyOwner === 'NO' ? (sale.noPropertyOwnerReason ?? null) : null,
      });
      await setSellerStatusFromOwnerAnswer(tx, seller.id, sale.areYouThePropertyOwner);
    }
    if (isAdditionalInformationSent) update.additionalInformation = parsed.additionalInformation ?? null;
    return saveDraft(deps, tx, draft, update);
  });
}

async function setSellerStatusFromOwnerAnswer(tx: Tx, sellerUserId: string, answer: 'YES' | 'NO') {
  const status = answer === 'NO' ? 'PENDING_VERIFICATION' : 'APPROVED';
  await tx.update(sellerProfiles).set({ status }).where(eq(sellerProfiles.userId, sellerUserId));
}

// ——— Photos, floor plans and videos ———

export type PropertyMediaRow = typeof propertyMedia.$inferSelect;

async function countMedia(tx: Tx, propertyId: string): Promise<PropertyMediaCounts> {
  const rows = await tx
    .select({ type: propertyMedia.type, count: sql<number>`count(*)::int` })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .groupBy(propertyMedia.type);
  const counts = { PHOTO: 0, FLOOR_PLAN: 0, VIDEO: 0 };
  for (const row of rows) counts[row.type] = row.count;
  return counts;
}

/**
 * Adds one of the seller's uploads at the end of its list on `property` (already checked to be theirs and
 * editable, and locked); idempotent. Returns whether it was added. Shared by the draft and the published listing.
 */
export async function addMediaToProperty(
  tx: Tx,
  now: Date,
  sellerUserId: string,
  property: PropertyRow,
  input: { propertyMediaType: string; userMediaId: string },
): Promise<boolean> {
  const { propertyMediaType } = parseInput(z.object({ propertyMediaType: propertyMediaTypeSchema }), input);
  await assertUsableMedia(tx, {
    userId: sellerUserId,
    mediaId: input.userMediaId,
    type: propertyMediaType === 'VIDEO' ? 'VIDEO' : 'IMAGE',
    field: 'userMediaId',
  });
  const existing = await tx.query.propertyMedia.findFirst({
    where: and(eq(propertyMedia.propertyId, property.id), eq(propertyMedia.userMediaId, input.userMediaId)),
  });
  if (existing) return false;
  const broken = propertyMediaLimitBroken(await countMedia(tx, property.id), propertyMediaType);
  if (broken) throw new AppError('validation_failed', 'propertyMediaType');
  const [{ next } = { next: 0 }] = await tx
    .select({ next: sql<number>`coalesce(max(${propertyMedia.order}) + 1, 0)::int` })
    .from(propertyMedia)
    .where(and(eq(propertyMedia.propertyId, property.id), eq(propertyMedia.type, propertyMediaType)));
  await tx.insert(propertyMedia).values({
    propertyId: property.id,
    userMediaId: input.userMediaId,
    type: propertyMediaType,
    order: next,
    createdAt: now,
  });
  return true;
}

export async function attachUserMediaToDraftProperty(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; propertyMediaType: string; userMediaId: string },
): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    await addMediaToProperty(tx, deps.clock.now(), seller.id, draft, input);
    return saveDraft(deps, tx, draft, {});
  });
}

/** The seller's own property media (`not_found` for anyone else's or a malformed id). */
export async function findOwnPropertyMedia(tx: Tx, sellerUserId: string, propertyMediaId: string) {
  if (!isUuid(propertyMediaId)) throw notFound();
  const [row] = await tx
    .select({ media: propertyMedia, sellerUserId: properties.sellerUserId })
    .from(propertyMedia)
    .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
    .where(eq(propertyMedia.id, propertyMediaId))
    .limit(1);
  if (!row || row.sellerUserId !== sellerUserId) throw notFound();
  return row.media;
}

export async function removePropertyMediaFromDraftProperty(deps: Deps, seller: UserRow, propertyMediaId: string): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const media = await findOwnPropertyMedia(tx, seller.id, propertyMediaId);
    const draft = await findOwnDraft(tx, seller.id, media.propertyId);
    await tx.delete(propertyMedia).where(eq(propertyMedia.id, media.id));
    return saveDraft(deps, tx, draft, {});
  });
}

export async function reorderDraftPropertyMedia(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; propertyMediaIds: readonly string[] },
): Promise<PropertyRow> {
  const ids = [...input.propertyMediaIds];
  if (ids.length === 0 || ids.length > 50 || new Set(ids).size !== ids.length) throw new AppError('validation_failed', 'propertyMediaIds');
  if (!ids.every(isUuid)) throw new AppError('not_found', 'propertyMediaIds');
  return deps.db.transaction(async (tx) => {
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    const rows = await tx
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(and(eq(propertyMedia.propertyId, draft.id), inArray(propertyMedia.id, ids)));
    if (rows.length !== ids.length) throw new AppError('not_found', 'propertyMediaIds');
    await tx.execute(sql`
      update property_media set "order" = v.position
      from (select unnest(${sql.param(ids)}::uuid[]) as id, generate_subscripts(${sql.param(ids)}::uuid[], 1) - 1 as position) as v
      where property_media.id = v.id`);
    return saveDraft(deps, tx, draft, {});
  });
}

/** The media of some properties, in display order (type, then position, then upload order). */
export async function findPropertyMedia(db: Tx, propertyIds: readonly string[]): Promise<PropertyMediaRow[]> {
  if (!propertyIds.length) return [];
  return db
    .select()
    .from(propertyMedia)
    .where(inArray(propertyMedia.propertyId, [...propertyIds]))
    .orderBy(asc(propertyMedia.propertyId), asc(propertyMedia.type), asc(propertyMedia.order), asc(propertyMedia.createdAt));
}
