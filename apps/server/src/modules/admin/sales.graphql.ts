import { DisputeSettlement } from '@listwise/domain/enums';
import { centsToDollars } from '@listwise/domain/pricing';
import type { CashbackClaimRow, PropertySaleRow } from '../../db/schema/sales.ts';
import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { leadFeeOfSale, retryLeadFee, waiveLeadFee } from '../sales/lead-fees.service.ts';
import {
  isUnansweredSale,
  settleDisputedPropertySale,
  settleUnansweredPropertySale,
  UNANSWERED_SALE_DAYS,
} from '../sales/sale-disputes.service.ts';
import { CashbackClaimStatusEnum, LeadFeeStatusEnum } from '../sales/sales.graphql.ts';
import { LeadFeeRef } from '../settings/settings.graphql.ts';
import { ADMIN, AdminPropertyRef, AdminUserRef, describedValues, loadUser, mustLoadUser, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import { listCashbackClaims, listPropertySales, markCashbackClaimPaid, type SaleFilter } from './admin-sales.service.ts';
import { LedgerChargeRef } from './ledger.graphql.ts';

/** The console's Sales tab: reported sales, their lead fees and settlements, and the sellers' cashback claims. */

export const AdminCashbackClaimRef = builder.objectRef<CashbackClaimRow>('AdminCashbackClaim');

const DisputeSettlementEnum = builder.enumType('DisputeSettlement', {
  description: "An operator's settlement of a disputed or unanswered sale.",
  values: describedValues<DisputeSettlement>({
    SALE_STANDS: 'The sale stands: the lead fee is charged.',
    SALE_VOID: 'The sale is void: nothing is charged.',
  }),
});

const AdminPropertySaleRef = builder.objectRef<PropertySaleRow>('AdminPropertySale');

/** Whether the sale is one an operator may settle as unanswered, and since when. */
async function unansweredSince(s: PropertySaleRow, ctx: Parameters<typeof adminLoaders>[0]): Promise<Date | null> {
  const agent = await adminLoaders(ctx).userById.load(s.sellingAgentUserId);
  const closed = !agent || !!agent.user.deletedAt;
  if (!isUnansweredSale(s, ctx.deps.clock.now(), closed)) return null;
  const waited = new Date(s.reportedAt.getTime() + UNANSWERED_SALE_DAYS * 86_400_000);
  return closed && agent?.user.deletedAt && agent.user.deletedAt < waited ? agent.user.deletedAt : waited;
}

AdminPropertySaleRef.implement({
  description: 'A sale as the seller reported it, with the agent’s confirmation, the lead fee and the cashback.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The sale id.' }),
    property: t.field({
      type: AdminPropertyRef,
      description: 'The property sold.',
      resolve: async (s, _a, ctx) => (await adminLoaders(ctx).propertyById.load(s.propertyId))!,
    }),
    seller: t.field({
      type: AdminUserRef,
      description: 'The seller who reported the sale.',
      resolve: (s, _a, ctx) => mustLoadUser(ctx, s.sellerUserId),
    }),
    sellingAgent: t.field({
      type: AdminUserRef,
      description: 'The agent the seller named as selling it.',
      resolve: (s, _a, ctx) => mustLoadUser(ctx, s.sellingAgentUserId),
    }),
    reportedAt: t.expose('reportedAt', { type: 'DateTime', description: 'When the seller reported the sale.' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true, description: 'When the agent confirmed it.' }),
    salePrice: t.float({
      nullable: true,
      description: 'The sale price in dollars, as the agent confirmed it or the operator settled it.',
      resolve: (s) => (s.salePriceCents == null ? null : centsToDollars(s.salePriceCents)),
    }),
    contractDate: t.exposeString('contractDate', { nullable: true, description: 'The date of the contract (YYYY-MM-DD).' }),
    leadFeeStatus: t.field({ type: LeadFeeStatusEnum, description: 'Where the lead fee stands.', resolve: (s) => s.leadFeeStatus }),
    leadFee: t.field({
      type: LeadFeeRef,
      description:
        'The lead fee of this sale: the one fixed when it was confirmed (what a retry charges), or before that the setting of the day.',
      resolve: (s, _a, ctx) => leadFeeOfSale(ctx.deps.db, s),
    }),
    leadFeeAttempts: t.exposeInt('leadFeeAttempts', { description: 'How many times the lead fee was charged.' }),
    leadFeeFailureCode: t.exposeString('leadFeeFailureCode', { nullable: true, description: "The provider's code for the last decline." }),
    disputedAt: t.expose('disputedAt', { type: 'DateTime', nullable: true, description: "When the agent answered 'this is not my sale'." }),
    disputeReason: t.exposeString('disputeReason', { nullable: true, description: "The agent's reason for the dispute." }),
    disputeSettledAt: t.expose('disputeSettledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When an operator settled the sale (the same as settledAt).',
    }),
    disputeSettlement: t.field({
      type: DisputeSettlementEnum,
      nullable: true,
      description: "The operator's settlement (the same as settlement).",
      resolve: (s) => s.disputeSettlement,
    }),
    disputeSettlementReason: t.exposeString('disputeSettlementReason', {
      nullable: true,
      description: "The operator's reason (the same as settlementReason).",
    }),
    settledAt: t.expose('disputeSettledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When an operator settled the sale (disputed or unanswered).',
    }),
    settlement: t.field({
      type: DisputeSettlementEnum,
      nullable: true,
      description: "The operator's settlement: the sale stands or is void.",
      resolve: (s) => s.disputeSettlement,
    }),
    settlementReason: t.exposeString('disputeSettlementReason', {
      nullable: true,
      description: "The operator's reason, e-mailed to the seller (and to the agent for an unanswered sale).",
    }),
    isUnanswered: t.boolean({
      description: `Neither confirmed nor disputed ${UNANSWERED_SALE_DAYS} days after the report, or the agent's account is closed: settleUnansweredPropertySale applies.`,
      resolve: async (s, _a, ctx) => (await unansweredSince(s, ctx)) !== null,
    }),
    unansweredSince: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the sale became one an operator may settle, while it is unanswered.',
      resolve: (s, _a, ctx) => unansweredSince(s, ctx),
    }),
    leadFeeWaivedAt: t.expose('leadFeeWaivedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When an operator waived the lead fee.',
    }),
    leadFeeWaiverReason: t.exposeString('leadFeeWaiverReason', { nullable: true, description: "The operator's reason for the waiver." }),
    leadFeeCharge: t.field({
      type: LedgerChargeRef,
      nullable: true,
      description: "The lead fee's latest charge.",
      resolve: (s, _a, ctx) => (s.leadFeeChargeId ? adminLoaders(ctx).chargeById.load(s.leadFeeChargeId) : null),
    }),
    cashbackClaim: t.field({
      type: AdminCashbackClaimRef,
      nullable: true,
      description: "The seller's cashback claim for the sale, once made.",
      resolve: (s, _a, ctx) => adminLoaders(ctx).claimBySaleId.load(s.id),
    }),
  }),
});

