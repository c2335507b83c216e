import { DisputeSettlement, PayoutBatchFormat, valuesOf } from '@listwise/domain/enums';
import { isUnansweredSale, UNANSWERED_SALE_DAYS } from '../sales/sale-disputes.service.ts';
import { ChargeKind, ChargeStatus } from '@listwise/domain/payments';
import { suburbLabel } from '@listwise/domain/address-line';
import { ADMIN_AUDIT_ACTIONS, AdminAuditTouchedKind, type AdminAuditAction } from '@listwise/domain/audit-log';
import { centsToDollars } from '@listwise/domain/pricing';
import type { properties } from '../../db/schema/properties.ts';
import type { paymentMethods, ChargeRow } from '../../db/schema/payments.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { AgentProfileRef, currentUser, UserTypeEnum } from '../accounts/accounts.graphql.ts';
import { ListingVerificationStatusEnum, PropertyRef, ProofOfAuthorityRef } from '../listings/listings.graphql.ts';
import { listingLoaders } from '../listings/listing-loaders.ts';
import { CompleteTypeEnum, PropertyStateEnum, YesNoEnum } from '../listings/property-enums.graphql.ts';
import { CashbackClaimStatusEnum, LeadFeeStatusEnum } from '../sales/sales.graphql.ts';
import type { CashbackClaimRow, PropertySaleRow } from '../../db/schema/sales.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import { adminLoaders, type AdminUserSummary } from './admin-loaders.ts';
import * as admin from './admin.service.ts';
import {
  cancelSuburbSubscriptionAsAdmin,
  isSubscriptionLive,
  listSuburbSubscriptions,
  listSuburbs,
  setSuburbSubscribedAgentsMax,
  setSuburbSubscriptionManuallyManaged,
} from './suburb-subscriptions.service.ts';
import {
  listCashbackClaims,
  listPropertySales,
  markCashbackClaimPaid,
  retryLeadFeeCharge,
  settleDisputedPropertySale,
  settleUnansweredPropertySale,
  waiveLeadFeeCharge,
} from './admin-sales.service.ts';
import { auditTouchedRefs, listAuditLog, listOperators } from './audit-log.service.ts';
import * as verification from './listing-verification.service.ts';
import * as payouts from './payout-batches.service.ts';
import * as stuckEmails from './stuck-emails.service.ts';
import type { AuditLogRow } from '../../db/schema/admin.ts';
import type { SuburbSubscriptionRow } from '../../db/schema/subscriptions.ts';

/**
 * The operators' console on the API (PRODUCT.md 'Roles'). Every field here needs the `admin` scope: others get
 * `forbidden` (`unauthorized` without a session). Types are prefixed Admin (or Ledger) so they never collide
 * with what sellers and agents see. Cashback bank details appear only masked.
 */

type PropertyRow = typeof properties.$inferSelect;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;
const ADMIN = { admin: true } as const;

const loadUser = async (ctx: GraphQLContext, id: string | null) => (id ? adminLoaders(ctx).userById.load(id) : null);
const mustLoadUser = async (ctx: GraphQLContext, id: string) => (await adminLoaders(ctx).userById.load(id))!;

export const AdminUserRef = builder.objectRef<AdminUserSummary>('AdminUser').implement({
  description: 'A user as operators see them in lists.',
  fields: (t) => ({
    id: t.id({ resolve: (u) => u.user.id }),
    email: t.string({ nullable: true, resolve: (u) => u.user.email }),
    name: t.string({ nullable: true, resolve: (u) => u.name }),
    userType: t.field({ type: UserTypeEnum, resolve: (u) => u.user.userType }),
    mobileNumber: t.string({ nullable: true, resolve: (u) => u.user.mobileNumber }),
    isEmailVerified: t.boolean({ resolve: (u) => !!u.user.emailVerifiedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.user.createdAt }),
    deletedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The user closed the account: name, e-mail and phone are erased; shown as deleted.',
      resolve: (u) => u.user.deletedAt,
    }),
  }),
});

