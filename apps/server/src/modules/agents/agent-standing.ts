import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TIME_ZONE_OF_STATE, LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import { agentLicences, agentSuspensions } from '../../db/schema/licences.ts';

/**
 * The licence rules of packages/domain/src/agent-licence.ts as SQL, for the queries that choose agents: the agent
 * picker and request matching (publish-property.service.ts), the public pages (public-agents.service.ts) and the
 * licence loader. One place, so every 'Licence verified' and every request follows the same rule; suspensions
 * likewise.
 */

/** Today's date where the licence's state is (a licence is current through its whole expiry day there). */
export const licenceTodaySql = (now: Date): SQL =>
  sql`(${now.toISOString()}::timestamptz at time zone (case ${agentLicences.state} ${sql.join(
    Object.entries(TIME_ZONE_OF_STATE).map(([state, zone]) => sql`when ${state} then ${zone}`),
    sql` `,
  )} else ${LISTWISE_TIME_ZONE} end))::date`;

/** `isLicenceVerifiedOn`: sellers see 'Licence verified'. */
const licenceVerifiedOn = (now: Date): SQL =>
  sql`(${agentLicences.verifiedUntil} >= ${licenceTodaySql(now)} or (${agentLicences.status} = 'VERIFIED' and ${agentLicences.expiresOn} is null))`;

/** `isLicenceExpiredOn`: the licence stops new requests. */
const licenceExpiredOn = (now: Date): SQL =>
  sql`(${agentLicences.lapsedOn} is not null or ${agentLicences.expiresOn} < ${licenceTodaySql(now)} or ${agentLicences.verifiedUntil} < ${licenceTodaySql(now)})`;

/** The agent (whose user id is in `agentUserId`) holds a licence sellers see as verified today. */
export const hasCurrentVerifiedLicence = (agentUserId: AnyPgColumn, now: Date): SQL =>
  sql`exists (select 1 from ${agentLicences} where ${agentLicences.agentUserId} = ${agentUserId} and ${licenceVerifiedOn(now)})`;

/** The agent's licence has expired and no renewal is verified: no new requests reach them. */
export const hasExpiredLicence = (agentUserId: AnyPgColumn, now: Date): SQL =>
  sql`exists (select 1 from ${agentLicences} where ${agentLicences.agentUserId} = ${agentUserId} and ${licenceExpiredOn(now)})`;

/** An operator has not suspended the agent: a suspended agent gets no new requests and shows nowhere public. */
export const isNotSuspended = (agentUserId: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${agentSuspensions} where ${agentSuspensions.agentUserId} = ${agentUserId})`;

/**
 * Nothing about the agent's standing stops new requests reaching them: no expired licence, no suspension (the
 * picker also needs a live subscription and a complete profile).
 */
export const mayReceiveRequests = (agentUserId: AnyPgColumn, now: Date): SQL =>
  sql`(not ${hasExpiredLicence(agentUserId, now)} and ${isNotSuspended(agentUserId)})`;
