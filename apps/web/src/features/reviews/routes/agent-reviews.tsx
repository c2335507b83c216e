/**
 * /agent/reviews: the agent's published reviews, newest first, each with its one reply (written or
 * edited here) and a report with a reason from the fixed list. A report does not hide the review.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { REVIEW_REPLY_MAX, REVIEW_REPORT_REASON_LABELS, ReviewReportReason, reviewReplySchema } from '@listwise/domain/reviews';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { SelectField, TextAreaField } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { ReviewList } from '@/components/reviews/review-list';
import type { AgentReviewData } from '@/components/reviews/review-fields';
import { PageSpinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MyAgentReviewsQuery, ReplyToAgentReviewMutation, ReportAgentReviewMutation } from '@/features/reviews/api/reviews';

const REPORT_OPTIONS = Object.values(ReviewReportReason).map((value) => ({ value, label: REVIEW_REPORT_REASON_LABELS[value] }));

function ReviewActions({ review }: { review: AgentReviewData }) {
  const [mode, setMode] = useState<'idle' | 'reply' | 'report'>('idle');
  const [text, setText] = useState(review.reply?.text ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [replyState, reply] = useMutation(ReplyToAgentReviewMutation);
  const [reportState, report] = useMutation(ReportAgentReviewMutation);

  const onReply = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplySchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    const result = await reply({ reviewId: review.id, text: parsed.data.text });
    if (result.error) return setError(errorMessage(result.error));
    setError(null);
    setMode('idle');
    const status = result.data?.replyToAgentReview.reply?.status;
    showToast(
      status === 'HELD'
        ? "Your reply waits for our team: it seems to hold contact details or the reviewer's full name or street"
        : 'Your reply is published',
      { tone: 'success' },
    );
  };
  const onReport = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError('Choose a reason for the report');
    const result = await report({ reviewId: review.id, reason: reason as ReviewReportReason });
    if (result.error) return setError(errorMessage(result.error));
    setError(null);
    setMode('idle');
    showToast('Thank you: our team will look at this review', { tone: 'success' });
  };

  if (mode === 'reply') {
    return (
      <form onSubmit={onReply} noValidate className="flex flex-col gap-3">
        <TextAreaField
          label={review.reply ? 'Edit your reply' : 'Your reply'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REVIEW_REPLY_MAX}
          valueLength={[...text].length}
          error={error ?? undefined}
          rows={4}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" width="auto" isLoading={replyState.fetching}>
            Publish reply
          </Button>
          <Button type="button" variant="ghost" width="auto" onClick={() => setMode('idle')}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  if (mode === 'report') {
    return (
      <form onSubmit={onReport} noValidate className="flex flex-col gap-3">
        <SelectField
          label="Why should our team look at this review?"
          options={REPORT_OPTIONS}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error ?? undefined}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" width="auto" isLoading={reportState.fetching}>
            Report review
          </Button>
          <Button type="button" variant="ghost" width="auto" onClick={() => setMode('idle')}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="secondary" width="auto" onClick={() => setMode('reply')}>
        {review.reply ? 'Edit reply' : 'Reply'}
      </Button>
      <Button variant="ghost" width="auto" onClick={() => setMode('report')}>
        Report
      </Button>
      <FormError message={error} />
    </div>
  );
}

export default function AgentReviewsRoute() {
  useDocumentTitle('Your reviews');
  const [after, setAfter] = useState<string | null>(null);
  const [{ data, error, fetching }] = useQuery({
    query: MyAgentReviewsQuery,
    variables: { first: 10, after },
    requestPolicy: 'cache-and-network',
  });
  const connection = data?.myAgentReviews;
  return (
    <>
      <PageHeader
        title="Your reviews"
        description="Every seller who received your appraisal is asked to review you. You may publish one reply to each review."
      />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-4 pb-12">
        {error && <FormError message={errorMessage(error)} />}
        {!connection && !error && <PageSpinner />}
        {connection && (
          <div className="rounded-xl border border-line bg-white p-5">
            <ReviewList
              reviews={connection.edges.map((e) => e.node)}
              emptyText="No seller has reviewed you yet."
              renderActions={(review) => <ReviewActions review={review} />}
            />
          </div>
        )}
        {connection?.pageInfo.hasNextPage && (
          <Button variant="secondary" width="auto" isLoading={fetching} onClick={() => setAfter(connection.pageInfo.endCursor)}>
            Show more reviews
          </Button>
        )}
      </div>
    </>
  );
}
