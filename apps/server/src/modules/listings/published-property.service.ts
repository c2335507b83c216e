import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { PropertyType } from '@listwise/domain/enums';
import { LISTING_CHANGE_NOTICE_DELAY_MS, publishedPropertyChangesSchema } from '@listwise/domain/listing';
import { missingRequiredAnswers } from '@listwise/domain/question-requirements';
import { completedWithoutListwiseSchema } from '@listwise/domain/sale-validation';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties, propertyMedia } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import { ListingUpdatedEmail, ListingWithdrawnEmail } from '../notifications/templates/listing-emails.tsx';
import { addMediaToProperty, clearNotAskedAnswers, findOwnPropertyMedia, type PropertyUpdate } from './draft-property.service.ts';
import { findOwnProperty } from './property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { completeProperty } from './property-completed.ts';
import {
  assertEmailVerifiedToAskAgents,
  createAppraisalRequests,
  findAgentsServingSuburb,
  isAwaitingVerification,
} from './publish-property.service.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * A published listing in its seller's hands: edited (details, features, sale information, notes,
 * photos and videos) while ACTIVE, and withdrawn. Only the owner reaches it (`not_found` for anyone else);
 * a draft or a completed property answers `invalid_state`. The agents asked are told: a change marks the
 * listing updated (agents see it at once) and e-mails them a few minutes after the first change of a session
 * (`notifyAgentsOfListingChanges`); a withdrawal turns pending requests NOT_REQUIRED and e-mails them at once.
 */

export const LISTING_QUEUES = { notifyChanges: 'listings.notify-changes' } as const;

/** Requests whose agents hear about the listing: still open, or answered with an appraisal. */
const TOLD_STATES = ['PENDING', 'COMPLETE'] as const;

async function findOwnPublished(tx: Tx, sellerUserId: string, propertyId: string): Promise<PropertyRow> {
  const property = await findOwnProperty(tx, sellerUserId, propertyId, { lock: true });
  if (property.state !== 'ACTIVE') throw new AppError('invalid_state');
  return property;
}

/** Marks the listing changed now; the agents' e-mail is due a few minutes after the first unsent change. */
async function markListingChanged(tx: Tx, property: PropertyRow, now: Date, update: PropertyUpdate = {}): Promise<PropertyRow> {
  const row = await tx
    .update(properties)
    .set({
      ...update,
      listingUpdatedAt: now,
      changeNoticeDueAt: property.changeNoticeDueAt ?? new Date(now.getTime() + LISTING_CHANGE_NOTICE_DELAY_MS),
      updatedAt: now,
    })
    .where(eq(properties.id, property.id))
    .returning()
    .then(theRow);
  return row;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `updatePublishedProperty`: applies the changes sent (absent leaves a value, null clears an optional answer).
 * Answers the new property type does not ask are cleared; every required answer must still be present
 * (`required_questions_not_answered`, field: the first missing). Nothing changed means nothing to tell agents.
 */
export async function updatePublishedProperty(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; changes: Record<string, unknown> },
): Promise<PropertyRow> {
  const raw = input.changes ?? {};
  const parsed = parseInput(publishedPropertyChangesSchema, raw);
  const sent = Object.fromEntries(Object.entries(parsed).filter(([key]) => key in raw && raw[key] !== undefined)) as PropertyUpdate;
  return deps.db.transaction(async (tx) => {
    const property = await findOwnPublished(tx, seller.id, input.propertyId);
    const propertyType = (sent.propertyType ?? property.propertyType) as PropertyType | null;
    const update = clearNotAskedAnswers(propertyType, sent);
    const after = { ...property, ...update };
    const missing = missingRequiredAnswers({ ...after, propertyType });
    if (missing.length) throw new AppError('required_questions_not_answered', missing[0]);
    const changed = Object.keys(update).filter(
      (key) => !sameValue(property[key as keyof PropertyRow], update[key as keyof PropertyUpdate]),
    );
    if (changed.length === 0) return property;
    return markListingChanged(tx, property, deps.clock.now(), update);
  });
}

/** `attachUserMediaToPublishedProperty`: adds a photo, floor plan or video of the seller's to the published listing. */
export async function attachUserMediaToPublishedProperty(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; propertyMediaType: string; userMediaId: string },
): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const property = await findOwnPublished(tx, seller.id, input.propertyId);
    const isAdded = await addMediaToProperty(tx, deps.clock.now(), seller.id, property, input);
    return isAdded ? markListingChanged(tx, property, deps.clock.now()) : property;
  });
}

/** `removePropertyMediaFromPublishedProperty`: takes a photo, floor plan or video off the published listing. */
export async function removePropertyMediaFromPublishedProperty(deps: Deps, seller: UserRow, propertyMediaId: string): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const media = await findOwnPropertyMedia(tx, seller.id, propertyMediaId);
    const property = await findOwnPublished(tx, seller.id, media.propertyId);
    await tx.delete(propertyMedia).where(eq(propertyMedia.id, media.id));
    return markListingChanged(tx, property, deps.clock.now());
  });
}

/** The agents asked about a property whose requests are in `states`, with their name. */
async function findAgentsAsked(tx: Tx, propertyId: string, states: readonly ('PENDING' | 'COMPLETE')[]) {
  return tx
    .select({
      requestId: propertyAppraisalRequests.id,
      state: propertyAppraisalRequests.state,
      userId: propertyAppraisalRequests.agentUserId,
      name: agentProfiles.name,
    })
    .from(propertyAppraisalRequests)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, propertyAppraisalRequests.agentUserId))
    .where(and(eq(propertyAppraisalRequests.propertyId, propertyId), inArray(propertyAppraisalRequests.state, [...states])));
}

