/** The ledger: every charge (subscriptions, renewals, lead fees) with its GST part, newest first. */
import { useId, useState } from 'react';
import { AdminChargesQuery, KIND_LABELS, type LedgerChargeKind } from '@/features/admin/ledger/api';
import { ChargeCard } from '@/features/admin/ledger/charge-row';
import { MoneyNeedingAttentionSection } from '@/features/admin/ledger/money-attention';
import { PagedList } from '@/features/admin/shared/paged-list';

export function LedgerPanel() {
  const selectId = useId();
  const [kind, setKind] = useState<LedgerChargeKind | ''>('');
  return (
    <div className="flex flex-col gap-10">
      <MoneyNeedingAttentionSection />
      <section aria-labelledby="ledger-heading" className="flex flex-col gap-4">
        <h2 id="ledger-heading" className="text-xl font-semibold text-ink">
          Ledger
        </h2>
        <div className="flex flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor={selectId} className="text-sm font-semibold text-ink">
            Kind of charge
          </label>
          <select
            id={selectId}
            value={kind}
            onChange={(e) => setKind(e.target.value as LedgerChargeKind | '')}
            className="rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink"
          >
            <option value="">All charges</option>
            {(Object.keys(KIND_LABELS) as LedgerChargeKind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <PagedList
          key={kind}
          label="Charges"
          query={AdminChargesQuery}
          variables={{ kind: kind || null }}
          connectionOf={(data) => data.adminCharges}
          keyOf={(node) => node.id}
          emptyText="No charges yet."
          renderItem={(node) => <ChargeCard charge={node} />}
        />
      </section>
    </div>
  );
}
