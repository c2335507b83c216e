/**
 * Reviews: held reviews, reviews an agent reported and reviews whose reply is held, oldest first. The operator
 * publishes a review (a reported review stays published and its reports are answered) or removes it with a reason
 * from the published list, never for being negative; the agent's reply is decided on the same way, on its own.
 * Each decision lands in the audit log; a removal is e-mailed to the writer.
 */
import { useState } from 'react';
import {
  REVIEW_HOLD_REASON_LABELS,
  REVIEW_MESSAGES,
  REVIEW_POLICY_PATH,
  REVIEW_REPORT_REASON_LABELS,
  type ReviewReportReason,
} from '@listwise/domain/reviews';
import { ReviewItem } from '@/components/reviews/review-list';
import { TextLink } from '@/components/text-link';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { AdminReviewsToModerateQuery, useModerateAgentReview, type ReviewToModerate } from '@/features/admin/reviews/api';
import { RemoveWithReason } from '@/features/admin/reviews/remove-with-reason';
import { ReviewReply } from '@/features/admin/reviews/review-reply';
import { ConfirmAction, Fact, Facts, ItemCard, Pill } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';

/** 'Not about the agent's service (2 reports)': each reason once, with how many agents' reports gave it. */
function reportSummary(reasons: ReviewReportReason[]): string[] {
  const counts = new Map<ReviewReportReason, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => `${REVIEW_REPORT_REASON_LABELS[reason]}${count > 1 ? ` (${count} reports)` : ''}`);
}

function ReviewCard({ review, onDecided }: { review: ReviewToModerate; onDecided: () => void }) {
  const [, moderate] = useModerateAgentReview();
  const agentName = review.agent?.name ?? 'the agent';
  const isHeld = review.status === 'HELD';
  const reports = reportSummary(review.reportReasons);
  // Listed only for its held reply, a published review has nothing of its own to decide.
  const awaitsDecision = isHeld || reports.length > 0;
  return (
    <ItemCard
      title={`Review of ${agentName}${review.agent?.agencyName ? `, ${review.agent.agencyName}` : ''}`}
      aside={
        awaitsDecision && (
          <>
            <ConfirmAction
              label={isHeld ? 'Publish' : 'Keep published'}
              title={isHeld ? `Publish this review of ${agentName}?` : `Keep this review of ${agentName} published?`}
              confirmLabel={isHeld ? 'Publish review' : 'Keep it published'}
              variant="primary"
              onConfirm={async () => {
                const result = await moderate({ reviewId: review.id, publish: true });
                if (result.error) return errorMessage(result.error);
                showToast(isHeld ? 'The review is published.' : 'The review stays published; its reports are answered.', {
                  tone: 'success',
                });
                onDecided();
                return null;
              }}
            >
              {isHeld
                ? `The review shows on ${agentName}'s reviews at once. ${review.reviewerFirstName} and the agent are e-mailed.`
                : `The reports are answered and the review stays where it is. ${review.reviewerFirstName} is e-mailed that it stays published.`}
            </ConfirmAction>
            <RemoveWithReason
              label="Remove"
              title={`Remove this review of ${agentName}?`}
              confirmLabel="Remove review"
              told="The reviewer"
              requiredMessage={REVIEW_MESSAGES.removalReasonRequired}
              onRemove={async (reason) => {
                const result = await moderate({ reviewId: review.id, publish: false, reason });
                if (result.error) return errorMessage(result.error);
                showToast(`The review was removed; ${review.reviewerFirstName} has been e-mailed the reason.`, { tone: 'success' });
                onDecided();
                return null;
              }}
            />
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <Facts columns={2}>
          <Fact label="Status">{isHeld ? <Pill tone="warn">Held</Pill> : <Pill tone="good">Published</Pill>}</Fact>
          <Fact label="Agent">{agentName}</Fact>
          {review.holdReasons.length > 0 && (
            <Fact label="Why it was held" isWide>
              <ul className="list-disc pl-5 font-normal">
                {review.holdReasons.map((reason) => (
                  <li key={reason}>{REVIEW_HOLD_REASON_LABELS[reason]}</li>
                ))}
              </ul>
            </Fact>
          )}
          {reports.length > 0 && (
            <Fact label="Reported by the agent" isWide>
              <ul className="list-disc pl-5 font-normal">
                {reports.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Fact>
          )}
        </Facts>
        <div className="rounded-lg bg-surface p-3 md:p-4">
          {/* The reply shows below with its own decision. */}
          <ReviewItem review={{ ...review, reply: null }} />
        </div>
        <ReviewReply review={review} agentName={agentName} onDecided={onDecided} />
      </div>
    </ItemCard>
  );
}

export function ReviewsPanel() {
  const [version, setVersion] = useState(0);
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="reviews-heading" className="text-xl font-semibold text-ink">
          Reviews to moderate
        </h2>
        <p className="mt-1 text-ink-soft">
          Reviews held by a rule of the{' '}
          <TextLink to={REVIEW_POLICY_PATH} reloadDocument>
            review policy
          </TextLink>
          , published reviews an agent reported, and agents&apos; replies held by the same rules. Oldest first.
        </p>
      </div>
      <PagedList
        key={version}
        label="Reviews to moderate"
        query={AdminReviewsToModerateQuery}
        connectionOf={(data) => data.adminReviewsToModerate}
        keyOf={(node) => node.id}
        emptyText="No review is waiting for a decision."
        renderItem={(node) => <ReviewCard review={node} onDecided={() => setVersion((v) => v + 1)} />}
      />
    </section>
  );
}
