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
  /** cron in UTC for recurring maintenance jobs */
  schedule?: string;
  handle: (deps: Deps, data: Record<string, unknown>) => Promise<unknown>;
}

export const WORKERS: WorkerDefinition[] = [
  { queue: QUEUES.sendEmail, handle: (deps, data) => deliverEmail(deps, String(data.messageId)) },
  { queue: QUEUES.sweepOutbox, schedule: '*/5 * * * *', handle: (deps) => sweepOutbox(deps) },
  { queue: QUEUES.sendPush, handle: (deps, data) => deliverPush(deps, String(data.messageId)) },
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
    await deps.jobs.boss.work(worker.queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await worker.handle(deps, (job.data ?? {}) as Record<string, unknown>);
    });
    if (worker.schedule) await deps.jobs.boss.schedule(worker.queue, worker.schedule, {}, { tz: 'UTC' });
  }
}

export const queueNames = () => WORKERS.map((w) => w.queue);