export const AdminPropertyRef = builder.objectRef<PropertyRow>('AdminProperty').implement({
  description: 'A property as operators see it: the full address and the ownership answers.',
  fields: (t) => ({
    id: t.exposeID('id'),
    address: t.string({
      resolve: async (p, _a, ctx) =>
        admin.formatPropertyAddress(p, p.suburbId == null ? null : await adminLoaders(ctx).suburbById.load(p.suburbId)),
    }),
    state: t.field({ type: PropertyStateEnum, resolve: (p) => p.state }),
    completeType: t.field({ type: CompleteTypeEnum, nullable: true, resolve: (p) => p.completeType }),
    areYouThePropertyOwner: t.field({ type: YesNoEnum, nullable: true, resolve: (p) => p.areYouThePropertyOwner }),
    noPropertyOwnerReason: t.exposeString('noPropertyOwnerReason', { nullable: true }),
    verificationStatus: t.field({ type: ListingVerificationStatusEnum, resolve: (p) => p.verificationStatus }),
    heldAgentCount: t.int({
      description: 'Agents waiting for the listing to be verified before they receive the request.',
      resolve: (p) => p.heldAgentUserIds.length,
    }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    listing: t.field({
      type: PropertyRef,
      description: 'The whole listing as the seller entered it (details, sale information, photos, floor plans, videos), to decide on.',
      resolve: (p) => ({ ...p, detailsHidden: false }),
    }),
  }),
});

const AdminListingAwaitingVerificationRef = builder.objectRef<PropertyRow>('AdminListingAwaitingVerification').implement({
  description: 'A listing waiting for an operator to verify that its seller may sell it; each is decided on its own.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The listing (property) id: verifyListing and rejectListing take it.' }),
    property: t.field({ type: AdminPropertyRef, resolve: (p) => p }),
    seller: t.field({
      type: AdminUserRef,
      resolve: async (p, _a, ctx) => ({ ...(await mustLoadUser(ctx, p.sellerUserId)) }),
    }),
    waitingSince: t.field({ type: 'DateTime', resolve: (p) => p.verificationRequestedAt ?? p.submittedAt ?? p.createdAt }),
    heldAgentCount: t.int({
      description: 'Agents the seller chose for this listing, who receive the request once it is verified.',
      resolve: (p) => p.heldAgentUserIds.length,
    }),
    otherListingsWaitingCount: t.int({
      description: "The seller's other listings waiting for verification (each is decided on its own).",
      resolve: async (p, _a, ctx) => (await adminLoaders(ctx).waitingListingsCountBySellerId.load(p.sellerUserId)) - 1,
    }),
    previousRejectionReason: t.string({
      nullable: true,
      description: 'Why an operator rejected this listing before its seller sent proof, if one did.',
      resolve: (p) => p.verificationRejectionReason,
    }),
    proofOfAuthority: t.field({
      type: ProofOfAuthorityRef,
      nullable: true,
      description: 'The proof of authority the seller uploaded, with a link that works for a few minutes.',
      resolve: (p, _a, ctx) => listingLoaders(ctx).proofOfAuthorityByPropertyId.load(p.id),
    }),
  }),
});

const AdminSuburbSubscriptionRef = builder.objectRef<SuburbSubscriptionRow>('AdminSuburbSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    suburb: t.field({ type: SuburbRef, resolve: async (s, _a, ctx) => (await adminLoaders(ctx).suburbById.load(s.suburbId))! }),
    agent: t.field({ type: AdminUserRef, resolve: (s, _a, ctx) => mustLoadUser(ctx, s.agentUserId) }),
    isFreeTrial: t.exposeBoolean('isFreeTrial'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    autoRenew: t.exposeBoolean('autoRenew'),
    isManuallyManaged: t.exposeBoolean('isManuallyManaged'),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    isLive: t.boolean({
      description: "Counts against the suburb's agent maximum: not cancelled and not lapsed.",
      resolve: (s, _a, ctx) => isSubscriptionLive(s, ctx.deps.clock.now()),
    }),
  }),
});

const AdminCardRef = builder.objectRef<PaymentMethodRow>('AdminCard').implement({
  description: 'A saved card: brand and last four digits only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    cardBrand: t.exposeString('cardBrand'),
    cardSuffix: t.exposeString('cardSuffix'),
    expMonth: t.exposeInt('expMonth', { nullable: true }),
    expYear: t.exposeInt('expYear', { nullable: true }),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

const LedgerChargeKindEnum = builder.enumType('LedgerChargeKind', { values: valuesOf(ChargeKind) });
const LedgerChargeStatusEnum = builder.enumType('LedgerChargeStatus', { values: valuesOf(ChargeStatus) });

const LedgerChargeRef = builder.objectRef<ChargeRow>('LedgerCharge').implement({
  description: 'One attempt to take money, as the ledger records it. Amounts in dollars, GST-inclusive.',
  fields: (t) => ({
    id: t.exposeID('id'),
    user: t.field({ type: AdminUserRef, resolve: (c, _a, ctx) => mustLoadUser(ctx, c.userId) }),
    kind: t.field({ type: LedgerChargeKindEnum, resolve: (c) => c.kind }),
    description: t.exposeString('description'),
    amount: t.float({ resolve: (c) => centsToDollars(c.amountCents) }),
    gst: t.float({ resolve: (c) => centsToDollars(c.gstCents) }),
    status: t.field({ type: LedgerChargeStatusEnum, resolve: (c) => c.status }),
    failureCode: t.exposeString('failureCode', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    referenceId: t.exposeString('referenceId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    settledAt: t.expose('settledAt', { type: 'DateTime', nullable: true }),
  }),
});

const LedgerChargeConnection = builder.connectionObject(
  { type: LedgerChargeRef, name: 'LedgerChargeConnection' },
  { name: 'LedgerChargeEdge' },
);

const AdminAgentRef = builder.objectRef<admin.AgentUserRow>('AdminAgent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { nullable: true }),
    mobileNumber: t.exposeString('mobileNumber', { nullable: true }),
    isEmailVerified: t.boolean({ resolve: (u) => !!u.emailVerifiedAt }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The agent closed the account: name, e-mail, phone and photos are erased; shown as deleted.',
    }),
    profile: t.field({ type: AgentProfileRef, nullable: true, resolve: (u, _a, ctx) => ctx.loaders.agentProfileByUserId.load(u.id) }),
    cards: t.field({ type: [AdminCardRef], resolve: (u, _a, ctx) => adminLoaders(ctx).paymentMethodsByUserId.load(u.id) }),
    subscriptions: t.field({
      type: [AdminSuburbSubscriptionRef],
      resolve: (u, _a, ctx) => adminLoaders(ctx).subscriptionsByAgentId.load(u.id),
    }),
    charges: t.field({
      type: LedgerChargeConnection,
      args: { first: t.arg.int(), after: t.arg.string() },
      resolve: (u, args, ctx) => admin.listCharges(ctx.deps.db, { userId: u.id, first: args.first, after: args.after }),
    }),
  }),
});

