import pg from 'pg';
import { THROTTLED_SUBJECT_KINDS } from '../db/schema/platform.ts';
import type { Metrics } from './metrics.ts';

/**
 * The figures Prometheus reads from the database (job queues, the e-mail outbox, charges and refunds, payable
 * claims, licences to check, accounts throttled), read when a scrape asks for them in one statement on a connection of their own:
 * - a scrape never waits more than COLLECT_TIMEOUT_MS for them: PostgreSQL cancels the statement, and a database
 *   that does not answer at all leaves the last figures in place (and counts a collection failure);
 * - collections never pile up: the pool holds one connection, scrapes that arrive while one runs share it, and
 *   figures younger than FRESH_FOR_MS are served as they are (two Prometheus servers scraping one replica).
 */
const COLLECT_TIMEOUT_MS = 1000;
const FRESH_FOR_MS = 2000;

/** How recent a refusal keeps its account or client address in the throttled figure. */
const THROTTLED_WITHIN_MINUTES = 15;

interface Figures {
  queues: { name: string; waiting: number; oldest: number | null }[] | null;
  outbox: { status: string; count: number; oldest: number | null }[] | null;
  charges_pending: number;
  charges_pending_oldest: number | null;
  refunds_needing_attention: number;
  claims_payable: number;
  claims_payable_oldest: number | null;
  licences_pending: number;
  licences_pending_oldest: number | null;
  throttled: { kind: string; count: number }[] | null;
}

// Ages are PostgreSQL's own clock against its own timestamps: no skew between a replica and the database.
const FIGURES_SQL = `
select
  (select json_agg(q) from (
     select name, count(*)::int as waiting,
            extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8 as oldest
     from pgboss.job where state in ('created', 'retry') group by name) q) as queues,
  (select json_agg(o) from (
     select status, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest
     from email_messages where status in ('QUEUED', 'SENDING', 'FAILED') group by status) o) as outbox,
  (select count(*)::int from charges where fulfilled_at is null) as charges_pending,
  (select extract(epoch from now() - min(created_at))::float8 from charges where fulfilled_at is null) as charges_pending_oldest,
  (select count(*)::int from charges
     where refund_reason is not null and refunded_at is null and refund_next_attempt_at is null) as refunds_needing_attention,
  (select count(*)::int from cashback_claims where status = 'PAYABLE') as claims_payable,
  (select extract(epoch from now() - min(coalesce(payable_at, claimed_at)))::float8
     from cashback_claims where status = 'PAYABLE') as claims_payable_oldest,
  (select count(*)::int from agent_licences where status = 'PENDING') as licences_pending,
  (select extract(epoch from now() - min(submitted_at))::float8 from agent_licences where status = 'PENDING') as licences_pending_oldest,
  (select json_agg(t) from (
     select subject_kind as kind, count(*)::int as count from rate_limit_refusals
     where refused_at > now() - interval '${THROTTLED_WITHIN_MINUTES} minutes' group by subject_kind) t) as throttled`;

const OUTBOX_STATUSES = ['QUEUED', 'SENDING', 'FAILED'];

export interface DatabaseGauges {
  /** Brings the gauges up to date (or leaves them as they were), within COLLECT_TIMEOUT_MS and a little more. */
  refresh: () => Promise<void>;
  close: () => Promise<void>;
}

export function createDatabaseGauges(databaseUrl: string, metrics: Metrics, queueNames: readonly string[]): DatabaseGauges {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: COLLECT_TIMEOUT_MS,
    statement_timeout: COLLECT_TIMEOUT_MS,
    query_timeout: COLLECT_TIMEOUT_MS + 500,
    application_name: 'listwise-metrics',
  });
  pool.on('error', () => undefined); // a dropped idle connection is replaced at the next scrape
  let running: Promise<void> | undefined;
  let collectedAt = 0;

  const apply = (figures: Figures) => {
    const queues = new Map((figures.queues ?? []).map((queue) => [queue.name, queue]));
    for (const name of new Set([...queueNames, ...queues.keys()])) {
      metrics.jobsWaiting.set({ queue: name }, queues.get(name)?.waiting ?? 0);
      metrics.jobsOldestAge.set({ queue: name }, queues.get(name)?.oldest ?? 0);
    }
    const outbox = new Map((figures.outbox ?? []).map((row) => [row.status, row]));
    for (const status of OUTBOX_STATUSES) {
      const label = { status: status.toLowerCase() };
      metrics.outboxMessages.set(label, outbox.get(status)?.count ?? 0);
      metrics.outboxOldestAge.set(label, outbox.get(status)?.oldest ?? 0);
    }
    metrics.chargesPending.set(figures.charges_pending);
    metrics.chargesPendingOldestAge.set(figures.charges_pending_oldest ?? 0);
    metrics.refundsNeedingAttention.set(figures.refunds_needing_attention);
    metrics.claimsPayable.set(figures.claims_payable);
    metrics.claimsPayableOldestAge.set(figures.claims_payable_oldest ?? 0);
    metrics.licencesPending.set(figures.licences_pending);
    metrics.licencesPendingOldestAge.set(figures.licences_pending_oldest ?? 0);
    const throttled = new Map((figures.throttled ?? []).map((row) => [row.kind, row.count]));
    for (const kind of THROTTLED_SUBJECT_KINDS) metrics.accountsThrottled.set({ subject: kind }, throttled.get(kind) ?? 0);
  };

  const collect = async () => {
    try {
      const { rows } = await pool.query<Figures>(FIGURES_SQL);
      apply(rows[0]!);
      collectedAt = Date.now();
    } catch {
      metrics.collectionFailures.inc();
    }
  };

  return {
    refresh: async () => {
      if (!running && Date.now() - collectedAt < FRESH_FOR_MS) return;
      running ??= collect().finally(() => (running = undefined));
      let timer: NodeJS.Timeout | undefined;
      // The client's own query_timeout ends a collection stuck on a paused database; the scrape stops waiting sooner.
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, COLLECT_TIMEOUT_MS + 200)))]);
      clearTimeout(timer);
    },
    close: () => pool.end(),
  };
}
