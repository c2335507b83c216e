/**
 * The audit log: who did what, to which listings, agents, sellers and suburbs, and when; newest first. Filtered on
 * the server by action, operator and the days chosen (in the operator's own time zone).
 */
import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from '@listwise/domain/audit-log';
import { formatDateTimeInZone } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { SelectField } from '@/components/form-fields';
import { inputClasses } from '@/components/text-field';
import { AdminAuditLogQuery, AdminOperatorsQuery, type AuditLogEntry, type AuditLogFilters } from '@/features/admin/audit-log/api';
import { Fact, Facts, ItemCard } from '@/features/admin/shared/admin-ui';
import {
  ACTION_LABELS,
  actionLabel,
  dayRangeToInstants,
  describeDetails,
  describeTarget,
  TOUCHED_LABELS,
} from '@/features/admin/audit-log/audit-entry';
import { PagedList } from '@/features/admin/shared/paged-list';

function EntryCard({ entry }: { entry: AuditLogEntry }) {
  return (
    <ItemCard title={actionLabel(entry.action)}>
      <Facts>
        <Fact label="When" isWide>
          {formatDateTimeInZone(entry.createdAt)}
        </Fact>
        <Fact label="Who" isWide>
          {entry.admin.email ?? entry.admin.id}
        </Fact>
        <Fact label="Touched" isWide>
          {entry.touched.length ? (
            <ul className="flex flex-col gap-1">
              {entry.touched.map((t) => (
                <li key={`${t.kind}-${t.id}`} className="break-words">
                  <span className="font-semibold">{TOUCHED_LABELS[t.kind]}:</span> {t.name}
                  {t.email && t.email !== t.name && <span className="text-ink-soft"> ({t.email})</span>}
                </li>
              ))}
            </ul>
          ) : (
            <span className="break-all">{describeTarget(entry.targetType, entry.targetId)}</span>
          )}
        </Fact>
        <Fact label="Details" isWide>
          {describeDetails(entry.action, entry.details)}
        </Fact>
      </Facts>
    </ItemCard>
  );
}

const ACTION_OPTIONS = ADMIN_AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

const NO_FILTERS: AuditLogFilters = { action: null, adminUserId: null, createdFrom: null, createdBefore: null };

export function AuditLogPanel() {
  const fromId = useId();
  const toId = useId();
  const [action, setAction] = useState('');
  const [operator, setOperator] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  const [{ data: operators }] = useQuery({ query: AdminOperatorsQuery, variables: {} });
  const isFiltered = Object.values(filters).some((value) => value !== null);

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <h2 id="audit-heading" className="text-xl font-semibold text-ink">
        Audit log
      </h2>
      <form
        aria-label="Filter the audit log"
        className="grid grid-cols-1 gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({
            action: (action || null) as AdminAuditAction | null,
            adminUserId: operator || null,
            ...dayRangeToInstants(fromDay, toDay),
          });
        }}
      >
        <SelectField
          label="Action"
          placeholder="All actions"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          options={ACTION_OPTIONS}
        />
        <SelectField
          label="Operator"
          placeholder="All operators"
          value={operator}
          onChange={(e) => setOperator(e.target.value)}
          options={(operators?.adminOperators ?? []).map((o) => ({ value: o.id, label: o.email ?? o.id }))}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fromId} className="text-sm font-semibold text-ink">
            From
          </label>
          <input
            id={fromId}
            type="date"
            value={fromDay}
            max={toDay || undefined}
            onChange={(e) => setFromDay(e.target.value)}
            className={inputClasses(false)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={toId} className="text-sm font-semibold text-ink">
            To
          </label>
          <input
            id={toId}
            type="date"
            value={toDay}
            min={fromDay || undefined}
            onChange={(e) => setToDay(e.target.value)}
            className={inputClasses(false)}
          />
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Show entries</Button>
          {isFiltered && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setAction('');
                setOperator('');
                setFromDay('');
                setToDay('');
                setFilters(NO_FILTERS);
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </form>
      <PagedList
        key={JSON.stringify(filters)}
        label="Audit log"
        query={AdminAuditLogQuery}
        variables={filters}
        connectionOf={(data) => data.adminAuditLog}
        keyOf={(node) => node.id}
        emptyText={isFiltered ? 'No operator actions match these filters.' : 'No operator actions yet.'}
        renderItem={(node) => <EntryCard entry={node} />}
      />
    </section>
  );
}
