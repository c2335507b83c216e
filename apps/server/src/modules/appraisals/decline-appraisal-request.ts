import { and, count, eq } from 'drizzle-orm';
import {
  declineNoteIssue,
  declineReasonText,
  isAppraisalRequestDeclineReason,
  type AppraisalRequestDeclineReason,
} from '@listwise/domain/appraisal-request-progress';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { AppraisalRequestDeclinedEmail } from '../notifications/templates/appraisal-emails.tsx';
import { notifySellerIfAllRequestsSettled } from './appraisal-lifecycle.ts';
import { getAgentAppraisalRequest } from './appraisals.service.ts';
import { type AppraisalRequestRow } from '../../db/schema/appraisals.ts';
import { tellAboutProperty } from '../notifications/tell-about-property.ts';
import { theRow } from '../../lib/rows.ts';
import { agentsLeftToAsk } from '../listings/publish-property.service.ts';

/**
 * `declinePropertyAppraisalRequest`: an agent who will not appraise a request says so, with a reason
 * from a short list, instead of letting the seller wait out the 48 hours. The agent may do so from the locked
 * preview, before accepting the payment condition: saying no must not cost agreeing to a fee or seeing the
 * address. OTHER needs a short note (`validation_failed` on `note` without one, or past its length), which the
 * seller reads as the reason. Only the agent's own PENDING request of an ACTIVE listing (`not_found` for someone
 * else's, `invalid_state` once answered, expired or completed). The request becomes DECLINED; the seller is
 * e-mailed at once with the reason, told whether another agent serving the suburb may still be asked, and, when
 * it was the last request outstanding, that nothing more is on its way: one e-mail, not two in the same second.
 */
export async function declinePropertyAppraisalRequest(
  deps: Deps,
  agent: UserRow,
  input: { id: string; reason: string; note?: string | null },
): Promise<AppraisalRequestRow> {
  if (!isAppraisalRequestDeclineReason(input.reason)) throw new AppError('validation_failed', 'reason');
  const reason: AppraisalRequestDeclineReason = input.reason;
  if (declineNoteIssue(reason, input.note)) throw new AppError('validation_failed', 'note');
  const note = reason === 'OTHER' ? input.note!.trim() : null;
  return deps.db.transaction(async (tx) => {
    const found = await getAgentAppraisalRequest(tx, agent.id, input.id);
    // The property row first, then the request: the order every transition of a property's requests takes.
    const [property] = await tx.select().from(properties).where(eq(properties.id, found.propertyId)).for('update');
    const request = await getAgentAppraisalRequest(tx, agent.id, input.id, { lock: true });
    if (request.state !== 'PENDING' || property?.state !== 'ACTIVE') throw new AppError('invalid_state');
    const now = deps.clock.now();
    const declined = await tx
      .update(propertyAppraisalRequests)
      .set({ state: 'DECLINED', declineReason: reason, declineNote: note, completedAt: now, seenByAgentAt: request.seenByAgentAt ?? now })
      .where(and(eq(propertyAppraisalRequests.id, request.id), eq(propertyAppraisalRequests.state, 'PENDING')))
      .returning()
      .then(theRow);
    const profile = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.id) });
    const stillAnswering = await tx
      .select({ id: propertyAppraisalRequests.id })
      .from(propertyAppraisalRequests)
      .where(and(eq(propertyAppraisalRequests.propertyId, property.id), eq(propertyAppraisalRequests.state, 'PENDING')))
      .limit(1);
    const isSellerTold = await tellAboutProperty(deps, tx, { userId: property.sellerUserId, property }, async ({ address }) => ({
      subject: `${profile?.name || 'An agent'} cannot appraise your property`,
      template: 'appraisal-request-declined',
      push: {
        kind: 'APPRAISAL_REQUEST_DECLINED',
        content: {
          title: 'An agent declined',
          body: `${profile?.name || 'The agent'} cannot appraise your property. You can ask other agents.`,
          url: `/property/${property.id}#agents-asked`,
        },
      },
      body: AppraisalRequestDeclinedEmail({
        agentName: profile?.name || 'The agent',
        reason: declineReasonText(reason, note),
        address,
        link: `${deps.config.appUrl}/property/${property.id}#agents-asked`,
        othersToAsk: (await agentsLeftToAsk(tx, property, now)).length,
        appraisalsReceived: stillAnswering.length === 0 ? await countSubmittedAppraisals(tx, property.id) : null,
      }),
    }));
    // With no request left outstanding, the decline e-mail above already says so; the 'all responded' e-mail would
    // reach the seller in the same second saying less.
    if (stillAnswering.length > 0 || !isSellerTold) await notifySellerIfAllRequestsSettled(deps, tx, property);
    return declined;
  });
}

async function countSubmittedAppraisals(tx: Tx, propertyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(propertyAppraisals)
    .where(and(eq(propertyAppraisals.propertyId, propertyId), eq(propertyAppraisals.state, 'SUBMITTED')));
  return row?.n ?? 0;
}
