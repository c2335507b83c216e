import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { agentProfiles, users } from '../../db/schema/accounts.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { liveSubscription } from '../../db/live-subscription.ts';
import { hasCurrentVerifiedLicence, isNotSuspended, mayReceiveRequests } from './agent-standing.ts';

/**
 * Whether an agent is public (the public pages, and what anyone may read of an agent by id): they turned their
 * profile on, an operator verified their licence (not expired, not suspended), their profile is complete and at
 * least one suburb subscription is live. Kept with the agent's standing so every module below the public pages
 * (reviews) reads the same rule.
 */

const filled = (column: AnyPgColumn) => sql`coalesce(trim(${column}), '') <> ''`;
/** The agent has a live subscription (in one suburb when given: an id or a column). */
export const servesWithLiveSubscription = (now: Date, suburbId?: number | SQL) => {
  const s = suburbSubscriptions;
  return sql`exists (select 1 from ${s} where ${s.agentUserId} = ${agentProfiles.userId}
    and ${liveSubscription(now)}${suburbId === undefined ? sql`` : sql` and ${s.suburbId} = ${suburbId}`})`;
};
/**
 * A licence sellers see as verified today (verified and not expired), and no suspension by an operator
 * (agent-standing.ts).
 */
export const verifiedLicence = (now: Date) =>
  and(hasCurrentVerifiedLicence(agentProfiles.userId, now), isNotSuspended(agentProfiles.userId))!;

/** The profile fields the agent picker insists on (publish-property.service.ts), which a public page shows. */
export const completeProfile = and(
  filled(agentProfiles.name),
  filled(agentProfiles.bio),
  filled(agentProfiles.agencyName),
  filled(agentProfiles.agencyBio),
  sql`${agentProfiles.profilePictureMediaId} is not null`,
  sql`${agentProfiles.agencyLogoMediaId} is not null`,
);

/**
 * The condition on `agent_profiles` for an agent a seller can ask for an appraisal now (in one suburb when given: an
 * id or a column): an agent account with a mobile number, the complete profile the picker insists on (spec 001
 * 'Select agents'), a live subscription for the suburb (PRODUCT.md 'Appraisal requests') and a standing that lets
 * requests reach them (agent-standing.ts). The picker offers exactly these agents, labelled where the licence is not
 * checked yet, so every count a seller reads of the agents who serve a suburb (the wizard, the public pages) counts
 * them and nothing else: a seller is never told of an agent they cannot ask, nor offered one they were not told of.
 */
export const mayBeAskedBySellers = (now: Date, suburbId?: number | SQL) =>
  and(
    sql`exists (select 1 from ${users} where ${users.id} = ${agentProfiles.userId} and ${users.userType} = 'AGENT'
      and ${users.mobileNumber} is not null)`,
    completeProfile,
    servesWithLiveSubscription(now, suburbId),
    mayReceiveRequests(agentProfiles.userId, now),
  )!;

/** The condition on `agent_profiles` for an agent every visitor may see (in one suburb when given: an id or a column). */
export const isPublicAgent = (now: Date, suburbId?: number | SQL) =>
  and(eq(agentProfiles.publicProfileVisible, true), completeProfile, verifiedLicence(now), servesWithLiveSubscription(now, suburbId))!;

/** Which of these agents are public now (for `publicProfileUrl` on lists: one query for the lot). */
export async function findPublicAgentIds(db: Tx, agentUserIds: readonly string[], now: Date): Promise<Set<string>> {
  if (!agentUserIds.length) return new Set();
  const rows = await db
    .select({ userId: agentProfiles.userId })
    .from(agentProfiles)
    .where(and(inArray(agentProfiles.userId, [...agentUserIds]), isPublicAgent(now)));
  return new Set(rows.map((r) => r.userId));
}
