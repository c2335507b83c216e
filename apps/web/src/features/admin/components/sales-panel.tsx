/**
 * Sales: what sellers reported, the agents' confirmations, each lead fee (with Retry or Waive when declined) and
 * each cashback, whose bank details show only masked, with 'Mark paid' once payable (batches: the Payouts tab).
 * A disputed sale is settled here: the sale stands (the lead fee is charged) or is void (the seller told why).
 */
import { useId, useState } from 'react';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MESSAGES, settleDisputedSaleSchema } from '@listwise/domain/sale-validation';
import { ChoiceGroup, Choice, TextAreaField } from '@/components/form-fields';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  AdminPropertySalesQuery,
  useMarkCashbackPaid,
  useRetryLeadFee,
  useSettleDisputedSale,
  useSettleUnansweredSale,
  useWaiveLeadFee,
  type AdminCashbackClaim,
  type DisputeSettlement,
  type AdminPropertySale,
  type SaleFilter,
} from '@/features/admin/api/sales';
import { adminUserName, type AdminUser } from '@/features/admin/api/types';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/components/admin-ui';
import { PagedList } from '@/features/admin/components/paged-list';
import { leadFeeWords, useLeadFee } from '@/lib/lead-fee';

const FILTERS: { value: SaleFilter; label: string }[] = [
  { value: 'ALL', label: 'All sales' },
  { value: 'AWAITING_CONFIRMATION', label: 'Awaiting agent confirmation' },
  { value: 'UNANSWERED', label: 'Unanswered: ready to settle' },
  { value: 'CONFIRMED', label: 'Confirmed by the agent' },
  { value: 'LEAD_FEE_FAILED', label: 'Lead fee declined' },
  { value: 'CASH_OFFER_PAYABLE', label: 'Cashback to pay' },
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

function LeadFee({ sale }: { sale: AdminPropertySale }) {
  const fee = leadFeeWords(useLeadFee());
  const [, retry] = useRetryLeadFee();
  const status = {
    NOT_DUE: <Pill>Due when the agent confirms</Pill>,
    PENDING: <Pill tone="warn">Charging</Pill>,
    SUCCEEDED: <Pill tone="good">Paid {sale.leadFeeCharge ? formatDollars(sale.leadFeeCharge.amount) : ''}</Pill>,
    FAILED: <Pill tone="bad">Declined</Pill>,
    WAIVED: <Pill>Waived</Pill>,
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
            We charge {fee.total} (including {fee.gst} GST) to {adminUserName(sale.sellingAgent, 'the agent')}&apos;s default card.
          </ConfirmAction>
        )}
        {sale.leadFeeStatus === 'FAILED' && <WaiveLeadFee sale={sale} />}
      </div>
      {sale.leadFeeStatus === 'FAILED' && sale.leadFeeCharge?.failureReason && (
        <p className="text-sm text-ink-soft">Last decline: {sale.leadFeeCharge.failureReason}</p>
      )}
      {sale.leadFeeStatus === 'WAIVED' && sale.leadFeeWaiverReason && (
        <p className="text-sm break-words text-ink-soft">
          Waived{sale.leadFeeWaivedAt ? ` on ${formatDate(sale.leadFeeWaivedAt)}` : ''}: {sale.leadFeeWaiverReason}
        </p>
      )}
      {sale.leadFeeStatus === 'FAILED' && !sale.leadFeeCharge && sale.leadFeeFailureCode === 'user_missing_stripe_customer' && (
        <p className="text-sm text-ink-soft">The agent has no card on file.</p>
      )}
    </section>
  );
}

/** A reason the operator types (kept in the audit log), with the house's messages. */
function ReasonField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextAreaField
      label={label}
      value={value}
      rows={3}
      required
      maxLength={OPERATOR_REASON_MAX_LENGTH}
      valueLength={value.length}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function WaiveLeadFee({ sale }: { sale: AdminPropertySale }) {
  const [, waive] = useWaiveLeadFee();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <ConfirmAction
      label="Waive"
      title="Waive the lead fee?"
      confirmLabel="Waive the fee"
      onConfirm={async () => {
        if (!reason.trim()) {
          setError(OPERATOR_REASON_MESSAGES.required);
          return false;
        }
        const result = await waive({ propertySaleId: sale.id, reason: reason.trim() });
        if (result.error) return errorMessage(result.error);
        showToast("The lead fee is waived; the seller's cashback is payable.", { tone: 'success' });
        return null;
      }}
    >
      <div className="flex flex-col gap-4">
        <p>
          The agent is not charged and nothing retries the fee. The seller&apos;s cashback becomes payable. The reason goes in the audit
          log.
        </p>
        <ReasonField
          label="Why the fee is waived"
          value={reason}
          error={error}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
        />
      </div>
    </ConfirmAction>
  );
}

