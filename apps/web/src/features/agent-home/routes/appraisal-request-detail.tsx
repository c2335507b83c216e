/**
 * /agent/appraisal-request/{id} (spec 000 'Agent appraisal request detail'): 'Property Details' with a back link,
 * the gallery, the address and property type, sale information, then the agent's own appraisal. A pending request
 * has 'Appraise property' (creating the draft first when none exists) and 'Decline request'. Hidden details send the agent to the
 * payment-condition modal; an unseen request is marked seen on load; a missing one is the not-found page.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { appraisalRequestBadge } from '@listwise/domain/appraisal-display';
import { formatStreetAddress, suburbLabel } from '@listwise/domain/address-line';
import {
  ESTIMATED_SALE_VALUE_RANGE_LABELS,
  IDEAL_TIMEFRAME_LABELS,
  PREFERRED_METHOD_LABELS,
  PROPERTY_TYPE_LABELS,
  type AdditionalFeature,
} from '@listwise/domain/enums';
import { formatDate, formatNumber, formatTimeLeft } from '@listwise/domain/format';
import { AppraisalSections } from '@/components/appraisal/appraisal-sections';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  PropertyAppraisalRequestQuery,
  useMarkRequestSeen,
  useRefreshUnseenCount,
  useStartDraft,
  type AppraisalRequestDetail,
} from '@/features/agent-home/api/appraisal-requests';
import { DeclineRequest } from '@/features/agent-home/components/decline-request';
import { PropertyGallery } from '@/features/agent-home/components/property-gallery';

const FEATURE_LABELS: Record<AdditionalFeature, string> = {
  BALCONY: 'Balcony',
  BUILT_IN_ROBES: 'Built-in robes',
  COOLING: 'Cooling',
  ENSUITE: 'Ensuite',
  HEATING: 'Heating',
  OUTDOOR_AREA: 'Outdoor area',
  POOL: 'Pool',
  SPA: 'Spa',
  STUDY: 'Study',
};

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-semibold text-ink">{value}</dd>
    </div>
  );
}

function PropertyFacts({ request }: { request: AppraisalRequestDetail }) {
  const p = request.property;
  const sqm = (v: number | null) => (v === null ? null : `${formatNumber(v)} m²`);
  return (
    <>
      <section aria-labelledby="property-facts" className="rounded-xl border border-line bg-white p-5">
        <h2 id="property-facts" className="mb-4 text-lg font-semibold text-ink">
          About the property
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label="Bedrooms" value={p.numberOfBedrooms ?? 0} />
          <Fact label="Bathrooms" value={p.numberOfBathrooms ?? 0} />
          <Fact label="Toilets" value={p.numberOfToilets} />
          <Fact label="Car spaces" value={p.numberOfCarSpaces ?? 0} />
          <Fact label="Living spaces" value={p.numberOfLivingSpaces} />
          <Fact label="Property size" value={sqm(p.propertySizeSqm)} />
          <Fact label="Land size" value={sqm(p.landSizeSqm)} />
          <Fact label="Property age" value={p.propertyAge === null ? null : `${p.propertyAge} years`} />
          <Fact
            label="Capital improvements"
            value={p.capitalImprovements === null ? null : p.capitalImprovements === 'YES' ? 'Yes' : 'No'}
          />
        </dl>
        {p.additionalFeatures.length > 0 && (
          <>
            <h3 className="mt-5 mb-2 font-semibold text-ink">Features</h3>
            <ul className="flex flex-wrap gap-2">
              {p.additionalFeatures.map((f) => (
                <li key={f} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
                  {FEATURE_LABELS[f]}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="sale-information" className="rounded-xl border border-line bg-white p-5">
        <h2 id="sale-information" className="mb-4 text-lg font-semibold text-ink">
          Sale information
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Fact label="Estimated value" value={p.estimatedSaleValueRange && ESTIMATED_SALE_VALUE_RANGE_LABELS[p.estimatedSaleValueRange]} />
          <Fact label="Ideal timeframe" value={p.idealTimeframeOfSale && IDEAL_TIMEFRAME_LABELS[p.idealTimeframeOfSale]} />
          <Fact label="Preferred method" value={p.preferredMethodOfSale && PREFERRED_METHOD_LABELS[p.preferredMethodOfSale]} />
        </dl>
        {p.additionalInformation && (
          <>
            <h3 className="mt-5 mb-2 font-semibold text-ink">Additional information</h3>
            <p className="whitespace-pre-line leading-7 text-ink">{p.additionalInformation}</p>
          </>
        )}
      </section>
    </>
  );
}

export default function AppraisalRequestDetailRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useClient();
  const [{ data, error, fetching }] = useQuery({
    query: PropertyAppraisalRequestQuery,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const [, markSeen] = useMarkRequestSeen();
  const [{ fetching: isStarting }, startDraft] = useStartDraft();
  const refreshUnseen = useRefreshUnseenCount();
  const [startError, setStartError] = useState<string | null>(null);
  const markedSeen = useRef<string | null>(null);
  const [markSeenFailed, setMarkSeenFailed] = useState(false);
  useDocumentTitle('Property Details');

  const request = data?.propertyAppraisalRequest;
  // Opening the request marks it seen, also when its details are hidden and the agent is sent on to the
  // payment condition: the agent has looked at it, so it is no longer 'New'.
  useEffect(() => {
    if (!request || request.seenByAgent || markedSeen.current === request.id) return;
    markedSeen.current = request.id;
    void markSeen({ id: request.id }).then((result) => {
      if (result.error) setMarkSeenFailed(true);
      return refreshUnseen();
    });
  }, [request, markSeen, refreshUnseen]);

  if (!request) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  if (request.detailsHidden) {
    // On to the payment condition once the server has the request seen: the home's list, fetched as it opens, would
    // otherwise be read while the mark is in flight and, arriving after it, put 'New' back on the card (seen under
    // load). A mark that fails does not hold the agent here.
    if (!request.seenByAgent && !markSeenFailed) return <PageSpinner />;
    // A notification's 'Accept condition' (…?accept=condition) opens the condition ready to accept in one tap.
    const oneTap = searchParams.get('accept') === 'condition' ? '&accept=condition' : '';
    return <Navigate to={`/?collect_payment_details_for_property_appraisal_request=${request.id}${oneTap}`} replace />;
  }

  const { property } = request;
  const isComplete = request.state === 'COMPLETE';
  const isPending = request.state === 'PENDING';
  const address = formatStreetAddress(property) ?? 'Property';
  const place = property.suburb ? suburbLabel(property.suburb) : '';
  const ownAppraisal = request.propertyAppraisal;

  const appraise = async () => {
    setStartError(null);
    if (!request.draftPropertyAppraisal) {
      const result = await startDraft({ id: request.id });
      if (result.error) {
        setStartError(errorMessage(result.error));
        return;
      }
      // The request's draft link is new: read it before the drafting steps look for it.
      await client.query(PropertyAppraisalRequestQuery, { id: request.id }, { requestPolicy: 'network-only' }).toPromise();
    }
    navigate(`/agent/appraisal-request/${request.id}/appraise`);
  };

  return (
    <>
      <PageHeader title="Property Details" eyebrow={<TextLink to={isComplete ? '/?tab=complete' : '/'}>← Back</TextLink>} />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-6 pb-28">
        <PropertyGallery
          photos={property.photos}
          floorplans={property.floorplans}
          videos={property.videos}
          badge={appraisalRequestBadge(request.state, property.state)}
        />
        <section aria-labelledby="property-address">
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            {property.propertyType ? PROPERTY_TYPE_LABELS[property.propertyType] : 'Property'}
          </p>
          <h2 id="property-address" className="text-2xl font-bold text-ink">
            {address}
          </h2>
          <p className="text-ink-soft">{place}</p>
          <p className="mt-2 text-sm text-ink-soft">
            Requested on {formatDate(request.requestedAt)}
            {isPending && <span className="ml-2 font-semibold text-danger">{formatTimeLeft(request.expiresAt)}</span>}
          </p>
          {property.listingUpdatedAt && property.listingUpdatedAt > request.requestedAt && (
            <p className="mt-2 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
              Updated by the seller on {formatDate(property.listingUpdatedAt)}
            </p>
          )}
        </section>
        <PropertyFacts request={request} />
        {ownAppraisal ? (
          <section aria-labelledby="own-appraisal" className="flex flex-col gap-4">
            <h2 id="own-appraisal" className="text-xl font-semibold text-ink">
              Your appraisal{ownAppraisal.sentAt ? `, sent on ${formatDate(ownAppraisal.sentAt)}` : ''}
            </h2>
            <AppraisalSections appraisal={ownAppraisal} showVideo headingLevel={3} />
          </section>
        ) : (
          <div aria-hidden="true" className="h-4" />
        )}
      </div>
      {isPending && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-5 py-4 backdrop-blur md:left-64">
          <div className="mx-auto flex w-full max-w-page-header flex-col items-stretch gap-2 md:items-end">
            <FormError message={startError} />
            <div className="flex flex-col-reverse gap-2 md:flex-row">
              <DeclineRequest requestId={request.id} />
              <Button onClick={appraise} isLoading={isStarting}>
                Appraise property
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
