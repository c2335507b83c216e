import { BADGE_TIERS, badgeSalesLabel } from '@listwise/domain/badges';
import type { AgentBadge } from '@listwise/domain/enums';
import { ModalDialog } from '@/components/dialog';
import { cx } from '@/components/cx';
import { BadgePill } from '@/app/layouts/badge-pill';

/** 'Member badges': every tier and the number of sales that earns it, the agent's own marked. */
export function MemberBadgesDialog({
  isOpen,
  onOpenChange,
  current,
  numberOfEngagements,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  current: AgentBadge | null;
  /** The agent's own confirmed sales, when the dialog is theirs. */
  numberOfEngagements?: number;
}) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Member badges">
      <p className="mb-4 text-sm leading-6 text-ink-soft">
        Badges show sellers how many properties an agent has sold through Listwise. They are earned automatically as sales are confirmed.
      </p>
      {numberOfEngagements !== undefined && (
        <p className="mb-4 text-sm font-semibold text-ink">Your confirmed sales: {numberOfEngagements}</p>
      )}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {[...BADGE_TIERS].reverse().map((tier) => (
          <li key={tier.badge} className={cx('flex items-center justify-between gap-4 px-4 py-3', tier.badge === current && 'bg-brand-50')}>
            <BadgePill badge={tier.badge} />
            <span className="text-sm text-ink">
              {badgeSalesLabel(tier.badge)}
              {tier.badge === current && <span className="ml-2 font-semibold text-brand-800">(your badge)</span>}
            </span>
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}
