/**
 * Payouts: 'Pay cashback claims' makes a payout batch; the batches below, newest first, each with its
 * total, count and checksum, its claims, 'Download again' (the same bytes), 'Mark paid' (each seller e-mailed), and
 * 'Return to payable' for a payment the bank rejected (it goes into a later batch).
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  CashbackPayoutBatchesQuery,
  useDownloadCashbackPayoutBatch,
  useMarkCashbackPayoutBatchPaid,
  useReturnCashbackClaim,
  type PayoutBatch,
  type PayoutBatchClaim,
  type PayoutFileFormat,
} from '@/features/admin/payouts/api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, Fact, Facts, ItemCard, OperatorReasonField, Pill } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';
import { FORMAT_LABELS, PayoutPasswordDialog, PayoutsDownload } from '@/features/admin/payouts/payouts-download';

export function ReturnClaim({ entry }: { entry: PayoutBatchClaim }) {
  const [, returnClaim] = useReturnCashbackClaim();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: '' } });
  const reasonLength = useWatch({ control, name: 'reason' }).length;
  const amount = formatDollars(entry.claim.amount);
  return (
    <ConfirmAction
      label="Return to payable"
      title={`Return the ${amount} payment to payable?`}
      confirmLabel="Return to payable"
      onConfirm={async () => {
        // Stays open (false) while the reason is invalid: the field shows why.
        let answer: string | null | false = false;
        await handleSubmit(async ({ reason }) => {
          const result = await returnClaim({ cashbackClaimId: entry.claim.id, reason });
          if (result.error) answer = errorMessage(result.error);
          else {
            showToast(`The ${amount} claim is payable again and will be in the next batch.`, { tone: 'success' });
            reset();
            answer = null;
          }
        })();
        return answer;
      }}
    >
      <div className="flex flex-col gap-4">
        <p>Only when the bank rejected this payment: the claim leaves the batch and goes into the next one.</p>
        <OperatorReasonField
          label="What the bank said"
          length={reasonLength}
          error={errors.reason?.message}
          registration={register('reason')}
        />
      </div>
    </ConfirmAction>
  );
}

function claimPill(entry: PayoutBatchClaim) {
  if (entry.returnedAt) return <Pill tone="bad">Returned {formatDate(entry.returnedAt)}</Pill>;
  if (entry.claim.status === 'PAID') return <Pill tone="good">Paid</Pill>;
  return <Pill tone="warn">In payout</Pill>;
}

function BatchClaims({ batch }: { batch: PayoutBatch }) {
  return (
    <ul aria-label="Claims in this batch" className="flex flex-col divide-y divide-line">
      {batch.claims.map((entry) => (
        <li key={entry.claim.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium break-words text-ink">
              {adminUserName(entry.claim.seller, 'Seller')}: {formatDollars(entry.claim.amount)}
            </p>
            <p className="text-sm text-ink-soft">
              BSB {entry.claim.maskedBsb}, account {entry.claim.maskedAccountNumber}
              {entry.returnReason && <span className="block break-words">Returned: {entry.returnReason}</span>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {claimPill(entry)}
            {!entry.returnedAt && entry.claim.status === 'IN_PAYOUT' && <ReturnClaim entry={entry} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function BatchCard({ batch }: { batch: PayoutBatch }) {
  const [format, setFormat] = useState<PayoutFileFormat | null>(null);
  const [{ fetching }, download] = useDownloadCashbackPayoutBatch();
  const [, markPaid] = useMarkCashbackPayoutBatchPaid();
  const total = formatDollars(batch.total);
  const claimWord = batch.claimCount === 1 ? 'claim' : 'claims';
  const inBatch = batch.claims.filter((c) => !c.returnedAt).length;
  return (
    <ItemCard
      title={`Batch of ${formatDate(batch.createdAt)}: ${batch.claimCount} ${claimWord}, ${total}`}
      aside={
        batch.status === 'PAID' ? (
          <Pill tone="good">Paid {batch.paidAt ? formatDate(batch.paidAt) : ''}</Pill>
        ) : (
          <Pill tone="warn">In payout</Pill>
        )
      }
    >
      <Facts>
        <Fact label="Made by">{batch.createdBy?.name ?? batch.createdBy?.email ?? '—'}</Fact>
        <Fact label="First downloaded as">{FORMAT_LABELS[batch.format]}</Fact>
        <Fact label="Processing date">{formatDate(`${batch.processingDate}T00:00:00`)}</Fact>
        <Fact label="Balancing record">{batch.abaBalancingRecord ? 'Added' : 'None'}</Fact>
        <Fact label="Checksum (SHA-256)" isWide>
          <code className="text-sm break-all">{batch.checksum}</code>
        </Fact>
      </Facts>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {/* A paid batch, or one whose claims were all returned, has nothing left to pay: no file of it is offered. */}
        {batch.status === 'IN_PAYOUT' &&
          inBatch > 0 &&
          (['ABA', 'CSV'] as const).map((value) => (
            <Button key={value} variant="secondary" width="auto" className="min-h-9 px-3 py-1.5 text-sm" onClick={() => setFormat(value)}>
              Download {FORMAT_LABELS[value]} again
            </Button>
          ))}
        {batch.status === 'IN_PAYOUT' && (
          <ConfirmAction
            label="Mark batch paid"
            title="Mark this batch paid?"
            confirmLabel="Mark paid"
            variant="primary"
            onConfirm={async () => {
              const result = await markPaid({ batchId: batch.id });
              if (result.error) return errorMessage(result.error);
              showToast(`The batch is marked paid; ${inBatch === 1 ? 'the seller has' : `${inBatch} sellers have`} been e-mailed.`, {
                tone: 'success',
              });
              return null;
            }}
          >
            Only once the bank has made the payments. The {inBatch} {inBatch === 1 ? 'claim' : 'claims'} still in the batch are marked paid
            and each seller is e-mailed. Return any payment the bank rejected first.
          </ConfirmAction>
        )}
      </div>
      <div className="mt-4 border-t border-line pt-2">
        <BatchClaims batch={batch} />
      </div>
      <PayoutPasswordDialog
        title={`Download the batch again as ${format ? FORMAT_LABELS[format] : ''}`}
        isOpen={format !== null}
        isBusy={fetching}
        onClose={() => setFormat(null)}
        onSubmit={async (password) => {
          const result = await download({ batchId: batch.id, password, format: format! });
          if (result.error || !result.data) return { error: result.error };
          return result.data.downloadCashbackPayoutBatch;
        }}
      />
    </ItemCard>
  );
}

export function PayoutsPanel() {
  // A new batch is listed first: the list starts again after each download.
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby="payout-batches-heading" className="flex flex-col gap-4">
      <h2 id="payout-batches-heading" className="text-xl font-semibold text-ink">
        Cashback payouts
      </h2>
      <PayoutsDownload onDownloaded={() => setVersion((v) => v + 1)} />
      <h3 className="text-lg font-semibold text-ink">Payout batches</h3>
      <PagedList
        key={version}
        label="Payout batches"
        query={CashbackPayoutBatchesQuery}
        connectionOf={(data) => data.cashbackPayoutBatches}
        keyOf={(node) => node.id}
        emptyText="No payout batch yet."
        renderItem={(node) => <BatchCard batch={node} />}
      />
    </section>
  );
}
