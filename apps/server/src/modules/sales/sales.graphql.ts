import type { CashbackClaimStatus, LeadFeeStatus } from '@listwise/domain/enums';
import { leadFeeVendorDisclosure } from '@listwise/domain/disclosure';
import { centsToDollars } from '@listwise/domain/pricing';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import { byKey } from '../../graphql/loaders.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { AgentProfileRef, currentUser } from '../accounts/accounts.graphql.ts';
import { appraisalLoaders } from '../appraisals/appraisal-loaders.ts';
import { describePropertyAddress } from '../notifications/property-address.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import { getListwiseFees } from '../settings/settings.service.ts';
import { leadFeeOfSale } from './lead-fees.service.ts';
import { LeadFeeRef } from '../settings/settings.graphql.ts';
import { CompleteTypeEnum } from '../listings/property-enums.graphql.ts';
import { type PropertyClaim, findClaimsOfProperties } from './cashback.service.ts';
import { confirmPropertySale, getAgentPropertySale } from './sale-confirmation.service.ts';
import { contractDateBounds } from './sale-dates.ts';
import { disputePropertySale } from './sale-disputes.service.ts';
import * as sales from './sales.service.ts';
import type { PropertySaleRow } from '../../db/schema/sales.ts';

/**
 * Sales on the API (spec 001 §7 `propertySoldThroughListwise`, `propertyCompletedWithoutListwise`; spec 000 §7
 * `propertySale`, `confirmPropertySale`). Bank details go in and never come out: no type here has a field for them.
 */

export const LeadFeeStatusEnum = builder.enumType('LeadFeeStatus', {
  description: 'Where the lead fee of a sale stands.',
  values: describedValues<LeadFeeStatus>({
    NOT_DUE: 'The agent has not confirmed the sale.',
    PENDING: 'Being charged.',
    SUCCEEDED: 'Collected; the tax invoice is issued.',
    FAILED: 'Declined; retried when the agent confirms again, by an operator or by the retry job.',
    WAIVED: 'An operator decided not to collect a declined fee.',
  }),
});

export const CashbackClaimStatusEnum = builder.enumType('CashbackClaimStatus', {
  description: "Where a seller's cashback claim stands.",
  values: describedValues<CashbackClaimStatus>({
    PENDING_CONFIRMATION: 'Waiting for the agent to confirm the sale.',
    AWAITING_LEAD_FEE: "Confirmed; waiting for the agent's lead fee to be collected (or waived).",
    PAYABLE: 'To be paid in the next payout batch (again when the bank rejected a payment).',
    IN_PAYOUT: 'In a payout batch sent to the bank.',
    PAID: 'Paid to the seller.',
    DISPUTED: 'The agent said it was not their sale; an operator settles it: the sale stands (AWAITING_LEAD_FEE) or is VOID.',
    VOID: 'An operator settled the sale as void: nothing is paid.',
  }),
});

