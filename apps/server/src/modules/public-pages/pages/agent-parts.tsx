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
  /** The licence number the state's register shows, as the operator checked it. */
  licenceNumber: string;
  licenceVerifiedAt: Date | null;
  figures: PublicAgentFigures;
  /** Published reviews; the average only from REVIEW_SUMMARY_MIN_COUNT of them. */
  reviewSummary: { count: number; averageRating: number | null };
}

const reviewsWord = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** The review summary line, in the words of the app's own (components/reviews/review-summary.tsx). */
export function ReviewSummaryLine({ summary }: { summary: AgentView['reviewSummary'] }) {
  if (summary.count === 0) return <p className="meta">No reviews yet</p>;
  // Below the minimum the count alone: the average waits, and NewOnListwiseNote says when it comes.
  if (summary.averageRating === null) return <p className="meta">{reviewsWord(summary.count)}</p>;
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
  /** The writer's first name, as every review in the app shows it. */
  reviewerFirstName: string;
  rating: number;
  text: string;
  suburbName: string;
  createdAt: Date;
  verifiedSale: boolean;
  reply: string | null;
}

/**
 * Recent published reviews, each with its writer's first name and suburb as everywhere reviews show (never a
 * surname, an address or a contact; the review policy says so).
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
            {review.reviewerFirstName}, {review.suburbName} · {formatDateInZone(review.createdAt)}
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

/**
 * What was checked and when: 'Licence 20123456 checked on the NSW register, 28 Nov 2026'. The date is the check's,
 * never the licence's expiry.
 */
export function licenceCheckText(agent: Pick<AgentView, 'licenceNumber' | 'licenceState' | 'licenceVerifiedAt'>): string {
  const when = agent.licenceVerifiedAt ? `, ${formatDateInZone(agent.licenceVerifiedAt)}` : '';
  return `Licence ${agent.licenceNumber} checked on the ${agent.licenceState} register${when}`;
}

export function AgentTags({ agent }: { agent: AgentView }) {
  const badge = badgeForSales(agent.numberOfEngagements);
  return (
    <p>
      <span className="tag">{licenceCheckText(agent)}</span>
      {badge && (
        <span className="tag">
          {badgeTier(badge).label} badge: {badgeSalesLabel(badge)}
        </span>
      )}
    </p>
  );
}

/** The figures an agent has; the ones still below their minimum are left to NewOnListwiseNote, never shown as a rule. */
export function AgentFigures({ figures }: { figures: PublicAgentFigures }) {
  const record = figures.trackRecord;
  return (
    <dl className="figures">
      <div>
        <dt>Appraisals sent in the last {PUBLIC_FIGURES_WINDOW_MONTHS} months</dt>
        <dd>{figures.appraisalsSentLast12Months}</dd>
      </div>
      {figures.medianResponseMinutes !== null && (
        <div>
          <dt>Median time from request to appraisal</dt>
          <dd>{formatResponseTime(figures.medianResponseMinutes)}</dd>
        </div>
      )}
      {record && (
        <div>
          <dt>Track record</dt>
          <dd>
            {record.salesWithinRange} of {record.confirmedSales} confirmed sales within the appraised range; median deviation{' '}
            {record.medianDeviationPercent}%
          </dd>
        </div>
      )}
    </dl>
  );
}

/** What has not appeared yet, and from when: 'the median time to appraise after 3 appraisals'. */
export function pendingFigures(agent: Pick<AgentView, 'figures' | 'reviewSummary'>): string[] {
  const pending: string[] = [];
  if (agent.figures.medianResponseMinutes === null)
    pending.push(`the median time to appraise after ${MIN_APPRAISALS_FOR_RESPONSE_TIME} appraisals`);
  if (!agent.figures.trackRecord) pending.push(`a track record after ${MIN_SALES_FOR_TRACK_RECORD} confirmed sales`);
  if (agent.reviewSummary.averageRating === null) pending.push(`an average rating after ${REVIEW_SUMMARY_MIN_COUNT} reviews`);
  return pending;
}

const joinAnd = (parts: string[]) => (parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** One muted line where figures are still to come: the agent is new on Listwise, and what appears when. */
export function NewOnListwiseNote({ agent }: { agent: Pick<AgentView, 'name' | 'figures' | 'reviewSummary'> }) {
  const pending = pendingFigures(agent);
  if (!pending.length) return null;
  return (
    <p className="muted">
      {agent.name} is new on Listwise: {joinAnd(pending)} will show here.
    </p>
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
