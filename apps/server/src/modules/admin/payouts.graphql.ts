import { PayoutBatchFormat } from '@listwise/domain/enums';
import { centsToDollars } from '@listwise/domain/pricing';
import type { CashbackClaimRow } from '../../db/schema/sales.ts';
import { builder } from '../../graphql/builder.ts';
import { currentUser } from '../accounts/accounts.graphql.ts';
import { ADMIN, AdminUserRef, describedValues, loadUser, page } from './admin-common.graphql.ts';
import { adminLoaders } from './admin-loaders.ts';
import * as payouts from './payout-batches.service.ts';
import { AdminCashbackClaimRef } from './sales.graphql.ts';

/** The console's Payouts tab: payable cashback paid by bank file, batch by batch, each download audit-logged. */

const PayoutFileFormatEnum = builder.enumType('PayoutFileFormat', {
  description: 'The kind of payment file.',
  values: describedValues<PayoutBatchFormat>({
    ABA: 'The Australian Direct Entry (Cemtex) file business banking imports.',
    CSV: 'The same payments for a spreadsheet.',
  }),
});

const PayoutFileRef = builder.objectRef<payouts.PayoutFile>('PayoutFile').implement({
  description: "A payout batch's file, with the clear bank details. Every download is audit-logged.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The payout batch (the audit log names the download by it).' }),
    format: t.field({ type: PayoutFileFormatEnum, description: 'The kind of file.', resolve: (f) => f.format }),
    fileName: t.exposeString('fileName', { description: 'The name to save the file under.' }),
    contentType: t.exposeString('contentType', { description: "The file's media type." }),
    content: t.exposeString('content', { description: "The file's text." }),
    claimCount: t.int({ description: 'How many claims the file pays.', resolve: (f) => f.claimIds.length }),
    claimIds: t.idList({ description: 'The claims the file pays, in file order.', resolve: (f) => f.claimIds }),
    total: t.float({ description: 'In dollars.', resolve: (f) => centsToDollars(f.totalCents) }),
    checksum: t.exposeString('checksum', { description: "The file's SHA-256, in hex: a download again gives the same." }),
  }),
});

const PayoutBatchStatusEnum = builder.enumType('CashbackPayoutBatchStatus', {
  description: 'Where a payout batch stands.',
  values: describedValues<'IN_PAYOUT' | 'PAID'>({
    IN_PAYOUT: 'Downloaded: the bank has the file, and no operator has marked the batch paid yet.',
    PAID: 'An operator marked the batch paid.',
  }),
});

const CashbackPayoutBatchClaimRef = builder
  .objectRef<{ entry: payouts.PayoutBatchClaimRow; claim: CashbackClaimRow }>('CashbackPayoutBatchClaim')
  .implement({
    description: 'A claim of a payout batch; one the bank rejected was returned to payable (and may be in a later batch).',
    fields: (t) => ({
      claim: t.field({ type: AdminCashbackClaimRef, description: 'The cashback claim.', resolve: (r) => r.claim }),
      returnedAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When an operator returned the claim to payable, the bank having rejected its payment.',
        resolve: (r) => r.entry.returnedAt,
      }),
      returnReason: t.string({ nullable: true, description: 'Why the bank rejected the payment.', resolve: (r) => r.entry.returnReason }),
    }),
  });

