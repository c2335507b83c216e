import { and, eq } from 'drizzle-orm';
import {
  APPRAISAL_REQUEST_DECLINE_REASON_LABELS,
  isAppraisalRequestDeclineReason,
  type AppraisalRequestDeclineReason,
} from '@listwise/domain/appraisal-request-progress';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { propertyAppraisalRequests } from '../../db/schema/appraisals.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { AppraisalRequestDeclinedEmail } from '../notifications/templates/appraisal-emails.tsx';
import { notifySellerIfAllRequestsSettled } from './appraisal-lifecycle.ts';
import { getAgentAppraisalRequest } from './appraisals.service.ts';
import { type AppraisalRequestRow } from '../../db/schema/appraisals.ts';
import { describePropertyAddress } from './property-address.ts';
import { theRow } from '../../lib/rows.ts';

/**
 * `declinePropertyAppraisalRequest` (issue 23): an agent who will not appraise a request says so, with a reason
 * from a short list, instead of letting the seller wait out the 48 hours. Only the agent's own PENDING request of
 * an ACTIVE listing (`not_found` for someone else's, `invalid_state` once answered, expired or completed). The
 * request becomes DECLINED; the seller is e-mailed at once with the reason and a link to the property page, where
 * the suburb's other agents are offered; when it was the last request outstanding, the 'all responded' e-mail
 * follows as for any other answer.
 */
export async function declinePropertyAppraisalRequest(
  deps: Deps,
  agent: UserRow,
  input: { id: string; reason: string },
): Promise<AppraisalRequestRow> {
  if (!isAppraisalRequestDeclineReason(input.reason)) throw new AppError('validation_failed', 'reason');
  const reason: AppraisalRequestDeclineReason = input.reason;
  return deps.db.transaction(async (tx) => {
    const found = await getAgentAppraisalRequest(tx, agent.id, input.id);
    // The property row first, then the request: the order every transition of a property's requests takes.
    const [property] = await tx.select().from(properties).where(eq(properties.id, found.propertyId)).for('update');
    const request = await getAgentAppraisalRequest(tx, agent.id, input.id, true);
    if (request.state !== 'PENDING' || property?.state !== 'ACTIVE') throw new AppError('invalid_state');
    const now = deps.clock.now();
    const declined = await tx
      .update(propertyAppraisalRequests)
      .set({ state: 'DECLINED', declineReason: reason, completedAt: now, seenByAgentAt: request.seenByAgentAt ?? now })
      .where(and(eq(propertyAppraisalRequests.id, request.id), eq(propertyAppraisalRequests.state, 'PENDING')))
      .returning()
      .then(theRow);
    const seller = await tx.query.users.findFirst({ where: eq(users.id, property.sellerUserId) });
    const profile = await tx.query.agentProfiles.findFirst({ where: eq(agentProfiles.userId, agent.id) });
    if (seller?.email) {
      await queueEmail(deps, tx, {
        to: seller.email,
        subject: `${profile?.name || 'An agent'} cannot appraise your property`,
        template: 'appraisal-request-declined',
        push: {
          kind: 'APPRAISAL_REQUEST_DECLINED',
          userId: seller.id,
          content: {
            title: 'An agent declined',
            body: `${profile?.name || 'The agent'} cannot appraise your property. You can ask other agents.`,
            url: `/property/${property.id}#agents-asked`,
          },
        },
        body: AppraisalRequestDeclinedEmail({
          agentName: profile?.name || 'The agent',
          reason: APPRAISAL_REQUEST_DECLINE_REASON_LABELS[reason],
          address: await describePropertyAddress(tx, property, { withStreet: true }),
          link: `${deps.config.appUrl}/property/${property.id}#agents-asked`,
        }),
      });
    }
    await notifySellerIfAllRequestsSettled(deps, tx, property);
    return declined;
  });
}
