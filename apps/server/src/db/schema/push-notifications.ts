import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PushKind } from '@listwise/domain/push-notifications';
import { users } from './accounts.ts';
import { oneOf } from './checks.ts';

/**
 * A browser that said yes to 'Notify me on this device': its push subscription (RFC 8030 endpoint and the RFC 8291
 * keys). The endpoint is the browser's, so it is unique: the last user to switch it on owns it.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the settings list calls it ('Chrome on Android'), from the browser's own description. */
    browser: text('browser').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  },
  (t) => [index('push_devices_user_idx').on(t.userId)],
);
export type PushDeviceRow = typeof pushDevices.$inferSelect;

export const PushMessageStatus = { QUEUED: 'QUEUED', SENDING: 'SENDING', SENT: 'SENT', FAILED: 'FAILED' } as const;
export type PushMessageStatus = (typeof PushMessageStatus)[keyof typeof PushMessageStatus];

/** What a push says; the text of the time a request has left is made when it is sent (quiet hours may hold it). */
export interface PushContent {
  title: string;
  body: string;
  /** The path the notification opens ('/agent/appraisal-request/…'). */
  url: string;
  /** The appraisal request's expiry, for 'N hours left'. */
  expiresAt?: string;
  /** The path of the one-tap action (accepting a request's condition). */
  acceptUrl?: string;
}

/** One push to one device: stored first, then sent by a job (like the e-mail outbox). */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => pushDevices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PushKind>().notNull(),
    content: jsonb('content').$type<PushContent>().notNull(),
    status: text('status').$type<PushMessageStatus>().notNull().default('QUEUED'),
    /** The event's time: a push's latency is measured from it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The end of quiet hours for a held push; the event's time otherwise. */
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('push_messages_kind_check', t.kind, PushKind),
    oneOf('push_messages_status_check', t.status, PushMessageStatus),
    index('push_messages_waiting_idx')
      .on(t.deliverAfter)
      .where(sql`status = 'QUEUED'`),
    index('push_messages_device_idx').on(t.deviceId),
  ],
);

/** A user's switch for one optional kind (no row: on). */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PushKind>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [oneOf('push_preferences_kind_check', t.kind, PushKind), primaryKey({ columns: [t.userId, t.kind] })],
);

/** A user's quiet hours (the defaults, in the zone of their first device, until they choose; no row: in Sydney). */
export const pushSettings = pgTable('push_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietHoursEnabled: boolean('quiet_hours_enabled').notNull(),
  quietHoursStart: smallint('quiet_hours_start').notNull(),
  quietHoursEnd: smallint('quiet_hours_end').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