AdminCashbackClaimRef.implement({
  description: "A seller's cashback. The bank details are stored encrypted and shown only masked.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The claim id.' }),
    amount: t.float({ description: 'In dollars, as set when the seller claimed.', resolve: (c) => centsToDollars(c.amountCents) }),
    maskedBsb: t.exposeString('bsbMasked', { description: 'The BSB with all but its last digits hidden.' }),
    maskedAccountNumber: t.exposeString('accountNumberMasked', { description: 'The account number with all but its last digits hidden.' }),
    status: t.field({ type: CashbackClaimStatusEnum, description: 'Where the claim stands.', resolve: (c) => c.status }),
    claimedAt: t.expose('claimedAt', { type: 'DateTime', description: 'When the seller claimed.' }),
    payableAt: t.expose('payableAt', { type: 'DateTime', nullable: true, description: 'When the claim became payable.' }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'When the cashback was paid.' }),
    paidBy: t.field({
      type: AdminUserRef,
      nullable: true,
      description: 'The operator who marked it paid.',
      resolve: (c, _a, ctx) => loadUser(ctx, c.paidByUserId),
    }),
    seller: t.field({
      type: AdminUserRef,
      description: 'The seller who claimed.',
      resolve: (c, _a, ctx) => mustLoadUser(ctx, c.sellerUserId),
    }),
    propertySale: t.field({
      type: AdminPropertySaleRef,
      description: 'The sale the cashback is for.',
      resolve: async (c, _a, ctx) => (await adminLoaders(ctx).saleById.load(c.propertySaleId))!,
    }),
  }),
});

