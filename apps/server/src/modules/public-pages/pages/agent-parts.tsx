import { badgeForSales, badgeSalesLabel, badgeTier } from '@listwise/domain/badges';
import { formatDateInZone } from '@listwise/domain/format';
import {
  MIN_APPRAISALS_FOR_RESPONSE_TIME,
  MIN_SALES_FOR_TRACK_RECORD,
  PUBLIC_FIGURES_WINDOW_MONTHS,
  formatResponseTime,
  type PublicAgentFigures,
} from '@listwise/domain/public-pages';
import type { MoneyDisclosure } from '@listwise/domain/disclosure';
import { REVIEW_RATING_MAX, REVIEW_SUMMARY_MIN_COUNT } from '@listwise/domain/reviews';

/**
 * What a public page shows of an agent: only the profile the agent wrote, the licence check and Listwise's own
 * figures. Nothing here can name a seller, an address or a price of a property (the figures are counts, a time and
 * percentages), which the page tests hold it to.
 */

export interface AgentView {
  name: string;
  path: string;
  photoUrl: string | null;
  agencyName: string;
  numberOfEngagements: number;
  licenceState: string;
  licenceVerifiedAt: Date | null;
  figures: PublicAgentFigures;
  /** Published reviews; the average only from REVIEW_SUMMARY_MIN_COUNT of them. */
  reviewSummary: { count: number; averageRating: number | null };
}

const reviewsWord = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** The review summary line, in the words of the app's own (components/reviews/review-summary.tsx). */
export function ReviewSummaryLine({ summary }: { summary: AgentView['reviewSummary'] }) {
  if (summary.count === 0) return <p className="meta">No reviews yet</p>;
  if (summary.averageRating === null) {
    return (
      <p className="meta">
        {reviewsWord(summary.count)} · an average shows from {REVIEW_SUMMARY_MIN_COUNT} reviews
      </p>
    );
  }
  return (
    <p className="rating">
      <span aria-hidden="true" className="stars">
        {'★'.repeat(Math.round(summary.averageRating))}
        {'☆'.repeat(REVIEW_RATING_MAX - Math.round(summary.averageRating))}
      </span>{' '}
      <strong>{summary.averageRating.toFixed(1)}</strong> out of {REVIEW_RATING_MAX}, average from {reviewsWord(summary.count)}
    </p>
  );
}

export interface PublicReview {
  id: string;
  rating: number;
  text: string;
  suburbName: string;
  createdAt: Date;
  verifiedSale: boolean;
  reply: string | null;
}

/**
 * Recent published reviews. The writer is 'A seller in {suburb}': the public pages never name a seller,
 * though the app shows reviewers' first names to signed-in sellers.
 */
export function ReviewList({ reviews, agentName }: { reviews: PublicReview[]; agentName: string }) {
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id} className="panel">
          <p className="rating">
            <span aria-hidden="true" className="stars">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(REVIEW_RATING_MAX - review.rating)}
            </span>{' '}
            <span>
              {review.rating} out of {REVIEW_RATING_MAX}
            </span>
          </p>
          <p className="meta">
            A seller in {review.suburbName}, {formatDateInZone(review.createdAt)}
            {review.verifiedSale && ' · Verified sale'}
          </p>
          <p className="review-text">{review.text}</p>
          {review.reply && (
            <blockquote>
              <p className="meta">Reply from {agentName}</p>
              <p>{review.reply}</p>
            </blockquote>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AgentTags({ agent }: { agent: AgentView }) {
  const badge = badgeForSales(agent.numberOfEngagements);
  return (
    <p>
      <span className="tag">
        Licence verified{agent.licenceVerifiedAt ? ` ${formatDateInZone(agent.licenceVerifiedAt)}` : ''} ({agent.licenceState})
      </span>
      {badge && (
        <span className="tag">
          {badgeTier(badge).label} badge: {badgeSalesLabel(badge)}
        </span>
      )}
    </p>
  );
}

export function AgentFigures({ figures }: { figures: PublicAgentFigures }) {
  const record = figures.trackRecord;
  return (
    <dl className="figures">
      <div>
        <dt>Appraisals sent in the last {PUBLIC_FIGURES_WINDOW_MONTHS} months</dt>
        <dd>{figures.appraisalsSentLast12Months}</dd>
      </div>
      <div>
        <dt>Median time from request to appraisal</dt>
        <dd>
          {figures.medianResponseMinutes === null
            ? `Shown from ${MIN_APPRAISALS_FOR_RESPONSE_TIME} appraisals`
            : formatResponseTime(figures.medianResponseMinutes)}
        </dd>
      </div>
      <div>
        <dt>Track record</dt>
        <dd>
          {record
            ? `${record.salesWithinRange} of ${record.confirmedSales} confirmed sales within the appraised range; median deviation ${record.medianDeviationPercent}%`
            : `Shown from ${MIN_SALES_FOR_TRACK_RECORD} confirmed sales`}
        </dd>
      </div>
    </dl>
  );
}

export function AgentPhoto({ agent, large, eager }: { agent: AgentView; large?: boolean; eager?: boolean }) {
  const size = large ? 112 : 96;
  if (!agent.photoUrl) return <span className={large ? 'photo-lg' : 'photo'} aria-hidden="true" />;
  return (
    <img
      className={large ? 'photo-lg' : undefined}
      src={agent.photoUrl}
      alt={`Photo of ${agent.name}`}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** The short form of "How Listwise makes money", linking to the full page. */
export function ShortDisclosure({ disclosure }: { disclosure: MoneyDisclosure }) {
  return (
    <aside className="disclosure" aria-label={disclosure.heading}>
      <p>
        <strong>{disclosure.heading}.</strong> {disclosure.paragraphs.join(' ')} <a href="/how-we-rank">{disclosure.linkText}</a>
      </p>
    </aside>
  );
}
