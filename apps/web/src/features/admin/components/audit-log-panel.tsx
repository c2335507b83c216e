/** The audit log: who did what to which object, and when; newest first. */
import { formatDate } from '@listwise/domain/format';
import { AdminAuditLogQuery, type AuditLogEntry } from '@/features/admin/api/audit-log';
import { Fact, Facts, ItemCard } from '@/features/admin/components/admin-ui';
import { ACTION_LABELS, describeDetails, describeTarget } from '@/features/admin/lib/audit-entry';
import { PagedList } from '@/features/admin/components/paged-list';

function EntryCard({ entry }: { entry: AuditLogEntry }) {
  return (
    <ItemCard title={ACTION_LABELS[entry.action] ?? entry.action}>
      <Facts>
        <Fact label="When" isWide>
          {formatDate(entry.createdAt)}, {new Date(entry.createdAt).toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' })}
        </Fact>
        <Fact label="Who" isWide>
          {entry.admin.email ?? entry.admin.id}
        </Fact>
        <Fact label="Target" isWide>
          <span className="break-all">{describeTarget(entry.targetType, entry.targetId)}</span>
        </Fact>
        <Fact label="Details" isWide>
          {describeDetails(entry.action, entry.details)}
        </Fact>
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
