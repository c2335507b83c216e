import { BADGE_TIERS } from '@listwise/domain/badges';
import type { AgentBadge } from '@listwise/domain/enums';
import { cx } from '@/components/cx';

const BADGE_COLOURS: Record<AgentBadge, string> = {
  VERIFIED: 'bg-brand-100 text-brand-900',
  BRONZE: 'bg-[#f4e1cf] text-[#6b3a12]',
  SILVER: 'bg-slate-200 text-slate-900',
  GOLD: 'bg-amber-100 text-amber-950',
  PLATINUM: 'bg-indigo-100 text-indigo-950',
  DIAMOND: 'bg-sky-100 text-sky-950',
};

export function BadgePill({ badge, className }: { badge: AgentBadge; className?: string }) {
  const tier = BADGE_TIERS.find((t) => t.badge === badge);
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', BADGE_COLOURS[badge], className)}>
      {tier?.label ?? badge}
    </span>
  );
}
