/** A sale's cashback in the console: its status, the masked bank details, and 'Mark paid' once payable. */
import { formatDate, formatDollars } from '@listwise/domain/format';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useMarkCashbackPaid, type AdminCashbackClaim } from '@/features/admin/sales/api';
import { ConfirmAction, Fact, Facts, Pill } from '@/features/admin/shared/admin-ui';

function claimStatus(claim: AdminCashbackClaim) {
  if (claim.status === 'PAID') return <Pill tone="good">Paid {claim.paidAt ? formatDate(claim.paidAt) : ''}</Pill>;
  if (claim.status === 'PAYABLE') return <Pill tone="warn">Payable</Pill>;
  if (claim.status === 'IN_PAYOUT') return <Pill tone="warn">In payout</Pill>;
  if (claim.status === 'AWAITING_LEAD_FEE') return <Pill>Waiting for the agent&apos;s fee</Pill>;
  if (claim.status === 'DISPUTED') return <Pill tone="bad">On hold: disputed</Pill>;
  if (claim.status === 'VOID') return <Pill>Void</Pill>;
  return <Pill>Waiting for the agent</Pill>;
}

export function CashbackClaim({ claim }: { claim: AdminCashbackClaim }) {
  const [, markPaid] = useMarkCashbackPaid();
  const amount = formatDollars(claim.amount);
  return (
    <section aria-label="Cashback" className="flex flex-col gap-2">
      <h4 className="font-semibold text-ink">Cashback</h4>
      <div className="flex flex-wrap items-center gap-3">
        {claimStatus(claim)}
        {claim.status === 'PAYABLE' && (
          <ConfirmAction
            label="Mark paid"
            title={`Mark the ${amount} cashback paid?`}
            confirmLabel="Mark paid"
            variant="primary"
            onConfirm={async () => {
              const result = await markPaid({ cashbackClaimId: claim.id });
              if (result.error) return errorMessage(result.error);
              showToast(`The ${amount} cashback is marked paid.`, { tone: 'success' });
              return null;
            }}
          >
            Only mark it paid once {amount} has been transferred to BSB {claim.maskedBsb}, account {claim.maskedAccountNumber}.
          </ConfirmAction>
        )}
      </div>
      <Facts columns={2}>
        <Fact label="Amount">{amount}</Fact>
        <Fact label="BSB">{claim.maskedBsb}</Fact>
        <Fact label="Account number">{claim.maskedAccountNumber}</Fact>
        <Fact label="Claimed">{formatDate(claim.claimedAt)}</Fact>
        {claim.paidBy && (
          <Fact label="Paid by" isWide>
            {claim.paidBy.name ?? claim.paidBy.email}
          </Fact>
        )}
      </Facts>
    </section>
  );
}