/** An operator's settlement of a sale, the agent having disputed it or left it unanswered: the outcome and its reason. */
const settleSaleArgs = builder.args((t) => ({
  propertySaleId: t.id({ required: true, description: 'The sale.' }),
  outcome: t.field({ type: DisputeSettlementEnum, required: true, description: 'The sale stands or is void.' }),
  reason: t.string({ required: true, description: 'Why, in words the seller (and the agent) read in the e-mail.' }),
  salePrice: t.float({ description: 'The sale price in dollars; required when the sale stands.' }),
  contractDate: t.string({ description: 'The date of the contract, YYYY-MM-DD; required when the sale stands.' }),
}));

const SaleFilterEnum = builder.enumType('AdminPropertySaleFilter', {
  description: 'Which sales to list.',
  values: describedValues<SaleFilter>({
    ALL: 'Every sale.',
    AWAITING_CONFIRMATION: 'Sales neither confirmed, disputed nor settled.',
    UNANSWERED: `Sales neither confirmed nor disputed ${UNANSWERED_SALE_DAYS} days after the seller reported them, or naming an agent whose account is closed: an operator settles them.`,
    CONFIRMED: 'Sales the agent confirmed.',
    LEAD_FEE_FAILED: 'Sales whose lead fee was declined.',
    CASHBACK_PAYABLE: "Sales whose seller's cashback is payable.",
    DISPUTED: 'Sales the agent disputed, settled or not.',
  }),
});

builder.queryFields((t) => ({
  adminPropertySales: t.connection(
    {
      type: AdminPropertySaleRef,
      authScopes: ADMIN,
      description: 'Sales as sellers reported them, newest report first.',
      args: { filter: t.arg({ type: SaleFilterEnum, description: 'Which sales; every sale when not given.' }) },
      resolve: (_r, args, ctx) => listPropertySales(ctx.deps.db, { ...page(args), filter: args.filter, now: ctx.deps.clock.now() }),
    },
    { description: 'A page of sales.' },
    { description: 'A sale, with its cursor.' },
  ),
  adminCashbackClaims: t.connection(
    {
      type: AdminCashbackClaimRef,
      authScopes: ADMIN,
      description: 'Cashback claims, newest first.',
      args: { status: t.arg({ type: CashbackClaimStatusEnum, description: 'Only the claims in this status.' }) },
      resolve: (_r, args, ctx) => listCashbackClaims(ctx.deps.db, { ...page(args), status: args.status }),
    },
    { description: 'A page of cashback claims.' },
    { description: 'A cashback claim, with its cursor.' },
  ),
}));

builder.mutationFields((t) => ({
  markCashbackClaimPaid: t.field({
    type: AdminCashbackClaimRef,
    authScopes: ADMIN,
    description:
      'The operator transferred the cashback: the claim is PAID and the seller e-mailed (audit-logged). invalid_state unless PAYABLE: a claim IN_PAYOUT is paid with its batch.',
    args: { cashbackClaimId: t.arg.id({ required: true, description: 'The cashback claim.' }) },
    resolve: (_r, args, ctx) => markCashbackClaimPaid(ctx.deps, currentUser(ctx), String(args.cashbackClaimId)),
  }),
  waiveLeadFee: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description: "Waives a declined lead fee, with a reason (audit-logged): it is not collected and the seller's cashback becomes payable.",
    args: {
      propertySaleId: t.arg.id({ required: true, description: 'The sale.' }),
      reason: t.arg.string({ required: true, description: 'Why the fee is not collected.' }),
    },
    resolve: (_r, args, ctx) =>
      waiveLeadFee(ctx.deps, currentUser(ctx), { propertySaleId: String(args.propertySaleId), reason: args.reason }),
  }),
  settleDisputedPropertySale: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description:
      'Settles a disputed sale (audit-logged): SALE_STANDS (salePrice and contractDate required) charges the lead fee; SALE_VOID charges nothing and e-mails the seller the reason.',
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
  retryLeadFeeCharge: t.field({
    type: AdminPropertySaleRef,
    authScopes: ADMIN,
    description:
      'Charges a declined lead fee again; answers payment_declined when the card declines again (the attempt stays audit-logged).',
    args: { propertySaleId: t.arg.id({ required: true, description: 'The sale.' }) },
    resolve: (_r, args, ctx) => retryLeadFee(ctx.deps, String(args.propertySaleId), { operator: currentUser(ctx) }),
  }),
}));
