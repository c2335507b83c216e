/**
 * The seller's cashback claim on the property page: where it stands and when each step happened:
 * claimed and awaiting the agent, confirmed and waiting for the agent's lead fee (cashback follows the fee),
 * payable, in a bank payment, paid on a date, on hold because the agent said the sale was not theirs, or closed when
 * an operator found it was not a Listwise sale.
 */
import { CASHBACK_PAID_WITHIN_BUSINESS_DAYS } from '@listwise/domain/constants';
import { formatDate, formatDollars } from '@listwise/domain/format';
import type { CashbackClaim } from '@/features/seller-properties/api/properties';

const STATUS: Record<CashbackClaim['status'], { label: string; tone: string; text: (claim: CashbackClaim) => string }> = {
  PENDING_CONFIRMATION: {
    label: 'Awaiting the agent',
    tone: 'bg-amber-50 text-amber-900',
    text: () => 'We have asked your agent to confirm the sale. Your cashback is paid once they do.',
  },
  AWAITING_LEAD_FEE: {
    label: "Waiting for the agent's fee",
    tone: 'bg-amber-50 text-amber-900',
    text: () =>
      "Your agent confirmed the sale. We pay your cashback once we have collected the agent's fee; we e-mail you as soon as it is on its way.",
  },
  PAYABLE: {
    label: 'Confirmed',
    tone: 'bg-brand-50 text-brand-900',
    text: (c) =>
      `Your agent confirmed the sale, so your cashback is confirmed. We pay it into ${c.maskedBsb} ${c.maskedAccountNumber} within ${CASHBACK_PAID_WITHIN_BUSINESS_DAYS} business days of ${c.confirmedAt ? formatDate(c.confirmedAt) : 'the confirmation'}, and e-mail you when it is paid.`,
  },
  IN_PAYOUT: {
    label: 'Being paid',
    tone: 'bg-brand-50 text-brand-900',
    text: (c) => `Your cashback is in our next bank payment to ${c.maskedBsb} ${c.maskedAccountNumber}; we e-mail you when it is paid.`,
  },
  PAID: {
    label: 'Paid',
    tone: 'bg-emerald-50 text-emerald-900',
    text: (c) => `Paid into ${c.maskedBsb} ${c.maskedAccountNumber}${c.paidAt ? ` on ${formatDate(c.paidAt)}` : ''}.`,
  },
  DISPUTED: {
    label: 'On hold',
    tone: 'bg-danger-soft text-danger',
    text: () => 'The agent you named told us this sale was not theirs. Our team is looking into it and will contact you.',
  },
  VOID: {
    label: 'Closed',
    tone: 'bg-slate-100 text-ink',
    text: () => 'We looked into this sale and found it was not through a Listwise agent, so no cashback is paid. We e-mailed you why.',
  },
};

export function ClaimStatus({ claim }: { claim: CashbackClaim }) {
  const status = STATUS[claim.status];
  const steps: [string, string | null][] = [
    ['Claimed', claim.claimedAt],
    ['Confirmed by the agent', claim.confirmedAt],
    ['Disputed by the agent', claim.disputedAt],
    ['Paid', claim.paidAt],
  ];
  return (
    <section aria-labelledby="claim-title" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="claim-title" className="text-xl font-semibold text-ink">
          Your {formatDollars(claim.amount)} cashback
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      <p className="leading-7 text-ink-soft">{status.text(claim)}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {steps
          .filter(([, at]) => at)
          .map(([label, at]) => (
            <div key={label}>
              <dt className="text-sm text-ink-soft">{label}</dt>
              <dd className="font-medium text-ink">{formatDate(at!)}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
