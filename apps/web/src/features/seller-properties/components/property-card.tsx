/**
 * A property on 'My Properties' (spec 001 'Seller home'): first photo, '12 Street Name, Suburb, STATE', the status
 * badge, a link to /property/{id}, and a menu hidden once the property is sold unconditionally.
 */
import { startTransition, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '@/components/cx';
import { cardAddress, isSoldUnconditionally, propertyBadge, type BadgeTone } from '@/features/seller-properties/lib/property-display';
import { cardThumbnail, type PropertyCardData } from '@/features/seller-properties/api/properties';
import { MenuIcon, menuButtonClasses } from './property-card-menu-button';
import { lazyOrReload } from '@/lib/new-release';

const BADGE_TONES: Record<BadgeTone, string> = {
  sold: 'bg-emerald-700 text-white',
  'off-market': 'bg-slate-700 text-white',
  appraisals: 'bg-brand-800 text-white',
  waiting: 'bg-amber-100 text-amber-900',
  'no-agents': 'bg-slate-100 text-slate-800',
};

const loadMenu = () => import('./property-card-menu');
const PropertyCardMenu = lazyOrReload(loadMenu);
const preloadMenu = () => void loadMenu().catch(() => undefined);

/**
 * A plain button until first pressed; then React Aria's menu, loaded on demand (the pointer or focus reaching the
 * button starts the download). The swap runs as a transition, so the plain button stays (and keeps the focus) until
 * the menu's code has arrived.
 */
function CardMenu({ propertyId, address }: { propertyId: string; address: string }) {
  const [isRequested, setIsRequested] = useState(false);
  if (isRequested) {
    return (
      <Suspense fallback={null}>
        <PropertyCardMenu propertyId={propertyId} address={address} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      aria-label={`Options for ${address}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={menuButtonClasses}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => startTransition(() => setIsRequested(true))}
    >
      <MenuIcon />
    </button>
  );
}

/** `isFirst`: the top card's photo is usually the largest thing on a phone's first screen, so it loads at once. */
export function PropertyCard({ property, isFirst = false }: { property: PropertyCardData; isFirst?: boolean }) {
  const address = cardAddress(property) || 'Your property';
  const badge = propertyBadge(property);
  const thumbnail = cardThumbnail(property);
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md sm:flex-row">
      <div className="aspect-[4/3] w-full shrink-0 bg-surface sm:w-56">
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            className="size-full object-cover"
            loading={isFirst ? 'eager' : 'lazy'}
            fetchPriority={isFirst ? 'high' : 'auto'}
            decoding="async"
          />
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
          {!isSoldUnconditionally(property) && <CardMenu propertyId={property.id} address={address} />}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', BADGE_TONES[badge.tone])}>{badge.label}</span>
          {property.isAwaitingVerification && (
            <span className="rounded-full border border-amber-400 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900">
              {property.verificationStatus === 'REJECTED' ? 'Proof of authority needed' : 'Verification Pending'}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
