import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { APPRAISAL_REQUEST_TTL_HOURS, MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { leadFeeVendorDisclosure } from '@listwise/domain/disclosure';
import type { PropertyType } from '@listwise/domain/enums';
import { missingRequiredAnswers } from '@listwise/domain/question-requirements';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, sellerProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isSellerProfileComplete } from '../accounts/profile.service.ts';
import { hasCurrentVerifiedLicence } from '../agents/agent-standing.ts';
import { mayBeAskedBySellers } from '../agents/public-agent.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import { NewAppraisalRequestEmail, SellerAwaitingVerificationEmail } from '../notifications/templates/listing-emails.tsx';
import { getListwiseFees } from '../settings/settings.service.ts';
import { findOwnDraft, findOwnProperty } from './property-access.ts';
import { type PropertyRow } from '../../db/schema/properties.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * Publishing a draft to agents (PRODUCT.md 'Appraisal requests', 'Seller verification'; spec 001 §4):
 * the agents a property may be sent to, `publishProperty`, and the release of requests held while the listing
 * awaited verification (called by the admin console).
 */

export type AgentProfileRow = typeof agentProfiles.$inferSelect;

/**
 * Agents who may receive a request for a suburb: those a seller can ask there (`mayBeAskedBySellers`, the one rule
 * every count of a suburb's agents reads too). Most experienced first.
 */
export async function findAgentsServingSuburb(
  db: Tx,
  suburbId: number,
  now: Date,
  onlyUserIds?: readonly string[],
): Promise<AgentProfileRow[]> {
  const rows = await db
    .select({ profile: agentProfiles })
    .from(agentProfiles)
    .where(and(mayBeAskedBySellers(now, suburbId), onlyUserIds ? inArray(agentProfiles.userId, [...onlyUserIds]) : undefined))
    // Agents whose licence is verified and current come first; then the most sales, then the longest here.
    .orderBy(
      desc(hasCurrentVerifiedLicence(agentProfiles.userId, now)),
      desc(agentProfiles.numberOfEngagements),
      agentProfiles.createdAt,
      agentProfiles.userId,
    )
    .limit(50);
  return rows.map((r) => r.profile);
}

/**
 * The suburb's agents a published listing may still ask: serving the suburb, never asked about it (a request
 * withdrawn as NOT_REQUIRED does not count) and not held for verification. Agents who joined after the listing
 * was published are among them. Empty when the five of a listing are taken by requests still answering or answered.
 */
export async function agentsLeftToAsk(db: Tx, property: PropertyRow, now: Date): Promise<AgentProfileRow[]> {
  if (property.suburbId == null) return [];
  const asked = await db
    .select({ agentUserId: propertyAppraisalRequests.agentUserId, state: propertyAppraisalRequests.state })
    .from(propertyAppraisalRequests)
    .where(eq(propertyAppraisalRequests.propertyId, property.id));
  const live = asked.filter((r) => r.state === 'PENDING' || r.state === 'COMPLETE').length + property.heldAgentUserIds.length;
  if (live >= MAX_AGENTS_PER_REQUEST) return [];
  const askedBefore = new Set([...asked.filter((r) => r.state !== 'NOT_REQUIRED').map((r) => r.agentUserId), ...property.heldAgentUserIds]);
  const serving = await findAgentsServingSuburb(db, property.suburbId, now);
  return serving.filter((agent) => !askedBefore.has(agent.userId));
}

export async function agentsForProperty(deps: Deps, seller: UserRow, propertyId: string): Promise<AgentProfileRow[]> {
  const property = await findOwnProperty(deps.db, seller.id, propertyId);
  if (property.suburbId == null) return [];
  return findAgentsServingSuburb(deps.db, property.suburbId, deps.clock.now());
}

const publishSchema = z.object({
  selectedAgents: z
    .array(z.string())
    .max(MAX_AGENTS_PER_REQUEST)
    .refine((ids) => new Set(ids).size === ids.length),
  askListwiseForMoreAgents: z.boolean().nullish(),
});

/**
 * Creates one PENDING request per agent (expiring 48 hours from now) and e-mails each agent a link to it.
 * An agent who already holds a live or answered request for the property is skipped; one whose request a
 * withdrawal made NOT_REQUIRED is asked again on the same row (a listing listed again). Returns the requests sent.
 */
