import { Link } from 'react-router';
import { appraisalRequestBadge, formatCommission, formatSellingRange, isNewAppraisalRequest } from '@listwise/domain/appraisal-display';
import { formatStreetAddress, suburbLabel } from '@listwise/domain/address-line';
import { formatDate, formatDollars, formatTimeLeft } from '@listwise/domain/format';
import { cx } from '@/components/cx';
import type { AppraisalRequestCard as CardData } from '@/features/agent-home/api/appraisal-requests';
import { PropertyPlaceholder } from '@/features/agent-home/components/property-placeholder';

/**
 * One request on the agent's home (spec 000 'Appraisal card'): photo, street, suburb and state, counts, a 'New'
 * tag, the status badge with the time left, the dates ('Request received on'), and for sent appraisals
 * the range as the agent entered it, fee and commission. A count the seller left blank shows as not given.
 */
const badgeTone: Record<string, string> = {
  'Pending Appraisal': 'bg-amber-100 text-amber-900',
  Expired: 'bg-slate-200 text-slate-800',
  Sold: 'bg-emerald-100 text-emerald-900',
  'Appraisal Sent': 'bg-brand-100 text-brand-900',
  Declined: 'bg-slate-200 text-slate-800',
};

/** A count; a question the seller left blank shows as not given (a dash), never as 0. */
const Count = ({ value, label, icon }: { value: number | null; label: string; icon: string }) => (
  <span className="inline-flex items-center gap-1.5" title={value === null ? `${label}: not given` : label}>
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
      <path d={icon} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
    {value === null ? (
      <span>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{label} not given</span>
      </span>
    ) : (
      <span>
        {value}
        <span className="sr-only"> {label}</span>
      </span>
    )}
  </span>
);

const ICONS = {
  bed: 'M3 18v-8a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v8M3 14h18M7 8V6h4v2',
  bath: 'M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4v-3Zm2 0V5a2 2 0 0 1 4 0',
  car: 'M5 16h14M6 16l1.5-5h9L18 16M7 19v-3m10 3v-3',
};

export function AppraisalRequestCard({ request, now }: { request: CardData; now: Date }) {
  const { property, propertyAppraisal: appraisal } = request;
  const photo = property.photos[0]?.userMedia;
  const thumbnail = photo?.thumbnailUrl ?? null;
  const street = formatStreetAddress(property);
  const place = property.suburb ? suburbLabel(property.suburb, { postcode: false, comma: true }) : '';
  const title = street ?? (property.suburb ? `Property in ${property.suburb.name}` : 'Property');
  const badge = appraisalRequestBadge(request.state, property.state);
  const isNew = isNewAppraisalRequest(request.state, request.seenByAgent);
  const showTimeLeft = request.state === 'PENDING' && property.state !== 'COMPLETE';

  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-line bg-white shadow-xs transition-shadow focus-within:ring-3 focus-within:ring-brand-600 hover:shadow-md sm:flex-row">
      <div className="relative aspect-[16/10] w-full shrink-0 bg-surface sm:aspect-auto sm:w-56">
        {thumbnail ? <img src={thumbnail} alt="" className="size-full object-cover" loading="lazy" /> : <PropertyPlaceholder />}
        {isNew && (
          <span className="absolute top-3 left-3 rounded-full bg-danger px-2.5 py-0.5 text-xs font-bold text-white uppercase">New</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold text-ink">
              <Link to={`/agent/appraisal-request/${request.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
                {title}
              </Link>
            </h3>
            {place && <p className="text-ink-soft">{place}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {badge && <span className={cx('rounded-full px-2.5 py-1 text-xs font-semibold', badgeTone[badge])}>{badge}</span>}
            {property.listingUpdatedAt && property.listingUpdatedAt > request.requestedAt && (
              <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">Updated</span>
            )}
            {showTimeLeft && <span className="text-sm font-semibold text-danger">{formatTimeLeft(request.expiresAt, now)}</span>}
          </div>
        </div>
        <div className="flex flex-wrap gap-4 text-sm text-ink-soft">
          <Count value={property.numberOfBedrooms} label="bedrooms" icon={ICONS.bed} />
          <Count value={property.numberOfBathrooms} label="bathrooms" icon={ICONS.bath} />
          <Count value={property.numberOfCarSpaces} label="car spaces" icon={ICONS.car} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="flex gap-1">
            <dt className="text-ink-soft">Request received on</dt>
            <dd className="font-medium text-ink">{formatDate(request.requestedAt)}</dd>
          </div>
          {appraisal?.sentAt && (
            <div className="flex gap-1">
              <dt className="text-ink-soft">Appraisal sent on</dt>
              <dd className="font-medium text-ink">{formatDate(appraisal.sentAt)}</dd>
            </div>
          )}
        </dl>
        {appraisal && (
          <dl className="grid gap-3 border-t border-line pt-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-ink-soft">Selling range</dt>
              <dd className="font-semibold text-ink">{formatSellingRange(appraisal.sellingRangeMin, appraisal.sellingRangeMax)}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">Marketing fee</dt>
              <dd className="font-semibold text-ink">{appraisal.marketingFee ? formatDollars(appraisal.marketingFee.costDollars) : '?'}</dd>
            </div>
            <div>
              <dt className="text-ink-soft">Commission</dt>
              <dd className="font-semibold text-ink">{appraisal.commission ? formatCommission(appraisal.commission) : '?'}</dd>
            </div>
          </dl>
        )}
      </div>
    </article>
  );
}
