import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (docs/operating.md lists them with the alerts that read them). One registry per
 * server rather than prom-client's global one, so two servers in one process (the API tests) never count into
 * each other. Every label is bounded: route patterns, status codes, operation names from a capped set, error codes
 * from the catalogue, queue names; never an id, an e-mail or a URL.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds: a request or an operation of the API (most answer within tens of milliseconds; 2.5 s is the p95 alert). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics() {
  const registry = new Registry();
  // Event-loop delay, heap, handles, CPU, file descriptors and GC under the usual nodejs_/process_ names.
  collectDefaultMetrics({ register: registry });
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const counter = (name: string, help: string, labelNames: string[] = []) => new Counter({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpRequests: counter('listwise_http_requests_total', 'HTTP requests answered, by route pattern and status', [
      'method',
      'route',
      'status',
    ]),
    httpDuration: new Histogram({
      name: 'listwise_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    graphqlOperations: counter('listwise_graphql_operations_total', 'GraphQL operations, by operation name and outcome', [
      'operation',
      'outcome',
    ]),
    graphqlDuration: new Histogram({
      name: 'listwise_graphql_operation_duration_seconds',
      help: 'Time to answer a GraphQL operation, by operation name and outcome',
      labelNames: ['operation', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    loginsFailed: counter('listwise_logins_failed_total', 'Logins refused for a wrong e-mail or password'),
    throttled: counter('listwise_requests_throttled_total', 'Requests refused by a rate limit (too_many_requests), by GraphQL field', [
      'field',
    ]),
    accountsThrottled: gauge(
      'listwise_accounts_throttled',
      'Distinct accounts (subject="account") and client addresses (subject="client") a rate limit refused in the last 15 minutes',
      ['subject'],
    ),
    dbPool: gauge('listwise_db_pool_connections', 'Connections of the request pool: in use, idle, and requests waiting for one', ['state']),
    dbQueryDuration: new Histogram({
      name: 'listwise_db_query_duration_seconds',
      help: 'Time of each SQL statement on the request pool, by outcome',
      labelNames: ['outcome'],
      buckets: QUERY_BUCKETS,
      registers: [registry],
    }),
    databaseUp: gauge('listwise_database_up', '1 while PostgreSQL answers this server, 0 while it cannot be reached'),
    draining: gauge('listwise_draining', '1 from the shutdown signal until the server stops: readiness answers 503'),
    jobsWaiting: gauge('listwise_job_queue_depth', 'Jobs waiting in a queue (created or retrying), by queue', ['queue']),
    jobsOldestAge: gauge('listwise_job_queue_oldest_age_seconds', 'How long the oldest due job of a queue has waited', ['queue']),
    outboxMessages: gauge('listwise_email_outbox_messages', 'E-mails by outbox status: queued, sending, failed', ['status']),
    outboxOldestAge: gauge('listwise_email_outbox_oldest_age_seconds', 'Age of the oldest e-mail not yet sent, by status', ['status']),
    chargesPending: gauge('listwise_charges_pending', 'Charges whose outcome is not yet recorded'),
    chargesPendingOldestAge: gauge('listwise_charges_pending_oldest_age_seconds', 'Age of the oldest charge whose outcome is not recorded'),
    refundsNeedingAttention: gauge(
      'listwise_refunds_needing_attention',
      'Refunds owed whose retries are spent: Money needing attention in the console',
    ),
    claimsPayable: gauge('listwise_cashback_claims_payable', 'Cashback claims payable and in no payout batch'),
    claimsPayableOldestAge: gauge('listwise_cashback_claims_payable_oldest_age_seconds', 'How long the oldest payable claim has waited'),
    licencesPending: gauge('listwise_licences_pending', 'Agent licences waiting for an operator to check them'),
    licencesPendingOldestAge: gauge('listwise_licences_pending_oldest_age_seconds', 'How long the oldest licence has waited for its check'),
    collectionFailures: counter(
      'listwise_metrics_collection_failures_total',
      'Scrapes whose database figures could not be read in time (the last figures are kept)',
    ),
  };
}
