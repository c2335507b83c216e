/** One suburb subscription: its agent, period and status, with the manual-management switch and cancelling. */
import { useId, useState } from 'react';
import { suburbLabel } from '@listwise/domain/address-line';
import { formatDate } from '@listwise/domain/format';
import { errorMessage } from '@/lib/errors';
import { useCancelSubscription, useSetManuallyManaged, type AdminSuburbSubscription } from '@/features/admin/suburbs/api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';

export function subscriptionStatus(s: Pick<AdminSuburbSubscription, 'cancelledAt' | 'isLive'>) {
  if (s.cancelledAt) return <Pill tone="bad">Cancelled</Pill>;
  return s.isLive ? <Pill tone="good">Live</Pill> : <Pill>Lapsed</Pill>;
}

export function SubscriptionCard({ subscription, heading }: { subscription: AdminSuburbSubscription; heading: 'agent' | 'suburb' }) {
  const switchId = useId();
  const [{ fetching: isSaving }, setManuallyManaged] = useSetManuallyManaged();
  const [, cancel] = useCancelSubscription();
  const [error, setError] = useState<string | null>(null);
  // The switch shows the operator's choice at once, and falls back to the saved value if saving fails.
  const [pendingValue, setPendingValue] = useState<boolean | null>(null);
  const s = subscription;
  const title = heading === 'agent' ? adminUserName(s.agent, 'Agent') : suburbLabel(s.suburb);
  return (
    <ItemCard
      title={title}
      aside={
        <>
          {subscriptionStatus(s)}
          <Pill>{s.isFreeTrial ? 'Free trial' : 'Paid'}</Pill>
        </>
      }
    >
      <Facts>
        {heading === 'agent' && (
          <Fact label="Email" isWide>
            {s.agent.email ?? '—'}
          </Fact>
        )}
        <Fact label="Started">{formatDate(s.startsAt)}</Fact>
        <Fact label={s.cancelledAt ? 'Cancelled' : 'Expires'}>{formatDate(s.cancelledAt ?? s.expiresAt)}</Fact>
        <Fact label="Auto-renew">{s.autoRenew ? 'On' : 'Off'}</Fact>
      </Facts>
      <div className="mt-4 flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="size-5 accent-brand-800"
            checked={pendingValue ?? s.isManuallyManaged}
            disabled={isSaving}
            onChange={async (e) => {
              setError(null);
              setPendingValue(e.target.checked);
              const result = await setManuallyManaged({ suburbSubscriptionId: s.id, isManuallyManaged: e.target.checked });
              setPendingValue(null);
              if (result.error) setError(errorMessage(result.error));
            }}
          />
          <label htmlFor={switchId} className="font-medium text-ink">
            Manually managed
          </label>
        </div>
        {!s.cancelledAt && (
          <ConfirmAction
            label="Cancel subscription"
            title="Cancel this subscription?"
            confirmLabel="Cancel subscription"
            onConfirm={async () => {
              const result = await cancel({ suburbSubscriptionId: s.id });
              return result.error ? errorMessage(result.error) : null;
            }}
          >
            The agent stops receiving requests in {s.suburb.name} now, and the subscription will not renew.
          </ConfirmAction>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </ItemCard>
  );
}
