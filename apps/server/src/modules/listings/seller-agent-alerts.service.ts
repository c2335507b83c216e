import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { agentJoinAlerts } from '../../db/schema/agent-join-alerts.ts';
import { properties, type PropertyRow } from '../../db/schema/properties.ts';
import { suburbs } from '../../db/schema/suburbs.ts';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueEmail } from '../notifications/email.service.ts';
import { AgentJoinedForListingEmail } from '../notifications/templates/appraisal-emails.tsx';
import { propertyAddressLine } from '@listwise/domain/address-line';
import { findOwnProperty } from './property-access.ts';
import { agentsLeftToAsk } from './publish-property.service.ts';

/**
 * 'E-mail me when an agent joins' on a published listing's page: a seller with no agent left to ask leaves an
 * alert naming the listing (the agent_join_alerts of the public suburb pages, with the property). When an agent the
 * listing may ask serves the suburb, one e-mail links to the property page, where one tap asks them. One-shot, as
 * the public alerts are; spent without an e-mail once the listing is no longer ACTIVE.
 */

/** Alerts read per run of the job that sends them. */
const NOTIFY_BATCH = 200;

/** Whether the seller already waits for an agent for this listing. */
export async function hasWaitingAgentAlert(db: Tx, propertyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agentJoinAlerts.id })
    .from(agentJoinAlerts)
    .where(and(eq(agentJoinAlerts.propertyId, propertyId), isNull(agentJoinAlerts.notifiedAt)))
    .limit(1);
  return !!row;
}

/**
 * `askToBeToldWhenAgentJoins`: the owner's ACTIVE listing only (`invalid_state` otherwise, `not_found` for anyone
 * else's), and only while no agent is left to ask (`invalid_state`: the page offers them instead). Asking again is
 * harmless. A waiting alert the seller left on the suburb's public page for the same address gives way to this one.
 */
export async function askToBeToldWhenAgentJoins(deps: Deps, seller: UserRow, propertyId: string): Promise<PropertyRow> {
  return deps.db.transaction(async (tx) => {
    const property = await findOwnProperty(tx, seller.id, propertyId, { lock: true });
    if (property.state !== 'ACTIVE' || property.suburbId == null || !seller.email) throw new AppError('invalid_state');
    if ((await agentsLeftToAsk(tx, property, deps.clock.now())).length > 0) throw new AppError('invalid_state');
    if (await hasWaitingAgentAlert(tx, property.id)) return property;
    const email = seller.email.trim().toLowerCase();
    await tx
      .delete(agentJoinAlerts)
      .where(and(eq(agentJoinAlerts.suburbId, property.suburbId), eq(agentJoinAlerts.email, email), isNull(agentJoinAlerts.notifiedAt)));
    await tx.insert(agentJoinAlerts).values({ suburbId: property.suburbId, email, propertyId: property.id, createdAt: deps.clock.now() });
    return property;
  });
}

/** The job's part for listings: e-mails each waiting alert whose listing now has an agent to ask, once. */
export async function notifySellerAgentAlerts(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: agentJoinAlerts.id, propertyId: agentJoinAlerts.propertyId })
    .from(agentJoinAlerts)
    .where(and(isNotNull(agentJoinAlerts.propertyId), isNull(agentJoinAlerts.notifiedAt)))
    .orderBy(asc(agentJoinAlerts.createdAt))
    .limit(NOTIFY_BATCH);
  let sent = 0;
  for (const alert of due) if (await notifyOne(deps, alert.id, alert.propertyId!)) sent++;
  return sent;
}

async function notifyOne(deps: Deps, alertId: string, propertyId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .select({ alert: agentJoinAlerts, property: properties, suburb: suburbs })
      .from(agentJoinAlerts)
      .innerJoin(properties, eq(properties.id, propertyId))
      .innerJoin(suburbs, eq(suburbs.id, agentJoinAlerts.suburbId))
      .where(and(eq(agentJoinAlerts.id, alertId), isNull(agentJoinAlerts.notifiedAt)))
      .for('update', { of: agentJoinAlerts });
    if (!row) return false;
    const isActive = row.property.state === 'ACTIVE';
    const newAgents = isActive ? await agentsLeftToAsk(tx, row.property, now) : [];
    if (isActive && newAgents.length === 0) return false;
    await tx.update(agentJoinAlerts).set({ notifiedAt: now }).where(eq(agentJoinAlerts.id, alertId));
    if (!isActive) return false;
    await queueEmail(deps, tx, {
      to: row.alert.email,
      subject: `An agent now serves ${row.suburb.name} on Listwise`,
      template: 'agent-joined-for-listing',
      body: AgentJoinedForListingEmail({
        suburbName: row.suburb.name,
        address: propertyAddressLine({ ...row.property, suburb: row.suburb }),
        agentCount: newAgents.length,
        link: `${deps.config.appUrl}/property/${row.property.id}#ask-more-title`,
      }),
    });
    return true;
  });
}
