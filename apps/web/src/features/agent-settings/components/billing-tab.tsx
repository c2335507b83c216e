/**
 * Profile Settings, Billing: every charge to the agent's card, newest first, with its amount and GST
 * and, once paid, a link to its tax invoice (to view and print). Declined attempts are listed too, so the agent
 * sees what failed.
 */
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDate, formatDollars } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';
import { MyChargesQuery, type Charge, type ChargeStatus } from '@/features/agent-settings/api/billing';
import { SettingsSection } from '@/features/agent-settings/components/settings-section';

const PAGE_SIZE = 20;

const STATUS_LABELS: Record<ChargeStatus, string> = {
  PENDING: 'Processing',
  SUCCEEDED: 'Paid',
  FAILED: 'Declined',
  REFUNDED: 'Refunded',
};

function ChargeItem({ charge }: { charge: Charge }) {
  return (
    <li className="flex flex-col gap-1 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">{charge.description}</p>
        <p className="text-sm text-ink-soft">
          {formatDate(charge.createdAt)} · {STATUS_LABELS[charge.status]}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:items-end">
        <p className="font-semibold text-ink">
          {formatDollars(charge.amount)} <span className="text-sm font-normal text-ink-soft">incl. {formatDollars(charge.gst)} GST</span>
        </p>
        {charge.invoice && <TextLink to={`/agent/invoices/${charge.invoice.id}`}>Tax invoice {charge.invoice.number}</TextLink>}
      </div>
    </li>
  );
}

export function BillingTab() {
  const [after, setAfter] = useState<string | null>(null);
  const [{ data, fetching, error }] = useQuery({
    query: MyChargesQuery,
    variables: { first: PAGE_SIZE, after },
    requestPolicy: after ? 'cache-first' : 'cache-and-network',
  });
  const connection = data?.myCharges;
  if (!connection) return error ? <p className="text-ink-soft">{errorMessage(error)}</p> : <PageSpinner />;
  return (
    <SettingsSection title="Charges and invoices">
      {connection.edges.length === 0 ? (
        <p className="text-ink-soft">No charges yet. Paid subscriptions and each {LEAD_FEE_NAME} appear here with their tax invoices.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {connection.edges.map(({ node }) => (
            <ChargeItem key={node.id} charge={node} />
          ))}
        </ul>
      )}
      {connection.pageInfo.hasNextPage && (
        <Button
          variant="secondary"
          width="auto"
          className="mt-4"
          isLoading={fetching}
          onClick={() => setAfter(connection.pageInfo.endCursor)}
        >
          Show more
        </Button>
      )}
    </SettingsSection>
  );
}
