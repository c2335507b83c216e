/** One row of the ledger: what was charged to whom, the GST part, and how it went. */
import { formatDate, formatDollars } from '@listwise/domain/format';
import { CARD_BRAND_LABELS } from '@listwise/domain/payments';
import { KIND_LABELS, type LedgerCharge } from '@/features/admin/ledger/api';
import { adminUserName } from '@/features/admin/shared/types';
import { Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';

export function chargeStatusPill(status: LedgerCharge['status']) {
  const tone = status === 'SUCCEEDED' ? 'good' : status === 'FAILED' ? 'bad' : status === 'PENDING' ? 'warn' : 'neutral';
  const label = { SUCCEEDED: 'Paid', FAILED: 'Declined', PENDING: 'Pending', REFUNDED: 'Refunded' }[status];
  return <Pill tone={tone}>{label}</Pill>;
}

export const cardLabel = (card: { cardBrand: string; cardSuffix: string }) =>
  `${CARD_BRAND_LABELS[card.cardBrand] ?? card.cardBrand} •••• ${card.cardSuffix}`;

export function ChargeCard({ charge, showUser = true }: { charge: LedgerCharge; showUser?: boolean }) {
  return (
    <ItemCard title={`${KIND_LABELS[charge.kind]}: ${formatDollars(charge.amount)}`} aside={chargeStatusPill(charge.status)}>
      <p className="mb-3 text-sm leading-6 text-ink-soft">{charge.description}</p>
      <Facts>
        {showUser && (
          <Fact label="Charged to" isWide>
            {adminUserName(charge.user, '—')}
          </Fact>
        )}
        <Fact label="Amount (incl. GST)">{formatDollars(charge.amount)}</Fact>
        <Fact label="GST">{formatDollars(charge.gst)}</Fact>
        <Fact label="Date">{formatDate(charge.createdAt)}</Fact>
        {charge.failureReason && (
          <Fact label="Decline reason" isWide>
            {charge.failureReason}
          </Fact>
        )}
      </Facts>
    </ItemCard>
  );
}
