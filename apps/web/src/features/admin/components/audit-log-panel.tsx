/** The audit log: who did what to which object, and when; newest first. */
import { formatDate } from '@listwise/domain/format';
import { AdminAuditLogQuery, type AuditLogEntry } from '@/features/admin/api/audit-log';
import { Fact, Facts, ItemCard } from '@/features/admin/components/admin-ui';
import { PagedList } from '@/features/admin/components/paged-list';

const ACTION_LABELS: Record<string, string> = {
  APPROVE_SELLER: 'Approved a seller',
  SET_SUBSCRIBED_AGENTS_MAX: 'Changed a suburb’s agent maximum',
  SET_SUBSCRIPTION_MANUALLY_MANAGED: 'Changed manual management of a subscription',
  CANCEL_SUBSCRIPTION: 'Cancelled a subscription',
  MARK_CASHBACK_PAID: 'Marked a cash offer paid',
  RETRY_LEAD_FEE: 'Retried a lead fee',
  UPDATE_SETTINGS: 'Changed the settings',
};

function describeDetails(details: string): string {
  try {
    const parsed = JSON.parse(details) as Record<string, unknown>;
    const entries = Object.entries(parsed);
    if (!entries.length) return '—';
    return entries.map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`).join('; ');
  } catch {
    return details;
  }
}

function EntryCard({ entry }: { entry: AuditLogEntry }) {
  return (
    <ItemCard title={ACTION_LABELS[entry.action] ?? entry.action}>
      <Facts>
        <Fact label="When">
          {formatDate(entry.createdAt)}, {new Date(entry.createdAt).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' })}
        </Fact>
        <Fact label="Who">{entry.admin.email ?? entry.admin.id}</Fact>
        <Fact label="Target">
          {entry.targetType} {entry.targetId}
        </Fact>
        <Fact label="Details">{describeDetails(entry.details)}</Fact>
      </Facts>
    </ItemCard>
  );
}

export function AuditLogPanel() {
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <h2 id="audit-heading" className="text-xl font-semibold text-ink">
        Audit log
      </h2>
      <PagedList
        label="Audit log"
        query={AdminAuditLogQuery}
        connectionOf={(data) => data.adminAuditLog}
        keyOf={(node) => node.id}
        emptyText="No operator actions yet."
        renderItem={(node) => <EntryCard entry={node} />}
      />
    </section>
  );
}