const AdminCashbackClaimRef = builder.objectRef<CashbackClaimRow>('AdminCashbackClaim');
const DisputeSettlementEnum = builder.enumType('DisputeSettlement', {
  description: "An operator's settlement of a disputed sale: the sale stands (the lead fee is charged) or is void (nothing charged).",
  values: valuesOf(DisputeSettlement),
});
const AdminPropertySaleRef = builder.objectRef<PropertySaleRow>('AdminPropertySale');

AdminPropertySaleRef.implement({
  description: 'A sale as the seller reported it, with the agent’s confirmation, the lead fee and the cashback.',
  fields: (t) => ({
    id: t.exposeID('id'),
    property: t.field({
      type: AdminPropertyRef,
      resolve: async (s, _a, ctx) => (await adminLoaders(ctx).propertyById.load(s.propertyId))!,
    }),
    seller: t.field({ type: AdminUserRef, resolve: (s, _a, ctx) => mustLoadUser(ctx, s.sellerUserId) }),
    sellingAgent: t.field({ type: AdminUserRef, resolve: (s, _a, ctx) => mustLoadUser(ctx, s.sellingAgentUserId) }),
    reportedAt: t.expose('reportedAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    salePrice: t.float({ nullable: true, resolve: (s) => (s.salePriceCents == null ? null : centsToDollars(s.salePriceCents)) }),
    contractDate: t.exposeString('contractDate', { nullable: true }),
    leadFeeStatus: t.field({ type: LeadFeeStatusEnum, resolve: (s) => s.leadFeeStatus }),
    leadFeeAttempts: t.exposeInt('leadFeeAttempts'),
    leadFeeFailureCode: t.exposeString('leadFeeFailureCode', { nullable: true }),
    disputedAt: t.expose('disputedAt', { type: 'DateTime', nullable: true, description: "When the agent answered 'this is not my sale'." }),
    disputeReason: t.exposeString('disputeReason', { nullable: true }),
    disputeSettledAt: t.expose('disputeSettledAt', { type: 'DateTime', nullable: true }),
    disputeSettlement: t.field({ type: DisputeSettlementEnum, nullable: true, resolve: (s) => s.disputeSettlement }),
    disputeSettlementReason: t.exposeString('disputeSettlementReason', { nullable: true }),
    settledAt: t.expose('disputeSettledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When an operator settled the sale (disputed or unanswered).',
    }),
    settlement: t.field({ type: DisputeSettlementEnum, nullable: true, resolve: (s) => s.disputeSettlement }),
    settlementReason: t.exposeString('disputeSettlementReason', { nullable: true }),
    isUnanswered: t.boolean({
      description: `Neither confirmed nor disputed ${UNANSWERED_SALE_DAYS} days after the report, or the agent's account is closed: settleUnansweredPropertySale applies.`,
      resolve: async (s, _a, ctx) => {
        const agent = await adminLoaders(ctx).userById.load(s.sellingAgentUserId);
        return isUnansweredSale(s, ctx.deps.clock.now(), !agent || !!agent.user.deletedAt);
      },
    }),
    unansweredSince: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the sale became one an operator may settle, while it is unanswered.',
      resolve: async (s, _a, ctx) => {
        const agent = await adminLoaders(ctx).userById.load(s.sellingAgentUserId);
        const closed = !agent || !!agent.user.deletedAt;
        if (!isUnansweredSale(s, ctx.deps.clock.now(), closed)) return null;
        const waited = new Date(s.reportedAt.getTime() + UNANSWERED_SALE_DAYS * 86_400_000);
        return closed && agent?.user.deletedAt && agent.user.deletedAt < waited ? agent.user.deletedAt : waited;
      },
    }),
    leadFeeWaivedAt: t.expose('leadFeeWaivedAt', { type: 'DateTime', nullable: true }),
    leadFeeWaiverReason: t.exposeString('leadFeeWaiverReason', { nullable: true }),
    leadFeeCharge: t.field({
      type: LedgerChargeRef,
      nullable: true,
      resolve: (s, _a, ctx) => (s.leadFeeChargeId ? adminLoaders(ctx).chargeById.load(s.leadFeeChargeId) : null),
    }),
    cashbackClaim: t.field({
      type: AdminCashbackClaimRef,
      nullable: true,
      resolve: (s, _a, ctx) => adminLoaders(ctx).claimBySaleId.load(s.id),
    }),
  }),
});

