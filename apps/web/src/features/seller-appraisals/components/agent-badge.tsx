/**
 * An agent's badge tier on their appraisal (spec 001): the medal and the count of sales through Listwise, with the
 * tier's name from Bronze up; the first tier is not called 'Verified' here (it sits beside 'Licence
 * verified').
 */
import { badgeSellerLabel } from '@listwise/domain/badges';
import type { AgentBadge as Badge } from '@listwise/domain/enums';

const MEDAL: Record<Badge, { fill: string; ring: string }> = {
  VERIFIED: { fill: '#a7dcdd', ring: '#0f4c5c' },
  BRONZE: { fill: '#e0a872', ring: '#6b3a12' },
  SILVER: { fill: '#d9dee5', ring: '#475569' },
  GOLD: { fill: '#f7cf5a', ring: '#854d0e' },
  PLATINUM: { fill: '#c7d2fe', ring: '#3730a3' },
  DIAMOND: { fill: '#bae6fd', ring: '#075985' },
};

export function AgentBadge({ badge }: { badge: Badge }) {
  const colours = MEDAL[badge];
  return (
    <span className="inline-flex items-center gap-2 rounded-full border border-line bg-white py-1 pr-3 pl-1">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <circle cx="16" cy="16" r="14" fill={colours.fill} stroke={colours.ring} strokeWidth="2" />
        <path d="m16 8 2.4 5 5.4.6-4 3.7 1.1 5.3L16 20l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6Z" fill={colours.ring} />
      </svg>
      <span className="text-sm font-semibold text-ink">{badgeSellerLabel(badge)}</span>
    </span>
  );
}
