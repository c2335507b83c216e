import { centsToDollars } from '@listwise/domain/pricing';
import { formatDollars } from '@listwise/domain/format';
import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { AdminUserRef } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import { listRefundsNeedingAttention, MAX_REFUND_ATTEMPTS, retryRefundOfCharge } from '../payments/charges.service.ts';
import { type ChargeRow } from '../../db/schema/payments.ts';

/**
 * 'Money needing attention' in the console: refunds Listwise owes and could not make in MAX_REFUND_ATTEMPTS
 * tries, each with what the operator should do about it. Operators only.
 */
const whatToDo = (charge: ChargeRow) =>
  `Listwise owes this ${formatDollars(centsToDollars(charge.amountCents))} back and the payment provider refused the refund ` +
  `${charge.refundAttempts} times. Fix what the error names (the provider account, or ask the agent about their card), then ` +
  `choose 'Try the refund again'. If it is still refused, refund payment ${charge.providerChargeId} in the provider's dashboard ` +
  `and choose 'Try the refund again' once more: the provider confirms it and the item leaves this list.`;

const MoneyNeedingAttentionRef = builder.objectRef<ChargeRow>('AdminMoneyNeedingAttention').implement({
  description: `A paid charge whose refund failed ${MAX_REFUND_ATTEMPTS} times: the money is owed back and only an operator can see it through.`,
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The ledger charge.' }),
    agent: t.field({
      type: AdminUserRef,
      description: 'The agent the money is owed to.',
      resolve: async (c, _a, ctx) => (await adminLoaders(ctx).userById.load(c.userId))!,
    }),
    description: t.exposeString('description', { description: 'What the charge paid for, as the agent read it.' }),
    amount: t.float({ description: 'Dollars, GST-inclusive.', resolve: (c) => centsToDollars(c.amountCents) }),
    paidAt: t.expose('settledAt', { type: 'DateTime', nullable: true, description: 'When the charge was paid.' }),
    providerChargeId: t.exposeString('providerChargeId', {
      nullable: true,
      description: "The payment's id at the provider, to find it in the provider's dashboard.",
    }),
    refundReason: t.string({ description: 'Why the money must go back.', resolve: (c) => c.refundReason ?? '' }),
    refundAttempts: t.exposeInt('refundAttempts', { description: 'How many times the refund was tried.' }),
    lastError: t.exposeString('refundError', { nullable: true, description: "The provider's answer to the last try." }),
    isRefunded: t.boolean({ description: 'The refund went through.', resolve: (c) => !!c.refundedAt }),
    whatToDo: t.string({ description: 'What the operator should do about it, step by step.', resolve: whatToDo }),
  }),
});

builder.queryFields((t) => ({
  adminMoneyNeedingAttention: t.field({
    type: [MoneyNeedingAttentionRef],
    authScopes: { admin: true },
    description: 'Refunds that failed every automatic attempt, oldest first (at most 100).',
    resolve: (_r, _a, ctx) => listRefundsNeedingAttention(ctx.deps.db),
  }),
}));

builder.mutationFields((t) => ({
  retryChargeRefund: t.field({
    type: MoneyNeedingAttentionRef,
    authScopes: { admin: true },
    description:
      'Tries a refund Listwise owes once more, now, and answers the charge (isRefunded once it worked; it then leaves ' +
      'the list). not_found for an unknown charge, invalid_state for one that owes no refund or is refunded.',
    args: { chargeId: t.arg.id({ required: true, description: 'The ledger charge that owes a refund.' }) },
    resolve: (_r, args, ctx) => retryRefundOfCharge(ctx.deps, currentUser(ctx), String(args.chargeId)),
  }),
}));
