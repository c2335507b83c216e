/**
 * Enumerations of spec section 3, one `as const` object each with its type (and labels where the spec gives
 * them). Their zod enums are in enum-schemas.ts, so a page that only shows a value or a label loads no zod.
 */

export const UserType = { AGENT: 'AGENT', SELLER: 'SELLER', ADMIN: 'ADMIN' } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** A seller who is not the owner waits for an operator: PENDING_VERIFICATION, then APPROVED or VERIFICATION_REJECTED. */
export const SellerStatus = {
  APPROVED: 'APPROVED',
  PENDING_VERIFICATION: 'PENDING_VERIFICATION',
  VERIFICATION_REJECTED: 'VERIFICATION_REJECTED',
} as const;
export type SellerStatus = (typeof SellerStatus)[keyof typeof SellerStatus];

export const AgentBadge = {
  VERIFIED: 'VERIFIED',
  BRONZE: 'BRONZE',
  SILVER: 'SILVER',
  GOLD: 'GOLD',
  PLATINUM: 'PLATINUM',
  DIAMOND: 'DIAMOND',
} as const;
export type AgentBadge = (typeof AgentBadge)[keyof typeof AgentBadge];

export const AustralianState = {
  ACT: 'ACT',
  NSW: 'NSW',
  NT: 'NT',
  QLD: 'QLD',
  SA: 'SA',
  TAS: 'TAS',
  VIC: 'VIC',
  WA: 'WA',
} as const;
export type AustralianState = (typeof AustralianState)[keyof typeof AustralianState];

export const PropertyType = {
  HOUSE: 'HOUSE',
  APARTMENT_OR_UNIT: 'APARTMENT_OR_UNIT',
  BLOCK_OF_UNITS: 'BLOCK_OF_UNITS',
  TOWNHOUSE: 'TOWNHOUSE',
  LAND: 'LAND',
  ACREAGE: 'ACREAGE',
  RETIREMENT_LIVING: 'RETIREMENT_LIVING',
} as const;
export type PropertyType = (typeof PropertyType)[keyof typeof PropertyType];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  HOUSE: 'House',
  APARTMENT_OR_UNIT: 'Apartment / Unit',
  BLOCK_OF_UNITS: 'Block of Units',
  TOWNHOUSE: 'Townhouse',
  LAND: 'Land',
  ACREAGE: 'Acreage',
  RETIREMENT_LIVING: 'Retirement Living',
};

export const PropertyState = { DRAFT: 'DRAFT', ACTIVE: 'ACTIVE', COMPLETE: 'COMPLETE' } as const;
export type PropertyState = (typeof PropertyState)[keyof typeof PropertyState];

export const AppraisalRequestState = {
  PENDING: 'PENDING',
  COMPLETE: 'COMPLETE',
  EXPIRED: 'EXPIRED',
  NOT_REQUIRED: 'NOT_REQUIRED',
  // The agent said they will not appraise it, with a reason.
  DECLINED: 'DECLINED',
} as const;
export type AppraisalRequestState = (typeof AppraisalRequestState)[keyof typeof AppraisalRequestState];

export const AppraisalState = { DRAFT: 'DRAFT', SUBMITTED: 'SUBMITTED' } as const;
export type AppraisalState = (typeof AppraisalState)[keyof typeof AppraisalState];

export const AdditionalFeature = {
  BALCONY: 'BALCONY',
  BUILT_IN_ROBES: 'BUILT_IN_ROBES',
  COOLING: 'COOLING',
  ENSUITE: 'ENSUITE',
  HEATING: 'HEATING',
  OUTDOOR_AREA: 'OUTDOOR_AREA',
  POOL: 'POOL',
  SPA: 'SPA',
  STUDY: 'STUDY',
} as const;
export type AdditionalFeature = (typeof AdditionalFeature)[keyof typeof AdditionalFeature];
export const ADDITIONAL_FEATURE_LABELS: Record<AdditionalFeature, string> = {
  POOL: 'Pool',
  SPA: 'Spa',
  OUTDOOR_AREA: 'Outdoor Area',
  BALCONY: 'Balcony',
  BUILT_IN_ROBES: 'Built-in Robes',
  ENSUITE: 'Ensuite',
  STUDY: 'Study',
  HEATING: 'Heating',
  COOLING: 'Cooling',
};