export const PropertySaleRef = builder.objectRef<PropertySaleRow>('PropertySale').implement({
  description: 'A sale the seller reported through an agent, as that agent sees it to confirm it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The sale id (in the link the agent is e-mailed).' }),
    property: t.field({
      type: PropertyRef,
      description: 'The property sold, with every detail.',
      // The selling agent appraised the property, so they have accepted its payment condition: details shown.
      resolve: async (sale, _a, ctx) => {
        const property = await appraisalLoaders(ctx).propertyById.load(sale.propertyId);
        return { ...property!, detailsHidden: false };
      },
    }),
    sellerName: t.string({
      description: "The seller's name.",
      resolve: (sale, _a, ctx) => sales.sellerNameOf(ctx.deps.db, sale.sellerUserId),
    }),
    reportedAt: t.expose('reportedAt', { type: 'DateTime', description: 'When the seller reported the sale.' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true, description: 'When the agent confirmed it; null before.' }),
    salePrice: t.float({
      nullable: true,
      description: 'In dollars, as the agent confirmed it; null before.',
      resolve: (sale) => (sale.salePriceCents == null ? null : centsToDollars(sale.salePriceCents)),
    }),
    contractDate: t.exposeString('contractDate', { nullable: true, description: 'YYYY-MM-DD, as the agent confirmed it; null before.' }),
    leadFeeStatus: t.field({ type: LeadFeeStatusEnum, description: 'Where the lead fee stands.', resolve: (sale) => sale.leadFeeStatus }),
    leadFee: t.field({
      type: LeadFeeRef,
      description:
        'The lead fee of this sale: the one fixed when it was confirmed (what is charged and retried, whatever the setting says later), or before that the setting of the day (what confirming will charge).',
      resolve: (sale, _a, ctx) => leadFeeOfSale(ctx.deps.db, sale),
    }),
    disputedAt: t.expose('disputedAt', { type: 'DateTime', nullable: true, description: "When the agent answered 'this is not my sale'." }),
    voidedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When an operator settled the sale as void (disputed or unanswered): it is over, nothing is charged, nothing is left to confirm.',
      resolve: (sale) => (sale.disputeSettlement === 'SALE_VOID' ? sale.disputeSettledAt : null),
    }),
    contractDateEarliest: t.string({
      nullable: true,
      description: 'The first contract date accepted (YYYY-MM-DD): the day the listing was published, where the property is.',
      resolve: async (sale, _a, ctx) => (await contractDateBounds(ctx.deps.db, sale, ctx.deps.clock.now())).listedOn,
    }),
    contractDateLatest: t.string({
      description: 'The last contract date accepted (YYYY-MM-DD): today where the property is.',
      resolve: async (sale, _a, ctx) => (await contractDateBounds(ctx.deps.db, sale, ctx.deps.clock.now())).today,
    }),
    leadFeeVendorDisclosure: t.string({
      description:
        "Ready wording for the agent to disclose the lead fee to the vendor (NSW s 47, QLD s 157, SA s 24C): the agent's name and agency, the address and this sale's lead fee (as `leadFee`: the one fixed when it was confirmed, before that the setting of the day).",
      resolve: async (sale, _a, ctx) => {
        const [profile, property, fees, leadFee] = await Promise.all([
          ctx.loaders.agentProfileByUserId.load(sale.sellingAgentUserId),
          appraisalLoaders(ctx).propertyById.load(sale.propertyId),
          getListwiseFees(ctx.deps.db),
          leadFeeOfSale(ctx.deps.db, sale),
        ]);
        // The vendor is told the fee this sale is charged, which a later change of the setting does not move.
        const saleFees = {
          ...fees,
          leadFeeExcludingGstDollars: centsToDollars(leadFee.excludingGstCents),
          leadFeeIncludingGstDollars: centsToDollars(leadFee.includingGstCents),
        };
        return leadFeeVendorDisclosure(saleFees, {
          agentName: profile?.name ?? 'your agent',
          agencyName: profile?.agencyName ?? null,
          propertyAddress: property ? await describePropertyAddress(ctx.deps.db, property, { withStreet: true }) : null,
        });
      },
    }),
    sellingAgentProfile: t.field({
      type: AgentProfileRef,
      description: "The selling agent's own profile: confirming a sale raises its engagement count and badge.",
      resolve: async (sale, _a, ctx) => (await ctx.loaders.agentProfileByUserId.load(sale.sellingAgentUserId))!,
    }),
  }),
});

