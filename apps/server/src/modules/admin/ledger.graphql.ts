import { ChargeKind, ChargeStatus } from '@listwise/domain/payments';
import { centsToDollars } from '@listwise/domain/pricing';
import type { ChargeRow } from '../../db/schema/payments.ts';
import { builder } from '../../graphql/builder.ts';
import { ADMIN, AdminUserRef, describedValues, mustLoadUser, page } from './admin-common.graphql.ts';
import { listCharges } from './admin.service.ts';

/** The console's Ledger tab: every attempt to take money, newest first, by agent, kind or status. */

export const LedgerChargeKindEnum = builder.enumType('LedgerChargeKind', {
  description: 'What a charge paid for.',
  values: describedValues<ChargeKind>({
    SUBSCRIPTION: "A suburb subscription's first year.",
    RENEWAL: "A suburb subscription's renewal for another year.",
    LEAD_FEE: 'The lead fee for a confirmed sale.',
  }),
});

export const LedgerChargeStatusEnum = builder.enumType('LedgerChargeStatus', {
  description: 'Where a charge stands with the payment provider.',
  values: describedValues<ChargeStatus>({
    PENDING: 'Sent to the payment provider, no outcome yet.',
    SUCCEEDED: 'The money was taken.',
    FAILED: 'The card was declined or the attempt failed; nothing was taken.',
    REFUNDED: 'The money was taken and given back.',
  }),
});

export const LedgerChargeRef = builder.objectRef<ChargeRow>('LedgerCharge').implement({
  description: 'One attempt to take money, as the ledger records it. Amounts in dollars, GST-inclusive.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The charge id.' }),
    user: t.field({ type: AdminUserRef, description: 'The agent charged.', resolve: (c, _a, ctx) => mustLoadUser(ctx, c.userId) }),
    kind: t.field({ type: LedgerChargeKindEnum, description: 'What the charge paid for.', resolve: (c) => c.kind }),
    description: t.exposeString('description', { description: 'What the agent reads on their statement and invoice.' }),
    amount: t.float({ description: 'The amount, GST included.', resolve: (c) => centsToDollars(c.amountCents) }),
    gst: t.float({ description: 'The GST in the amount.', resolve: (c) => centsToDollars(c.gstCents) }),
    status: t.field({ type: LedgerChargeStatusEnum, description: 'Where the charge stands.', resolve: (c) => c.status }),
    failureCode: t.exposeString('failureCode', { nullable: true, description: "The provider's code for a failed charge." }),
    failureReason: t.exposeString('failureReason', { nullable: true, description: "The provider's words for a failed charge." }),
    referenceId: t.exposeString('referenceId', {
      nullable: true,
      description: 'What the charge paid for, by id (a sale or a subscription), as the caller gave it.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the charge was made.' }),
    settledAt: t.expose('settledAt', { type: 'DateTime', nullable: true, description: 'When the provider gave its outcome.' }),
  }),
});

export const LedgerChargeConnection = builder.connectionObject(
  { type: LedgerChargeRef, name: 'LedgerChargeConnection', description: 'A page of the ledger, newest first.' },
  { name: 'LedgerChargeEdge', description: 'A charge, with its cursor.' },
);

builder.queryFields((t) => ({
  adminCharges: t.field({
    type: LedgerChargeConnection,
    authScopes: ADMIN,
    description: 'The ledger, newest first.',
    args: {
      first: t.arg.int({ description: 'How many charges: 10 when not given, at most 50.' }),
      after: t.arg.string({ description: 'The cursor of the last charge of the page before.' }),
      userId: t.arg.id({ description: 'Only the charges of this agent.' }),
      kind: t.arg({ type: LedgerChargeKindEnum, description: 'Only the charges of this kind.' }),
      status: t.arg({ type: LedgerChargeStatusEnum, description: 'Only the charges in this status.' }),
    },
    resolve: (_r, args, ctx) =>
      listCharges(ctx.deps.db, {
        ...page(args),
        userId: args.userId ? String(args.userId) : null,
        kind: args.kind,
        status: args.status,
      }),
  }),
}));
