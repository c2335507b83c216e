import { isUuid } from '../../lib/ids.ts';
import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_QUIET_HOURS,
  PUSH_KIND_RULES,
  formatTimeOfDay,
  isTimeZone,
  pushKindsFor,
  type PushKind,
  type QuietHours,
} from '@listwise/domain/push-notifications';
import type { Tx } from '../../db/client.ts';
import { pushDevices, pushMessages, pushPreferences, pushSettings, type PushDeviceRow } from '../../db/schema/push-notifications.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { theRow } from '../../lib/rows.ts';
import { isEmailCategoryEnabled } from './email-preferences.service.ts';
import { quietHoursOf } from './push.service.ts';

/**
 * Profile Settings → Notifications: the devices a user switched on ('Notify me on this device'), the kinds they
 * receive, and their quiet hours. Every call is the signed-in user's own: a device of someone else is not_found.
 */
export interface NewPushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  browser: string;
  timeZone: string;
}

const base64urlBytes = (value: string) => (/^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

/**
 * A push service's endpoint is https; outside production a plain http one on this machine is allowed too (a local
 * push service for development and the tests).
 */
function assertEndpoint(deps: Pick<Deps, 'config'>, endpoint: string) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError('validation_failed', 'endpoint');
  }
  const isLocal = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const allowed = url.protocol === 'https:' || (!deps.config.isProduction && url.protocol === 'http:' && isLocal);
  if (!allowed || endpoint.length > 2000) throw new AppError('validation_failed', 'endpoint');
}

/** RFC 8291: the browser's P-256 public key (65 bytes, uncompressed) and a 16-byte authentication secret. */
function assertKeys(device: NewPushDevice) {
  const p256dh = base64urlBytes(device.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw new AppError('validation_failed', 'p256dh');
  if (base64urlBytes(device.auth).length !== 16) throw new AppError('validation_failed', 'auth');
}

/** addPushDevice: switches notifications on for the browser the user is in. Its endpoint moves to them if another user had it. */
export async function addPushDevice(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'push'>, userId: string, device: NewPushDevice) {
  if (!deps.push.publicKey) throw new AppError('push_not_available');
  assertEndpoint(deps, device.endpoint);
  assertKeys(device);
  const browser = device.browser.trim().slice(0, 80) || 'Browser';
  if (!isTimeZone(device.timeZone)) throw new AppError('validation_failed', 'timeZone');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await tx
      .insert(pushDevices)
      .values({ userId, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, browser, createdAt: now })
      .onConflictDoUpdate({
        target: pushDevices.endpoint,
        set: { userId, p256dh: device.p256dh, auth: device.auth, browser, createdAt: now, lastDeliveredAt: null },
      })
      .returning()
      .then(theRow);
    // The default quiet hours, in the zone of the first device switched on, until the user chooses their own.
    await tx
      .insert(pushSettings)
      .values({
        userId,
        quietHoursEnabled: DEFAULT_QUIET_HOURS.enabled,
        quietHoursStart: DEFAULT_QUIET_HOURS.startMinute,
        quietHoursEnd: DEFAULT_QUIET_HOURS.endMinute,
        timeZone: device.timeZone,
        updatedAt: now,
      })
      .onConflictDoNothing();
    return row;
  });
}

/** removePushDevice: turns one of the user's devices off; its waiting pushes go with it. */
export async function removePushDevice(deps: Pick<Deps, 'db'>, userId: string, deviceId: string) {
  // An id that is not a uuid names no device (and must not reach PostgreSQL as a malformed uuid).
  if (!isUuid(deviceId)) throw notFound();
  const [removed] = await deps.db
    .delete(pushDevices)
    .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.userId, userId)))
    .returning({ id: pushDevices.id });
  if (!removed) throw notFound();
}

export const findPushDevices = (db: Tx, userId: string): Promise<PushDeviceRow[]> =>
  db.select().from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(asc(pushDevices.createdAt));

export interface PushKindPreference {
  kind: PushKind;
  enabled: boolean;
  optional: boolean;
  /** Off because the kind's e-mail category is off (switched back on there). */
  emailCategoryOff: boolean;
}

