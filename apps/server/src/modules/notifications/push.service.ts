import crypto from 'node:crypto';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import {
  DEFAULT_QUIET_HOURS,
  PUSH_KIND_RULES,
  deliverAfterQuietHours,
  timeLeftText,
  type PushKind,
  type QuietHours,
} from '@listwise/domain/push-notifications';
import { LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import { pushDevices, pushMessages, pushPreferences, pushSettings, type PushContent } from '../../db/schema/push-notifications.ts';
import type { Deps } from '../../deps.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { isEmailCategoryEnabled } from './email-preferences.service.ts';

/**
 * Pushes to a user's devices, beside the e-mail of the same event (email.service.ts hands each e-mail's push here).
 * Like the e-mail outbox, every push is stored first (one row per device), then a job sends it with retries; quiet
 * hours only move the row's `deliverAfter`. A push service answering 404 or 410 says the browser dropped the
 * subscription, so the device is removed; 429 and 5xx are retried with backoff.
 */
export interface PushToQueue {
  kind: PushKind;
  userId: string;
  content: PushContent;
}

type QueueDeps = Pick<Deps, 'jobs' | 'logger' | 'clock'>;

/** How many times one push is tried before it is given up (the queue's own retries, then the sweep's). */
export const PUSH_MAX_ATTEMPTS = 6;
/** The answers that mean 'this subscription no longer exists' (RFC 8030 section 7.3). */
const GONE_STATUSES = new Set([404, 410]);
/** The queue's backoff from 2 seconds over 5 retries ends within about two minutes. */
const STALE_RETRY_MS = 15 * 60_000;
const isRetryable = (status: number) => status === 429 || status >= 500;

async function isPushKindEnabled(tx: Tx, userId: string, kind: PushKind): Promise<boolean> {
  const rule = PUSH_KIND_RULES[kind];
  if (rule.emailCategory && !(await isEmailCategoryEnabled(tx, userId, rule.emailCategory))) return false;
  if (!rule.optional) return true;
  const row = await tx.query.pushPreferences.findFirst({
    where: and(eq(pushPreferences.userId, userId), eq(pushPreferences.kind, kind)),
  });
  return row?.enabled ?? true;
}

/** The user's quiet hours: their own, or 9 pm to 7 am in Sydney. */
export async function quietHoursOf(tx: Tx, userId: string): Promise<QuietHours> {
  const row = await tx.query.pushSettings.findFirst({ where: eq(pushSettings.userId, userId) });
  if (!row) return { ...DEFAULT_QUIET_HOURS, timeZone: LISTWISE_TIME_ZONE };
  return { enabled: row.quietHoursEnabled, startMinute: row.quietHoursStart, endMinute: row.quietHoursEnd, timeZone: row.timeZone };
}

/** Seconds from now until a time, for pg-boss's startAfter (its clock is the database's, not the app's). */
const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * Stores one push per device of the user and asks a worker to send each, inside the event's transaction. Nothing
 * when the user has no device, switched the kind off, or switched its e-mail category off. Answers the rows made.
 */
export async function queuePush(deps: QueueDeps, tx: Tx, push: PushToQueue): Promise<string[]> {
  const devices = await tx.select({ id: pushDevices.id }).from(pushDevices).where(eq(pushDevices.userId, push.userId));
  if (!devices.length || !(await isPushKindEnabled(tx, push.userId, push.kind))) return [];
  const now = deps.clock.now();
  const deliverAfter = PUSH_KIND_RULES[push.kind].urgent ? now : deliverAfterQuietHours(now, await quietHoursOf(tx, push.userId));
  const rows = await tx
    .insert(pushMessages)
    .values(devices.map((device) => ({ deviceId: device.id, kind: push.kind, content: push.content, createdAt: now, deliverAfter })))
    .returning({ id: pushMessages.id });
  for (const row of rows) {
    await deps.jobs
      .send(QUEUES.sendPush, { messageId: row.id }, { startAfter: secondsUntil(deliverAfter, now) })
      .catch((error) => deps.logger.warn({ err: error, pushMessageId: row.id }, 'could not enqueue a push; the sweep will retry'));
  }
  return rows.map((r) => r.id);
}

/** The JSON the service worker receives (sw.js shows it): made at sending, so 'N hours left' is true then. */
export function pushPayload(kind: PushKind, content: PushContent, now: Date) {
  const body = content.expiresAt ? `${content.body} · ${timeLeftText(new Date(content.expiresAt), now)}` : content.body;
  return {
    kind,
    title: content.title,
    body,
    url: content.url,
    // One notification per thing: a second push about it replaces the first on the device.
    tag: `${kind}:${content.url}`,
    ...(content.acceptUrl && { actions: [{ action: 'accept-condition', title: 'Accept condition', url: content.acceptUrl }] }),
  };
}

const topicOf = (tag: string) => crypto.createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** How long a push service keeps a push for a device that is off: a request's until it expires, others a day. */
function ttlSecondsOf(content: PushContent, now: Date): number {
  if (!content.expiresAt) return 24 * 60 * 60;
  return Math.max(60, secondsUntil(new Date(content.expiresAt), now));
}

/**
 * Job handler: sends one stored push. The row is claimed QUEUED → SENDING first, so a retry and a sweep never both
 * send it; an answer to retry puts it back to QUEUED and throws, which has the queue try again with backoff.
 */
export async function deliverPush(deps: Deps, messageId: string): Promise<void> {
  const [message] = await deps.db
    .select({ message: pushMessages, device: pushDevices })
    .from(pushMessages)
    .innerJoin(pushDevices, eq(pushDevices.id, pushMessages.deviceId))
    .where(eq(pushMessages.id, messageId));
  // None: the event's transaction has not committed yet (the job is sent inside it), so the queue tries again, as
  // for an e-mail; a push removed with its device fails the same few retries.
  if (!message) throw new Error(`push ${messageId} not visible yet`);
  if (message.message.status !== 'QUEUED') return;
  const now = deps.clock.now();
  if (message.message.deliverAfter > now) {
    // Held by quiet hours (the queue's clock ran ahead of the app's): the sweep sends it once they end.
    return;
  }
  const isQueued = and(eq(pushMessages.id, messageId), eq(pushMessages.status, 'QUEUED'));
  const [claimed] = await deps.db
    .update(pushMessages)
    .set({ status: 'SENDING', attempts: sql`${pushMessages.attempts} + 1` })
    .where(isQueued)
    .returning({ attempts: pushMessages.attempts });
  if (!claimed) return;
  const isSending = and(eq(pushMessages.id, messageId), eq(pushMessages.status, 'SENDING'));
  const payload = pushPayload(message.message.kind, message.message.content, now);
  const { device } = message;
  let answer: { status: number; body: string };
  try {
    answer = await deps.push.deliver(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        ttlSeconds: ttlSecondsOf(message.message.content, now),
        urgency: PUSH_KIND_RULES[message.message.kind].urgent ? 'high' : 'normal',
        topic: topicOf(payload.tag),
      },
    );
  } catch (error) {
    // The push service could not be reached or did not answer in time: try again later.
    answer = { status: 0, body: String(error) };
  }
  if (answer.status >= 200 && answer.status < 300) {
    await deps.db.update(pushMessages).set({ status: 'SENT', sentAt: deps.clock.now(), lastError: null }).where(isSending);
    await deps.db.update(pushDevices).set({ lastDeliveredAt: deps.clock.now() }).where(eq(pushDevices.id, device.id));
    return;
  }
  const lastError = `${answer.status}: ${answer.body}`.slice(0, 500);
  if (GONE_STATUSES.has(answer.status)) {
    // The browser dropped the subscription (the user blocked notifications, cleared the site, or it expired).
    deps.logger.info({ deviceId: device.id, status: answer.status }, 'push subscription gone; device removed');
    await deps.db.delete(pushDevices).where(eq(pushDevices.id, device.id));
    return;
  }
  if ((answer.status === 0 || isRetryable(answer.status)) && claimed.attempts < PUSH_MAX_ATTEMPTS) {
    await deps.db.update(pushMessages).set({ status: 'QUEUED', lastError }).where(isSending);
    throw new Error(`push service answered ${lastError}; retrying`);
  }
  // Refused for good (400 malformed, 403 a key the endpoint was not made for, 413 too big) or tried enough.
  deps.logger.warn({ pushMessageId: messageId, status: answer.status }, 'push not delivered');
  await deps.db.update(pushMessages).set({ status: 'FAILED', lastError }).where(isSending);
}

/**
 * Every minute: sends the pushes whose quiet hours have ended, and any whose job was lost (an enqueue that failed,
 * or queue retries used up while attempts remain). A push with a job already gets a second one, which is harmless:
 * sending claims the row first.
 */
export async function sweepPushes(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: pushMessages.id })
    .from(pushMessages)
    .where(
      and(
        eq(pushMessages.status, 'QUEUED'),
        lte(pushMessages.deliverAfter, now),
        // One being retried waits out its backoff in the queue; only one left far behind is the sweep's.
        or(eq(pushMessages.attempts, 0), lt(pushMessages.deliverAfter, new Date(now.getTime() - STALE_RETRY_MS))),
      ),
    )
    .limit(500);
  for (const { id } of due) await deps.jobs.send(QUEUES.sendPush, { messageId: id }, { singletonKey: `push:${id}` });
  return due.length;
}
