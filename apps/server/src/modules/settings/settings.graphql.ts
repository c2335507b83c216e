import { builder } from '../../graphql/builder.ts';
import { getSetting } from './settings.service.ts';

builder.queryField('staticCashbackAmount', (t) =>
  t.float({
    description: 'The cash offer paid to a seller whose sale through a Listwise agent goes unconditional, in dollars.',
    resolve: async (_r, _a, ctx) => (await getSetting(ctx.deps.db, 'staticCashbackAmountCents')) / 100,
  }),
);
