import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { ADMIN } from './admin-common.graphql.ts';
import * as admin from './admin.service.ts';

/** The console's Settings tab: the cashback, the lead fee, the free-trial allowance and the ABA balancing record. */

const AdminSettingsRef = builder
  .objectRef<{ staticCashbackAmount: number; totalFreeTrialsAllowed: number; leadFeeExcludingGst: number; abaBalancingRecord: boolean }>(
    'AdminSettings',
  )
  .implement({
    description: 'The settings operators change in the console.',
    fields: (t) => ({
      leadFeeExcludingGst: t.exposeFloat('leadFeeExcludingGst', {
        description: 'The lead fee before GST, in dollars: what agents are charged and sellers are told.',
      }),
      staticCashbackAmount: t.exposeFloat('staticCashbackAmount', { description: 'The cashback, in dollars.' }),
      totalFreeTrialsAllowed: t.exposeInt('totalFreeTrialsAllowed', {
        description: 'How many suburbs an agent may ever hold free (each free suburb runs 12 months).',
      }),
      abaBalancingRecord: t.exposeBoolean('abaBalancingRecord', {
        description: "Payout ABA files end with a balancing debit from Listwise's account, for banks that need one.",
      }),
    }),
  });

builder.queryFields((t) => ({
  adminSettings: t.field({
    type: AdminSettingsRef,
    authScopes: ADMIN,
    description: 'The settings as they are now.',
    resolve: (_r, _a, ctx) => admin.getAdminSettings(ctx.deps.db),
  }),
}));

builder.mutationFields((t) => ({
  updateSettings: t.field({
    type: AdminSettingsRef,
    authScopes: ADMIN,
    description:
      'Changes the settings (audit-logged, with the values before and after). A new cashback applies to new claims only; a new ' +
      'lead fee to sales confirmed from then on; the balancing record to batches made from then on.',
    args: {
      staticCashbackAmount: t.arg.float({ required: true, description: 'The cashback, in dollars.' }),
      totalFreeTrialsAllowed: t.arg.int({ required: true, description: 'How many suburbs an agent may ever hold free.' }),
      leadFeeExcludingGst: t.arg.float({ description: 'The lead fee before GST, in dollars; unchanged when not given.' }),
      abaBalancingRecord: t.arg.boolean({ description: 'Whether payout ABA files end with a balancing debit; unchanged when not given.' }),
    },
    resolve: (_r, args, ctx) =>
      admin.updateSettings(ctx.deps, currentUser(ctx), {
        ...args,
        leadFeeExcludingGst: args.leadFeeExcludingGst ?? undefined,
        abaBalancingRecord: args.abaBalancingRecord ?? undefined,
      }),
  }),
}));
