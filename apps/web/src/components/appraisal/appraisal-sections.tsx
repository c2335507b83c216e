/**
 * The body of an appraisal (spec 000 'Appraisal drafting' summary, the agent's own appraisal on the request page,
 * spec 001 'Appraisal detail'): selling range, marketing fee with its inclusions, commission, comparable sales,
 * video and additional notes. With `editLinks` each section links to its drafting step; read-only without.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCommission, formatSellingRange } from '@listwise/domain/appraisal-display';
import { formatCalendarDate, formatDollars, linkDomain, withScheme } from '@listwise/domain/format';
import type { AppraisalMedia, AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { ChevronIcon } from '@/components/chevron-icon';

export type AppraisalSectionKey = 'sellingRange' | 'fees' | 'comparableSales' | 'video' | 'additionalNotes';

interface AppraisalSectionsProps {
  appraisal: AppraisalValues;
  /** Where each section's Edit link goes (drafting summary only). */
  editLinks?: Partial<Record<AppraisalSectionKey, string>>;
  /** Show the video section (the seller's page shows the video at the top instead). */
  showVideo?: boolean;
  headingLevel?: 2 | 3;
}

function Section({ title, editTo, headingLevel, children }: { title: string; editTo?: string; headingLevel: 2 | 3; children: ReactNode }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="rounded-xl border border-line bg-white p-5">
      <div className="mb-3 flex items-start justify-between gap-4">
        <Heading className="text-lg font-semibold text-ink">{title}</Heading>
        {editTo && (
          <Link
            to={editTo}
            className="rounded-md text-sm font-semibold text-brand-800 underline underline-offset-4"
            aria-label={`Edit ${title}`}
          >
            Edit
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const Missing = () => <p className="text-ink-soft">Not answered yet</p>;

function MarketingInclusions({ inclusions }: { inclusions: string[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  if (!inclusions.length) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((v) => !v)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md text-sm font-semibold text-brand-800"
      >
        {isOpen ? 'Hide inclusions' : `Show inclusions (${inclusions.length})`}
        <ChevronIcon direction="down" isFlipped={isOpen} className="size-4" />
      </button>
      <ul id={id} hidden={!isOpen} className="mt-2 list-disc space-y-1 pl-5 text-ink-soft">
        {inclusions.map((inclusion, i) => (
          <li key={`${i}-${inclusion}`}>{inclusion}</li>
        ))}
      </ul>
    </div>
  );
}

/** The appraisal video: the poster until pressed, then the player with its controls (spec 001). */
export function AppraisalVideo({ video, label }: { video: AppraisalMedia; label: string }) {
  const [isPlaying, setIsPlaying] = useState(false);
  const isReady = video.mainFileReady && !!video.url;
  if (!isReady) return <p className="text-ink-soft">Proccessing video...</p>;
  if (!isPlaying) {
    return (
      <button
        type="button"
        onClick={() => setIsPlaying(true)}
        className="relative block aspect-video w-full overflow-hidden rounded-lg bg-slate-900"
        aria-label={`Play ${label}`}
      >
        {video.thumbnailUrl && <img src={video.thumbnailUrl} alt="" className="size-full object-cover" />}
        <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
          <span className="flex size-16 items-center justify-center rounded-full bg-slate-950/70 text-white">
            <svg viewBox="0 0 20 20" fill="currentColor" className="ml-1 size-7">
              <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
            </svg>
          </span>
        </span>
      </button>
    );
  }
  return (
    <video
      src={video.url!}
      poster={video.thumbnailUrl ?? undefined}
      controls
      autoPlay
      className="aspect-video w-full rounded-lg bg-slate-900"
      aria-label={label}
    />
  );
}

export function AppraisalSections({ appraisal, editLinks = {}, showVideo = false, headingLevel = 2 }: AppraisalSectionsProps) {
  const hasRange = appraisal.sellingRangeMin !== null && appraisal.sellingRangeMax !== null;
  return (
    <div className="flex flex-col gap-4">
      <Section title="Estimated Selling Range" editTo={editLinks.sellingRange} headingLevel={headingLevel}>
        {hasRange ? (
          <p className="text-2xl font-bold text-ink">{formatSellingRange(appraisal.sellingRangeMin, appraisal.sellingRangeMax)}</p>
        ) : (
          <Missing />
        )}
      </Section>

      <Section title="Marketing Fee" editTo={editLinks.fees} headingLevel={headingLevel}>
        {appraisal.marketingFee ? (
          <>
            <p className="text-xl font-semibold text-ink">
              {formatDollars(appraisal.marketingFee.costDollars)} <span className="text-base font-normal text-ink-soft">(one-time)</span>
            </p>
            <MarketingInclusions inclusions={appraisal.marketingFee.marketingInclusions} />
          </>
        ) : (
          <Missing />
        )}
      </Section>

      <Section title="Commission" editTo={editLinks.fees} headingLevel={headingLevel}>
        {appraisal.commission ? (
          <p className="text-xl font-semibold text-ink">
            {formatCommission(appraisal.commission)}{' '}
            <span className="ml-1 text-base font-normal text-ink-soft">
              {appraisal.commission.commissionType === 'PERCENTAGE' ? 'of the sale price' : 'flat fee'}
            </span>
          </p>
        ) : (
          <Missing />
        )}
      </Section>

      <Section title="Comparable Sales" editTo={editLinks.comparableSales} headingLevel={headingLevel}>
        {appraisal.comparableSales.length ? (
          <ul className="divide-y divide-line">
            {appraisal.comparableSales.map((sale) => (
              <li key={sale.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                <div>
                  <p className="font-medium text-ink">{sale.address}</p>
                  <p className="text-ink-soft">
                    Sold for {formatDollars(sale.salePriceDollars)}
                    {sale.saleDate && ` on ${formatCalendarDate(sale.saleDate)}`}
                  </p>
                </div>
                {sale.url && (
                  <a
                    href={withScheme(sale.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {linkDomain(sale.url) ? `View on ${linkDomain(sale.url)}` : 'View'}
                    <span className="sr-only"> {sale.address} (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">No comparable sales</p>
        )}
      </Section>

      {showVideo && (
        <Section title="Video" editTo={editLinks.video} headingLevel={headingLevel}>
          {appraisal.appraisalVideo ? (
            <AppraisalVideo video={appraisal.appraisalVideo} label="Appraisal video" />
          ) : (
            <p className="text-ink-soft">No video</p>
          )}
        </Section>
      )}

      <Section title="Additional Notes" editTo={editLinks.additionalNotes} headingLevel={headingLevel}>
        {appraisal.additionalNotes ? <p className="whitespace-pre-line leading-7 text-ink">{appraisal.additionalNotes}</p> : <Missing />}
      </Section>
    </div>
  );
}
