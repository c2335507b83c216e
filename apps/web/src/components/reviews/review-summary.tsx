/**
 * An agent's review summary, one line for cards and headers: the average of the published ratings and
 * how many there are. Below 3 reviews the server gives no average, and none is shown.
 */
import { REVIEW_SUMMARY_MIN_COUNT } from '@listwise/domain/review-limits';
import { cx } from '@/components/cx';
import { StarRatingDisplay } from '@/components/reviews/star-rating';
import type { ReviewSummaryData } from '@/components/reviews/review-fields';

const reviewsWord = (count: number) => `${count.toLocaleString('en-AU')} ${count === 1 ? 'review' : 'reviews'}`;

export function ReviewSummary({ summary, className }: { summary: ReviewSummaryData | null | undefined; className?: string }) {
  if (!summary || summary.count === 0) return <p className={cx('text-sm text-ink-soft', className)}>No reviews yet</p>;
  if (summary.averageRating === null) {
    return (
      <p className={cx('text-sm text-ink-soft', className)}>
        {reviewsWord(summary.count)} · an average shows from {REVIEW_SUMMARY_MIN_COUNT} reviews
      </p>
    );
  }
  return (
    <p className={cx('flex flex-wrap items-center gap-x-2 text-sm text-ink', className)}>
      <StarRatingDisplay rating={summary.averageRating} />
      <span>
        <span className="font-semibold">{summary.averageRating.toFixed(1)}</span>
        <span className="text-ink-soft"> average from {reviewsWord(summary.count)}</span>
      </span>
    </p>
  );
}
