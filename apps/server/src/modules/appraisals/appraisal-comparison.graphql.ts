import { z } from 'zod';
import { MAX_COMPARISON_SALE_PRICE_DOLLARS, appraisalCostAt, comparisonRange } from '@listwise/domain/appraisal-cost';
import { centsToDollars, dollarsToCents } from '@listwise/domain/pricing';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import { AgentProfileRef } from '../accounts/accounts.graphql.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { perRequest } from '../../graphql/request-loaders.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { AgentRef } from '../agents/agent-card.graphql.ts';
import { PropertyRef, type PropertyViewRow } from '../listings/listings.graphql.ts';
import { findTrackRecords, type TrackRecord } from './track-record.ts';
import { appraisalLoaders } from './appraisal-loaders.ts';
import { PropertyAppraisalRef } from './appraisals.graphql.ts';
import type { AppraisalRow } from '../../db/schema/appraisals.ts';

/**
 * The evidence a seller chooses an agent with: what each appraisal costs and leaves at a sale price
 * (`PropertyAppraisal.costAt`), the span of all ranges on a property (`Property.appraisalComparison`) and each
 * agent's track record (`Agent.trackRecord`). The figures come from packages/domain/appraisal-cost, one rule for
 * the web app and the API.
 */

const salePriceSchema = z.object({
  salePriceDollars: z
    .number()
    .int('Sale price must be whole dollars')
    .min(0, 'Sale price cannot be negative')
    .max(MAX_COMPARISON_SALE_PRICE_DOLLARS, 'Sale price is too large'),
});

interface CostAt {
  commissionCents: number;
  marketingFeeCents: number;
  totalFeeCents: number;
  netProceedsCents: number;
}

const AppraisalCostRef = builder.objectRef<CostAt>('AppraisalCost').implement({
  description: "An appraisal's fees at one sale price, and what the seller keeps: the price less commission and marketing fee.",
  fields: (t) => ({
    commissionDollars: t.float({
      description: 'The commission at that price, GST included.',
      resolve: (c) => centsToDollars(c.commissionCents),
    }),
    marketingFeeDollars: t.float({
      description: 'The marketing fee (the same at any price).',
      resolve: (c) => centsToDollars(c.marketingFeeCents),
    }),
    totalFeeDollars: t.float({ description: 'Commission plus marketing fee.', resolve: (c) => centsToDollars(c.totalFeeCents) }),
    netProceedsDollars: t.float({ description: 'The price less the total fee.', resolve: (c) => centsToDollars(c.netProceedsCents) }),
  }),
});

/** The fees of an appraisal row as the domain rule reads them. */
export const feesOf = (a: AppraisalRow) => ({
  commissionType: a.commissionType,
  percentageRate: a.percentageRate,
  flatFeeCostCents: a.flatFeeCostCents,
  marketingFeeCostCents: a.marketingFeeCostCents,
});

// A PropertyAppraisal is only ever resolved for its agent, its seller or an operator (appraisals.service.ts), so an
// agent reading costAt sees their own figures and never a competitor's.
builder.objectField(PropertyAppraisalRef, 'costAt', (t) =>
  t.field({
    type: AppraisalCostRef,
    description: 'Commission (percentages apply to the sale price, GST included), marketing fee, total and net proceeds.',
    args: {
      salePriceDollars: t.arg.int({
        required: true,
        description: 'A sale price in whole dollars, 0 or more (validation_failed when too large).',
      }),
    },
    resolve: (a, args) => {
      const { salePriceDollars } = parseInput(salePriceSchema, { salePriceDollars: args.salePriceDollars });
      return appraisalCostAt(feesOf(a), dollarsToCents(salePriceDollars));
    },
  }),
);

const AppraisalComparisonRef = builder
  .objectRef<{ rangeMinDollars: number; rangeMaxDollars: number; midpointDollars: number }>('AppraisalComparison')
  .implement({
    description: "The span of every submitted appraisal's selling range on a property; the comparison starts at its midpoint.",
    fields: (t) => ({
      rangeMinDollars: t.exposeInt('rangeMinDollars', { description: 'The lowest bottom of any range, in dollars.' }),
      rangeMaxDollars: t.exposeInt('rangeMaxDollars', { description: 'The highest top of any range, in dollars.' }),
      midpointDollars: t.exposeInt('midpointDollars', { description: 'Halfway between, in whole dollars.' }),
    }),
  });

const mayCompare = (p: PropertyViewRow, ctx: GraphQLContext) =>
  !!ctx.user && (ctx.user.id === p.sellerUserId || ctx.user.userType === 'ADMIN') && p.detailsHidden !== true;

builder.objectField(PropertyRef, 'appraisalComparison', (t) =>
  t.field({
    type: AppraisalComparisonRef,
    nullable: true,
    description: "Only the property's seller and operators read it (null for anyone else, and when no appraisal has arrived).",
    resolve: async (p, _a, ctx) =>
      mayCompare(p, ctx) ? comparisonRange(await appraisalLoaders(ctx).submittedAppraisalsByPropertyId.load(p.id)) : null,
  }),
);

const AgentTrackRecordRef = builder.objectRef<TrackRecord>('AgentTrackRecord').implement({
  description: "How close an agent's appraisals came to the prices their confirmed sales through Listwise reached.",
  fields: (t) => ({
    confirmedSales: t.exposeInt('confirmedSales', {
      description: 'Sales through Listwise the agent confirmed, with an appraisal of theirs.',
    }),
    salesWithinRange: t.exposeInt('salesWithinRange', {
      description: "Sales whose price fell inside that agent's appraised range (bounds included).",
    }),
    medianDeviationPercent: t.exposeFloat('medianDeviationPercent', {
      description: "The median distance of the sale price from the appraised range's midpoint, as a percentage of the midpoint.",
    }),
  }),
});

const trackRecordLoader = perRequest((ctx) => new DataLoader((ids: readonly string[]) => findTrackRecords(ctx.deps.db, ids)));

builder.objectField(AgentRef, 'trackRecord', (t) =>
  t.field({
    type: AgentTrackRecordRef,
    nullable: true,
    description: 'Null below 3 confirmed sales through Listwise, so a single sale does not brand an agent.',
    resolve: (a, _args, ctx) => trackRecordLoader(ctx).load(a.userId),
  }),
);

// The agent's own profile (settings) and the console's agent list read the same record.
builder.objectField(AgentProfileRef, 'trackRecord', (t) =>
  t.field({
    type: AgentTrackRecordRef,
    nullable: true,
    description: 'Null below 3 confirmed sales through Listwise.',
    resolve: (p, _args, ctx) => trackRecordLoader(ctx).load(p.userId),
  }),
);
