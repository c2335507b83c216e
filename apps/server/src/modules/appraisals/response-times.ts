import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * How fast an agent answers (the agent's home): the median time from a request being sent to the agent first
 * opening it, and to the agent's appraisal being sent, over the last 90 days; beside the same medians for every
 * agent's requests in the suburbs the agent serves. Medians, not means: one request answered a week late must not
 * hide fifty answered within the hour.
 */
export const RESPONSE_TIME_WINDOW_DAYS = 90;

export interface ResponseTimes {
  requestCount: number;
  firstViewMedianMinutes: number | null;
  appraisalMedianMinutes: number | null;
  suburbFirstViewMedianMinutes: number | null;
  suburbAppraisalMedianMinutes: number | null;
}

const minutesOrNull = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) / 60));

export async function findResponseTimes(db: Tx, agentUserId: string, now: Date): Promise<ResponseTimes> {
  const since = new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * 86_400_000);
  const result = await db.execute<{
    own_count: string;
    own_view: string | null;
    own_appraisal: string | null;
    suburb_view: string | null;
    suburb_appraisal: string | null;
  }>(sql`
    with served as (
      select suburb_id from suburb_subscriptions
      where agent_user_id = ${agentUserId} and cancelled_at is null and expires_at > ${now}
    ),
    answered as (
      select r.agent_user_id = ${agentUserId} as own, p.suburb_id in (select suburb_id from served) as in_served,
        extract(epoch from r.seen_by_agent_at - r.requested_at) as to_view,
        extract(epoch from a.sent_at - r.requested_at) as to_appraisal
      from property_appraisal_requests r
      join properties p on p.id = r.property_id
      left join property_appraisals a on a.appraisal_request_id = r.id and a.state = 'SUBMITTED'
      where r.requested_at >= ${since}
        and (r.agent_user_id = ${agentUserId} or p.suburb_id in (select suburb_id from served))
    )
    select
      count(*) filter (where own) as own_count,
      percentile_cont(0.5) within group (order by to_view) filter (where own) as own_view,
      percentile_cont(0.5) within group (order by to_appraisal) filter (where own) as own_appraisal,
      percentile_cont(0.5) within group (order by to_view) filter (where in_served) as suburb_view,
      percentile_cont(0.5) within group (order by to_appraisal) filter (where in_served) as suburb_appraisal
    from answered
  `);
  const row = result.rows[0];
  return {
    requestCount: Number(row?.own_count ?? 0),
    firstViewMedianMinutes: minutesOrNull(row?.own_view),
    appraisalMedianMinutes: minutesOrNull(row?.own_appraisal),
    suburbFirstViewMedianMinutes: minutesOrNull(row?.suburb_view),
    suburbAppraisalMedianMinutes: minutesOrNull(row?.suburb_appraisal),
  };
}
