import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { agentProfiles } from '../../db/schema/accounts.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import { liveSubscription } from '../../db/live-subscription.ts';
import { hasCurrentVerifiedLicence, isNotSuspended } from './agent-standing.ts';

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
