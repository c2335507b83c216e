/**
 * Licences to check: each agent's licence number and state, a link to that state's public register,
 * and Verify or Reject (with a reason the agent reads). Decisions are audit-logged on the server.
 */
import { useId, useState } from 'react';
import { LICENCE_MESSAGES, LICENCE_REGISTERS } from '@listwise/domain/agent-licence';
import { formatCalendarDate, formatDate } from '@listwise/domain/format';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { LicencesToCheckQuery, useVerifyAgentLicence, type LicenceToCheck } from '@/features/admin/licences/api';
import { ConfirmAction, Fact, Facts, ItemCard } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';

function RejectReason({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        Reason (the agent sees it)
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-slate-400 px-3 py-2 text-ink"
      />
    </div>
  );
}

function LicenceCard({ licence, onDecided }: { licence: LicenceToCheck; onDecided: () => void }) {
  const [, decide] = useVerifyAgentLicence();
  const [reason, setReason] = useState('');
  const name = licence.agent?.name ?? 'Agent';
  const submit = async (approved: boolean) => {
    if (!approved && !reason.trim()) return LICENCE_MESSAGES.reasonRequired;
    const result = await decide({ agentId: licence.id, approved, reason: approved ? null : reason.trim() });
    if (result.error) return errorMessage(result.error);
    showToast(approved ? `${name}'s licence is verified.` : `${name}'s licence was rejected.`, { tone: 'success' });
    onDecided();
    return null;
  };
  return (
    <ItemCard
      title={name}
      aside={
        <div className="flex flex-wrap gap-2">
          <ConfirmAction
            label="Verify"
            title={`Verify ${name}'s licence?`}
            confirmLabel="Verify licence"
            variant="primary"
            onConfirm={() => submit(true)}
          >
            Sellers will see &lsquo;Licence verified&rsquo; on {name}&apos;s cards and appraisals, with the number, until it expires
            {licence.expiresOn ? ` on ${formatCalendarDate(licence.expiresOn)}` : ''}. Check the expiry date on the register too.
          </ConfirmAction>
          <ConfirmAction label="Reject" title={`Reject ${name}'s licence?`} confirmLabel="Reject licence" onConfirm={() => submit(false)}>
            <RejectReason value={reason} onChange={setReason} />
          </ConfirmAction>
        </div>
      }
    >
      <Facts>
        <Fact label="Licence number">{licence.number ?? '—'}</Fact>
        <Fact label="State">{licence.state}</Fact>
        <Fact label="Licensee" isWide>
          {licence.licenseeName ?? licence.agent?.agencyName ?? '—'}
        </Fact>
        <Fact label="Expires">{licence.expiresOn ? formatCalendarDate(licence.expiresOn) : 'Not given'}</Fact>
        <Fact label="Submitted">{formatDate(licence.submittedAt)}</Fact>
        {licence.verifiedUntil && (
          <Fact label="Renewal of" isWide>
            The licence verified until {formatCalendarDate(licence.verifiedUntil)}: check the new expiry date.
          </Fact>
        )}
      </Facts>
      <p className="mt-4">
        <a
          href={LICENCE_REGISTERS[licence.state]}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          Check on the {licence.state} public register<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </ItemCard>
  );
}

export function LicencesPanel() {
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby="licences-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="licences-heading" className="text-xl font-semibold text-ink">
          Licences to check
        </h2>
        <p className="mt-1 text-ink-soft">
          Agents&apos; licences waiting for a check against the state&apos;s public register, oldest first.
        </p>
      </div>
      <PagedList
        key={version}
        label="Licences to check"
        query={LicencesToCheckQuery}
        connectionOf={(data) => data.adminLicencesToCheck}
        keyOf={(node) => node.id}
        emptyText="No licences are waiting for a check."
        renderItem={(node) => <LicenceCard licence={node} onDecided={() => setVersion((v) => v + 1)} />}
      />
    </section>
  );
}
