/**
 * /property/{propertyId}/compare: the seller's appraisals side by side — a column per appraisal on
 * desktop, a card on phones — with each offer's fees and estimated net proceeds at a sale price the seller moves
 * (starting at the midpoint of all ranges), sorted by net proceeds, midpoint or total fee; a range chart on one
 * price axis with the seller's own estimate behind it (and a table of the same for screen readers). Prints on one
 * A4 page.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from 'urql';
import { propertyAddressLine } from '@listwise/domain/address-line';
import { ESTIMATED_SALE_VALUE_BOUNDS, MAX_COMPARISON_SALE_PRICE_DOLLARS } from '@listwise/domain/appraisal-cost';
import { formatCommission, formatSellingRange } from '@listwise/domain/appraisal-display';
import { ESTIMATED_SALE_VALUE_RANGE_LABELS } from '@listwise/domain/enums';
import { formatCents, formatDate, formatDollars, formatNumber } from '@listwise/domain/format';
import { dollarsToCents } from '@listwise/domain/pricing';
import { LicenceVerifiedMark } from '@/components/agent-profile/licence-mark';
import { TrackRecordSummary } from '@/components/agent-profile/track-record';
import { ReviewPolicyLink } from '@/components/reviews/review-list';
import { ReviewSummary } from '@/components/reviews/review-summary';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { HowListwiseMakesMoney } from '@/components/how-listwise-makes-money';
import { LogoMark } from '@/components/logo';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  AppraisalComparisonQuery,
  AppraisalCostsQuery,
  type ComparisonProperty,
  type CostAt,
} from '@/features/seller-appraisals/api/appraisal-comparison';
import { AgentBadge } from '@/features/seller-appraisals/components/agent-badge';
import { RangeChart } from '@/features/seller-appraisals/components/range-chart';
import {
  SORT_LABELS,
  costOf,
  keySentenceParts,
  listOfNames,
  midpointOf,
  priceAxis,
  sortRows,
  type ComparedRow,
  type ComparisonSort,
} from '@/features/seller-appraisals/lib/comparison';

export default function CompareAppraisalsRoute() {
  useDocumentTitle('Compare appraisals');
  const { propertyId = '' } = useParams();
  const [{ data, error, fetching }] = useQuery({
    query: AppraisalComparisonQuery,
    variables: { id: propertyId },
    requestPolicy: 'cache-and-network',
  });
  if (errorCode(error) === 'not_found') return <NotFoundPage />;
  if (!data?.property) {
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  return <Comparison property={data.property} />;
}

/** The value after it has stopped changing for `ms` (the API is asked once the slider settles). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const address = (p: ComparisonProperty) => propertyAddressLine(p);

function Comparison({ property }: { property: ComparisonProperty }) {
  const comparison = property.appraisalComparison;
  const appraisals = property.propertyAppraisals;
  const backLink = (
    <TextLink to={`/property/${property.id}#appraisals`} className="print:hidden">
      ← Back to property
    </TextLink>
  );

  if (!comparison || appraisals.length < 2) {
    return (
      <>
        <PageHeader title="Compare appraisals" eyebrow={backLink} />
        <p className="mx-auto w-full max-w-page-header rounded-xl border border-dashed border-line bg-white px-5 py-8 text-center text-ink-soft">
          The comparison opens once two or more appraisals have arrived.
        </p>
      </>
    );
  }
  return <ComparisonBody property={property} comparison={comparison} backLink={backLink} />;
}

function ComparisonBody({
  property,
  comparison,
  backLink,
}: {
  property: ComparisonProperty;
  comparison: NonNullable<ComparisonProperty['appraisalComparison']>;
  backLink: React.ReactNode;
}) {
  const priceId = useId();
  const sliderId = useId();
  const sortId = useId();
  const [price, setPrice] = useState(comparison.midpointDollars);
  // Shown with thousands separators, as every other price on the page; typed text is kept as typed.
  const [priceText, setPriceText] = useState(formatNumber(comparison.midpointDollars));
  const [sort, setSort] = useState<ComparisonSort>('netProceeds');
  const settledPrice = useSettled(price);
  // The day shown on paper: the day the page was opened is the day it is printed, near enough, and stays fixed.
  const [printedOn] = useState(() => new Date());

  // The API's figures at the settled price; until they arrive the same domain rule answers locally.
  const [{ data: costs, operation: costsOperation }] = useQuery({
    query: AppraisalCostsQuery,
    variables: { id: property.id, salePriceDollars: settledPrice },
  });
  const serverCosts = useMemo(() => {
    const map = new Map<string, CostAt>();
    // Only figures answered for this very price: while the new price's answer is on its way, urql still holds the
    // last price's, and showing those under the new price's heading flipped the columns back for a moment.
    const answeredFor = costsOperation?.variables.salePriceDollars;
    if (settledPrice === price && answeredFor === price) for (const a of costs?.property.propertyAppraisals ?? []) map.set(a.id, a.costAt);
    return map;
  }, [costs, costsOperation, settledPrice, price]);

  const estimate = property.estimatedSaleValueRange ? ESTIMATED_SALE_VALUE_BOUNDS[property.estimatedSaleValueRange] : null;
  // The chart and the slider take in the agents' ranges and the seller's own estimate (an open top band shows a
  // fifth above its floor), so the seller can try their own figure and see the two against each other.
  const chartAxis = priceAxis(
    estimate
      ? [comparison.rangeMinDollars, comparison.rangeMaxDollars, estimate.minDollars, estimate.maxDollars ?? estimate.minDollars * 1.2]
      : [comparison.rangeMinDollars, comparison.rangeMaxDollars],
  );
  const sliderMin = Math.floor(chartAxis.start / 1000) * 1000;
  const sliderMax = Math.ceil(chartAxis.end / 1000) * 1000;

  const rows: ComparedRow[] = sortRows(
    property.propertyAppraisals.map((appraisal) => {
      const server = serverCosts.get(appraisal.id);
      const cost = server
        ? {
            commissionCents: dollarsToCents(server.commissionDollars),
            marketingFeeCents: dollarsToCents(server.marketingFeeDollars),
            totalFeeCents: dollarsToCents(server.totalFeeDollars),
            netProceedsCents: dollarsToCents(server.netProceedsDollars),
          }
        : costOf(appraisal, price);
      return { appraisal, cost, midpointDollars: midpointOf(appraisal) };
    }),
    sort,
  );

  const updatePrice = (text: string) => {
    setPriceText(text);
    const digits = text.replace(/[$,\s]/g, '');
    if (!/^\d+$/.test(digits)) return;
    const value = Number(digits);
    if (value <= MAX_COMPARISON_SALE_PRICE_DOLLARS) setPrice(value);
  };
  const setBoth = (value: number) => {
    setPrice(value);
    setPriceText(formatNumber(value));
  };
  const isPriceInvalid =
    !/^\d+$/.test(priceText.replace(/[$,\s]/g, '')) || Number(priceText.replace(/[$,\s]/g, '')) > MAX_COMPARISON_SALE_PRICE_DOLLARS;
  const best = keySentenceParts(rows);

  return (
    <div className="compare-page">
      {/* On paper the page carries the Listwise mark and the day it was printed. */}
      <div className="mb-3 hidden items-center justify-between gap-4 border-b border-line pb-2 print:flex">
        <span className="inline-flex items-center gap-2">
          <LogoMark />
        </span>
        <p className="text-sm text-ink-soft">Printed {formatDate(printedOn)}</p>
      </div>
      {/* On paper the heading lines up with the rest (its screen width limit centred it, an indent on wide paper). */}
      <PageHeader
        title="Compare appraisals"
        className="print:mx-0 print:max-w-none"
        eyebrow={backLink}
        description={address(property)}
        actions={
          <Button variant="secondary" width="auto" onClick={() => window.print()} className="print:hidden">
            Print
          </Button>
        }
      />
      <div className="mx-auto flex w-full max-w-page flex-col gap-6 print:gap-3">
        <section
          aria-labelledby="price-title"
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 print:border-0 print:p-0"
        >
          <h2 id="price-title" className="text-lg font-semibold text-ink">
            If it sells for {formatDollars(price)}
          </h2>
          <div className="flex flex-col gap-4 md:flex-row md:items-end print:hidden">
            <div className="flex flex-col gap-1 md:w-64 print:hidden">
              <label htmlFor={priceId} className="font-medium text-ink">
                Sale price (dollars)
              </label>
              <input
                id={priceId}
                inputMode="numeric"
                value={priceText}
                onChange={(event) => updatePrice(event.target.value)}
                aria-invalid={isPriceInvalid || undefined}
                aria-describedby={`${priceId}-hint`}
                className="min-h-11 rounded-lg border border-slate-400 px-3 text-ink"
              />
              <p id={`${priceId}-hint`} className={isPriceInvalid ? 'text-sm text-danger' : 'text-sm text-ink-soft'}>
                {isPriceInvalid
                  ? 'Enter whole dollars, up to $1,000,000,000'
                  : `Starts at the midpoint of all ranges, ${formatDollars(comparison.midpointDollars)}`}
              </p>
            </div>
            <div className="flex flex-1 flex-col gap-1 print:hidden">
              <label htmlFor={sliderId} className="font-medium text-ink">
                Move the sale price
              </label>
              <input
                id={sliderId}
                type="range"
                min={sliderMin}
                max={sliderMax}
                step={1000}
                value={Math.min(sliderMax, Math.max(sliderMin, price))}
                aria-valuetext={formatDollars(price)}
                onChange={(event) => setBoth(Number(event.target.value))}
                className="min-h-11 w-full accent-brand-700"
              />
              <div className="flex justify-between text-sm text-ink-soft" aria-hidden="true">
                <span>{formatDollars(sliderMin)}</span>
                <span>{formatDollars(sliderMax)}</span>
              </div>
            </div>
            <Button variant="secondary" width="auto" onClick={() => setBoth(comparison.midpointDollars)} className="print:hidden">
              Reset to midpoint
            </Button>
          </div>
          <div className="flex flex-col gap-1 md:w-80 print:hidden">
            <label htmlFor={sortId} className="font-medium text-ink">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as ComparisonSort)}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <p aria-live="polite" className="text-ink">
            At {formatDollars(price)}, the most left in your pocket is <strong>{formatCents(best.netProceedsCents)}</strong>
            {best.agentNames.length ? ` with ${listOfNames(best.agentNames)}` : ''}.
          </p>
        </section>

        <section aria-labelledby="offers-title" className="flex flex-col gap-3">
          <h2 id="offers-title" className="text-xl font-semibold text-ink">
            {rows.length} appraisals side by side
          </h2>
          <ol className="compare-columns grid grid-cols-1 gap-4 md:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
            {rows.map((row, index) => (
              <OfferColumn key={row.appraisal.id} row={row} rank={index + 1} propertyId={property.id} />
            ))}
          </ol>
          <div className="print:hidden">
            <ReviewPolicyLink />
          </div>
        </section>

        <RangeChart
          appraisals={rows.map((r) => r.appraisal)}
          axis={chartAxis}
          estimate={estimate}
          estimateLabel={property.estimatedSaleValueRange ? ESTIMATED_SALE_VALUE_RANGE_LABELS[property.estimatedSaleValueRange] : null}
          price={price}
        />

        <div className="flex flex-col gap-2">
          {/* On screen, where the seller chooses; the one-page print keeps the figures and the agents' names. */}
          <HowListwiseMakesMoney className="print:hidden" />
          <p className="text-sm leading-6 text-ink-soft">
            Estimated net proceeds are the sale price less the agent's commission (percentages include GST and apply to the sale price) and
            marketing fee. They leave out other selling costs such as conveyancing, and fees may be negotiated with the agent.
          </p>
        </div>
      </div>
    </div>
  );
}

