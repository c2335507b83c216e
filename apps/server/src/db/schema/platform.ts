import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EmailStatus } from '@listwise/domain/enums';
import { EmailCategory } from '@listwise/domain/email-categories';
import { oneOf } from './checks.ts';

export interface EmailAttachment {
  filename: string;
  /** The full MIME type, parameters included (`text/calendar; method=REQUEST; charset=utf-8`). */
  contentType: string;
  contentBase64: string;
}

/** Cross-cutting tables: the e-mail outbox, settings, rate limits, the admin audit log. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    /** An optional e-mail's category: it then carries an unsubscribe link and the RFC 8058 headers. */
    category: text('category'),
    /** The user an optional e-mail went to: whose category its unsubscribe link stops. */
    userId: uuid('user_id'),
    /** When this message's unsubscribe link was used: a second use changes nothing. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Files sent with the message (a calendar invite), their content in base64. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    /** SENDING: handed to SMTP, outcome not yet known (stays so when the delivery was cut off; never re-sent). */
    status: text('status').$type<EmailStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the delivery was handed to SMTP (SENDING): one still SENDING long after is stuck, for an operator. */
    sendingStartedAt: timestamp('sending_started_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('email_messages_status_check', t.status, EmailStatus),
    oneOf('email_messages_category_check', t.category, EmailCategory),
    index('email_messages_to_idx').on(t.toAddress, t.createdAt),
    index('email_messages_created_idx').on(t.createdAt),
    // The console's stuck e-mails: the few left SENDING, oldest first.
    index('email_messages_sending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'SENDING'`),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every API instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** What a rate limit refused: an account (an e-mail address or a user) or a client address. */
export const THROTTLED_SUBJECT_KINDS = ['account', 'client'] as const;

/**
 * Who a rate limit refused, and when last: one row per account (`email:…`, `user:…`) or client address (`ip:…`),
 * whatever limit and however many times, so the throttled figure counts accounts rather than requests.
 */
export const rateLimitRefusals = pgTable(
  'rate_limit_refusals',
  {
    subject: text('subject').primaryKey(),
    subjectKind: text('subject_kind', { enum: THROTTLED_SUBJECT_KINDS }).notNull(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_refusals_refused_at_idx').on(t.refusedAt),
    oneOf('rate_limit_refusals_subject_kind_check', t.subjectKind, THROTTLED_SUBJECT_KINDS),
  ],
);