const CashbackPayoutBatchRef = builder.objectRef<payouts.PayoutBatchRow>('CashbackPayoutBatch').implement({
  description: 'The payable claims one download took: never in another batch unless returned. Amounts in dollars.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The batch id.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the batch was made (its first download).' }),
    createdBy: t.field({
      type: AdminUserRef,
      nullable: true,
      description: 'The operator who made it.',
      resolve: (b, _a, ctx) => loadUser(ctx, b.createdByUserId),
    }),
    format: t.field({ type: PayoutFileFormatEnum, description: 'The format first downloaded.', resolve: (b) => b.format }),
    processingDate: t.string({ description: 'YYYY-MM-DD, as the ABA file carries it.', resolve: (b) => b.processingDate }),
    claimCount: t.exposeInt('claimCount', { description: 'How many claims the batch took.' }),
    total: t.float({ description: 'The sum of its claims.', resolve: (b) => centsToDollars(b.totalCents) }),
    checksum: t.exposeString('checksum', { description: 'SHA-256 (hex) of the file first downloaded.' }),
    abaBalancingRecord: t.exposeBoolean('abaBalancingRecord', { description: 'Its ABA file ends with a balancing debit.' }),
    status: t.field({ type: PayoutBatchStatusEnum, description: 'Paid or not yet.', resolve: (b) => (b.paidAt ? 'PAID' : 'IN_PAYOUT') }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true, description: 'When an operator marked it paid.' }),
    paidBy: t.field({
      type: AdminUserRef,
      nullable: true,
      description: 'The operator who marked it paid.',
      resolve: (b, _a, ctx) => loadUser(ctx, b.paidByUserId),
    }),
    claims: t.field({
      type: [CashbackPayoutBatchClaimRef],
      description: 'In file order.',
      resolve: (b, _a, ctx) => adminLoaders(ctx).claimsByBatchId.load(b.id),
    }),
  }),
});

builder.queryFields((t) => ({
  cashbackPayoutBatches: t.connection(
    {
      type: CashbackPayoutBatchRef,
      authScopes: ADMIN,
      description: 'Payout batches, newest first.',
      resolve: (_r, args, ctx) => payouts.listPayoutBatches(ctx.deps.db, page(args)),
    },
    { description: 'A page of payout batches.' },
    { description: 'A payout batch, with its cursor.' },
  ),
}));

const passwordArg = { required: true, description: "The operator's own password, entered again." } as const;

builder.mutationFields((t) => ({
  downloadCashbackPayouts: t.field({
    type: PayoutFileRef,
    authScopes: ADMIN,
    description:
      'Makes a payout batch of the payable claims in no batch yet (they become IN_PAYOUT) and answers its ABA file or CSV, after the operator re-enters their password (incorrect_password, audit-logged; failures rate limited).',
    args: {
      password: t.arg.string(passwordArg),
      format: t.arg({ type: PayoutFileFormatEnum, required: true, description: 'The kind of file.' }),
    },
    resolve: (_r, args, ctx) =>
      payouts.downloadCashbackPayouts(ctx.deps, currentUser(ctx), { password: args.password, format: args.format }, ctx.clientAddress),
  }),
  downloadCashbackPayoutBatch: t.field({
    type: PayoutFileRef,
    authScopes: ADMIN,
    description: "A payout batch's file again, byte for byte, after the operator re-enters their password.",
    args: {
      batchId: t.arg.id({ required: true, description: 'The payout batch.' }),
      password: t.arg.string(passwordArg),
      format: t.arg({ type: PayoutFileFormatEnum, required: true, description: 'The kind of file.' }),
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
    args: { batchId: t.arg.id({ required: true, description: 'The payout batch.' }) },
    resolve: (_r, args, ctx) => payouts.markCashbackPayoutBatchPaid(ctx.deps, currentUser(ctx), String(args.batchId)),
  }),
  returnCashbackClaimToPayable: t.field({
    type: AdminCashbackClaimRef,
    authScopes: ADMIN,
    description: 'The bank rejected a payment of a batch: the claim leaves the batch and is PAYABLE again.',
    args: {
      cashbackClaimId: t.arg.id({ required: true, description: 'The cashback claim, IN_PAYOUT.' }),
      reason: t.arg.string({ required: true, description: 'Why the bank rejected the payment.' }),
    },
    resolve: (_r, args, ctx) =>
      payouts.returnCashbackClaimToPayable(ctx.deps, currentUser(ctx), {
        cashbackClaimId: String(args.cashbackClaimId),
        reason: args.reason,
      }),
  }),
}));
