/**
 * An agent the seller may choose (spec 001 §5 'Select agents'): picture, agency logo, name, agency and badge, and a
 * link to the agent's public profile when it is shown.
 */
import type { ChangeEvent } from 'react';
import { badgeSellerLabel } from '@listwise/domain/badges';
import { cx } from '@/components/cx';
import { textLinkClasses } from '@/components/text-link';
import type { SuggestedAgent } from '@/features/listing/api/publish-property';
import { LicenceVerifiedMark } from '@/components/agent-profile/licence-mark';
import { ReviewSummary } from '@/components/reviews/review-summary';

const imageOf = (media: SuggestedAgent['profilePicture']) => media?.thumbnailUrl ?? media?.url ?? null;

interface AgentChoiceCardProps {
  agent: SuggestedAgent;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function AgentChoiceCard({ agent, isSelected, isDisabled, onChange }: AgentChoiceCardProps) {
  const picture = imageOf(agent.profilePicture);
  const logo = imageOf(agent.agencyLogo);
  const name = agent.name ?? 'Agent';
  return (
    <label
      className={cx(
        'flex h-full cursor-pointer flex-col gap-4 rounded-xl border-2 bg-white p-5 transition-colors',
        isSelected ? 'border-brand-800 bg-brand-50' : 'border-slate-300 hover:border-slate-500',
        isDisabled && 'cursor-not-allowed opacity-60',
        'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          {picture ? (
            <img src={picture} alt="" className="size-16 shrink-0 rounded-full object-cover ring-1 ring-slate-200" />
          ) : (
            <span className="size-16 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <p className="text-lg font-semibold text-ink">{name}</p>
            <p className="text-ink-soft">{agent.agencyName}</p>
          </div>
        </div>
        <input
          type="checkbox"
          className="mt-1 size-6 shrink-0 accent-brand-800"
          checked={isSelected}
          disabled={isDisabled}
          onChange={onChange}
          aria-label={`Request an appraisal from ${name}${agent.agencyName ? ` of ${agent.agencyName}` : ''}`}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        {agent.badge ? (
          <span className="rounded-full bg-brand-800 px-3 py-1 text-sm font-semibold text-white">{badgeSellerLabel(agent.badge)}</span>
        ) : (
          <span />
        )}
        {logo && <img src={logo} alt={`${agent.agencyName ?? 'Agency'} logo`} className="h-10 max-w-32 object-contain" />}
      </div>
      <LicenceVerifiedMark licence={agent.licence} className="self-start" />
      <ReviewSummary summary={agent.reviewSummary} />
      {agent.bio && <p className="line-clamp-3 text-sm leading-6 text-ink-soft">{agent.bio}</p>}
      {/* The whole bio, agency, suburbs and figures; in a new tab so the choices made here stay. */}
      {agent.publicProfileUrl && (
        <a href={agent.publicProfileUrl} target="_blank" rel="noreferrer" className={cx(textLinkClasses, 'mt-auto self-start text-sm')}>
          View {name}'s profile<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </label>
  );
}