AdminCashbackClaimRef.implement({
  description: "A seller's cashback. The bank details are stored encrypted and shown only masked.",
  fields: (t) => ({
    id: t.exposeID('id'),
    amount: t.float({ description: 'In dollars, as set when the seller claimed.', resolve: (c) => centsToDollars(c.amountCents) }),
    maskedBsb: t.exposeString('bsbMasked'),
    maskedAccountNumber: t.exposeString('accountNumberMasked'),
    status: t.field({ type: CashbackClaimStatusEnum, resolve: (c) => c.status }),
    claimedAt: t.expose('claimedAt', { type: 'DateTime' }),
    payableAt: t.expose('payableAt', { type: 'DateTime', nullable: true }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    paidBy: t.field({ type: AdminUserRef, nullable: true, resolve: (c, _a, ctx) => loadUser(ctx, c.paidByUserId) }),
    seller: t.field({ type: AdminUserRef, resolve: (c, _a, ctx) => mustLoadUser(ctx, c.sellerUserId) }),
    propertySale: t.field({
      type: AdminPropertySaleRef,
      resolve: async (c, _a, ctx) => (await adminLoaders(ctx).saleById.load(c.propertySaleId))!,
    }),
  }),
});

const AdminSettingsRef = builder
  .objectRef<{ staticCashbackAmount: number; totalFreeTrialsAllowed: number; leadFeeExcludingGst: number; abaBalancingRecord: boolean }>(
    'AdminSettings',
  )
  .implement({
    fields: (t) => ({
      leadFeeExcludingGst: t.exposeFloat('leadFeeExcludingGst', {
        description: 'The lead fee before GST, in dollars: what agents are charged and sellers are told.',
      }),
      staticCashbackAmount: t.exposeFloat('staticCashbackAmount', { description: 'The cashback, in dollars.' }),
      totalFreeTrialsAllowed: t.exposeInt('totalFreeTrialsAllowed'),
      abaBalancingRecord: t.exposeBoolean('abaBalancingRecord', {
        description: "Payout ABA files end with a balancing debit from Listwise's account, for banks that need one.",
      }),
    }),
  });

const AdminAuditActionEnum = builder.enumType('AdminAuditAction', {
  description: 'Every action an operator can take in the console, as the audit log records it.',
  values: ADMIN_AUDIT_ACTIONS,
});

const AdminAuditTouchedKindEnum = builder.enumType('AdminAuditTouchedKind', { values: Object.values(AdminAuditTouchedKind) });

interface AuditTouched {
  kind: AdminAuditTouchedKind;
  id: string;
  name: string;
  email: string | null;
}

const AdminAuditTouchedRef = builder.objectRef<AuditTouched>('AdminAuditTouched').implement({
  description: 'A listing, agent, seller or suburb an audit-log entry acted on, named as the console shows it.',
  fields: (t) => ({
    kind: t.field({ type: AdminAuditTouchedKindEnum, resolve: (x) => x.kind }),
    id: t.exposeID('id'),
    name: t.exposeString('name', {
      description: "A listing's address, a person's name (or e-mail), a suburb with its state and postcode.",
    }),
    email: t.exposeString('email', { nullable: true }),
  }),
});

/** Names what an entry touched, through the console's per-request loaders (one query per table for a page). */
async function touchedOf(entry: AuditLogRow, ctx: GraphQLContext): Promise<AuditTouched[]> {
  const loaders = adminLoaders(ctx);
  const refs = auditTouchedRefs(entry);
  const [sales, charges] = await Promise.all([
    Promise.all(refs.saleIds.map((id) => loaders.saleById.load(id))),
    Promise.all(refs.chargeIds.map((id) => loaders.chargeById.load(id))),
  ]);
  const propertyIds = [...new Set([...refs.propertyIds, ...sales.flatMap((s) => (s ? [s.propertyId] : []))])];
  const userIds = [
    ...new Set([
      ...refs.userIds,
      ...sales.flatMap((s) => (s ? [s.sellingAgentUserId, s.sellerUserId] : [])),
      ...charges.flatMap((c) => (c ? [c.userId] : [])),
    ]),
  ];
  const [listings, people] = await Promise.all([
    Promise.all(propertyIds.map((id) => loaders.propertyById.load(id))),
    Promise.all(userIds.map((id) => loaders.userById.load(id))),
  ]);
  const suburbIds = [...new Set(refs.suburbIds)];
  const places = await Promise.all(
    [...suburbIds, ...listings.flatMap((p) => (p?.suburbId != null ? [p.suburbId] : []))].map((id) => loaders.suburbById.load(id)),
  );
  const suburbOf = new Map(places.flatMap((s) => (s ? [[s.id, s] as const] : [])));
  return [
    ...listings.flatMap((p) =>
      p
        ? [
            {
              kind: 'LISTING' as const,
              id: p.id,
              name: admin.formatPropertyAddress(p, p.suburbId == null ? null : suburbOf.get(p.suburbId)),
              email: null,
            },
          ]
        : [],
    ),
    ...people.flatMap((u) =>
      u && u.user.userType !== 'ADMIN'
        ? [
            {
              kind: u.user.userType === 'AGENT' ? ('AGENT' as const) : ('SELLER' as const),
              id: u.user.id,
              // A closed account keeps neither name nor address: say so rather than 'No name'.
              name: u.name || u.user.email || 'Account closed',
              email: u.user.email,
            },
          ]
        : [],
    ),
    ...suburbIds.flatMap((id) => {
      const s = suburbOf.get(id);
      return s ? [{ kind: 'SUBURB' as const, id: String(s.id), name: suburbLabel(s), email: null }] : [];
    }),
  ];
}

const AdminAuditLogEntryRef = builder.objectRef<AuditLogRow>('AdminAuditLogEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    admin: t.field({ type: AdminUserRef, resolve: (e, _a, ctx) => mustLoadUser(ctx, e.adminUserId) }),
    action: t.field({ type: AdminAuditActionEnum, resolve: (e) => e.action as AdminAuditAction }),
    targetType: t.exposeString('targetType'),
    targetId: t.exposeString('targetId'),
    details: t.string({ description: 'JSON', resolve: (e) => JSON.stringify(e.details) }),
    touched: t.field({
      type: [AdminAuditTouchedRef],
      description: 'The listings, agents, sellers and suburbs the action acted on, named.',
      resolve: (e, _a, ctx) => touchedOf(e, ctx),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

/** An operator's settlement of a sale, the agent having disputed it or left it unanswered: the outcome and its reason. */
const settleSaleArgs = builder.args((t) => ({
  propertySaleId: t.id({ required: true }),
  outcome: t.field({ type: DisputeSettlementEnum, required: true }),
  reason: t.string({ required: true }),
  salePrice: t.float(),
  contractDate: t.string({ description: 'YYYY-MM-DD' }),
}));

const SaleFilterEnum = builder.enumType('AdminPropertySaleFilter', {
  description: `UNANSWERED: sales neither confirmed nor disputed ${UNANSWERED_SALE_DAYS} days after the seller reported them, or naming an agent whose account is closed: an operator settles them.`,
  values: ['ALL', 'AWAITING_CONFIRMATION', 'UNANSWERED', 'CONFIRMED', 'LEAD_FEE_FAILED', 'CASH_OFFER_PAYABLE', 'DISPUTED'] as const,
});

const PayoutFileFormatEnum = builder.enumType('PayoutFileFormat', {
  description: 'ABA: the Australian Direct Entry (Cemtex) file business banking imports. CSV: the same payments for a spreadsheet.',
  values: valuesOf(PayoutBatchFormat),
});

const PayoutFileRef = builder.objectRef<payouts.PayoutFile>('PayoutFile').implement({
  description: "A payout batch's file, with the clear bank details. Every download is audit-logged.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The payout batch (the audit log names the download by it).' }),
    format: t.field({ type: PayoutFileFormatEnum, resolve: (f) => f.format }),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    content: t.exposeString('content'),
    claimCount: t.int({ resolve: (f) => f.claimIds.length }),
    claimIds: t.idList({ resolve: (f) => f.claimIds }),
    total: t.float({ description: 'In dollars.', resolve: (f) => centsToDollars(f.totalCents) }),
    checksum: t.exposeString('checksum', { description: "The file's SHA-256, in hex: a download again gives the same." }),
  }),
});

const PayoutBatchStatusEnum = builder.enumType('CashbackPayoutBatchStatus', {
  description: 'IN_PAYOUT from the download until an operator marks the batch paid.',
  values: ['IN_PAYOUT', 'PAID'] as const,
});

const CashbackPayoutBatchClaimRef = builder
  .objectRef<{ entry: payouts.PayoutBatchClaimRow; claim: CashbackClaimRow }>('CashbackPayoutBatchClaim')
  .implement({
    description: 'A claim of a payout batch; one the bank rejected was returned to payable (and may be in a later batch).',
    fields: (t) => ({
      claim: t.field({ type: AdminCashbackClaimRef, resolve: (r) => r.claim }),
      returnedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.entry.returnedAt }),
      returnReason: t.string({ nullable: true, resolve: (r) => r.entry.returnReason }),
    }),
  });

