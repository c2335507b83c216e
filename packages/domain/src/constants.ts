/** Business constants and limits of spec section 9 (both documents). */
export const PRODUCT_NAME = 'Listwise';
export const SUPPORT_EMAIL = 'support@listwise.com.au';
export const SUPPORT_PHONE = '1300 547 899';

export const MAX_AGENT_SUBURBS = 5;
export const SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS = 495;
export const DEFAULT_SUBSCRIBED_AGENTS_MAX = 5;
export const DEFAULT_TOTAL_FREE_TRIALS_ALLOWED = 5;
export const DEFAULT_STATIC_CASHBACK_AMOUNT_DOLLARS = 500;
/** A confirmed cashback is paid within this many business days (the seller is told when, not 'on its way'). */
export const CASHBACK_PAID_WITHIN_BUSINESS_DAYS = 10;
export const LEAD_FEE_DOLLARS = 1000;
export const GST_RATE = 0.1;

export const MAX_AGENTS_PER_REQUEST = 5;
export const APPRAISAL_REQUEST_TTL_HOURS = 48;
export const APPRAISAL_REQUEST_REMINDER_HOURS_LEFT = 12;

export const PAGE_SIZE = 10;
export const INFINITE_SCROLL_THRESHOLD = 0.8;
export const MEDIA_POLL_INTERVAL_MS = 1000;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 200;
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_MAX_RESULTS = 5;

export const LIMITS = {
  name: 196,
  email: 196,
  bio: 500,
  agencyName: 196,
  agencyBio: 500,
  comparableSaleAddress: 255,
  comparableSaleUrl: 255,
  marketingInclusion: 50,
  additionalNotes: 3500,
  // The seller's note with an appointment request: a line or two, read at a glance.
  appointmentNote: 300,
  additionalInformation: 3500,
  noPropertyOwnerReason: 3500,
  unitNumber: 50,
  accountNumber: 196,
  passwordMin: 9,
  phoneDigits: 10,
  comparableSalesMax: 3,
  sellingRangeMin: 50_000,
  sellingRangeDefaultMaxFactor: 1.1,
  commissionPercentageMax: 100,
  mediaTotalMax: 20,
  videosMax: 5,
} as const;

export const LAYOUT = {
  desktopBreakpointPx: 770,
  maxPageWidthPx: 1280,
  pageHeaderMaxWidthPx: 960,
} as const;

/**
 * Token lifetimes (PRODUCT.md): verification and continue 24 h, reset 1 h; the link that undoes an e-mail change,
 * sent to the old address, 7 days. Sessions 30 days; an operator's 2 hours after its last use and
 * 12 hours after signing in, whichever comes first.
 */
export const TOKEN_TTL_MS = {
  emailVerification: 24 * 60 * 60 * 1000,
  continue: 24 * 60 * 60 * 1000,
  passwordReset: 60 * 60 * 1000,
  emailChangeUndo: 7 * 24 * 60 * 60 * 1000,
  /** The link that closes a social-only account. */
  accountDeletion: 24 * 60 * 60 * 1000,
  session: 30 * 24 * 60 * 60 * 1000,
  // An operator's session ends after 2 hours without use, and 12 hours after signing in however much it is used: the
  // console moves money and sees every seller, so a token left in a browser or taken from one is not good for long.
  operatorSessionIdle: 2 * 60 * 60 * 1000,
  operatorSessionAbsolute: 12 * 60 * 60 * 1000,
} as const;
