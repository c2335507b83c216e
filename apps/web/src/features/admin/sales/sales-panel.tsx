/**
 * Sales: what sellers reported, the agents' confirmations, each lead fee (with Retry or Waive when declined) and
 * each cashback, whose bank details show only masked, with 'Mark paid' once payable (batches: the Payouts tab).
 * A disputed sale is settled here: the sale stands (the lead fee is charged) or is void (the seller told why).
 */
import { useId, useState } from 'react';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { AdminPropertySalesQuery, type AdminPropertySale, type SaleFilter } from '@/features/admin/sales/api';
import { CashbackClaim } from '@/features/admin/sales/cashback-claim';
import { LeadFee } from '@/features/admin/sales/lead-fee';
import { SettleSale } from '@/features/admin/sales/settle-sale';
import { adminUserName, type AdminUser } from '@/features/admin/shared/types';
import { Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';

const FILTERS: { value: SaleFilter; label: string }[] = [
  { value: 'ALL', label: 'All sales' },
  { value: 'AWAITING_CONFIRMATION', label: 'Awaiting agent confirmation' },
  { value: 'UNANSWERED', label: 'Unanswered: ready to settle' },
  { value: 'CONFIRMED', label: 'Confirmed by the agent' },
  { value: 'LEAD_FEE_FAILED', label: 'Lead fee declined' },
  { value: 'CASHBACK_PAYABLE', label: 'Cashback to pay' },
  { value: 'DISPUTED', label: "Disputed: 'not my sale'" },
];

function Person({ user }: { user: Pick<AdminUser, 'name' | 'email' | 'deletedAt'> }) {
  return (
    <>
      {adminUserName(user, '—')}
      {user.name && user.email && <span className="block text-sm font-normal break-all text-ink-soft">{user.email}</span>}
    </>
  );
}

function SaleCard({ sale }: { sale: AdminPropertySale }) {
  return (
    <ItemCard
      title={sale.property.address}
      aside={
        sale.disputeSettlement === 'SALE_VOID' ? (
          <Pill>Void</Pill>
        ) : sale.disputedAt && !sale.disputeSettledAt ? (
          <Pill tone="bad">Agent says not their sale</Pill>
        ) : sale.isUnanswered ? (
          <Pill tone="bad">Agent has not answered</Pill>
        ) : sale.confirmedAt ? (
          <Pill tone="good">Confirmed</Pill>
        ) : (
          <Pill tone="warn">Awaiting confirmation</Pill>
        )
      }
    >
      {sale.disputedAt && !sale.disputeSettledAt && (
        <div className="mb-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-ink">
          <p>
            On {formatDate(sale.disputedAt)} the agent answered &lsquo;this is not my sale&rsquo;. Nothing was charged; talk to the seller
            and the agent, then settle it.
            {sale.disputeReason && <span className="mt-1 block break-words">Agent&apos;s note: {sale.disputeReason}</span>}
          </p>
          <div>
            <SettleSale sale={sale} kind="DISPUTED" />
          </div>
        </div>
      )}
      {sale.isUnanswered && (
        <div className="mb-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm leading-6 text-ink">
          <p>
            {sale.sellingAgent.deletedAt
              ? 'The agent has closed their account and cannot answer.'
              : `The agent has not answered since ${formatDate(sale.reportedAt)}.`}{' '}
            The seller&apos;s cashback waits until the sale is settled: talk to the seller
            {sale.sellingAgent.deletedAt ? '' : ' and the agent'}, then settle it.
          </p>
          <div>
            <SettleSale sale={sale} kind="UNANSWERED" />
          </div>
        </div>
      )}
      {sale.disputeSettledAt && (
        <p className="mb-3 rounded-lg border border-line bg-slate-50 px-4 py-3 text-sm leading-6 break-words text-ink">
          {sale.disputedAt ? 'Dispute settled' : 'Settled by an operator'} on {formatDate(sale.disputeSettledAt)}:{' '}
          {sale.disputeSettlement === 'SALE_STANDS' ? 'the sale stands' : 'the sale is void'}. {sale.disputeSettlementReason}
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
        {sale.cashbackClaim && <CashbackClaim claim={sale.cashbackClaim} />}
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
      <p className="leading-7 text-ink-soft">
        A cashback becomes payable once the agent&apos;s lead fee is collected or waived. Pay payable claims in batches from the Payouts
        tab.
      </p>
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
