/**
 * Sales: what sellers reported, the agents' confirmations, each lead fee (with Retry when declined) and each
 * cashback, whose bank details show only masked, with 'Mark paid' once the agent has confirmed.
 */
import { useId, useState } from 'react';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  AdminPropertySalesQuery,
  useMarkCashbackPaid,
  useRetryLeadFee,
  type AdminCashbackClaim,
  type AdminPropertySale,
  type SaleFilter,
} from '@/features/admin/api/sales';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/components/admin-ui';
import { PagedList } from '@/features/admin/components/paged-list';
import { PayoutsDownload } from '@/features/admin/components/payouts-download';
import { leadFeeWords, useLeadFee } from '@/lib/lead-fee';

const FILTERS: { value: SaleFilter; label: string }[] = [
  { value: 'ALL', label: 'All sales' },
  { value: 'AWAITING_CONFIRMATION', label: 'Awaiting agent confirmation' },
  { value: 'CONFIRMED', label: 'Confirmed by the agent' },
  { value: 'LEAD_FEE_FAILED', label: 'Lead fee declined' },
  { value: 'CASH_OFFER_PAYABLE', label: 'Cashback to pay' },
  { value: 'DISPUTED', label: "Disputed: 'not my sale'" },
];

function Person({ user }: { user: { name: string | null; email: string | null } }) {
  return (
    <>
      {user.name ?? user.email ?? '—'}
      {user.name && user.email && <span className="block text-sm font-normal break-all text-ink-soft">{user.email}</span>}
    </>
  );
}

function LeadFee({ sale }: { sale: AdminPropertySale }) {
  const fee = leadFeeWords(useLeadFee());
  const [, retry] = useRetryLeadFee();
  const status = {
    NOT_DUE: <Pill>Due when the agent confirms</Pill>,
    PENDING: <Pill tone="warn">Charging</Pill>,
    SUCCEEDED: <Pill tone="good">Paid {sale.leadFeeCharge ? formatDollars(sale.leadFeeCharge.amount) : ''}</Pill>,
    FAILED: <Pill tone="bad">Declined</Pill>,
  }[sale.leadFeeStatus];
  return (
    <section aria-label="Lead fee" className="flex flex-col gap-2">
      <h4 className="font-semibold text-ink">Lead fee ({fee.plusGst})</h4>
      <div className="flex flex-wrap items-center gap-3">
        {status}
        {sale.leadFeeAttempts > 1 && <span className="text-sm text-ink-soft">{sale.leadFeeAttempts} attempts</span>}
        {sale.leadFeeStatus === 'FAILED' && (
          <ConfirmAction
            label="Retry"
            title="Charge the lead fee again?"
            confirmLabel={`Charge ${fee.total}`}
            variant="primary"
            onConfirm={async () => {
              const result = await retry({ propertySaleId: sale.id });
              if (result.error) return errorMessage(result.error);
              showToast('The lead fee has been charged.', { tone: 'success' });
              return null;
            }}
          >
            We charge {fee.total} (including {fee.gst} GST) to {sale.sellingAgent.name ?? 'the agent'}&apos;s default card.
          </ConfirmAction>
        )}
      </div>
      {sale.leadFeeStatus === 'FAILED' && sale.leadFeeCharge?.failureReason && (
        <p className="text-sm text-ink-soft">Last decline: {sale.leadFeeCharge.failureReason}</p>
      )}
      {sale.leadFeeStatus === 'FAILED' && !sale.leadFeeCharge && sale.leadFeeFailureCode === 'user_missing_stripe_customer' && (
        <p className="text-sm text-ink-soft">The agent has no card on file.</p>
      )}
    </section>
  );
}

function claimStatus(claim: AdminCashbackClaim) {
  if (claim.status === 'PAID') return <Pill tone="good">Paid {claim.paidAt ? formatDate(claim.paidAt) : ''}</Pill>;
  if (claim.status === 'PAYABLE') return <Pill tone="warn">Payable</Pill>;
  if (claim.status === 'DISPUTED') return <Pill tone="bad">On hold: disputed</Pill>;
  return <Pill>Waiting for the agent</Pill>;
}

function CashOffer({ claim }: { claim: AdminCashbackClaim }) {
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

function SaleCard({ sale }: { sale: AdminPropertySale }) {
  return (
    <ItemCard
      title={sale.property.address}
      aside={
        sale.disputedAt ? (
          <Pill tone="bad">Agent says not their sale</Pill>
        ) : sale.confirmedAt ? (
          <Pill tone="good">Confirmed</Pill>
        ) : (
          <Pill tone="warn">Awaiting confirmation</Pill>
        )
      }
    >
      {sale.disputedAt && (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-ink">
          On {formatDate(sale.disputedAt)} the agent answered &lsquo;this is not my sale&rsquo;. Nothing was charged; contact the seller and
          the agent to settle it.
          {sale.disputeReason && <span className="mt-1 block">Agent&apos;s note: {sale.disputeReason}</span>}
        </p>
      )}
      <Facts>
        <Fact label="Seller" isWide>
          <Person user={sale.seller} />
        </Fact>
        <Fact label="Agent" isWide>
          <Person user={sale.sellingAgent} />
        </Fact>
        <Fact label="Reported">{formatDate(sale.reportedAt)}</Fact>
        <Fact label="Confirmed">{sale.confirmedAt ? formatDate(sale.confirmedAt) : '—'}</Fact>
        <Fact label="Sale price">{sale.salePrice === null ? '—' : formatDollars(sale.salePrice)}</Fact>
        <Fact label="Contract date">{sale.contractDate ? formatDate(`${sale.contractDate}T00:00:00`) : '—'}</Fact>
      </Facts>
      <div className="mt-4 grid gap-5 border-t border-line pt-4 lg:grid-cols-2">
        <LeadFee sale={sale} />
        {sale.cashbackClaim && <CashOffer claim={sale.cashbackClaim} />}
      </div>
    </ItemCard>
  );
}

export function SalesPanel() {
  const selectId = useId();
  const [filter, setFilter] = useState<SaleFilter>('ALL');
  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-4">
      <h2 id="sales-heading" className="text-xl font-semibold text-ink">
        Sales and cashback
      </h2>
      <PayoutsDownload />
      <div className="flex flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={selectId} className="text-sm font-semibold text-ink">
          Show
        </label>
        <select
          id={selectId}
          value={filter}
          onChange={(e) => setFilter(e.target.value as SaleFilter)}
          className="rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink"
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <PagedList
        key={filter}
        label="Sales"
        query={AdminPropertySalesQuery}
        variables={{ filter }}
        connectionOf={(data) => data.adminPropertySales}
        keyOf={(node) => node.id}
        emptyText="No sales to show."
        renderItem={(node) => <SaleCard sale={node} />}
      />
    </section>
  );
}
