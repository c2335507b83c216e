/**
 * /property/{id} — 'Property Details' for its seller (spec 001 'Property detail'): back link to /, the media
 * gallery, collapsible details ('View Property Details' / 'Hide Property Details'), and the appraisals section at
 * #appraisals ('{n} Appraisals received' or 'Appraisals', cards to each appraisal, and while none has arrived
 * the 48-hour message only when an agent is still to answer) with 'Choose Agent & Claim' and the cashback once an
 * appraisal exists. A withdrawn listing can be listed again.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { appraisalCostAtDollars } from '@listwise/domain/appraisal-cost';
import { formatSellingRange } from '@listwise/domain/appraisal-display';
import { formatCents, formatDatePadded, formatDollars } from '@listwise/domain/format';
import { HowListwiseMakesMoney } from '@/components/how-listwise-makes-money';
import { PROPERTY_TYPE_LABELS } from '@listwise/domain/enums';
import { ButtonLink } from '@/components/button';
import { MediaPreview } from '@/components/media/media-preview';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { propertyAnswerRows } from '@/components/property/property-answer-rows';
import { TextLink } from '@/components/text-link';
import { ProofOfAuthorityUpload } from '@/components/property/proof-of-authority-upload';
import { VerificationPendingNotice } from '@/components/verification-pending-notice';
import { errorCode, errorMessage } from '@/lib/errors';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  usePropertyDetail,
  type PropertyDetailData,
  type PropertyMediaItem,
  type ReceivedAppraisal,
} from '@/features/seller-properties/api/properties';
import { ClaimStatus } from '@/features/seller-properties/components/claim-status';
import {
  appraisalsHeading,
  fullAddress,
  isSoldUnconditionally,
  noAppraisalsMessage,
  endedRequests,
  propertyBadge,
} from '@/features/seller-properties/lib/property-display';
import { ChevronIcon } from '@/components/chevron-icon';
import { AgentsAsked } from '@/features/seller-properties/components/agents-asked';
import { AskMoreAgents } from '@/features/seller-properties/components/ask-more-agents';
import { RelistListing } from '@/features/seller-properties/components/relist-listing';
import { WithdrawListing } from '@/features/seller-properties/components/withdraw-listing';

/** A published listing stays in its seller's hands: edit it, or withdraw it. */
function ListingActions({ property }: { property: PropertyDetailData }) {
  return (
    <div className="mt-2 flex flex-col gap-3 sm:flex-row">
      <ButtonLink to={`/property/${property.id}/edit`} variant="secondary" width="auto">
        Edit listing
      </ButtonLink>
      <WithdrawListing propertyId={property.id} agentsAsked={property.agentsAsked} />
    </div>
  );
}

export default function PropertyDetailRoute() {
  useDocumentTitle('Property Details');
  const { propertyId = '' } = useParams();
  const [{ data, error }, refetch] = usePropertyDetail(propertyId);

  if (errorCode(error) === 'not_found') return <NotFoundPage />;
  if (!data?.property) {
    if (error) return <p className="py-10 text-center text-ink-soft">{errorMessage(error)}</p>;
    return <PageSpinner />;
  }
  return <PropertyDetail property={data.property} onChanged={() => refetch({ requestPolicy: 'network-only' })} />;
}

/**
 * Where the listing stands in verification, and the proof upload at #proof-of-authority, where
 * the rejection e-mail's 'Send proof' lands.
 */
function ListingVerification({ property, onChanged }: { property: PropertyDetailData; onChanged: () => void }) {
  const upload = property.canUploadProofOfAuthority && (
    <ProofOfAuthorityUpload propertyId={property.id} proof={property.proofOfAuthority} onUploaded={onChanged} />
  );
  return (
    <div id="proof-of-authority" className="flex scroll-mt-24 flex-col gap-4">
      <VerificationPendingNotice
        headingLevel={2}
        isRejected={property.verificationStatus === 'REJECTED'}
        rejectionReason={property.verificationRejectionReason}
      />
      {upload}
    </div>
  );
}

const mediaSource = (item: PropertyMediaItem) => item.userMedia.url ?? undefined;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '4 photos · 1 video', leaving out what the property has none of. */
const galleryCounts = (property: PropertyDetailData) =>
  [
    property.photos.length && plural(property.photos.length, 'photo', 'photos'),
    property.floorplans.length && plural(property.floorplans.length, 'floor plan', 'floor plans'),
    property.videos.length && plural(property.videos.length, 'video', 'videos'),
  ]
    .filter(Boolean)
    .join(' · ');

