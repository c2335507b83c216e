import type { Deps } from '../deps.ts';
import { removeAbandonedGhostUsers } from '../modules/accounts/accounts.service.ts';
import { deliverEmail, sweepOutbox } from '../modules/notifications/email.service.ts';
import { deliverPush, sweepPushes } from '../modules/notifications/push.service.ts';
import { MEDIA_QUEUES, processUserMedia, removeStaleUserMedia, stripServedImages } from '../modules/media/media.service.ts';
import { pruneRateLimits } from '../db/rate-limit.ts';
import { pruneSignInAddresses } from '../modules/accounts/sign-in-addresses.ts';
import { APPRAISAL_QUEUES, expireAppraisalRequests, remindAgentsOfExpiringRequests } from '../modules/appraisals/appraisal-lifecycle.ts';
import { processSubscriptionRenewals } from '../modules/subscriptions/subscription-renewals.service.ts';
import { SUBSCRIPTION_QUEUES } from '../modules/subscriptions/subscriptions.service.ts';
import { retryDueLeadFees, SALES_QUEUES } from '../modules/sales/lead-fees.service.ts';
import { PAYMENT_QUEUES, reconcileCharges } from '../modules/payments/charges.service.ts';
import { LISTING_QUEUES, notifyAgentsOfListingChanges } from '../modules/listings/published-property.service.ts';
import { REVIEW_QUEUES, sendReviewInvitations } from '../modules/reviews/review-invitations.service.ts';
import { AGENT_JOIN_QUEUES, notifyAgentJoinAlerts } from '../modules/public-pages/agent-join-alerts.service.ts';
import { LICENCE_QUEUES, sendLicenceExpiryReminders } from '../modules/agents/licences.service.ts';
import { QUEUES } from '../jobs/queue.ts';

/**
 * Registers the job handlers and recurring schedules. Modules add their queues to `WORKERS`;
 * the same handlers are callable directly (tests, the dev job runner).
 */
export interface WorkerDefinition {
  queue: string;
  /** cron in UTC for recurring maintenance jobs; such a queue is single-flight (singleFlightQueueNames) */
  schedule?: string;
  handle: (deps: Deps, data: Record<string, unknown>) => Promise<unknown>;
  /** Jobs taken a fetch and run at once (see workQueue); one and one unless set. */
  batch?: JobBatch;
}

export interface JobBatch {
  /** Jobs a worker takes from its queue at each fetch. */
  size: number;
  /** Of those, how many run at the same time. */
  concurrency: number;
}

const ONE_AT_A_TIME: JobBatch = { size: 1, concurrency: 1 };

/**
 * A burst of pushes (a listing asking five agents at once) is sent together rather than one a poll; each is a
 * request to a push service that mostly waits on the network, so a few at once cost the server little.
 */
const PUSH_BATCH: JobBatch = { size: 10, concurrency: 5 };

/**
 * The e-mails an event queues (a listing telling five agents, a sale telling both sides) are taken in one fetch and
 * completed in one statement, and delivered one at a time: a crash cuts off at most one SMTP exchange, the one
 * message whose fate nobody can know (it stays SENDING, docs/decisions/0003-email-outbox.md).
 */
const EMAIL_BATCH: JobBatch = { size: 10, concurrency: 1 };

export const WORKERS: WorkerDefinition[] = [
  { queue: QUEUES.sendEmail, batch: EMAIL_BATCH, handle: (deps, data) => deliverEmail(deps, String(data.messageId)) },
  { queue: QUEUES.sweepOutbox, schedule: '*/5 * * * *', handle: (deps) => sweepOutbox(deps) },
  { queue: QUEUES.sendPush, batch: PUSH_BATCH, handle: (deps, data) => deliverPush(deps, String(data.messageId)) },
  // Pushes held by quiet hours go out when they end; a push whose job was lost is sent again.
  { queue: QUEUES.sweepPushes, schedule: '* * * * *', handle: (deps) => sweepPushes(deps) },
  {
    queue: 'maintenance.daily',
    schedule: '17 3 * * *',
    handle: async (deps) => {
      await pruneRateLimits(deps.db, deps.clock.now());
      await pruneSignInAddresses(deps.db, deps.clock.now());
      return removeAbandonedGhostUsers(deps.db, deps.clock.now());
    },
  },
  { queue: MEDIA_QUEUES.process, handle: (deps, data) => processUserMedia(deps, String(data.userMediaId)) },
  {
    queue: MEDIA_QUEUES.cleanup,
    schedule: '41 3 * * *',
    // Also strips images served before stripping existed, a batch a night.
    handle: async (deps) => ({ removed: await removeStaleUserMedia(deps), stripped: await stripServedImages(deps) }),
  },
  { queue: APPRAISAL_QUEUES.expireRequests, schedule: '* * * * *', handle: (deps) => expireAppraisalRequests(deps) },
  { queue: APPRAISAL_QUEUES.remindAgents, schedule: '* * * * *', handle: (deps) => remindAgentsOfExpiringRequests(deps) },
  // Agents asked are told of a seller's changes to a published listing (one e-mail per editing session).
  { queue: LISTING_QUEUES.notifyChanges, schedule: '* * * * *', handle: (deps) => notifyAgentsOfListingChanges(deps) },
  { queue: SUBSCRIPTION_QUEUES.renew, schedule: '* * * * *', handle: (deps) => processSubscriptionRenewals(deps) },
  // Charges a crash left without an outcome are finished from the provider's answer; owed refunds are retried.
  { queue: PAYMENT_QUEUES.reconcile, schedule: '* * * * *', handle: (deps) => reconcileCharges(deps) },
  // Declined lead fees: retried once a day each (the job only looks every 10 minutes for those due).
  { queue: SALES_QUEUES.retryLeadFees, schedule: '*/10 * * * *', handle: (deps) => retryDueLeadFees(deps) },
  // Licence expiry reminders, daily at 22:05 UTC (9:05 am in Sydney in summer, 8:05 am in winter).
  { queue: LICENCE_QUEUES.remindExpiry, schedule: '5 22 * * *', handle: (deps) => sendLicenceExpiryReminders(deps) },
  // Review invitations 3 days after an appraisal and after a confirmed sale, reminders 7 days later.
  { queue: REVIEW_QUEUES.invite, schedule: '* * * * *', handle: (deps) => sendReviewInvitations(deps) },
  // 'Tell me when an agent joins': one e-mail once a public agent serves the suburb.
  { queue: AGENT_JOIN_QUEUES.notify, schedule: '*/5 * * * *', handle: (deps) => notifyAgentJoinAlerts(deps) },
];