/** Each kind a user of this type receives, with whether this user does. */
export async function findPushPreferences(db: Tx, user: { id: string; userType: string }): Promise<PushKindPreference[]> {
  const rows = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, user.id));
  const result: PushKindPreference[] = [];
  for (const kind of pushKindsFor(user.userType)) {
    const rule = PUSH_KIND_RULES[kind];
    const emailCategoryOff = rule.emailCategory ? !(await isEmailCategoryEnabled(db, user.id, rule.emailCategory)) : false;
    const own = rule.optional ? (rows.find((r) => r.kind === kind)?.enabled ?? true) : true;
    result.push({ kind, optional: rule.optional, emailCategoryOff, enabled: own && !emailCategoryOff });
  }
  return result;
}

/** updatePushPreference: switches one optional kind on or off; the others go with the device (push_kind_not_optional). */
export async function setPushPreference(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string; userType: string },
  kind: PushKind,
  enabled: boolean,
) {
  if (!pushKindsFor(user.userType).includes(kind)) throw new AppError('validation_failed', 'kind');
  if (!PUSH_KIND_RULES[kind].optional) throw new AppError('push_kind_not_optional');
  const now = deps.clock.now();
  await deps.db
    .insert(pushPreferences)
    .values({ userId: user.id, kind, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [pushPreferences.userId, pushPreferences.kind], set: { enabled, updatedAt: now } });
}

export const findQuietHours = (db: Tx, userId: string): Promise<QuietHours> => quietHoursOf(db, userId);

/** updateQuietHours: when non-urgent pushes wait (minutes after midnight in the zone); from the next push on. */
export async function setQuietHours(deps: Pick<Deps, 'db' | 'clock'>, userId: string, quietHours: QuietHours) {
  if (!isTimeZone(quietHours.timeZone)) throw new AppError('validation_failed', 'timeZone');
  const now = deps.clock.now();
  const values = {
    quietHoursEnabled: quietHours.enabled,
    quietHoursStart: quietHours.startMinute,
    quietHoursEnd: quietHours.endMinute,
    timeZone: quietHours.timeZone,
    updatedAt: now,
  };
  await deps.db
    .insert(pushSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values });
}

/**
 * The push part of 'Download my data': each device by the name the settings list gives it and when it was switched
 * on, the kinds with their switches, the quiet hours, and the pushes kept for the devices (what they said and when).
 * Never a device's endpoint or keys: together they let anyone push to that browser.
 */
export async function exportPushNotifications(db: Tx, user: { id: string; userType: string }) {
  const [devices, kinds, quietHours, pushes] = await Promise.all([
    findPushDevices(db, user.id),
    findPushPreferences(db, user),
    quietHoursOf(db, user.id),
    db
      .select({ browser: pushDevices.browser, message: pushMessages })
      .from(pushMessages)
      .innerJoin(pushDevices, eq(pushDevices.id, pushMessages.deviceId))
      .where(eq(pushDevices.userId, user.id))
      .orderBy(asc(pushMessages.createdAt)),
  ]);
  return {
    devices: devices.map((d) => ({ browser: d.browser, addedAt: d.createdAt, lastDeliveredAt: d.lastDeliveredAt })),
    kinds: kinds.map(({ kind, enabled, optional }) => ({ kind, enabled, optional })),
    quietHours: {
      enabled: quietHours.enabled,
      start: formatTimeOfDay(quietHours.startMinute),
      end: formatTimeOfDay(quietHours.endMinute),
      timeZone: quietHours.timeZone,
    },
    pushesToYourDevices: pushes.map(({ browser, message }) => ({
      device: browser,
      kind: message.kind,
      title: message.content.title,
      body: message.content.body,
      opens: message.content.url,
      status: message.status,
      createdAt: message.createdAt,
      sentAt: message.sentAt,
    })),
  };
}

/** A closed account: its devices (their subscriptions and waiting pushes), switches and quiet hours are erased. */
export async function erasePushNotifications(tx: Tx, userId: string) {
  await tx.delete(pushDevices).where(eq(pushDevices.userId, userId));
  await tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId));
  await tx.delete(pushSettings).where(eq(pushSettings.userId, userId));
}