export async function createAppraisalRequests(deps: Deps, tx: Tx, property: PropertyRow, agentUserIds: readonly string[]) {
  if (!agentUserIds.length) return [];
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + APPRAISAL_REQUEST_TTL_HOURS * 60 * 60 * 1000);
  const created = await tx
    .insert(propertyAppraisalRequests)
    .values(agentUserIds.map((agentUserId) => ({ propertyId: property.id, agentUserId, requestedAt: now, expiresAt })))
    .onConflictDoUpdate({
      target: [propertyAppraisalRequests.propertyId, propertyAppraisalRequests.agentUserId],
      set: { state: 'PENDING', requestedAt: now, expiresAt, seenByAgentAt: null, reminderSentAt: null, completedAt: null },
      setWhere: eq(propertyAppraisalRequests.state, 'NOT_REQUIRED'),
    })
    .returning();
  if (!created.length) return created;
  const agents = await tx
    .select({ id: agentProfiles.userId, name: agentProfiles.name, agencyName: agentProfiles.agencyName })
    .from(agentProfiles)
    .where(
      inArray(
        agentProfiles.userId,
        created.map((r) => r.agentUserId),
      ),
    );
  const fees = await getListwiseFees(tx);
  for (const request of created) {
    const agent = agents.find((a) => a.id === request.agentUserId);
    // The suburb, type and bedrooms only: the street stays hidden until the condition is accepted.
    await tellAboutProperty(deps, tx, { userId: request.agentUserId, property, described: 'listing' }, ({ address: description }) => ({
      subject: 'New appraisal request',
      template: 'new-appraisal-request',
      push: {
        kind: 'NEW_APPRAISAL_REQUEST',
        content: {
          title: 'New appraisal request',
          body: description,
          url: `/agent/appraisal-request/${request.id}`,
          expiresAt: request.expiresAt.toISOString(),
          acceptUrl: `/agent/appraisal-request/${request.id}?accept=condition`,
        },
      },
      body: NewAppraisalRequestEmail({
        agentName: agent?.name ?? null,
        description,
        link: `${deps.config.appUrl}/agent/appraisal-request/${request.id}`,
        // The street stays hidden until the payment condition is accepted, so the wording says 'your property'.
        vendorDisclosure: leadFeeVendorDisclosure(fees, {
          agentName: agent?.name ?? 'your agent',
          agencyName: agent?.agencyName ?? null,
          propertyAddress: null,
        }),
      }),
    }));
  }
  return created;
}

/** Tells every operator that a listing waits for verification (at publishing, and when proof arrives after a rejection). */
export async function notifyAdminsOfWaitingListing(deps: Deps, tx: Tx, seller: UserRow, property: PropertyRow, agentCount: number) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'ADMIN'), isNotNull(users.email)));
  if (!admins.length) return;
  const profile = await tx.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.id) });
  for (const admin of admins) {
    await tellAboutProperty(deps, tx, { userId: admin.id, property, described: 'listing' }, ({ address: description }) => ({
      subject: 'A listing is awaiting verification',
      template: 'seller-awaiting-verification',
      body: SellerAwaitingVerificationEmail({
        sellerName: profile?.name ?? null,
        sellerEmail: seller.email,
        description,
        agentCount,
        link: `${deps.config.appUrl}/admin`,
      }),
    }));
  }
}

export interface PublishInput {
  propertyId: string;
  selectedAgents: readonly string[];
  askListwiseForMoreAgents?: boolean | null;
}

/**
 * A listing awaiting verification keeps the agents chosen (`releaseHeldAppraisalRequests` sends their requests when
 * an operator verifies it), and its `verification_pending` answer comes after the commit: the listing is published.
 */
export async function publishProperty(deps: Deps, seller: UserRow, input: PublishInput): Promise<PropertyRow> {
  const parsed = publishSchema.safeParse({
    selectedAgents: [...input.selectedAgents],
    askListwiseForMoreAgents: input.askListwiseForMoreAgents,
  });
  if (!parsed.success) throw new AppError('validation_failed', 'selectedAgents');
  const { selectedAgents } = parsed.data;
  const askForMore = parsed.data.askListwiseForMoreAgents ?? false;
  if (!selectedAgents.every(isUuid)) throw new AppError('not_found', 'selectedAgents');
  assertEmailVerifiedToAskAgents(seller);

  let outcome: 'verification_pending' | 'no_agents_and_verification_pending' | null = null;
  const published = await deps.db.transaction(async (tx) => {
    const profile = await tx.query.sellerProfiles.findFirst({ where: eq(sellerProfiles.userId, seller.id) });
    if (!isSellerProfileComplete(seller, profile)) throw new AppError('profile_incomplete');
    const draft = await findOwnDraft(tx, seller.id, input.propertyId);
    if (missingRequiredAnswers({ ...draft, propertyType: draft.propertyType as PropertyType | null }).length) {
      throw new AppError('required_questions_not_answered');
    }
    const now = deps.clock.now();
    const available = await findAgentsServingSuburb(tx, draft.suburbId!, now);
    const availableIds = new Set(available.map((a) => a.userId));
    if (selectedAgents.some((id) => !availableIds.has(id))) throw new AppError('not_found', 'selectedAgents');
    if (available.length > 0 && selectedAgents.length === 0 && !askForMore) throw new AppError('validation_failed', 'selectedAgents');

    // Each listing is verified on its own: one listed by someone who is not the owner waits.
    const isPending = draft.areYouThePropertyOwner === 'NO';
    const row = await tx
      .update(properties)
      .set({
        state: 'ACTIVE',
        submittedAt: now,
        updatedAt: now,
        askListwiseForMoreAgents: askForMore,
        heldAgentUserIds: isPending ? [...selectedAgents] : [],
        verificationStatus: isPending ? 'PENDING' : 'NOT_REQUIRED',
        verificationRequestedAt: isPending ? now : null,
      })
      .where(eq(properties.id, draft.id))
      .returning()
      .then(theRow);
    // The wizard is finished: a later login or continue link leads home.
    await tx.update(sellerProfiles).set({ nextPage: '/' }).where(eq(sellerProfiles.userId, seller.id));
    if (isPending) {
      await notifyAdminsOfWaitingListing(deps, tx, seller, row, selectedAgents.length);
      outcome = available.length ? 'verification_pending' : 'no_agents_and_verification_pending';
    } else {
      await createAppraisalRequests(deps, tx, row, selectedAgents);
    }
    return row;
  });
  if (outcome) throw new AppError(outcome);
  return published;
}

