/**
 * Review lists: an agent's published reviews, newest first, each with its stars, text (as text, never
 * HTML), the writer's first name and suburb, 'Verified sale', 'Edited' and the agent's reply; every list links to
 * the public review policy. `ReviewList` shows reviews it is given (with a slot for the agent's own controls);
 * `AgentReviewsSection` fetches an agent's reviews itself, page by page, for any page that shows an agent.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { graphql } from '@/generated/graphql';
import { formatDate } from '@listwise/domain/format';
import { REVIEW_POLICY_PATH } from '@listwise/domain/review-limits';
import { Button } from '@/components/button';
import { cx } from '@/components/cx';
import { FormError } from '@/components/form-error';
import { type AgentReviewData, type ReviewSummaryData } from '@/components/reviews/review-fields';
import { ReviewSummary } from '@/components/reviews/review-summary';
import { StarRatingDisplay } from '@/components/reviews/star-rating';
import { TextLink } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';

export function ReviewPolicyLink({ className }: { className?: string }) {
  return (
    <p className={cx('text-sm text-ink-soft', className)}>
      Only sellers who received an appraisal through Listwise can review, and every one of them is asked.{' '}
      <TextLink to={REVIEW_POLICY_PATH} reloadDocument>
        How reviews work
      </TextLink>
    </p>
  );
}

export function ReviewItem({ review, children }: { review: AgentReviewData; children?: ReactNode }) {
  return (
    <article className="flex flex-col gap-2 border-t border-line py-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRatingDisplay rating={review.rating} />
        {review.verifiedSale && (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Verified sale</span>
        )}
      </div>
      <p className="leading-7 break-words whitespace-pre-line text-ink">{review.text}</p>
      <p className="text-sm text-ink-soft">
        {review.reviewerFirstName}, {review.suburbName} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.edited && ' · Edited'}
      </p>
      {review.reply && (
        <div className="ml-4 flex flex-col gap-1 border-l-4 border-brand-100 pl-4">
          <p className="text-sm font-semibold text-ink">Reply from the agent{review.reply.edited && ' (edited)'}</p>
          <p className="leading-7 break-words whitespace-pre-line text-ink">{review.reply.text}</p>
        </div>
      )}
      {children}
    </article>
  );
}

interface ReviewListProps {
  reviews: AgentReviewData[];
  emptyText?: string;
  /** The agent's own controls under each review (reply, report). */
  renderActions?: (review: AgentReviewData) => ReactNode;
}

export function ReviewList({ reviews, emptyText = 'No reviews yet.', renderActions }: ReviewListProps) {
  return (
    <div className="flex flex-col gap-3">
      {reviews.length === 0 ? (
        <p className="text-ink-soft">{emptyText}</p>
      ) : (
        <ul className="flex flex-col">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review}>{renderActions?.(review)}</ReviewItem>
            </li>
          ))}
        </ul>
      )}
      <ReviewPolicyLink />
    </div>
  );
}

export const AgentReviewsQuery = graphql(`
  query AgentReviews($agentId: ID!, $first: Int!, $after: String) {
    agentReviews(agentId: $agentId, first: $first, after: $after) {
      edges {
        node {
          ...AgentReviewFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const PAGE = 5;

interface AgentReviewsSectionProps {
  agentId: string;
  agentName: string | null;
  summary: ReviewSummaryData | null | undefined;
  /** The section's heading level where it sits (h2 on a page of its own, h3 inside a card). */
  headingLevel?: 2 | 3;
  className?: string;
}

/** An agent's summary and published reviews, 'Show more reviews' loading the next page. */
export function AgentReviewsSection({ agentId, agentName, summary, headingLevel = 2, className }: AgentReviewsSectionProps) {
  const [after, setAfter] = useState<string | null>(null);
  const [{ data, error, fetching }] = useQuery({ query: AgentReviewsQuery, variables: { agentId, first: PAGE, after } });
  const connection = data?.agentReviews;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `reviews-of-${agentId}`;
  return (
    <section aria-labelledby={headingId} className={cx('flex flex-col gap-3', className)}>
      <Heading id={headingId} className={cx('font-semibold text-ink', headingLevel === 2 ? 'text-lg' : 'text-base')}>
        Reviews of {agentName ?? 'this agent'}
      </Heading>
      <ReviewSummary summary={summary} />
      {error && <FormError message={errorMessage(error)} />}
      {connection && <ReviewList reviews={connection.edges.map((e) => e.node)} emptyText="No seller has reviewed this agent yet." />}
      {connection?.pageInfo.hasNextPage && (
        <Button variant="secondary" width="auto" isLoading={fetching} onClick={() => setAfter(connection.pageInfo.endCursor)}>
          Show more reviews
        </Button>
      )}
    </section>
  );
}
