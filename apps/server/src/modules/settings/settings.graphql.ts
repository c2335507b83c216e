import { builder } from '../../graphql/builder.ts';
import type { ListwiseFees } from '@listwise/domain/disclosure';
import { centsToDollars } from '@listwise/domain/pricing';
import { getLeadFee, getListwiseFees, getSetting } from './settings.service.ts';

builder.queryField('staticCashbackAmount', (t) =>
  t.float({
    description: 'The cashback paid to a seller whose sale through a Listwise agent goes unconditional, in dollars.',
    resolve: async (_r, _a, ctx) => centsToDollars(await getSetting(ctx.deps.db, 'staticCashbackAmountCents')),
  }),
);

export const LeadFeeRef = builder.objectRef<{ excludingGstCents: number; includingGstCents: number }>('LeadFee').implement({
  description: 'What an agent pays Listwise when a sale through Listwise is confirmed; sellers are told the same amount.',
  fields: (t) => ({
    excludingGstDollars: t.float({
      description: 'The fee before GST, in dollars.',
      resolve: (fee) => centsToDollars(fee.excludingGstCents),
    }),
    includingGstDollars: t.float({
      description: 'The fee with 10% GST, in dollars.',
      resolve: (fee) => centsToDollars(fee.includingGstCents),
    }),
  }),
});

builder.queryField('leadFee', (t) =>
  t.field({
    type: LeadFeeRef,
    description: 'The lead fee read from the setting that charges it (disclosed to sellers and agents alike).',
    resolve: (_r, _a, ctx) => getLeadFee(ctx.deps.db),
  }),
);

const ListwiseFeesRef = builder.objectRef<ListwiseFees>('ListwiseFees').implement({
  description:
    'What agents pay Listwise (dollars, read from the settings that charge them), for the "How Listwise makes money" disclosure.',
  fields: (t) => ({
    suburbSubscriptionAnnualPriceDollars: t.exposeFloat('suburbSubscriptionAnnualPriceDollars', {
      description: 'What a suburb subscription costs an agent a year.',
    }),
    leadFeeExcludingGstDollars: t.exposeFloat('leadFeeExcludingGstDollars', { description: 'The lead fee before GST.' }),
    leadFeeIncludingGstDollars: t.exposeFloat('leadFeeIncludingGstDollars', { description: 'The lead fee with GST.' }),
  }),
});

builder.queryField('listwiseFees', (t) =>
  t.field({
    type: ListwiseFeesRef,
    description: 'The amounts the seller-facing disclosure of how Listwise makes money states (public, like leadFee).',
    resolve: (_r, _a, ctx) => getListwiseFees(ctx.deps.db),
  }),
);