export const EstimatedSaleValueRange = {
  UNDER_250K: 'UNDER_250K',
  FROM_250K_TO_500K: 'FROM_250K_TO_500K',
  FROM_500K_TO_750K: 'FROM_500K_TO_750K',
  FROM_750K_TO_1M: 'FROM_750K_TO_1M',
  FROM_1M_TO_1_5M: 'FROM_1M_TO_1_5M',
  FROM_1_5M_TO_2M: 'FROM_1_5M_TO_2M',
  FROM_2M_TO_2_5M: 'FROM_2M_TO_2_5M',
  ABOVE_2_5M: 'ABOVE_2_5M',
} as const;
export type EstimatedSaleValueRange = (typeof EstimatedSaleValueRange)[keyof typeof EstimatedSaleValueRange];
export const ESTIMATED_SALE_VALUE_RANGE_LABELS: Record<EstimatedSaleValueRange, string> = {
  UNDER_250K: 'Under $250k',
  FROM_250K_TO_500K: '$250k-$500k',
  FROM_500K_TO_750K: '$500k-$750k',
  FROM_750K_TO_1M: '$750k-$1m',
  FROM_1M_TO_1_5M: '$1m-$1.5m',
  FROM_1_5M_TO_2M: '$1.5m-$2m',
  FROM_2M_TO_2_5M: '$2m-$2.5m',
  ABOVE_2_5M: '$2.5m+',
};

export const IdealTimeframeOfSale = {
  ZERO_TO_ONE_MONTH: 'ZERO_TO_ONE_MONTH',
  ONE_TO_THREE_MONTHS: 'ONE_TO_THREE_MONTHS',
  THREE_TO_SIX_MONTHS: 'THREE_TO_SIX_MONTHS',
  SIX_TO_TWELVE_MONTHS: 'SIX_TO_TWELVE_MONTHS',
  TWELVE_TO_TWENTY_FOUR_MONTHS: 'TWELVE_TO_TWENTY_FOUR_MONTHS',
} as const;
export type IdealTimeframeOfSale = (typeof IdealTimeframeOfSale)[keyof typeof IdealTimeframeOfSale];
export const IDEAL_TIMEFRAME_LABELS: Record<IdealTimeframeOfSale, string> = {
  ZERO_TO_ONE_MONTH: '0-1 months',
  ONE_TO_THREE_MONTHS: '1-3 months',
  THREE_TO_SIX_MONTHS: '3-6 months',
  SIX_TO_TWELVE_MONTHS: '6-12 months',
  TWELVE_TO_TWENTY_FOUR_MONTHS: '12-24 months',
};

export const PreferredMethodOfSale = { AUCTION: 'AUCTION', AUCTION_OR_PRIVATE: 'AUCTION_OR_PRIVATE', PRIVATE: 'PRIVATE' } as const;
export type PreferredMethodOfSale = (typeof PreferredMethodOfSale)[keyof typeof PreferredMethodOfSale];
export const PREFERRED_METHOD_LABELS: Record<PreferredMethodOfSale, string> = {
  AUCTION_OR_PRIVATE: 'Any',
  PRIVATE: 'Private',
  AUCTION: 'Auction',
};

export const YesNo = { YES: 'YES', NO: 'NO' } as const;
export type YesNo = (typeof YesNo)[keyof typeof YesNo];

export const CommissionType = { FLAT_FEE: 'FLAT_FEE', PERCENTAGE: 'PERCENTAGE' } as const;
export type CommissionType = (typeof CommissionType)[keyof typeof CommissionType];

export const CompleteType = {
  SOLD_UNCONDITIONALLY: 'SOLD_UNCONDITIONALLY',
  DECIDED_NOT_TO_SELL: 'DECIDED_NOT_TO_SELL',
  DECIDED_NOT_TO_USE_LISTWISE: 'DECIDED_NOT_TO_USE_LISTWISE',
} as const;
export type CompleteType = (typeof CompleteType)[keyof typeof CompleteType];

export const UserMediaType = { IMAGE: 'IMAGE', VIDEO: 'VIDEO' } as const;
export type UserMediaType = (typeof UserMediaType)[keyof typeof UserMediaType];

export const PropertyMediaType = { PHOTO: 'PHOTO', FLOOR_PLAN: 'FLOOR_PLAN', VIDEO: 'VIDEO' } as const;
export type PropertyMediaType = (typeof PropertyMediaType)[keyof typeof PropertyMediaType];