function OfferColumn({ row, rank, propertyId }: { row: ComparedRow; rank: number; propertyId: string }) {
  const { appraisal, cost } = row;
  const agent = appraisal.agent;
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="compare-column flex flex-col gap-3 rounded-xl border border-line bg-white p-5 break-inside-avoid"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-800">#{rank}</p>
          <h3 id={titleId} className="text-lg font-semibold break-words text-ink">
            {agent?.name ?? 'Agent'}
          </h3>
          {agent?.agencyName && <p className="text-ink-soft">{agent.agencyName}</p>}
        </div>
      </div>
      {agent?.badge && (
        <div>
          <AgentBadge badge={agent.badge} />
        </div>
      )}
      <LicenceVerifiedMark licence={agent?.licence} className="self-start" />
      <TrackRecordSummary record={agent?.trackRecord ?? null} />
      <ReviewSummary summary={agent?.reviewSummary} className="print:hidden" />
      <dl className="flex flex-col gap-2 border-t border-slate-100 pt-3">
        <Figure label="Selling range" value={formatSellingRange(appraisal.sellingRangeMin, appraisal.sellingRangeMax)} />
        <Figure
          label="Commission"
          value={`${appraisal.commission ? formatCommission(appraisal.commission) : 'Not given'}${
            appraisal.commission?.commissionType === 'PERCENTAGE' ? ` = ${formatCents(cost.commissionCents)}` : ''
          }`}
        />
        <Figure label="Marketing fee" value={formatCents(cost.marketingFeeCents)} />
        <Figure label="Total fees" value={formatCents(cost.totalFeeCents)} />
        <div className="mt-1 rounded-lg bg-brand-50 px-3 py-2">
          <dt className="text-sm font-medium text-brand-900">Estimated net proceeds</dt>
          <dd className="text-2xl font-bold text-ink" data-testid="net-proceeds">
            {formatCents(cost.netProceedsCents)}
          </dd>
        </div>
      </dl>
      <ButtonLink to={`/property/${propertyId}/appraisal/${appraisal.id}`} variant="secondary" className="mt-auto print:hidden">
        View appraisal<span className="sr-only"> from {agent?.name ?? 'the agent'}</span>
      </ButtonLink>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right font-medium text-ink">{value}</dd>
    </div>
  );
}
