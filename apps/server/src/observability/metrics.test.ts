import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, signUpAgent } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { sampleOf, scrape } from '../test/metrics.ts';

/**
 * Each figure on /metrics moves when what it counts happens, through the real server: its requests, its pool, and
 * the rows a scrape reads from PostgreSQL. Every figure is read before and after its cause.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_PORT: '0', RATE_LIMIT_MAX: '3' });
});
afterAll(async () => {
  await server?.stop();
});

const metrics = () => scrape(server.metricsUrl);

describe('GET /metrics', () => {
  it('listens on a loopback port of its own, never on the public one', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const publicAnswer = await fetch(`${server.url}/metrics`).then((response) => response.text());
    expect(publicAnswer).not.toContain('listwise_http_requests_total');
    const text = await metrics();
    expect(text).toContain('# TYPE listwise_http_requests_total counter');
    // The process: event-loop delay, heap, handles.
    expect(sampleOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_active_handles_total')).toBeGreaterThan(0);
    expect(sampleOf(text, 'listwise_database_up')).toBe(1);
  });

  it('counts requests by route pattern and status, never by their URL', async () => {
    const before = await metrics();
    const route = { method: 'GET', route: '/agents/*', status: '404' };
    await fetch(`${server.url}/agents/zz`);
    await fetch(`${server.url}/health/live`);
    // A request is counted once its response has gone (Fastify's onResponse), which may be just after the client
    // has read it: the scrape is repeated until the count has landed.
    const live = { method: 'GET', route: '/health/live', status: '200' };
    const counted = async (labels: Record<string, string>) =>
      sampleOf(await metrics(), 'listwise_http_requests_total', labels) - sampleOf(before, 'listwise_http_requests_total', labels);
    await expect.poll(() => counted(route)).toBe(1);
    await expect.poll(() => counted(live)).toBe(1);
    const after = await metrics();
    expect(after).not.toContain('/agents/zz');
    const latency = { method: 'GET', route: '/health/live', status_class: '2xx' };
    expect(sampleOf(after, 'listwise_http_request_duration_seconds_count', latency)).toBeGreaterThan(
      sampleOf(before, 'listwise_http_request_duration_seconds_count', latency),
    );
  });

  it('counts GraphQL operations by name and outcome, with their SQL timed and the pool sampled', async () => {
    const seller = await createSeller(server);
    const before = await metrics();
    await server.gql('query WhoAmI { me { id } }', {}, seller.token);
    await server.gql('query WhoAmI { me { id } }', {}, null);
    await server.gql('query Property($id: ID!) { property(id: $id) { id } }', { id: '00000000-0000-4000-8000-000000000000' }, seller.token);
    const after = await metrics();
    const moved = (name: string, labels: Record<string, string>) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved('listwise_graphql_operations_total', { operation: 'WhoAmI', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(moved('listwise_graphql_operations_total', { operation: 'Property', outcome: 'not_found' })).toBe(1);
    expect(moved('listwise_graphql_operation_duration_seconds_count', { operation: 'Property', outcome: 'not_found' })).toBe(1);
    expect(moved('listwise_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sampleOf(after, 'listwise_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect(after).toMatch(/listwise_db_pool_connections\{state="waiting"\} 0/);
  });

  it('keeps operation names a client makes up within bounds', async () => {
    await server.gql('query Not_A_Name_We_Keep_Because_It_Is_Far_Too_Long_To_Be_A_Label_At_All_Really_0123456789 { __typename }');
    const after = await metrics();
    expect(after).not.toContain('Far_Too_Long');
    expect(sampleOf(after, 'listwise_graphql_operations_total', { operation: 'other', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('counts failed logins, and requests refused by a rate limit', async () => {
    const agent = await signUpAgent(server);
    const before = await metrics();
    const LOGIN = 'mutation SignIn($email: String!, $password: String!) { login(email: $email, password: $password) { token } }';
    for (let attempt = 0; attempt < 4; attempt++) await server.gql(LOGIN, { email: agent.email, password: 'not-the-password-1' });
    const after = await metrics();
    expect(sampleOf(after, 'listwise_logins_failed_total') - sampleOf(before, 'listwise_logins_failed_total')).toBe(3);
    const throttled = { field: 'login' };
    expect(
      sampleOf(after, 'listwise_requests_throttled_total', throttled) - sampleOf(before, 'listwise_requests_throttled_total', throttled),
    ).toBe(1);
    expect(after).not.toContain(agent.email);
  });

  it('counts the accounts throttled, not their requests: one account refused many times is one', async () => {
    const agent = await signUpAgent(server);
    const LOGIN = 'mutation SignIn($email: String!, $password: String!) { login(email: $email, password: $password) { token } }';
    // Database figures younger than two seconds are served as they are: both readings are fresh ones.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const before = await metrics();
    // RATE_LIMIT_MAX is 3: three failures, then eight refusals of the same account from the same client.
    for (let attempt = 0; attempt < 11; attempt++) await server.gql(LOGIN, { email: agent.email, password: 'not-the-password-1' });
    // The throttled figure is read from the database (shared by every replica): the next fresh reading has it.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await metrics();
    const moved = (name: string, labels: Record<string, string>) => sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(moved('listwise_requests_throttled_total', { field: 'login' })).toBe(8);
    expect(moved('listwise_accounts_throttled', { subject: 'account' })).toBe(1);
    expect(after).toMatch(/listwise_accounts_throttled\{subject="client"\} \d+/);
    expect(after).not.toContain(agent.email);
  });

  it('reads the outbox: an e-mail stuck in sending, its age, and one that failed', async () => {
    const before = await metrics();
    await server.deps.db
      .execute(sql`insert into email_messages (to_address, subject, html, text, template, status, created_at, sending_started_at)
      values ('stuck@example.com', 's', 'h', 't', 'test', 'SENDING', now() - interval '2 hours', now() - interval '2 hours'),
             ('failed@example.com', 's', 'h', 't', 'test', 'FAILED', now(), null)`);
    // Figures younger than two seconds are served as they are: the next scrape after that reads the rows.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await metrics();
    const moved = (name: string, status: string) => sampleOf(after, name, { status }) - sampleOf(before, name, { status });
    expect(moved('listwise_email_outbox_messages', 'sending')).toBe(1);
    expect(moved('listwise_email_outbox_messages', 'failed')).toBe(1);
    expect(sampleOf(after, 'listwise_email_outbox_oldest_age_seconds', { status: 'sending' })).toBeGreaterThanOrEqual(7200);
  });

  it('reads each job queue: a job queued, and how long it has waited', async () => {
    const queue = 'observability.unworked';
    await server.deps.jobs.boss.createQueue(queue);
    await server.deps.jobs.send(queue, { note: 'nobody works this queue' });
    await server.deps.db.execute(sql`update pgboss.job set start_after = now() - interval '10 minutes' where name = ${queue}`);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const text = await metrics();
    expect(sampleOf(text, 'listwise_job_queue_depth', { queue })).toBe(1);
    expect(sampleOf(text, 'listwise_job_queue_oldest_age_seconds', { queue })).toBeGreaterThanOrEqual(600);
    // The application's own queues are there even when empty.
    expect(text).toContain('listwise_job_queue_depth{queue="email.send"}');
  });

  it('reads the money and the licences: a charge left pending, a refund needing attention, a claim and a licence waiting', async () => {
    const agent = await signUpAgent(server);
    const before = await metrics();
    // A charge as a crash between the provider's answer and its recording leaves it (younger than the reconciler's
    // STALE_CHARGE_MS, so the reconciler leaves it alone during the test).
    await server.deps.db.execute(sql`insert into charges (user_id, kind, description, amount_cents, gst_cents, status, idempotency_key,
        provider, provider_customer_id, provider_payment_method_id, created_at, purpose)
      values (${agent.userId}, 'SUBSCRIPTION', 'left pending', 49500, 4500, 'PENDING', ${`metrics-${agent.userId}`}, 'TEST', 'cus', 'pm', now() - interval '1 minute',
        '{"type": "none"}')`);
    await server.deps.db.execute(sql`insert into charges (user_id, kind, description, amount_cents, gst_cents, status, idempotency_key,
        provider, provider_customer_id, provider_payment_method_id, fulfilled_at, refund_reason, refund_attempts, refund_error, purpose)
      values (${agent.userId}, 'SUBSCRIPTION', 'refund refused', 49500, 4500, 'SUCCEEDED', ${`metrics-refund-${agent.userId}`}, 'TEST', 'cus', 'pm',
        now(), 'suburb full', 5, 'card_declined', '{"type": "none"}')`);
    await server.deps.db.execute(sql`insert into agent_licences (agent_user_id, number, state, status, submitted_at)
      values (${agent.userId}, '1234567', 'NSW', 'PENDING', now() - interval '3 days')`);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await metrics();
    const moved = (name: string) => sampleOf(after, name) - sampleOf(before, name);
    expect(moved('listwise_charges_pending')).toBe(1);
    expect(sampleOf(after, 'listwise_charges_pending_oldest_age_seconds')).toBeGreaterThanOrEqual(60);
    expect(moved('listwise_refunds_needing_attention')).toBe(1);
    expect(moved('listwise_licences_pending')).toBe(1);
    expect(sampleOf(after, 'listwise_licences_pending_oldest_age_seconds')).toBeGreaterThanOrEqual(3 * 86400);
  });
});