export const QuestionRequirement = { NOT_REQUIRED: 'NOT_REQUIRED', OPTIONAL: 'OPTIONAL', REQUIRED: 'REQUIRED' } as const;
export type QuestionRequirement = (typeof QuestionRequirement)[keyof typeof QuestionRequirement];

export const OwnerReason = {
  REPORTED_BY_SELLER: 'REPORTED_BY_SELLER',
  DETAILS_PROVIDED_BY_AGENT: 'DETAILS_PROVIDED_BY_AGENT',
  CONFIRMED_BY_AGENT: 'CONFIRMED_BY_AGENT',
} as const;
export type OwnerReason = (typeof OwnerReason)[keyof typeof OwnerReason];

/** Every value of one of these enumerations, in order (GraphQL enums and the database's CHECK constraints). */
export const valuesOf = <T extends Record<string, string>>(o: T): T[keyof T][] => Object.values(o) as T[keyof T][];

// Enumerations Listwise adds to spec section 3. The database keeps each as text with a CHECK made from these
// (apps/server/src/db/schema), and the GraphQL enums of the same name are made from them too.

export const SocialProvider = { GOOGLE: 'GOOGLE', APPLE: 'APPLE', FACEBOOK: 'FACEBOOK' } as const;
export type SocialProvider = (typeof SocialProvider)[keyof typeof SocialProvider];

/** What a single-use e-mailed token is for. */
export const OneTimeTokenPurpose = {
  EMAIL_VERIFICATION: 'EMAIL_VERIFICATION',
  PASSWORD_RESET: 'PASSWORD_RESET',
  CONTINUE: 'CONTINUE',
  EMAIL_CHANGE_UNDO: 'EMAIL_CHANGE_UNDO',
  ACCOUNT_DELETION: 'ACCOUNT_DELETION',
} as const;
export type OneTimeTokenPurpose = (typeof OneTimeTokenPurpose)[keyof typeof OneTimeTokenPurpose];

/** Who cancelled an appointment request: the seller, or Listwise because the property completed. */
export const AppointmentCancelledBy = { SELLER: 'SELLER', PROPERTY_COMPLETED: 'PROPERTY_COMPLETED' } as const;
export type AppointmentCancelledBy = (typeof AppointmentCancelledBy)[keyof typeof AppointmentCancelledBy];

/** An e-mail of the outbox (docs/decisions/0003-email-outbox.md). */
export const EmailStatus = { QUEUED: 'QUEUED', SENDING: 'SENDING', SENT: 'SENT', FAILED: 'FAILED' } as const;
export type EmailStatus = (typeof EmailStatus)[keyof typeof EmailStatus];

export const LeadFeeStatus = {
  NOT_DUE: 'NOT_DUE',
  PENDING: 'PENDING',
  SUCCEEDED: 'SUCCEEDED',
  FAILED: 'FAILED',
  WAIVED: 'WAIVED',
} as const;
export type LeadFeeStatus = (typeof LeadFeeStatus)[keyof typeof LeadFeeStatus];

/** Each status is described in the GraphQL schema (CashbackClaimStatus); docs/state-machines.md draws the moves. */
export const CashbackClaimStatus = {
  PENDING_CONFIRMATION: 'PENDING_CONFIRMATION',
  AWAITING_LEAD_FEE: 'AWAITING_LEAD_FEE',
  PAYABLE: 'PAYABLE',
  IN_PAYOUT: 'IN_PAYOUT',
  PAID: 'PAID',
  DISPUTED: 'DISPUTED',
  VOID: 'VOID',
} as const;
export type CashbackClaimStatus = (typeof CashbackClaimStatus)[keyof typeof CashbackClaimStatus];

export const DisputeSettlement = { SALE_STANDS: 'SALE_STANDS', SALE_VOID: 'SALE_VOID' } as const;
export type DisputeSettlement = (typeof DisputeSettlement)[keyof typeof DisputeSettlement];

export const PayoutBatchFormat = { ABA: 'ABA', CSV: 'CSV' } as const;
export type PayoutBatchFormat = (typeof PayoutBatchFormat)[keyof typeof PayoutBatchFormat];

/** Why a seller was invited to review an agent: an appraisal received, or a sale confirmed. */
export const ReviewInvitationReason = { APPRAISAL: 'APPRAISAL', SALE: 'SALE' } as const;
export type ReviewInvitationReason = (typeof ReviewInvitationReason)[keyof typeof ReviewInvitationReason];