const CashbackPayoutBatchRef = builder.objectRef<payouts.PayoutBatchRow>('CashbackPayoutBatch').implement({
  description: 'The payable claims one download took: never in another batch unless returned. Amounts in dollars.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    createdBy: t.field({ type: AdminUserRef, nullable: true, resolve: (b, _a, ctx) => loadUser(ctx, b.createdByUserId) }),
    format: t.field({ type: PayoutFileFormatEnum, description: 'The format first downloaded.', resolve: (b) => b.format }),
    processingDate: t.string({ description: 'YYYY-MM-DD, as the ABA file carries it.', resolve: (b) => b.processingDate }),
    claimCount: t.exposeInt('claimCount'),
    total: t.float({ resolve: (b) => centsToDollars(b.totalCents) }),
    checksum: t.exposeString('checksum', { description: 'SHA-256 (hex) of the file first downloaded.' }),
    abaBalancingRecord: t.exposeBoolean('abaBalancingRecord'),
    status: t.field({ type: PayoutBatchStatusEnum, resolve: (b) => (b.paidAt ? 'PAID' : 'IN_PAYOUT') }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    paidBy: t.field({ type: AdminUserRef, nullable: true, resolve: (b, _a, ctx) => loadUser(ctx, b.paidByUserId) }),
    claims: t.field({
      type: [CashbackPayoutBatchClaimRef],
      description: 'In file order.',
      resolve: (b, _a, ctx) => adminLoaders(ctx).claimsByBatchId.load(b.id),
    }),
  }),
});

