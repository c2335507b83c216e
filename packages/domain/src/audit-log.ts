/**
 * The operators' audit log (modules/admin): every action an operator can take in the console, one value each. The
 * server writes only these (`recordAdminAction` takes this type), the API filters by them, and the console gives
 * each a plain-English label (`ACTION_LABELS` in apps/web/src/features/admin/audit-log/audit-entry.ts), which a unit test
 * checks for every value: a new action needs its label before it can land.
 */
export const AdminAuditAction = {
  /** Seller-level decisions, from before verification became per listing: old entries keep them. */
  APPROVE_SELLER: 'APPROVE_SELLER',
  REJECT_SELLER: 'REJECT_SELLER',
  VERIFY_LISTING: 'VERIFY_LISTING',
  REJECT_LISTING: 'REJECT_LISTING',
  SET_SUBSCRIBED_AGENTS_MAX: 'SET_SUBSCRIBED_AGENTS_MAX',
  SET_SUBSCRIPTION_MANUALLY_MANAGED: 'SET_SUBSCRIPTION_MANUALLY_MANAGED',
  CANCEL_SUBSCRIPTION: 'CANCEL_SUBSCRIPTION',
  MARK_CASHBACK_PAID: 'MARK_CASHBACK_PAID',
  RETRY_LEAD_FEE: 'RETRY_LEAD_FEE',
  WAIVE_LEAD_FEE: 'WAIVE_LEAD_FEE',
  SETTLE_DISPUTED_SALE: 'SETTLE_DISPUTED_SALE',
  SETTLE_UNANSWERED_SALE: 'SETTLE_UNANSWERED_SALE',
  RETRY_REFUND: 'RETRY_REFUND',
  UPDATE_SETTINGS: 'UPDATE_SETTINGS',
  PAYOUT_PASSWORD_FAILED: 'PAYOUT_PASSWORD_FAILED',
  DOWNLOAD_CASHBACK_PAYOUTS: 'DOWNLOAD_CASHBACK_PAYOUTS',
  DOWNLOAD_CASHBACK_PAYOUT_BATCH: 'DOWNLOAD_CASHBACK_PAYOUT_BATCH',
  MARK_PAYOUT_BATCH_PAID: 'MARK_PAYOUT_BATCH_PAID',
  RETURN_CASHBACK_CLAIM: 'RETURN_CASHBACK_CLAIM',
  RESEND_EMAIL: 'RESEND_EMAIL',
  MARK_EMAIL_SENT: 'MARK_EMAIL_SENT',
  VERIFY_AGENT_LICENCE: 'VERIFY_AGENT_LICENCE',
  REJECT_AGENT_LICENCE: 'REJECT_AGENT_LICENCE',
  SUSPEND_AGENT: 'SUSPEND_AGENT',
  LIFT_AGENT_SUSPENSION: 'LIFT_AGENT_SUSPENSION',
  PUBLISH_AGENT_REVIEW: 'PUBLISH_AGENT_REVIEW',
  REMOVE_AGENT_REVIEW: 'REMOVE_AGENT_REVIEW',
  PUBLISH_REVIEW_REPLY: 'PUBLISH_REVIEW_REPLY',
  REMOVE_REVIEW_REPLY: 'REMOVE_REVIEW_REPLY',
} as const;
export type AdminAuditAction = (typeof AdminAuditAction)[keyof typeof AdminAuditAction];

export const ADMIN_AUDIT_ACTIONS = Object.values(AdminAuditAction) as AdminAuditAction[];

/** The kinds of thing an entry can name as touched: the listings, agents, sellers and suburbs it acted on. */
export const AdminAuditTouchedKind = { LISTING: 'LISTING', AGENT: 'AGENT', SELLER: 'SELLER', SUBURB: 'SUBURB' } as const;
export type AdminAuditTouchedKind = (typeof AdminAuditTouchedKind)[keyof typeof AdminAuditTouchedKind];
