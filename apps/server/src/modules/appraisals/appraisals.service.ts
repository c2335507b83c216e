import { and, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  pageSize,
  timeCursor,
  type Connection,
  type PageArgs,
} from '../../lib/pagination.ts';
import { hasDefaultPaymentMethod } from '../payments/payments.service.ts';
import type { AppraisalRequestRow, AppraisalRow } from '../../db/schema/appraisals.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';

/**
 * The appraisal loop on the agent's side (spec 000 §2, §4, §7): the agent's request lists, the payment
 * condition that discloses a property's details, drafting an appraisal step by step, and submitting it.
 * Also the seller's read of a submitted appraisal (spec 001 'Appraisal detail').
 * Every call is authorised here: an agent touches only requests addressed to them, a seller only appraisals
 * of their own properties, and only once submitted. Anything else is `not_found`.
 */

/**
 * The 'Appraisal Requests' tab lists every request not yet answered: PENDING ('Pending Appraisal'), EXPIRED
 * ('Expired'), NOT_REQUIRED (the property was completed meanwhile: 'Sold') and DECLINED (the agent said
 * no), as the card badges of spec 000 §4 imply. 'Appraised Properties' lists COMPLETE ones.
 */
export const PENDING_TAB_STATES = ['PENDING', 'EXPIRED', 'NOT_REQUIRED', 'DECLINED'] as const;
/** Requests that show the 'New' tag until seen, and that the red badge counts. */
export const UNSEEN_COUNTED_STATES = ['PENDING', 'EXPIRED'] as const;

type RequestState = AppraisalRequestRow['state'];

/** A request's details are hidden from its agent until the payment condition is accepted. */
export const isDetailsHidden = (request: Pick<AppraisalRequestRow, 'paymentConditionAcceptedAt'>) => !request.paymentConditionAcceptedAt;

/** Whether the agent may still work on the request: PENDING and not past its expiry (the job may not have run yet). */
export const isOpenForAppraisal = (request: AppraisalRequestRow, now: Date) =>
  request.state === 'PENDING' && request.expiresAt.getTime() > now.getTime();

/** A property row as the Property type expects it, masked while the agent has not accepted the condition. */
export const asAgentProperty = (property: PropertyRow, request: Pick<AppraisalRequestRow, 'paymentConditionAcceptedAt'>) => ({
  ...property,
  detailsHidden: isDetailsHidden(request),
});

// ——— Agent's lists ———

/**
 * One tab of the agent's home, newest request first. Keyset pages on the (agent, state, requested_at desc,
 * id desc) index: the pending tab reads one index range per state, each limited to a page, and merges them.
 */
export async function listAgentAppraisalRequests(
  db: Tx,
  agentUserId: string,
  tab: 'pending' | 'complete',
  args: PageArgs,
): Promise<Connection<AppraisalRequestRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = propertyAppraisalRequests;
  const branch = (state: RequestState) =>
    db
      .select({ ...getTableColumns(t), key: keyOf(t.requestedAt).as('cursor_key') })
      .from(t)
      .where(and(eq(t.agentUserId, agentUserId), eq(t.state, state), afterCursor(t.requestedAt, t.id, cursor)))
      .orderBy(...newestFirst(t.requestedAt, t.id))
      .limit(first + 1);
  const rows =
    tab === 'complete'
      ? await branch('COMPLETE')
      : await unionAll(branch('PENDING'), branch('EXPIRED'), branch('NOT_REQUIRED'), branch('DECLINED'))
          .orderBy(sql`requested_at desc nulls last`, sql`id desc nulls last`)
          .limit(first + 1);
  return keyedConnection(
    rows.map(({ key, ...row }) => ({ row, key })),
    first,
  );
}

/** The red badge of the pending tab: pending or expired requests the agent has not opened yet. */
export async function countUnseenAppraisalRequests(db: Tx, agentUserId: string): Promise<number> {
  const t = propertyAppraisalRequests;
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.agentUserId, agentUserId), inArray(t.state, [...UNSEEN_COUNTED_STATES]), isNull(t.seenByAgentAt)));
  return row?.n ?? 0;
}

// ——— One request ———

/** The request if it is addressed to this agent, else `not_found`. */
export async function getAgentAppraisalRequest(
  db: Tx,
  agentUserId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AppraisalRequestRow> {
  if (!isUuid(id)) throw new AppError('not_found');
  const query = db
    .select()
    .from(propertyAppraisalRequests)
    .where(and(eq(propertyAppraisalRequests.id, id), eq(propertyAppraisalRequests.agentUserId, agentUserId)));
  const [request] = options.lock ? await query.for('update') : await query;
  if (!request) throw new AppError('not_found');
  return request;
}

export async function markAppraisalRequestSeen(deps: Deps, agent: UserRow, id: string): Promise<AppraisalRequestRow> {
  const request = await getAgentAppraisalRequest(deps.db, agent.id, id);
  if (request.seenByAgentAt) return request;
  const [updated] = await deps.db
    .update(propertyAppraisalRequests)
    .set({ seenByAgentAt: deps.clock.now() })
    .where(and(eq(propertyAppraisalRequests.id, request.id), isNull(propertyAppraisalRequests.seenByAgentAt)))
    .returning();
  return updated ?? (await getAgentAppraisalRequest(deps.db, agent.id, id));
}

/** The card is asked for now, so the lead fee can be charged without the agent when the sale goes unconditional. */
export async function acceptPaymentCondition(deps: Deps, agent: UserRow, id: string): Promise<AppraisalRequestRow> {
  const request = await getAgentAppraisalRequest(deps.db, agent.id, id);
  if (request.paymentConditionAcceptedAt) return request;
  if (!(await hasDefaultPaymentMethod(deps.db, agent.id, deps))) throw new AppError('user_missing_stripe_customer');
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(propertyAppraisalRequests)
    .set({ paymentConditionAcceptedAt: now, seenByAgentAt: request.seenByAgentAt ?? now })
    .where(and(eq(propertyAppraisalRequests.id, request.id), isNull(propertyAppraisalRequests.paymentConditionAcceptedAt)))
    .returning();
  return updated ?? (await getAgentAppraisalRequest(deps.db, agent.id, id));
}

// ——— Reading an appraisal ———

export async function getPropertyAppraisalForViewer(db: Tx, viewer: UserRow, id: string): Promise<AppraisalRow> {
  if (!isUuid(id)) throw new AppError('not_found');
  const appraisal = await db.query.propertyAppraisals.findFirst({ where: eq(propertyAppraisals.id, id) });
  if (!appraisal) throw new AppError('not_found');
  if (appraisal.agentUserId === viewer.id) return appraisal;
  if (appraisal.state !== 'SUBMITTED') throw new AppError('not_found');
  if (viewer.userType === 'ADMIN') return appraisal;
  if (viewer.userType === 'SELLER') {
    const property = await db.query.properties.findFirst({
      where: and(eq(properties.id, appraisal.propertyId), eq(properties.sellerUserId, viewer.id)),
      columns: { id: true },
    });
    if (property) return appraisal;
  }
  throw new AppError('not_found');
}