builder.queryFields((t) => ({
  propertySale: t.field({
    type: PropertySaleRef,
    description: 'A sale naming the signed-in agent as the selling agent; anything else is not_found.',
    authScopes: { agent: true },
    args: { id: t.arg.id({ required: true, description: 'The sale id.' }) },
    resolve: (_r, args, ctx) => getAgentPropertySale(ctx.deps.db, currentUser(ctx).id, String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  propertyCompletedWithoutListwise: t.field({
    type: PropertyRef,
    description:
      'The seller decided not to sell, or not to use a Listwise agent: the property is complete. cannot_update_complete_type_for_uncoditionally_sold_property once it sold through Listwise.',
    authScopes: { seller: true },
    args: {
      propertyId: t.arg.id({ required: true, description: "One of the seller's published properties." }),
      completeType: t.arg({ type: CompleteTypeEnum, required: true, description: 'DECIDED_NOT_TO_SELL or DECIDED_NOT_TO_USE_LISTWISE.' }),
    },
    resolve: (_r, args, ctx) =>
      sales.propertyCompletedWithoutListwise(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        completeType: args.completeType,
      }),
  }),
  propertySoldThroughListwise: t.field({
    type: PropertyRef,
    description:
      'The property sold unconditionally through an agent who sent it an appraisal; the seller claims the cashback (the amount set now, whatever the setting later becomes) with bank details, stored encrypted and never shown again. The agent is e-mailed a link to confirm the sale. not_found for an agent who did not appraise it.',
    authScopes: { seller: true },
    args: {
      propertyId: t.arg.id({ required: true, description: "One of the seller's published properties." }),
      sellingAgentId: t.arg.id({ required: true, description: "The selling agent's user id." }),
      accountName: t.arg.string({ required: true, description: 'The name of the account, as the bank holds it.' }),
      accountNumber: t.arg.string({ required: true, description: '5 to 9 digits.' }),
      bsb: t.arg.string({ required: true, description: "6 digits: '062000', '062-000' or '062 000'." }),
    },
    resolve: async (_r, args, ctx) => {
      const { property } = await sales.propertySoldThroughListwise(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        sellingAgentId: String(args.sellingAgentId),
        accountName: args.accountName,
        accountNumber: args.accountNumber,
        bsb: args.bsb,
      });
      return property;
    },
  }),
  confirmPropertySale: t.field({
    type: PropertySaleRef,
    description:
      "The selling agent confirms the sale: the agent's badge counts one more sale and the lead fee is charged, with a tax invoice e-mailed; the seller's cashback becomes payable once the fee is collected. payment_declined leaves the sale confirmed: confirming again only retries the fee. contract_date_in_future, contract_date_before_listing; invalid_state for a disputed or void sale.",
    authScopes: { agent: true },
    args: {
      id: t.arg.id({ required: true, description: 'The sale id.' }),
      salePrice: t.arg.float({ required: true, description: 'The price in dollars.' }),
      contractDate: t.arg.string({ required: true, description: 'YYYY-MM-DD, from `contractDateEarliest` to `contractDateLatest`.' }),
    },
    resolve: (_r, args, ctx) =>
      confirmPropertySale(ctx.deps, currentUser(ctx), {
        id: String(args.id),
        salePrice: args.salePrice,
        contractDate: args.contractDate,
      }),
  }),
  disputePropertySale: t.field({
    type: PropertySaleRef,
    description:
      "The named agent answers 'this is not my sale': nothing is charged; the claim is DISPUTED for an operator and the seller is told. invalid_state once confirmed; disputing twice changes nothing.",
    authScopes: { agent: true },
    args: {
      id: t.arg.id({ required: true, description: 'The sale id.' }),
      reason: t.arg.string({ description: 'An optional note for the operator.' }),
    },
    resolve: (_r, args, ctx) => disputePropertySale(ctx.deps, currentUser(ctx), { id: String(args.id), reason: args.reason }),
  }),
}));

/** A property has at most one sale, and a sale at most one claim. */
const claimByPropertyId = perRequest((ctx) =>
  byKey(
    (propertyIds: readonly string[]) => findClaimsOfProperties(ctx.deps.db, propertyIds),
    (row) => row.propertyId,
  ),
);

const CashbackClaimRef = builder.objectRef<PropertyClaim>('CashbackClaim').implement({
  description: "The seller's cashback claim as they follow it: its status and dates. Bank details appear only masked.",
  fields: (t) => ({
    id: t.id({ description: 'The claim id.', resolve: (c) => c.claim.id }),
    amount: t.float({ description: 'In dollars, as set when the seller claimed.', resolve: (c) => centsToDollars(c.claim.amountCents) }),
    status: t.field({ type: CashbackClaimStatusEnum, description: 'Where it stands.', resolve: (c) => c.claim.status }),
    claimedAt: t.field({ type: 'DateTime', description: 'When the seller claimed.', resolve: (c) => c.claim.claimedAt }),
    confirmedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the agent confirmed the sale.',
      resolve: (c) => c.sale.confirmedAt,
    }),
    disputedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the agent disputed the sale; null when not.',
      resolve: (c) => c.sale.disputedAt,
    }),
    paidAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was paid; null before.', resolve: (c) => c.claim.paidAt }),
    maskedBsb: t.string({ description: "The BSB with only its last three digits shown ('***-000').", resolve: (c) => c.claim.bsbMasked }),
    maskedAccountNumber: t.string({
      description: 'The account number with all but its last digits hidden.',
      resolve: (c) => c.claim.accountNumberMasked,
    }),
  }),
});

builder.objectField(PropertyRef, 'cashbackClaim', (t) =>
  t.field({
    type: CashbackClaimRef,
    nullable: true,
    description: "The seller's cashback claim on this property; only the seller who owns the property sees it (null for anyone else).",
    resolve: (property, _a, ctx) => (ctx.user?.id === property.sellerUserId ? claimByPropertyId(ctx).load(property.id) : null),
  }),
);