const AdminStuckEmailRef = builder.objectRef<stuckEmails.EmailMessageRow>('AdminStuckEmail').implement({
  description: 'An e-mail left SENDING: handed to the mail server, which may or may not have taken it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    to: t.exposeString('toAddress'),
    subject: t.exposeString('subject'),
    template: t.exposeString('template'),
    attempts: t.exposeInt('attempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sendingSince: t.field({ type: 'DateTime', resolve: (e) => e.sendingStartedAt ?? e.createdAt }),
  }),
});

const page = (args: { first?: number | null; after?: string | null }) => ({ first: args.first, after: args.after });

builder.queryFields((t) => ({
  adminListingsAwaitingVerification: t.connection({
    type: AdminListingAwaitingVerificationRef,
    authScopes: ADMIN,
    description: 'Listings waiting for verification (their seller is not the owner), oldest first; only those that wait.',
    resolve: (_r, args, ctx) => verification.listListingsAwaitingVerification(ctx.deps.db, page(args)),
  }),
  adminSuburbs: t.connection({
    type: SuburbRef,
    authScopes: ADMIN,
    description: 'Suburbs by name or postcode prefix; with no search, the suburbs that have subscriptions.',
    args: { search: t.arg.string() },
    resolve: (_r, args, ctx) => listSuburbs(ctx.deps.db, { ...page(args), search: args.search }),
  }),
  adminSuburbSubscriptions: t.connection({
    type: AdminSuburbSubscriptionRef,
    authScopes: ADMIN,
    args: { suburbId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => listSuburbSubscriptions(ctx.deps.db, String(args.suburbId), page(args)),
  }),
  adminAgents: t.connection({
    type: AdminAgentRef,
    authScopes: ADMIN,
    args: { search: t.arg.string() },
    resolve: (_r, args, ctx) => admin.listAgents(ctx.deps.db, { ...page(args), search: args.search }),
  }),
  adminAgent: t.field({
    type: AdminAgentRef,
    authScopes: ADMIN,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => admin.getAgent(ctx.deps.db, String(args.id)),
  }),
  adminCharges: t.field({
    type: LedgerChargeConnection,
    authScopes: ADMIN,
    description: 'The ledger, newest first.',
    args: {
      first: t.arg.int(),
      after: t.arg.string(),
      userId: t.arg.id(),
      kind: t.arg({ type: LedgerChargeKindEnum }),
      status: t.arg({ type: LedgerChargeStatusEnum }),
    },
    resolve: (_r, args, ctx) =>
      admin.listCharges(ctx.deps.db, {
        ...page(args),
        userId: args.userId ? String(args.userId) : null,
        kind: args.kind,
        status: args.status,
      }),
  }),
  adminPropertySales: t.connection({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    args: { filter: t.arg({ type: SaleFilterEnum }) },
    resolve: (_r, args, ctx) => listPropertySales(ctx.deps.db, { ...page(args), filter: args.filter, now: ctx.deps.clock.now() }),
  }),
  adminCashbackClaims: t.connection({
    type: AdminCashbackClaimRef,
    authScopes: ADMIN,
    args: { status: t.arg({ type: CashbackClaimStatusEnum }) },
    resolve: (_r, args, ctx) => listCashbackClaims(ctx.deps.db, { ...page(args), status: args.status }),
  }),
  adminSettings: t.field({
    type: AdminSettingsRef,
    authScopes: ADMIN,
    resolve: (_r, _a, ctx) => admin.getAdminSettings(ctx.deps.db),
  }),
  cashbackPayoutBatches: t.connection({
    type: CashbackPayoutBatchRef,
    authScopes: ADMIN,
    description: 'Payout batches, newest first.',
    resolve: (_r, args, ctx) => payouts.listPayoutBatches(ctx.deps.db, page(args)),
  }),
  adminStuckEmails: t.connection({
    type: AdminStuckEmailRef,
    authScopes: ADMIN,
    description: 'E-mails stuck in SENDING (for more than 10 minutes), oldest first.',
    resolve: (_r, args, ctx) => stuckEmails.listStuckEmails(ctx.deps, page(args)),
  }),
  adminAuditLog: t.connection({
    type: AdminAuditLogEntryRef,
    authScopes: ADMIN,
    description: 'Every operator action, newest first; optionally of one action, one operator, and from/before an instant.',
    args: {
      action: t.arg({ type: AdminAuditActionEnum }),
      adminUserId: t.arg.id({ description: 'The operator who acted (adminOperators lists them).' }),
      // Strings parsed by the service (validation_failed naming the argument): DateTime is an output scalar here.
      createdFrom: t.arg.string({ description: 'Entries at or after this instant (ISO 8601, e.g. 2026-11-01T00:00:00+11:00).' }),
      createdBefore: t.arg.string({ description: 'Entries before this instant (ISO 8601).' }),
    },
    resolve: (_r, args, ctx) =>
      listAuditLog(ctx.deps.db, {
        ...page(args),
        action: args.action,
        adminUserId: args.adminUserId == null ? null : String(args.adminUserId),
        createdFrom: args.createdFrom,
        createdBefore: args.createdBefore,
      }),
  }),
  adminOperators: t.field({
    type: [AdminUserRef],
    authScopes: ADMIN,
    description: 'Every operator, by e-mail: the audit log filters by them.',
    resolve: async (_r, _a, ctx) => (await listOperators(ctx.deps.db)).map((user) => ({ user, name: null })),
  }),
}));

builder.mutationFields((t) => ({
  verifyListing: t.field({
    type: AdminPropertyRef,
    authScopes: ADMIN,
    description: 'Verifies a listing waiting for verification; the appraisal requests held for it go out. Other listings are untouched.',
    args: { propertyId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => verification.verifyListing(ctx.deps, currentUser(ctx), String(args.propertyId)),
  }),
  rejectListing: t.field({
    type: AdminPropertyRef,
    authScopes: ADMIN,
    description:
      'Rejects a listing waiting for verification with a reason the seller is e-mailed, with a link to upload proof; its agents stay held.',
    args: { propertyId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      verification.rejectListing(ctx.deps, currentUser(ctx), { propertyId: String(args.propertyId), reason: args.reason }),
  }),
  setSuburbSubscribedAgentsMax: t.field({
    type: SuburbRef,
    authScopes: ADMIN,
    args: { suburbId: t.arg.id({ required: true }), subscribedAgentsMax: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) =>
      setSuburbSubscribedAgentsMax(ctx.deps, currentUser(ctx), {
        suburbId: String(args.suburbId),
        subscribedAgentsMax: args.subscribedAgentsMax,
      }),
  }),
  setSuburbSubscriptionManuallyManaged: t.field({
    type: AdminSuburbSubscriptionRef,
    authScopes: ADMIN,
    args: { suburbSubscriptionId: t.arg.id({ required: true }), isManuallyManaged: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) =>
      setSuburbSubscriptionManuallyManaged(ctx.deps, currentUser(ctx), {
        suburbSubscriptionId: String(args.suburbSubscriptionId),
        isManuallyManaged: args.isManuallyManaged,
      }),
  }),
  cancelSuburbSubscriptionAsAdmin: t.field({
    type: AdminSuburbSubscriptionRef,
    authScopes: ADMIN,
    args: { suburbSubscriptionId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => cancelSuburbSubscriptionAsAdmin(ctx.deps, currentUser(ctx), String(args.suburbSubscriptionId)),
  }),
  markCashbackClaimPaid: t.field({
    type: AdminCashbackClaimRef,
    authScopes: ADMIN,
    args: { cashbackClaimId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => markCashbackClaimPaid(ctx.deps, currentUser(ctx), String(args.cashbackClaimId)),
  }),
  downloadCashbackPayouts: t.field({
    type: PayoutFileRef,
    authScopes: ADMIN,
    description:
      'Makes a payout batch of the payable claims in no batch yet (they become IN_PAYOUT) and answers its ABA file or CSV, after the operator re-enters their password (incorrect_password, audit-logged; failures rate limited).',
    args: { password: t.arg.string({ required: true }), format: t.arg({ type: PayoutFileFormatEnum, required: true }) },
    resolve: (_r, args, ctx) =>
      payouts.downloadCashbackPayouts(ctx.deps, currentUser(ctx), { password: args.password, format: args.format }, ctx.clientAddress),
  }),
  downloadCashbackPayoutBatch: t.field({
    type: PayoutFileRef,
    authScopes: ADMIN,
    description: "A payout batch's file again, byte for byte, after the operator re-enters their password.",
    args: {
      batchId: t.arg.id({ required: true }),
      password: t.arg.string({ required: true }),
      format: t.arg({ type: PayoutFileFormatEnum, required: true }),
    },
    resolve: (_r, args, ctx) =>
      payouts.downloadCashbackPayoutBatch(
        ctx.deps,
        currentUser(ctx),
        { batchId: String(args.batchId), password: args.password, format: args.format },
        ctx.clientAddress,
      ),
  }),
  markCashbackPayoutBatchPaid: t.field({
    type: CashbackPayoutBatchRef,
    authScopes: ADMIN,
    description: 'The bank paid the batch: its claims (those not returned) are PAID and each seller is e-mailed.',
    args: { batchId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => payouts.markCashbackPayoutBatchPaid(ctx.deps, currentUser(ctx), String(args.batchId)),
  }),
  returnCashbackClaimToPayable: t.field({
    type: AdminCashbackClaimRef,
    authScopes: ADMIN,
    description: 'The bank rejected a payment of a batch: the claim leaves the batch and is PAYABLE again.',
    args: { cashbackClaimId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payouts.returnCashbackClaimToPayable(ctx.deps, currentUser(ctx), {
        cashbackClaimId: String(args.cashbackClaimId),
        reason: args.reason,
      }),
  }),
  waiveLeadFee: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description: "Waives a declined lead fee, with a reason (audit-logged): it is not collected and the seller's cashback becomes payable.",
    args: { propertySaleId: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      waiveLeadFeeCharge(ctx.deps, currentUser(ctx), { propertySaleId: String(args.propertySaleId), reason: args.reason }),
  }),
  settleDisputedPropertySale: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description:
      'Settles a disputed sale: SALE_STANDS (salePrice and contractDate required) charges the lead fee; SALE_VOID charges nothing and e-mails the seller the reason.',
    args: settleSaleArgs,
    resolve: (_r, args, ctx) =>
      settleDisputedPropertySale(ctx.deps, currentUser(ctx), { ...args, propertySaleId: String(args.propertySaleId) }),
  }),
  settleUnansweredPropertySale: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description: `Settles a sale the agent has not answered for ${UNANSWERED_SALE_DAYS} days, or cannot (their account is closed): SALE_STANDS (salePrice and contractDate required) charges the lead fee (waived for a closed account); SALE_VOID charges nothing and puts the property back. Both the seller and the agent are e-mailed the reason. invalid_state for a sale that is not unanswered.`,
    args: settleSaleArgs,
    resolve: (_r, args, ctx) =>
      settleUnansweredPropertySale(ctx.deps, currentUser(ctx), { ...args, propertySaleId: String(args.propertySaleId) }),
  }),
  resendStuckEmail: t.field({
    type: AdminStuckEmailRef,
    authScopes: ADMIN,
    description: 'Sends an e-mail stuck in SENDING again (it is QUEUED for delivery).',
    args: { emailId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => stuckEmails.resendStuckEmail(ctx.deps, currentUser(ctx), String(args.emailId)),
  }),
  markStuckEmailSent: t.field({
    type: AdminStuckEmailRef,
    authScopes: ADMIN,
    description: 'Marks an e-mail stuck in SENDING as sent (the operator learnt it arrived).',
    args: { emailId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => stuckEmails.markStuckEmailSent(ctx.deps, currentUser(ctx), String(args.emailId)),
  }),
  retryLeadFeeCharge: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description: 'Charges a declined lead fee again; answers payment_declined when the card declines again.',
    args: { propertySaleId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => retryLeadFeeCharge(ctx.deps, currentUser(ctx), String(args.propertySaleId)),
  }),
  updateSettings: t.field({
    type: AdminSettingsRef,
    authScopes: ADMIN,
    args: {
      staticCashbackAmount: t.arg.float({ required: true }),
      totalFreeTrialsAllowed: t.arg.int({ required: true }),
      leadFeeExcludingGst: t.arg.float(),
      abaBalancingRecord: t.arg.boolean(),
    },
    resolve: (_r, args, ctx) =>
      admin.updateSettings(ctx.deps, currentUser(ctx), {
        ...args,
        leadFeeExcludingGst: args.leadFeeExcludingGst ?? undefined,
        abaBalancingRecord: args.abaBalancingRecord ?? undefined,
      }),
  }),
}));
