/**
 * 'Agents asked' on the property page: each agent the seller asked, and where the request stands
 * (sent, viewed, drafting, appraisal received, expired, not required, declined with the agent's reason; or waiting
 * for the seller's verification).
 * A received appraisal links to itself.
 */
import { Link } from 'react-router';
import {
  declineReasonText,
  APPRAISAL_REQUEST_PROGRESS_HINTS,
  APPRAISAL_REQUEST_PROGRESS_LABELS,
  type AppraisalRequestProgress,
} from '@listwise/domain/appraisal-request-progress';
import { formatDatePadded } from '@listwise/domain/format';
import { cx } from '@/components/cx';
import type { AgentAsked } from '@/features/seller-properties/api/published-listing';

const TONES: Record<AppraisalRequestProgress, string> = {
  AWAITING_VERIFICATION: 'bg-amber-100 text-amber-900',
  SENT: 'bg-slate-100 text-slate-800',
  VIEWED: 'bg-brand-50 text-brand-900',
  DRAFTING: 'bg-brand-50 text-brand-900',
  APPRAISAL_RECEIVED: 'bg-emerald-100 text-emerald-900',
  EXPIRED: 'bg-slate-100 text-slate-700',
  NOT_REQUIRED: 'bg-slate-100 text-slate-700',
  DECLINED: 'bg-slate-100 text-slate-700',
};

function AgentAskedRow({ propertyId, asked }: { propertyId: string; asked: AgentAsked }) {
  const photo = asked.agent.profilePicture?.thumbnailUrl ?? null;
  const when =
    asked.progress === 'SENT' || asked.progress === 'VIEWED' || asked.progress === 'DRAFTING'
      ? asked.expiresAt && `Answer due by ${formatDatePadded(asked.expiresAt)}`
      : asked.requestedAt && `Asked on ${formatDatePadded(asked.requestedAt)}`;
  return (
    <div className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4">
      {photo ? (
        <img src={photo} alt="" className="size-12 shrink-0 rounded-full object-cover" />
      ) : (
        <span className="size-12 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-ink">{asked.agent.name ?? 'Agent'}</p>
          <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', TONES[asked.progress])}>
            {APPRAISAL_REQUEST_PROGRESS_LABELS[asked.progress]}
          </span>
        </div>
        {asked.agent.agencyName && <p className="text-sm text-ink-soft">{asked.agent.agencyName}</p>}
        {asked.declineReason && (
          <p className="text-sm text-ink">Their reason: “{declineReasonText(asked.declineReason, asked.declineNote)}”</p>
        )}
        <p className="text-sm text-ink-soft">{APPRAISAL_REQUEST_PROGRESS_HINTS[asked.progress]}</p>
        {when && <p className="text-sm text-ink-soft">{when}</p>}
        {asked.propertyAppraisalId && (
          <Link
            to={`/property/${propertyId}/appraisal/${asked.propertyAppraisalId}`}
            className="self-start text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            View appraisal<span className="sr-only"> from {asked.agent.name ?? 'the agent'}</span>
          </Link>
        )}
      </div>
    </div>
  );
}

export function AgentsAsked({ propertyId, agentsAsked }: { propertyId: string; agentsAsked: AgentAsked[] }) {
  if (agentsAsked.length === 0) return null;
  return (
    <section id="agents-asked" aria-labelledby="agents-asked-title" className="flex scroll-mt-24 flex-col gap-4">
      <h2 id="agents-asked-title" className="text-xl font-semibold text-ink">
        Agents asked
      </h2>
      <ul className="flex flex-col gap-3">
        {agentsAsked.map((asked) => (
          <li key={asked.id ?? `held-${asked.agent.id}`}>
            <AgentAskedRow propertyId={propertyId} asked={asked} />
          </li>
        ))}
      </ul>
    </section>
  );
}
