/**
 * E-mail the Spam Act 2003 way. Every e-mail is either a service message (it is about something
 * the reader did or must act on: sign-in links, requests, appraisals, receipts, tax invoices, failures) or an
 * optional one in a category below. Optional e-mails carry an unsubscribe link and the RFC 8058 one-click headers;
 * one click stops the category at once, and Profile Settings switches each category on and off.
 *
 * Plain English from the rules, not legal advice. A lawyer must confirm which e-mails count as
 * "designated commercial electronic messages" and which may go without an unsubscribe as purely factual
 * service messages (the renewal notice and the request reminder are treated as optional here, to be safe).
 */
import { z } from 'zod';

export const EmailCategory = {
  /** The 12-hour reminder that an appraisal request is about to expire (agents). */
  REMINDERS: 'REMINDERS',
  /** The notice that a suburb subscription renews soon (agents); the receipt of a renewal stays a service message. */
  RENEWAL_NOTICES: 'RENEWAL_NOTICES',
  /** Invitations and reminders to review an agent (sellers), and the news of a review published (agents). */
  REVIEWS: 'REVIEWS',
} as const;
export type EmailCategory = (typeof EmailCategory)[keyof typeof EmailCategory];
export const EMAIL_CATEGORIES = Object.values(EmailCategory);
export const emailCategorySchema = z.enum(EMAIL_CATEGORIES as [EmailCategory, ...EmailCategory[]]);

/** Who receives e-mails of a category: Profile Settings lists only the reader's own. */
export type EmailAudience = 'SELLER' | 'AGENT';

/** What each switch in Profile Settings says, and whose settings show it. */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; description: string; audience: readonly EmailAudience[] }> = {
  REMINDERS: {
    label: 'Request reminders',
    description: 'A reminder when an appraisal request is 12 hours from expiring.',
    audience: ['AGENT'],
  },
  RENEWAL_NOTICES: {
    label: 'Renewal notices',
    description: 'A notice a week before a suburb subscription renews. Receipts still reach you.',
    audience: ['AGENT'],
  },
  REVIEWS: {
    label: 'Reviews',
    description: 'Invitations to review an agent and their reminders, and news of reviews about you.',
    audience: ['SELLER', 'AGENT'],
  },
};

/** The categories a user of this type can receive, in the order Profile Settings lists them. */
export const emailCategoriesFor = (userType: string): EmailCategory[] =>
  EMAIL_CATEGORIES.filter((category) => (EMAIL_CATEGORY_LABELS[category].audience as readonly string[]).includes(userType));
