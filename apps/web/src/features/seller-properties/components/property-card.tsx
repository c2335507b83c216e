/**
 * A property on 'My Properties' (spec 001 'Seller home'): first photo, 'Street Name, Suburb, STATE', the status
 * badge, a link to /property/{id}, and a menu hidden once the property is sold unconditionally.
 */
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { cx } from '@/components/cx';
import { cardAddress, isSoldUnconditionally, propertyBadge, type BadgeTone } from '@/features/seller-properties/lib/property-display';
import type { PropertyCardData } from '@/features/seller-properties/api/properties';

const BADGE_TONES: Record<BadgeTone, string> = {
  sold: 'bg-emerald-700 text-white',
  'off-market': 'bg-slate-700 text-white',
  appraisals: 'bg-brand-800 text-white',
  waiting: 'bg-amber-100 text-amber-900',
};

const thumbnailOf = (property: PropertyCardData) => {
  const media = property.photos[0]?.userMedia;
  return media?.thumbnailReady ? media.thumbnailUrl : null;
};

export function PropertyCard({ property }: { property: PropertyCardData }) {
  const navigate = useNavigate();
  const address = cardAddress(property) || 'Your property';
  const badge = propertyBadge(property);
  const thumbnail = thumbnailOf(property);
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md sm:flex-row">
      <div className="aspect-[4/3] w-full shrink-0 bg-surface sm:w-56">
        {thumbnail ? (
          <img src={thumbnail} alt="" className="size-full object-cover" loading="lazy" decoding="async" />
        ) : (
          <div className="flex size-full items-center justify-center text-brand-800" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-12">
              <path d="M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-ink">
            {/* The whole card is the link's target area; the menu sits above it. */}
            <Link to={`/property/${property.id}`} className="after:absolute after:inset-0 hover:underline">
              {address}
            </Link>
          </h3>
          {!isSoldUnconditionally(property) && (
            <MenuTrigger>
              <AriaButton
                aria-label={`Options for ${address}`}
                className="relative z-10 -m-1 rounded-md p-2 text-ink-soft outline-none hover:bg-slate-100 data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-600"
              >
                <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                  <path d="M10 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
                </svg>
              </AriaButton>
              <Popover placement="bottom end" className="min-w-52 rounded-lg border border-line bg-white p-1 shadow-lg">
                <Menu className="outline-none">
                  <MenuItem
                    onAction={() => navigate(`/property/${property.id}`)}
                    className="block cursor-pointer rounded-md px-3 py-2.5 text-ink outline-none data-[focused]:bg-brand-50"
                  >
                    View property
                  </MenuItem>
                  <MenuItem
                    onAction={() => navigate(`/property/${property.id}#appraisals`)}
                    className="block cursor-pointer rounded-md px-3 py-2.5 text-ink outline-none data-[focused]:bg-brand-50"
                  >
                    View appraisals
                  </MenuItem>
                  <MenuItem
                    onAction={() => navigate(`/property/${property.id}/sale-status`)}
                    className="block cursor-pointer rounded-md px-3 py-2.5 text-ink outline-none data-[focused]:bg-brand-50"
                  >
                    Update sale status
                  </MenuItem>
                </Menu>
              </Popover>
            </MenuTrigger>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', BADGE_TONES[badge.tone])}>{badge.label}</span>
          {property.isAwaitingVerification && (
            <span className="rounded-full border border-amber-400 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900">
              Verification Pending
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
