import { and, asc, count, eq, gt, isNull, lte } from 'drizzle-orm';
import { APPRAISAL_REQUEST_REMINDER_HOURS_LEFT } from '@listwise/domain/constants';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import type { Deps } from '../../deps.ts';
import {
  AllAppraisalRequestsSettledEmail,
  AppraisalRequestExpiredEmail,
  AppraisalRequestReminderEmail,
} from '../notifications/templates/appraisal-emails.tsx';
import { properties, type PropertyRow } from '../../db/schema/properties.ts';
import { tellAboutProperty, type PropertyNotice } from '../notifications/tell-about-property.ts';

/**
 * Time-driven rules of appraisal requests (PRODUCT.md 'Appraisal requests', 'Notifications'), run every minute
 * by the job workers and callable directly (tests, POST /dev/jobs/run):
 * - a PENDING request past `expiresAt` becomes EXPIRED and its agent is told;
 * - an agent is reminded once when 12 hours are left;
 * - the seller is told when every request of a property has been answered or has expired.
 * Time comes only from `deps.clock`. Each request is handled in its own transaction and only if it is still in
 * the state the sweep found it in, so overlapping runs (two workers, a retry) never send an e-mail twice.
 */
export const APPRAISAL_QUEUES = {
  expireRequests: 'appraisal-requests.expire',
  remindAgents: 'appraisal-requests.remind',
} as const;

const BATCH_SIZE = 200;
const MAX_BATCHES_PER_RUN = 50;
const HOUR_MS = 60 * 60 * 1000;

/** An agent sees the street once they accepted the payment condition; before it, only the suburb. */
const describedFor = (request: { paymentConditionAcceptedAt: Date | null }): PropertyNotice['described'] =>
  request.paymentConditionAcceptedAt ? 'address' : 'suburb';

/**
 * Tells the seller, once, when no request of the property is still PENDING. Call inside the transaction that
 * just moved a request out of PENDING, after locking the property row: transitions of one property are then
 * serialised, and exactly one of them sees the last pending request go.
 */
export async function notifySellerIfAllRequestsSettled(deps: Deps, tx: Tx, property: PropertyRow): Promise<boolean> {
  if (property.state !== 'ACTIVE') return false;
  const [pending] = await tx
    .select({ n: count() })
    .from(propertyAppraisalRequests)
    .where(and(eq(propertyAppraisalRequests.propertyId, property.id), eq(propertyAppraisalRequests.state, 'PENDING')));
  if ((pending?.n ?? 0) > 0) return false;
  return tellAboutProperty(deps, tx, { userId: property.sellerUserId, property }, async ({ address }) => {
    const [appraisals] = await tx
      .select({ n: count() })
      .from(propertyAppraisals)
      .where(and(eq(propertyAppraisals.propertyId, property.id), eq(propertyAppraisals.state, 'SUBMITTED')));
    return {
      subject: 'All your agents have responded',
      template: 'appraisal-requests-settled',
      body: AllAppraisalRequestsSettledEmail({
        address,
        appraisalCount: appraisals?.n ?? 0,
        link: `${deps.config.appUrl}/property/${property.id}#appraisals`,
      }),
    };
  });
}

/** Job: PENDING requests past their expiry become EXPIRED; each agent is e-mailed. Returns how many expired. */
export async function expireAppraisalRequests(deps: Deps): Promise<number> {
  const t = propertyAppraisalRequests;
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const now = deps.clock.now();
    const due = await deps.db
      .select({ id: t.id, propertyId: t.propertyId })
      .from(t)
      .where(and(eq(t.state, 'PENDING'), lte(t.expiresAt, now)))
      .orderBy(asc(t.expiresAt))
      .limit(BATCH_SIZE);
    for (const candidate of due) if (await expireOne(deps, candidate, now)) expired++;
    if (due.length < BATCH_SIZE) break;
  }
  return expired;
}

async function expireOne(deps: Deps, candidate: { id: string; propertyId: string }, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [property] = await tx.select().from(properties).where(eq(properties.id, candidate.propertyId)).for('update');
    const t = propertyAppraisalRequests;
    const [request] = await tx
      .update(t)
      .set({ state: 'EXPIRED', completedAt: now })
      .where(and(eq(t.id, candidate.id), eq(t.state, 'PENDING'), lte(t.expiresAt, now)))
      .returning();
    if (!request || !property) return false;
    await tellAboutProperty(deps, tx, { userId: request.agentUserId, property, described: describedFor(request) }, ({ address }) => ({
      subject: 'An appraisal request has expired',
      template: 'appraisal-request-expired',
      body: AppraisalRequestExpiredEmail({ address, link: `${deps.config.appUrl}/` }),
    }));
    await notifySellerIfAllRequestsSettled(deps, tx, property);
    return true;
  });
}

/** Job: one reminder per request when at most 12 hours are left. Returns how many reminders were queued. */
export async function remindAgentsOfExpiringRequests(deps: Deps): Promise<number> {
  const t = propertyAppraisalRequests;
  let reminded = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const now = deps.clock.now();
    const horizon = new Date(now.getTime() + APPRAISAL_REQUEST_REMINDER_HOURS_LEFT * HOUR_MS);
    const due = await deps.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.state, 'PENDING'), gt(t.expiresAt, now), lte(t.expiresAt, horizon), isNull(t.reminderSentAt)))
      .orderBy(asc(t.expiresAt))
      .limit(BATCH_SIZE);
    for (const { id } of due) if (await remindOne(deps, id, now, horizon)) reminded++;
    if (due.length < BATCH_SIZE) break;
  }
  return reminded;
}

async function remindOne(deps: Deps, id: string, now: Date, horizon: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const t = propertyAppraisalRequests;
    const [request] = await tx
      .update(t)
      .set({ reminderSentAt: now })
      .where(and(eq(t.id, id), eq(t.state, 'PENDING'), gt(t.expiresAt, now), lte(t.expiresAt, horizon), isNull(t.reminderSentAt)))
      .returning();
    if (!request) return false;
    const notice = {
      userId: request.agentUserId,
      property: request.propertyId,
      described: describedFor(request),
      optional: 'REMINDERS',
    } as const;
    await tellAboutProperty(deps, tx, notice, ({ address }) => ({
      subject: 'An appraisal request expires soon',
      template: 'appraisal-request-reminder',
      body: AppraisalRequestReminderEmail({
        address,
        hoursLeft: Math.max(1, Math.round((request.expiresAt.getTime() - now.getTime()) / HOUR_MS)),
        link: `${deps.config.appUrl}/agent/appraisal-request/${request.id}`,
      }),
    }));
    return true;
  });
}