/**
 * No request reaches an agent from a seller whose e-mail address is not verified (a new account, or one whose
 * address changed since): every path that asks agents (publishing, asking more agents, relisting) checks it first.
 */
export function assertEmailVerifiedToAskAgents(seller: Pick<UserRow, 'emailVerifiedAt'>): void {
  if (!seller.emailVerifiedAt) throw new AppError('email_not_verified');
}

/**
 * Sends the requests a listing's agents were waiting for while it awaited verification, in the transaction that
 * verifies it (the listing locked by the caller), so the verification, the requests and their e-mails commit
 * together. Agents who no longer serve the suburb are dropped. Returns the listing with no agent held, and the
 * requests created.
 */
export async function releaseHeldAppraisalRequests(deps: Deps, tx: Tx, property: PropertyRow) {
  if (property.state !== 'ACTIVE' || !property.heldAgentUserIds.length || property.suburbId == null) return { property, requests: [] };
  const stillServing = await findAgentsServingSuburb(tx, property.suburbId, deps.clock.now(), property.heldAgentUserIds);
  const keep = new Set(stillServing.map((a) => a.userId));
  const dropped = property.heldAgentUserIds.filter((id) => !keep.has(id));
  if (dropped.length)
    deps.logger.info({ propertyId: property.id, dropped }, 'held agents no longer serve the suburb; their requests are not sent');
  const released = await tx
    .update(properties)
    .set({ heldAgentUserIds: [], updatedAt: deps.clock.now() })
    .where(eq(properties.id, property.id))
    .returning()
    .then(theRow);
  const requests = await createAppraisalRequests(
    deps,
    tx,
    released,
    property.heldAgentUserIds.filter((id) => keep.has(id)),
  );
  return { property: released, requests };
}

/** Whether the listing waits for an operator's verification (or was rejected and waits for proof): its agents are held. */
export const isAwaitingVerification = (property: Pick<PropertyRow, 'verificationStatus'>) =>
  property.verificationStatus === 'PENDING' || property.verificationStatus === 'REJECTED';

export async function requestAppraisalsFromMoreAgents(
  deps: Deps,
  seller: UserRow,
  input: { propertyId: string; selectedAgents: readonly string[] },
): Promise<PropertyRow> {
  const parsed = publishSchema.safeParse({ selectedAgents: [...input.selectedAgents] });
  if (!parsed.success || parsed.data.selectedAgents.length === 0) throw new AppError('validation_failed', 'selectedAgents');
  const { selectedAgents } = parsed.data;
  if (!selectedAgents.every(isUuid)) throw new AppError('not_found', 'selectedAgents');
  return deps.db.transaction(async (tx) => {
    const property = await findOwnProperty(tx, seller.id, input.propertyId, { lock: true });
    if (property.state !== 'ACTIVE' || property.suburbId == null) throw new AppError('invalid_state');
    assertEmailVerifiedToAskAgents(seller);
    const now = deps.clock.now();
    const serving = await findAgentsServingSuburb(tx, property.suburbId, now, selectedAgents);
    if (serving.length !== selectedAgents.length) throw new AppError('not_found', 'selectedAgents');
    const asked = await tx
      .select({ agentUserId: propertyAppraisalRequests.agentUserId, state: propertyAppraisalRequests.state })
      .from(propertyAppraisalRequests)
      .where(eq(propertyAppraisalRequests.propertyId, property.id));
    const askedBefore = new Set([
      ...asked.filter((r) => r.state !== 'NOT_REQUIRED').map((r) => r.agentUserId),
      ...property.heldAgentUserIds,
    ]);
    if (selectedAgents.some((id) => askedBefore.has(id))) throw new AppError('validation_failed', 'selectedAgents');
    const live = asked.filter((r) => r.state === 'PENDING' || r.state === 'COMPLETE').length + property.heldAgentUserIds.length;
    if (live + selectedAgents.length > MAX_AGENTS_PER_REQUEST) throw new AppError('validation_failed', 'selectedAgents');
    if (isAwaitingVerification(property)) {
      const held = await tx
        .update(properties)
        .set({ heldAgentUserIds: [...property.heldAgentUserIds, ...selectedAgents], updatedAt: now })
        .where(eq(properties.id, property.id))
        .returning()
        .then(theRow);
      return held;
    }
    await createAppraisalRequests(deps, tx, property, selectedAgents);
    return property;
  });
}
