/**
 * 'Money needing attention' (top of the Ledger tab): each refund Listwise owes that the payment provider refused
 * every automatic time, with why it is owed, the provider's last answer, what to do, and 'Try the refund again'.
 */
import { formatDate, formatDollars } from '@listwise/domain/format';
import { useQuery } from 'urql';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { MoneyNeedingAttentionQuery, useRetryChargeRefund, type MoneyNeedingAttention } from '@/features/admin/ledger/money-attention-api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';

function RefundOwedCard({ item, onDone }: { item: MoneyNeedingAttention; onDone: () => void }) {
  const [, retry] = useRetryChargeRefund();
  const who = adminUserName(item.agent, 'the agent');
  const tryAgain = async () => {
    const result = await retry({ chargeId: item.id });
    if (result.error) return errorMessage(result.error);
    const answer = result.data!.retryChargeRefund;
    if (!answer.isRefunded) return `The provider refused again: ${answer.lastError ?? 'no reason given'}.`;
    showToast(`${formatDollars(item.amount)} was refunded to ${who}.`, { tone: 'success' });
    onDone();
    return null;
  };
  return (
    <ItemCard
      title={`Refund owed: ${formatDollars(item.amount)}`}
      aside={
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone="bad">Refund failed</Pill>
          <ConfirmAction
            label="Try the refund again"
            title={`Refund ${formatDollars(item.amount)} to ${who}?`}
            confirmLabel="Refund now"
            variant="primary"
            onConfirm={tryAgain}
          >
            Listwise asks the payment provider for this refund once more, now.
          </ConfirmAction>
        </div>
      }
    >
      <p className="mb-3 text-sm leading-6 text-ink-soft">{item.description}</p>
      <Facts>
        <Fact label="Owed to" isWide>
          {who}
        </Fact>
        <Fact label="Paid">{item.paidAt ? formatDate(item.paidAt) : '—'}</Fact>
        <Fact label="Attempts">{item.refundAttempts}</Fact>
        <Fact label="Why it is owed" isWide>
          {item.refundReason}
        </Fact>
        <Fact label="Provider's last answer" isWide>
          {item.lastError ?? '—'}
        </Fact>
        <Fact label="Payment at the provider" isWide>
          <span className="break-all">{item.providerChargeId ?? '—'}</span>
        </Fact>
      </Facts>
      <h4 className="mt-4 text-sm font-semibold text-ink">What to do</h4>
      <p className="mt-1 text-sm leading-6 text-ink">{item.whatToDo}</p>
    </ItemCard>
  );
}

export function MoneyNeedingAttentionSection() {
  const [{ data, error, fetching }, reexecute] = useQuery({ query: MoneyNeedingAttentionQuery, requestPolicy: 'cache-and-network' });
  const items = data?.adminMoneyNeedingAttention;
  return (
    <section aria-labelledby="money-attention-heading" className="flex flex-col gap-4">
      <h2 id="money-attention-heading" className="text-xl font-semibold text-ink">
        Money needing attention
      </h2>
      {!items && error && <p className="text-danger">{errorMessage(error)}</p>}
      {!items && !error && fetching && <Spinner />}
      {items && items.length === 0 && <p className="text-ink-soft">Nothing needs attention: every refund owed has been made.</p>}
      {items && items.length > 0 && (
        <ul aria-label="Refunds owed" className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <RefundOwedCard item={item} onDone={() => reexecute({ requestPolicy: 'network-only' })} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
