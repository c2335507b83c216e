import type pg from 'pg';
import { APPRAISAL_REQUEST_REMINDER_HOURS_LEFT } from '@listwise/domain/constants';

/**
 * The soak measures a running system, not one catching up. The scale seed (written for the lists' benchmarks)
 * leaves what no running system holds: hundreds of thousands of PENDING appraisal requests long past their expiry
 * (requested ten seconds apart over four months, three days each), and every charge without its outcome recorded.
 * Left so, the every-minute jobs spend the run working that backlog (up to 10,000 expiries a run, each with its
 * e-mails, and 200 charges asked of the provider), and the job lag measures the seed, not the workers.
 *
 * Before each run this writes what the workers would have written when each thing fell due: requests past expiry
 * EXPIRED at their expiry, reminders sent for those within the reminder window, charges' outcomes recorded when
 * they were made (a PENDING one old enough for the reconciler as FAILED, never charged), and the job queue cleared
 * of what an earlier run's servers left unfinished. From then on the jobs see what they would in life: a few
 * requests expiring and a few reminders falling due each minute (the seed spaces requests ten seconds apart),
 * alongside the e-mails the load itself queues. Idempotent; the figures say how much each run had to settle.
 */
export async function settleForJobs(pool: pg.Pool) {
  const expired = await pool.query(
    `update property_appraisal_requests set state = 'EXPIRED', completed_at = expires_at
     where state = 'PENDING' and expires_at <= now()`,
  );
  const reminded = await pool.query(
    `update property_appraisal_requests set reminder_sent_at = expires_at - make_interval(hours => $1)
     where state = 'PENDING' and reminder_sent_at is null and expires_at <= now() + make_interval(hours => $1)`,
    [APPRAISAL_REQUEST_REMINDER_HOURS_LEFT],
  );
  const charged = await pool.query(
    `update charges set fulfilled_at = created_at, settled_at = coalesce(settled_at, created_at),
       status = case when status = 'PENDING' then 'FAILED' else status end,
       failure_code = case when status = 'PENDING' then 'not_charged' else failure_code end,
       failure_reason = case when status = 'PENDING' then 'The payment never reached the payment provider.' else failure_reason end
     where fulfilled_at is null and created_at < now() - interval '1 hour'`,
  );
  // A database no server has started on yet has no job schema (pg-boss makes it).
  const { rows } = await pool.query<{ present: boolean }>(`select to_regclass('pgboss.job') is not null as present`);
  const jobs = rows[0]!.present
    ? await pool.query(`delete from pgboss.job where state in ('created', 'retry', 'active')`)
    : { rowCount: 0 };
  return {
    requestsExpired: expired.rowCount,
    remindersMarked: reminded.rowCount,
    chargesSettled: charged.rowCount,
    jobsCleared: jobs.rowCount,
  };
}