export async function startWorkers(deps: Deps): Promise<void> {
  for (const worker of WORKERS) {
    const interval = worker.schedule ? SCHEDULED_POLLING_INTERVAL_SECONDS : POLLING_INTERVAL_SECONDS;
    await workQueue(deps.jobs.boss, worker.queue, interval, (data) => worker.handle(deps, data), worker.batch);
  }
  await scheduleRecurringJobs(deps.jobs.boss);
}

/**
 * Writes each recurring job's schedule (cron in UTC) that is missing or has changed; the rest stay as an earlier start
 * left them, so a start costs one read rather than a write a schedule.
 */
export async function scheduleRecurringJobs(boss: Deps['jobs']['boss']): Promise<void> {
  const current = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
  for (const { queue, schedule } of WORKERS) {
    if (!schedule) continue;
    const written = current.get(queue);
    if (written?.cron !== schedule || written.options?.tz !== 'UTC') await boss.schedule(queue, schedule, {}, { tz: 'UTC' });
  }
}

/** How often an idle worker asks its queue for a job (pg-boss's least): e-mails, pushes and photos go out at once. */
const POLLING_INTERVAL_SECONDS = 0.5;
/**
 * How often an idle worker on a scheduled queue asks: its jobs come due a minute apart or more (and the review
 * invitations sent at once after a sale are e-mails), so two seconds late costs nothing, and its thirteen queues
 * polled at half a second were most of an idle server's work (two idle servers and their database used about a
 * fifth of a core between them).
 */
const SCHEDULED_POLLING_INTERVAL_SECONDS = 2;

/**
 * One worker on a queue, taking `batch.size` jobs a fetch and running up to `batch.concurrency` of them at once.
 * pg-boss waits out the polling interval after every fetch, jobs found or not, which caps a queue at one fetch per
 * interval on each server: a burst (the e-mails of a sweep, a backlog after an outage) would drain at two fetches a
 * second. A worker whose fetch came back full and whose jobs all succeeded asks again at once instead; a fetch with
 * room to spare emptied the queue, and a failed job (retried later by pg-boss) waits the interval.
 *
 * A batch whose jobs all succeeded is completed by pg-boss, in one statement (keeping a lone job's output); each
 * statement is a round trip, and every e-mail is a job. When some failed, each job completes or fails on its own
 * (pg-boss would otherwise fail the whole batch for one error, retrying pushes already sent): the worker records
 * each outcome itself, and pg-boss's own completion afterwards touches only jobs still active, which are none.
 */
export async function workQueue(
  boss: Deps['jobs']['boss'],
  queue: string,
  pollingIntervalSeconds: number,
  handle: (data: Record<string, unknown>) => Promise<unknown>,
  batch: JobBatch = ONE_AT_A_TIME,
): Promise<string> {
  // Known once work() answers, which is before its first fetch can come back with a job.
  const worker: { id?: string } = {};
  worker.id = await boss.work(queue, { pollingIntervalSeconds, batchSize: batch.size }, async (jobs) => {
    const outcomes = new Map<string, JobOutcome>();
    await eachWithConcurrency(jobs, batch.concurrency, async (job) => {
      try {
        outcomes.set(job.id, { output: jobOutput(await handle((job.data ?? {}) as Record<string, unknown>)) });
      } catch (error) {
        outcomes.set(job.id, { error: error instanceof Error ? error : { value: String(error) } });
      }
    });
    const failed = [...outcomes.values()].some((outcome) => 'error' in outcome);
    if (!failed && jobs.length === batch.size && worker.id) boss.notifyWorker(worker.id);
    if (jobs.length === 1) {
      // pg-boss fails or completes the lone job itself, with its error or its output.
      const only = outcomes.get(jobs[0]!.id)!;
      if ('error' in only) throw only.error;
      return only.output;
    }
    if (failed || [...outcomes.values()].some((outcome) => 'output' in outcome && outcome.output !== undefined)) {
      for (const [id, outcome] of outcomes) {
        if ('error' in outcome) await boss.fail(queue, id, outcome.error);
        else await boss.complete(queue, id, outcome.output);
      }
    }
    return undefined;
  });
  return worker.id;
}

type JobOutcome = { output: object | undefined } | { error: Error | { value: string } };

/** A handler's result as pg-boss keeps a job's output: an object, or any other value under `value`. */
const jobOutput = (output: unknown): object | undefined =>
  output === undefined || output === null ? undefined : typeof output === 'object' ? output : { value: output };

/** Runs `run` on every item, at most `concurrency` at a time, and resolves when all have settled. */
async function eachWithConcurrency<T>(items: readonly T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

export const queueNames = () => WORKERS.map((w) => w.queue);

/** Recurring jobs run one at a time across every server (see createQueues): a slow run is never overlapped by the next. */
export const singleFlightQueueNames = () => WORKERS.filter((w) => w.schedule).map((w) => w.queue);
