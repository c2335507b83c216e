import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_CATEGORIES, emailCategoriesFor, type EmailCategory } from '@listwise/domain/email-categories';
import type { Tx } from '../../db/client.ts';
import { emailPreferences } from '../../db/schema/email-preferences.ts';
import { emailMessages } from '../../db/schema/platform.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Optional e-mail categories and unsubscribing (Spam Act 2003, RFC 8058). Each optional message
 * gets its own unsubscribe token, `<messageId>.<hmac>` signed with APP_SECRET: the signature makes it unforgeable
 * without a session, and the message row records its one use, so a forged or reused link changes nothing.
 */
const sign = (secret: string, messageId: string) =>
  crypto.createHmac('sha256', secret).update(`unsubscribe:${messageId}`).digest('base64url');

export const unsubscribeTokenFor = (secret: string, messageId: string) => `${messageId}.${sign(secret, messageId)}`;

/** The unsubscribe page of a message (the link in its footer; its List-Unsubscribe header POSTs to it). */
export const unsubscribeUrlFor = (deps: Pick<Deps, 'config'>, messageId: string) =>
  `${deps.config.appUrl}/unsubscribe/${unsubscribeTokenFor(deps.config.appSecret, messageId)}`;

export interface EmailPreference {
  category: EmailCategory;
  enabled: boolean;
}

/** Each category a user of this type receives, with whether this user receives it (no row: on). */
export async function findEmailPreferences(db: Tx, user: { id: string; userType: string }): Promise<EmailPreference[]> {
  const rows = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id));
  return emailCategoriesFor(user.userType).map((category) => ({
    category,
    enabled: rows.find((r) => r.category === category)?.enabled ?? true,
  }));
}

export async function isEmailCategoryEnabled(db: Tx, userId: string, category: EmailCategory): Promise<boolean> {
  const row = await db.query.emailPreferences.findFirst({
    where: and(eq(emailPreferences.userId, userId), eq(emailPreferences.category, category)),
  });
  return row?.enabled ?? true;
}

async function writePreference(db: Tx, now: Date, userId: string, category: EmailCategory, enabled: boolean) {
  await db
    .insert(emailPreferences)
    .values({ userId, category, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.category], set: { enabled, updatedAt: now } });
}

/** updateEmailPreference: switches one category on or off for the user, from the next e-mail on. */
export async function setEmailPreference(deps: Pick<Deps, 'db' | 'clock'>, userId: string, category: EmailCategory, enabled: boolean) {
  await writePreference(deps.db, deps.clock.now(), userId, category, enabled);
}

/** The longest token a link carries is 80 characters (a uuid, a dot, a base64url SHA-256): anything longer is not one. */
const MAX_TOKEN_LENGTH = 200;

/** The message an unsubscribe token names, when Listwise signed it for an optional message; else unsubscribe_link_invalid. */
async function messageOfToken(deps: Pick<Deps, 'config'>, db: Tx, token: string) {
  const invalid = new AppError('unsubscribe_link_invalid');
  if (token.length > MAX_TOKEN_LENGTH) throw invalid;
  const [messageId, signature, ...rest] = token.split('.');
  if (rest.length || !messageId || !isUuid(messageId) || !signature) throw invalid;
  const expected = Buffer.from(sign(deps.config.appSecret, messageId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw invalid;
  const message = await db.query.emailMessages.findFirst({ where: eq(emailMessages.id, messageId) });
  const category = message?.category as EmailCategory | null | undefined;
  if (!message?.userId || !category || !EMAIL_CATEGORIES.includes(category)) throw invalid;
  return { id: message.id, userId: message.userId, category, unsubscribedAt: message.unsubscribedAt };
}

/**
 * What the /unsubscribe page shows before the click: the category the link stops. A forged link is
 * unsubscribe_link_invalid, a spent one unsubscribe_link_already_used; nothing is changed either way.
 */
export async function describeUnsubscribeLink(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<{ category: EmailCategory }> {
  const message = await messageOfToken(deps, deps.db, token);
  if (message.unsubscribedAt) throw new AppError('unsubscribe_link_already_used');
  return { category: message.category };
}

/**
 * One-click unsubscribe, without a session: a valid, unused token turns its message's category off for its user
 * and is spent, in one transaction; a forged token (unsubscribe_link_invalid) or one already used
 * (unsubscribe_link_already_used) changes nothing.
 */
export async function unsubscribeWithLink(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<{ category: EmailCategory }> {
  return deps.db.transaction(async (tx) => {
    const message = await messageOfToken(deps, tx, token);
    const now = deps.clock.now();
    // Spent by a conditional update, so of two clicks at once only one unsubscribes.
    const [spent] = await tx
      .update(emailMessages)
      .set({ unsubscribedAt: now })
      .where(and(eq(emailMessages.id, message.id), isNull(emailMessages.unsubscribedAt)))
      .returning({ id: emailMessages.id });
    if (!spent) throw new AppError('unsubscribe_link_already_used');
    await writePreference(tx, now, message.userId, message.category, false);
    return { category: message.category };
  });
}
