import { z } from 'zod';

/**
 * Agent reviews: only sellers Listwise introduced review an agent, once per appraisal received; every
 * seller is invited; an operator holds back only what the published policy names, never a review for being
 * negative. The limits, reasons and their words live here once, for the form, the server and the e-mails.
 */
export * from './review-limits.ts';
import { REVIEW_RATING_MIN, REVIEW_RATING_MAX, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, REVIEW_REPLY_MAX } from './review-limits.ts';

export const ReviewStatus = { PUBLISHED: 'PUBLISHED', HELD: 'HELD', REMOVED: 'REMOVED' } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/** Why an operator removes a review: the published list, and nothing else (never for being negative). */
export const ReviewRemovalReason = {
  FAKE_OR_CONFLICTED: 'FAKE_OR_CONFLICTED',
  PERSONAL_INFORMATION: 'PERSONAL_INFORMATION',
  OFFENSIVE: 'OFFENSIVE',
  NOT_ABOUT_THE_SERVICE: 'NOT_ABOUT_THE_SERVICE',
} as const;
export type ReviewRemovalReason = (typeof ReviewRemovalReason)[keyof typeof ReviewRemovalReason];

export const REVIEW_REMOVAL_REASON_LABELS: Record<ReviewRemovalReason, string> = {
  FAKE_OR_CONFLICTED: 'Fake, or written by someone with a conflict of interest',
  PERSONAL_INFORMATION: 'Contains personal information',
  OFFENSIVE: 'Offensive, abusive or discriminatory',
  NOT_ABOUT_THE_SERVICE: "Not about the agent's service",
};

/**
 * Why a review was taken down, as stored: an operator's reason, or its writer closing their Listwise account (which
 * no operator chooses and no one reports, so it is not among the reasons above).
 */
export const ReviewTakedownReason = { ...ReviewRemovalReason, WRITER_CLOSED_ACCOUNT: 'WRITER_CLOSED_ACCOUNT' } as const;
export type ReviewTakedownReason = (typeof ReviewTakedownReason)[keyof typeof ReviewTakedownReason];

export const isReviewRemovalReason = (value: string | null): value is ReviewRemovalReason =>
  value !== null && Object.prototype.hasOwnProperty.call(ReviewRemovalReason, value);

/** What an agent may report a review for: exactly what an operator could remove it for. */
export const ReviewReportReason = ReviewRemovalReason;
export type ReviewReportReason = ReviewRemovalReason;
export const REVIEW_REPORT_REASON_LABELS = REVIEW_REMOVAL_REASON_LABELS;

/** Why a review waits for an operator instead of being published at once. */
export const ReviewHoldReason = {
  AGENT_EMAIL_DOMAIN: 'AGENT_EMAIL_DOMAIN',
  AGENT_NETWORK_ADDRESS: 'AGENT_NETWORK_ADDRESS',
  CONTACT_DETAILS: 'CONTACT_DETAILS',
  /** A reply naming the reviewer in full or giving the street of the property: only replies are screened for it. */
  REVIEWER_DETAILS: 'REVIEWER_DETAILS',
} as const;
export type ReviewHoldReason = (typeof ReviewHoldReason)[keyof typeof ReviewHoldReason];

export const REVIEW_HOLD_REASON_LABELS: Record<ReviewHoldReason, string> = {
  AGENT_EMAIL_DOMAIN: "The reviewer's e-mail domain is the agent's or the agency's",
  AGENT_NETWORK_ADDRESS: "Sent from a network address the agent's own sessions used in the last 30 days",
  CONTACT_DETAILS: 'The text holds a phone number, an e-mail address or a link',
  REVIEWER_DETAILS: "The reply names the reviewer in full or gives the property's street",
};

export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  textTooShort: `Your review must be at least ${REVIEW_TEXT_MIN} characters`,
  textTooLong: `Your review must be at most ${REVIEW_TEXT_MAX.toLocaleString('en-AU')} characters`,
  replyRequired: 'Reply is required',
  replyTooLong: `Your reply must be at most ${REVIEW_REPLY_MAX.toLocaleString('en-AU')} characters`,
  removalReasonRequired: 'Choose the reason for removing the review',
} as const;

const rating = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int(REVIEW_MESSAGES.ratingRequired)
  .min(REVIEW_RATING_MIN, REVIEW_MESSAGES.ratingRequired)
  .max(REVIEW_RATING_MAX, REVIEW_MESSAGES.ratingRequired);

// Lengths count characters as people see them (an emoji is one), not UTF-16 units.
const characters = (value: string) => [...value].length;