/**
 * Settling a sale the agent disputed, or one the agent left unanswered (14 days, or their account is closed): the
 * same choice, and for an unanswered sale the agent is e-mailed the reason too.
 */
function SettleSale({ sale, kind }: { sale: AdminPropertySale; kind: 'DISPUTED' | 'UNANSWERED' }) {
  const [, settleDisputed] = useSettleDisputedSale();
  const [, settleUnanswered] = useSettleUnansweredSale();
  const told = kind === 'UNANSWERED' ? 'the seller and the agent' : 'the seller';
  const [outcome, setOutcome] = useState<DisputeSettlement | null>(null);
  const [reason, setReason] = useState('');
  const [salePrice, setSalePrice] = useState('');
  const [contractDate, setContractDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'outcome' | 'reason' | 'salePrice' | 'contractDate', string>>>({});
  return (
    <ConfirmAction
      label={kind === 'UNANSWERED' ? 'Settle unanswered sale' : 'Settle dispute'}
      title={kind === 'UNANSWERED' ? 'Settle the unanswered sale' : 'Settle the disputed sale'}
      confirmLabel="Settle"
      variant="primary"
      onConfirm={async () => {
        if (!outcome) {
          setErrors({ outcome: 'Choose whether the sale stands' });
          return false;
        }
        const input = {
          outcome,
          reason,
          salePrice: outcome === 'SALE_STANDS' && salePrice.trim() !== '' ? Number(salePrice) : undefined,
          contractDate: outcome === 'SALE_STANDS' && contractDate ? contractDate : undefined,
        };
        const parsed = settleDisputedSaleSchema.safeParse(input);
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
          return false;
        }
        setErrors({});
        const variables = { propertySaleId: sale.id, ...parsed.data };
        const result = kind === 'UNANSWERED' ? await settleUnanswered(variables) : await settleDisputed(variables);
        if (result.error) return errorMessage(result.error);
        const data = result.data;
        const settled =
          data && ('settleUnansweredPropertySale' in data ? data.settleUnansweredPropertySale : data.settleDisputedPropertySale);
        showToast(
          outcome === 'SALE_VOID'
            ? `The sale is void; ${told} ${kind === 'UNANSWERED' ? 'have' : 'has'} been e-mailed why.`
            : settled?.leadFeeStatus === 'SUCCEEDED'
              ? 'The sale stands and the lead fee has been charged.'
              : 'The sale stands; the lead fee was declined and will be retried.',
          { tone: 'success' },
        );
        return null;
      }}
    >
      <div className="flex flex-col gap-4">
        <ChoiceGroup legend="Outcome" required layout="column" error={errors.outcome}>
          <Choice
            type="radio"
            name={`outcome-${sale.id}`}
            label="The sale stands: charge the lead fee"
            checked={outcome === 'SALE_STANDS'}
            onChange={() => setOutcome('SALE_STANDS')}
          />
          <Choice
            type="radio"
            name={`outcome-${sale.id}`}
            label={`The sale is void: charge nothing, tell ${told} why`}
            checked={outcome === 'SALE_VOID'}
            onChange={() => setOutcome('SALE_VOID')}
          />
        </ChoiceGroup>
        {outcome === 'SALE_STANDS' && (
          <>
            <TextField
              label="Sale price (dollars)"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              required
              value={salePrice}
              error={errors.salePrice}
              onChange={(e) => setSalePrice(e.target.value)}
            />
            <TextField
              label="Contract date"
              type="date"
              required
              value={contractDate}
              error={errors.contractDate}
              onChange={(e) => setContractDate(e.target.value)}
            />
          </>
        )}
        <ReasonField
          label={
            kind === 'UNANSWERED'
              ? 'Why (e-mailed to the seller and the agent)'
              : outcome === 'SALE_VOID'
                ? 'Why (e-mailed to the seller)'
                : 'Why (kept in the audit log)'
          }
          value={reason}
          error={errors.reason}
          onChange={(value) => {
            setReason(value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
        />
      </div>
    </ConfirmAction>
  );
}

function claimStatus(claim: AdminCashbackClaim) {
  if (claim.status === 'PAID') return <Pill tone="good">Paid {claim.paidAt ? formatDate(claim.paidAt) : ''}</Pill>;
  if (claim.status === 'PAYABLE') return <Pill tone="warn">Payable</Pill>;
  if (claim.status === 'IN_PAYOUT') return <Pill tone="warn">In payout</Pill>;
  if (claim.status === 'AWAITING_LEAD_FEE') return <Pill>Waiting for the agent&apos;s fee</Pill>;
  if (claim.status === 'DISPUTED') return <Pill tone="bad">On hold: disputed</Pill>;
  if (claim.status === 'VOID') return <Pill>Void</Pill>;
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