/**
 * The `listings.notify-changes` job (every minute): for each listing whose change notice is due, e-mails the
 * agents asked (request open or appraisal sent) once, and clears the notice. Returns how many listings it told about.
 */
export async function notifyAgentsOfListingChanges(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(isNotNull(properties.changeNoticeDueAt), lte(properties.changeNoticeDueAt, now)))
    .limit(100);
  let told = 0;
  for (const { id } of due) {
    const isTold = await deps.db.transaction(async (tx) => {
      // Locked and re-read: two workers never send the same notice twice.
      const [property] = await tx.select().from(properties).where(eq(properties.id, id)).for('update', { skipLocked: true });
      if (!property?.changeNoticeDueAt || property.changeNoticeDueAt > now) return false;
      await tx.update(properties).set({ changeNoticeDueAt: null }).where(eq(properties.id, id));
      // A listing withdrawn meanwhile was announced by the withdrawal e-mail.
      if (property.state !== 'ACTIVE') return false;
      for (const agent of await findAgentsAsked(tx, id, TOLD_STATES)) {
        await tellAboutProperty(deps, tx, { userId: agent.userId, property, described: 'listing' }, ({ address: description }) => ({
          subject: 'A listing you were asked to appraise has changed',
          template: 'listing-updated',
          body: ListingUpdatedEmail({
            agentName: agent.name,
            description,
            link: `${deps.config.appUrl}/agent/appraisal-request/${agent.requestId}`,
          }),
        }));
      }
      return true;
    });
    if (isTold) told++;
  }
  return told;
}

/**
 * `withdrawProperty`: the seller takes the published listing off Listwise, saying why (decided not to sell, or
 * not to use a Listwise agent: the complete types of spec 001). The property becomes COMPLETE; requests still
 * pending become NOT_REQUIRED and agents held for verification are dropped; every agent with a pending request
 * or a sent appraisal is e-mailed.
 */
export async function withdrawProperty(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; completeType: string },
): Promise<PropertyRow> {
  const { completeType } = parseInput(completedWithoutListwiseSchema, { completeType: input.completeType });
  return deps.db.transaction(async (tx) => {
    const property = await findOwnPublished(tx, seller.id, input.propertyId);
    return withdrawPublishedProperty(deps, tx, property, completeType);
  });
}

/**
 * The withdrawal itself, in the caller's transaction, on an ACTIVE property the caller locked and authorised
 * (`withdrawProperty`, and closing the seller's account: modules/privacy).
 */
export async function withdrawPublishedProperty(
  deps: Deps,
  tx: Tx,
  property: PropertyRow,
  completeType: 'DECIDED_NOT_TO_SELL' | 'DECIDED_NOT_TO_USE_LISTWISE',
): Promise<PropertyRow> {
  const agents = await findAgentsAsked(tx, property.id, TOLD_STATES);
  const withdrawn = await completeProperty(deps, tx, property, completeType, null);
  for (const agent of agents) {
    await tellAboutProperty(deps, tx, { userId: agent.userId, property, described: 'listing' }, ({ address: description }) => ({
      subject: 'A listing has been withdrawn',
      template: 'listing-withdrawn',
      body: ListingWithdrawnEmail({ agentName: agent.name, description, wasPending: agent.state === 'PENDING' }),
    }));
  }
  return withdrawn;
}

/**
 * `relistProperty`: a listing the seller withdrew ('Off market') goes back on Listwise. It becomes
 * ACTIVE again; the agents whose requests the withdrawal made NOT_REQUIRED, and who still serve the suburb, are
 * asked again (a fresh 48 hours, e-mailed), or held again while the listing awaits verification. Agents who had
 * sent an appraisal keep it. A sold listing, or one that is not withdrawn, answers `invalid_state`; a seller whose
 * e-mail address is not verified, `email_not_verified` (the listing stays withdrawn).
 */
export async function relistProperty(deps: Deps, seller: UserRow, input: { propertyId: string }): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const property = await findOwnProperty(tx, seller.id, input.propertyId, { lock: true });
    if (property.state !== 'COMPLETE' || property.completeType === 'SOLD_UNCONDITIONALLY' || property.suburbId == null) {
      throw new AppError('invalid_state');
    }
    assertEmailVerifiedToAskAgents(seller);
    const now = deps.clock.now();
    const released = await tx
      .select({ agentUserId: propertyAppraisalRequests.agentUserId })
      .from(propertyAppraisalRequests)
      .where(and(eq(propertyAppraisalRequests.propertyId, property.id), eq(propertyAppraisalRequests.state, 'NOT_REQUIRED')));
    const serving = released.length
      ? await findAgentsServingSuburb(
          tx,
          property.suburbId,
          now,
          released.map((r) => r.agentUserId),
        )
      : [];
    const askAgain = released.filter((r) => serving.some((a) => a.userId === r.agentUserId));
    const isPending = isAwaitingVerification(property);
    const relisted = await tx
      .update(properties)
      .set({
        state: 'ACTIVE',
        completeType: null,
        completedAt: null,
        heldAgentUserIds: isPending ? askAgain.map((r) => r.agentUserId) : [],
        updatedAt: now,
      })
      .where(eq(properties.id, property.id))
      .returning()
      .then(theRow);
    if (!isPending)
      await createAppraisalRequests(
        deps,
        tx,
        relisted,
        askAgain.map((r) => r.agentUserId),
      );
    return relisted;
  });
}