export const agentReviewSchema = z.object({
  rating,
  text: z
    .string({ error: REVIEW_MESSAGES.textTooShort })
    .trim()
    .refine((v) => characters(v) >= REVIEW_TEXT_MIN, REVIEW_MESSAGES.textTooShort)
    .refine((v) => characters(v) <= REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong),
});
export type AgentReviewInput = z.input<typeof agentReviewSchema>;

export const reviewReplySchema = z.object({
  text: z
    .string({ error: REVIEW_MESSAGES.replyRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.replyRequired)
    .refine((v) => characters(v) <= REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});

export const reviewModerationSchema = z
  .object({ publish: z.boolean(), reason: z.enum(Object.values(ReviewRemovalReason) as [ReviewRemovalReason]).nullish() })
  .refine((v) => v.publish || !!v.reason, { path: ['reason'], message: REVIEW_MESSAGES.removalReasonRequired });

// ——— What holds a review ———

/** Public mail providers: sharing one of these with an agent says nothing about who wrote a review. */
export const PUBLIC_EMAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.com.au',
  'hotmail.com',
  'hotmail.com.au',
  'live.com',
  'live.com.au',
  'msn.com',
  'yahoo.com',
  'yahoo.com.au',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'zoho.com',
  'fastmail.com',
  'bigpond.com',
  'bigpond.net.au',
  'bigpond.com.au',
  'optusnet.com.au',
  'iinet.net.au',
  'tpg.com.au',
  'westnet.com.au',
  'internode.on.net',
  'dodo.com.au',
]);

/** The domain of an e-mail address, lower-cased; null when there is none. */
export const emailDomainOf = (email: string | null | undefined): string | null => {
  const at = email?.lastIndexOf('@') ?? -1;
  return at > 0 ? email!.slice(at + 1).toLowerCase() : null;
};

/** A domain an organisation owns (not a public mail provider's). */
export const isOrganisationDomain = (domain: string | null): domain is string => !!domain && !PUBLIC_EMAIL_PROVIDERS.has(domain);

const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/iu;
const LINK_IN_TEXT = /\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+\.(?:com|net|org|au|io|co|biz|info|me|app|site)(?:\.au)?(?:\/\S*)?\b/iu;

/**
 * Whether a text holds a phone number, an e-mail address or a link. Phone numbers are 8 or more digits once the
 * spaces, dots, dashes and brackets people put between them are taken out ('0412 345 678', '+61 2 9999-0000').
 */
export function containsContactDetails(text: string): boolean {
  if (EMAIL_IN_TEXT.test(text) || LINK_IN_TEXT.test(text)) return true;
  const digitRuns = text.match(/\+?\d[\d\s().-]{6,}\d/g) ?? [];
  return digitRuns.some((run) => run.replace(/\D/g, '').length >= 8);
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}']+/gu) ?? [];
const containsPhrase = (words: readonly string[], phrase: readonly string[]) =>
  phrase.length > 0 && words.some((_, i) => phrase.every((word, j) => words[i + j] === word));

/**
 * Whether an agent's reply gives away who the reviewer is: the reviewer's surname (a review shows only the first
 * name, so a reply must not add the rest) or the street of the property they sold. Words are compared whole and
 * case-blind; a surname of one letter is ignored, and a street is matched by its name ('Campbell Parade').
 */
export function revealsReviewer(text: string, reviewer: { fullName?: string | null; streetName?: string | null }): boolean {
  const words = wordsOf(text);
  const names = wordsOf(reviewer.fullName ?? '');
  const surnames = names.slice(1).filter((name) => name.length > 1);
  if (surnames.some((surname) => words.includes(surname))) return true;
  return containsPhrase(words, wordsOf(reviewer.streetName ?? ''));
}

/** The reasons to hold an agent's reply: the review rules on contact details, and the reviewer's own details. */
export function replyHoldReasons(text: string, reviewer: { fullName?: string | null; streetName?: string | null }): ReviewHoldReason[] {
  const reasons: ReviewHoldReason[] = [];
  if (containsContactDetails(text)) reasons.push('CONTACT_DETAILS');
  if (revealsReviewer(text, reviewer)) reasons.push('REVIEWER_DETAILS');
  return reasons;
}

/** The first name a review shows: the first word of the seller's name (never the surname). */
export const reviewerFirstNameOf = (name: string | null | undefined): string => {
  const first = name?.trim().split(/\s+/)[0];
  return first || 'A seller';
};
