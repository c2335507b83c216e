import { centsToDollars } from '@listwise/domain/pricing';
import { builder } from '../../graphql/builder.ts';
import { AgentProfileRef, currentUser } from '../accounts/accounts.graphql.ts';
import { appraisalLoaders } from '../appraisals/appraisal-loaders.ts';
import { PropertyRef } from '../listings/listings.graphql.ts';
import { CompleteTypeEnum } from '../listings/property-enums.graphql.ts';
import * as sales from './sales.service.ts';
import type { PropertySaleRow } from './sales.service.ts';

/**
 * Sales on the API (spec 001 §7 `propertySoldThroughListwise`, `propertyCompletedWithoutListwise`; spec 000 §7
 * `propertySale`, `confirmPropertySale`). Bank details go in and never come out: no type here has a field for them.
 */

export const LeadFeeStatusEnum = builder.enumType('LeadFeeStatus', {
  description: 'The lead fee of a sale: NOT_DUE until the agent confirms, PENDING while charging, then SUCCEEDED or FAILED.',
  values: ['NOT_DUE', 'PENDING', 'SUCCEEDED', 'FAILED'] as const,
});

export const CashbackClaimStatusEnum = builder.enumType('CashbackClaimStatus', {
  description: "A seller's cashback: PENDING_CONFIRMATION until the agent confirms the sale, then PAYABLE, then PAID.",
  values: ['PENDING_CONFIRMATION', 'PAYABLE', 'PAID'] as const,
});

export const PropertySaleRef = builder.objectRef<PropertySaleRow>('PropertySale').implement({
  description: 'A sale the seller reported through an agent, as that agent sees it to confirm it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    property: t.field({
      type: PropertyRef,
      // The selling agent appraised the property, so they have accepted its payment condition: details shown.
      resolve: async (sale, _a, ctx) => {
        const property = await appraisalLoaders(ctx).propertyById.load(sale.propertyId);
        return { ...property!, detailsHidden: false };
      },
    }),
    sellerName: t.string({ resolve: (sale, _a, ctx) => sales.sellerNameOf(ctx.deps.db, sale.sellerUserId) }),
    reportedAt: t.expose('reportedAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    salePrice: t.float({
      nullable: true,
      description: 'In dollars.',
      resolve: (sale) => (sale.salePriceCents == null ? null : centsToDollars(sale.salePriceCents)),
    }),
    contractDate: t.exposeString('contractDate', { nullable: true, description: 'YYYY-MM-DD' }),
    leadFeeStatus: t.field({ type: LeadFeeStatusEnum, resolve: (sale) => sale.leadFeeStatus }),
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
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => sales.getAgentPropertySale(ctx.deps.db, currentUser(ctx).id, String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  propertyCompletedWithoutListwise: t.field({
    type: PropertyRef,
    description: 'The seller decided not to sell, or not to use a Listwise agent: the property is complete.',
    authScopes: { seller: true },
    args: { propertyId: t.arg.id({ required: true }), completeType: t.arg({ type: CompleteTypeEnum, required: true }) },
    resolve: (_r, args, ctx) =>
      sales.propertyCompletedWithoutListwise(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        completeType: args.completeType,
      }),
  }),
  propertySoldThroughListwise: t.field({
    type: PropertyRef,
    description: 'The property sold unconditionally through an agent who appraised it; the seller claims the cashback.',
    authScopes: { seller: true },
    args: {
      propertyId: t.arg.id({ required: true }),
      sellingAgentId: t.arg.id({ required: true }),
      accountNumber: t.arg.string({ required: true }),
      bsb: t.arg.string({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const { property } = await sales.propertySoldThroughListwise(ctx.deps, currentUser(ctx), {
        propertyId: String(args.propertyId),
        sellingAgentId: String(args.sellingAgentId),
        accountNumber: args.accountNumber,
        bsb: args.bsb,
      });
      return property;
    },
  }),
  confirmPropertySale: t.field({
    type: PropertySaleRef,
    description: 'The selling agent confirms price (dollars) and contract date (YYYY-MM-DD); the lead fee is charged.',
    authScopes: { agent: true },
    args: {
      id: t.arg.id({ required: true }),
      salePrice: t.arg.float({ required: true }),
      contractDate: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) =>
      sales.confirmPropertySale(ctx.deps, currentUser(ctx), {
        id: String(args.id),
        salePrice: args.salePrice,
        contractDate: args.contractDate,
      }),
  }),
}));