function Gallery({ property }: { property: PropertyDetailData }) {
  const groups = [
    { label: 'Photos', items: property.photos, itemLabel: 'Photo' },
    { label: 'Floor plans', items: property.floorplans, itemLabel: 'Floor plan' },
  ].filter((g) => g.items.length > 0);
  if (!groups.length && !property.videos.length) return null;
  return (
    <section aria-labelledby="gallery-title" className="flex flex-col gap-5">
      <h2 id="gallery-title" className="sr-only">
        Photos and videos
      </h2>
      <p className="text-sm text-ink-soft">{galleryCounts(property)}</p>
      {groups.map((group) => (
        <div key={group.label} className="flex flex-col gap-3">
          <h3 className="font-semibold text-ink">{group.label}</h3>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {group.items.map((item, index) => (
              <li key={item.id}>
                {item.userMedia.thumbnailReady && item.userMedia.thumbnailUrl ? (
                  <a
                    href={mediaSource(item)}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-lg border border-line"
                  >
                    <img
                      src={item.userMedia.thumbnailUrl}
                      alt={`${group.itemLabel} ${index + 1} (opens full size)`}
                      className="aspect-[4/3] w-full object-cover"
                      loading="lazy"
                    />
                  </a>
                ) : (
                  <MediaPreview media={item.userMedia} label={`${group.itemLabel} ${index + 1}`} />
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {property.videos.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="font-semibold text-ink">Videos</h3>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {property.videos.map((item, index) => (
              <li key={item.id}>
                {item.userMedia.mainFileReady && item.userMedia.url ? (
                  <video
                    controls
                    preload="metadata"
                    poster={item.userMedia.thumbnailUrl ?? undefined}
                    src={item.userMedia.url}
                    aria-label={`Video ${index + 1}`}
                    className="aspect-video w-full rounded-lg bg-black"
                  />
                ) : (
                  <MediaPreview media={item.userMedia} label={`Video ${index + 1}`} />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function DetailList({ property }: { property: PropertyDetailData }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
        {propertyAnswerRows(property).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-2">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="text-right font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {property.additionalInformation && (
        <div>
          <h3 className="font-semibold text-ink">Additional information</h3>
          <p className="mt-1 whitespace-pre-line text-ink-soft">{property.additionalInformation}</p>
        </div>
      )}
    </div>
  );
}

const mediaUrl = (media: { url: string | null; thumbnailUrl: string | null } | null) => media?.thumbnailUrl ?? media?.url ?? null;

/** The appraisal's total fee at the midpoint of all ranges, by the same rule as the comparison. */
const totalFeeCentsAt = (appraisal: ReceivedAppraisal, priceDollars: number) =>
  appraisalCostAtDollars(appraisal, priceDollars).totalFeeCents;

function AppraisalCard({ propertyId, appraisal, midpoint }: { propertyId: string; appraisal: ReceivedAppraisal; midpoint: number | null }) {
  const agent = appraisal.agent;
  const photo = mediaUrl(agent?.profilePicture ?? null);
  const logo = mediaUrl(agent?.agencyLogo ?? null);
  return (
    <Link
      to={`/property/${propertyId}/appraisal/${appraisal.id}`}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md"
    >
      {photo ? (
        <img src={photo} alt="" className="size-14 shrink-0 rounded-full object-cover" />
      ) : (
        <span className="size-14 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{agent?.name ?? 'Agent'}</p>
        <p className="text-ink-soft">{agent?.agencyName}</p>
        {appraisal.sellingRangeMin !== null && (
          <p className="text-ink">
            <span className="sr-only">Selling range </span>
            {formatSellingRange(appraisal.sellingRangeMin, appraisal.sellingRangeMax)}
          </p>
        )}
        {midpoint !== null && (
          <p className="text-sm text-ink-soft">
            Total fees {formatCents(totalFeeCentsAt(appraisal, midpoint))} at {formatDollars(midpoint)}
          </p>
        )}
        {appraisal.sentAt && <p className="text-sm text-ink-soft">Sent {formatDatePadded(appraisal.sentAt)}</p>}
      </div>
      {logo && <img src={logo} alt={`${agent?.agencyName ?? 'Agency'} logo`} className="h-10 max-w-28 object-contain" />}
    </Link>
  );
}

function PropertyDetail({ property, onChanged }: { property: PropertyDetailData; onChanged: () => void }) {
  const location = useLocation();
  const detailsId = useId();
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const [{ data: settings }] = useStaticCashbackAmount();
  const appraisals = property.propertyAppraisals;
  const badge = propertyBadge(property);
  const address = fullAddress(property);
  const canClaim = settings?.staticCashbackAmount !== undefined && appraisals.length > 0 && !isSoldUnconditionally(property);

  // A link to …#appraisals lands on the section once it is on the page.
  useEffect(() => {
    if (location.hash === '#appraisals' || location.hash === '#agents-asked' || location.hash === '#proof-of-authority')
      document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash]);

  return (
    <>
      <PageHeader title="Property Details" eyebrow={<TextLink to="/">Back to My Properties</TextLink>} />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-8">
        <section aria-labelledby="address-title" className="flex flex-col gap-2">
          <h2 id="address-title" className="text-2xl font-semibold text-ink">
            {address}
          </h2>
          <p className="flex flex-wrap items-center gap-3 text-ink-soft">
            {property.propertyType && <span>{PROPERTY_TYPE_LABELS[property.propertyType]}</span>}
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">{badge.label}</span>
            {property.listingUpdatedAt && <span className="text-sm">Updated {formatDatePadded(property.listingUpdatedAt)}</span>}
          </p>
          {property.state === 'ACTIVE' && <ListingActions property={property} />}
          {property.state === 'COMPLETE' && !isSoldUnconditionally(property) && <RelistListing propertyId={property.id} />}
        </section>

        {property.isAwaitingVerification && <ListingVerification property={property} onChanged={onChanged} />}

        {property.cashbackClaim && <ClaimStatus claim={property.cashbackClaim} />}

        <Gallery property={property} />

        <section className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="sr-only">About the property</h2>
          <button
            type="button"
            aria-expanded={isDetailsOpen}
            aria-controls={detailsId}
            onClick={() => setIsDetailsOpen((open) => !open)}
            className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md text-left font-semibold text-brand-800"
          >
            {isDetailsOpen ? 'Hide Property Details' : 'View Property Details'}
            <ChevronIcon direction="down" isFlipped={isDetailsOpen} />
          </button>
          <div id={detailsId} hidden={!isDetailsOpen} className="mt-4">
            <DetailList property={property} />
          </div>
        </section>

        <AgentsAsked propertyId={property.id} agentsAsked={property.agentsAsked} />
        {property.state === 'ACTIVE' && (
          <AskMoreAgents
            propertyId={property.id}
            agentsAsked={property.agentsAsked}
            isWaitingForAgentAlert={property.isWaitingForAgentAlert}
          />
        )}

        <section id="appraisals" aria-labelledby="appraisals-title" className="flex scroll-mt-24 flex-col gap-4">
          <h2 id="appraisals-title" className="text-xl font-semibold text-ink">
            {appraisalsHeading(appraisals.length)}
          </h2>
          {canClaim && (
            <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5 md:flex-row md:items-center md:justify-between">
              <p className="text-ink">
                Sold your property with one of these agents? Claim your <strong>{formatDollars(settings.staticCashbackAmount)}</strong>{' '}
                cashback.
              </p>
              <ButtonLink to={`/property/${property.id}/sale-status`} width="auto">
                Choose Agent &amp; Claim
              </ButtonLink>
            </div>
          )}
          {appraisals.length >= 2 && (
            <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5 md:flex-row md:items-center md:justify-between">
              <p className="text-ink">See every offer side by side, with what each would leave you at the same sale price.</p>
              <ButtonLink to={`/property/${property.id}/compare`} variant="secondary" width="auto">
                Compare appraisals
              </ButtonLink>
            </div>
          )}
          {appraisals.length > 0 ? (
            <ul className="flex flex-col gap-3">
              {appraisals.map((appraisal) => (
                <li key={appraisal.id}>
                  <AppraisalCard
                    propertyId={property.id}
                    appraisal={appraisal}
                    midpoint={property.appraisalComparison?.midpointDollars ?? null}
                  />
                </li>
              ))}
            </ul>
          ) : noAppraisalsMessage(property, endedRequests(property.agentsAsked)) === null ? (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-8 text-center text-ink-soft">
              The agents you chose receive your request once this listing is verified.
            </p>
          ) : (
            <p className="rounded-xl border border-dashed border-line bg-white px-5 py-8 text-center text-ink-soft">
              {noAppraisalsMessage(property, endedRequests(property.agentsAsked))}
            </p>
          )}
          {appraisals.length > 0 && <HowListwiseMakesMoney />}
        </section>
      </div>
    </>
  );
}
