/**
 * /property/{propertyId}/appraisal/{appraisalId}/review: the seller reviews the agent of an appraisal
 * they received, or edits their review for 30 days. The invitation e-mail links here; the route guard signs the
 * seller in first. Stars are a radio group (arrow keys); the text is checked with the server's own rules.
 */
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { agentReviewSchema, REVIEW_REMOVAL_REASON_LABELS, REVIEW_TEXT_MAX, type AgentReviewInput } from '@listwise/domain/reviews';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { TextAreaField } from '@/components/form-fields';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { ReviewItem, ReviewPolicyLink } from '@/components/reviews/review-list';
import type { OwnAgentReviewData } from '@/components/reviews/review-fields';
import { StarRatingInput } from '@/components/reviews/star-rating';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ReviewFormQuery, SubmitAgentReviewMutation, UpdateAgentReviewMutation } from '@/features/reviews/api/reviews';

type ReviewFieldValues = AgentReviewInput;
type AgentReview = z.output<typeof agentReviewSchema>;

/** The server's reason for a refused field (its message names the limit), else null: the catalogue text shows for the form. */
function refusedFieldOf(error: CombinedError): { field: keyof ReviewFieldValues; reason: string } | null {
  const extensions = error.graphQLErrors[0]?.extensions ?? {};
  const field = extensions.field;
  const reason = typeof extensions.reason === 'string' ? extensions.reason : null;
  return (field === 'rating' || field === 'text') && reason ? { field, reason } : null;
}

export function ReviewForm({
  appraisalId,
  agentName,
  review,
}: {
  appraisalId: string;
  agentName: string;
  review: OwnAgentReviewData | null;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<OwnAgentReviewData | null>(null);
  const [, submit] = useMutation(SubmitAgentReviewMutation);
  const [, update] = useMutation(UpdateAgentReviewMutation);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFieldValues, unknown, AgentReview>({
    resolver: zodResolver(agentReviewSchema),
    defaultValues: { rating: review?.rating, text: review?.text ?? '' },
  });
  // A hook, not <Controller>: the rating registers before the text, so an error in both focuses the rating, first on the page.
  const {
    field: { ref: ratingRef, value: rating, onChange: onRatingChange },
  } = useController({ control, name: 'rating' });
  const text = useWatch({ control, name: 'text' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = review
      ? await update({ reviewId: review.id, ...values })
      : await submit({ propertyAppraisalId: appraisalId, ...values });
    if (result.error) {
      const refused = refusedFieldOf(result.error);
      if (refused) setError(refused.field, { message: refused.reason });
      else setFormError(errorMessage(result.error));
      return;
    }
    const data = result.data;
    setSaved(data && 'submitAgentReview' in data ? data.submitAgentReview : (data?.updateAgentReview ?? null));
  });

  if (saved) {
    return (
      <div className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5" role="status">
        <h2 className="text-lg font-semibold text-ink">
          {saved.status === 'PUBLISHED' ? 'Thank you: your review is published' : 'Thank you: our team will check your review first'}
        </h2>
        {saved.status === 'HELD' && (
          <p className="text-ink-soft">
            Some reviews are checked before they show, for example when they hold a phone number or a link. We will e-mail you once it is
            checked.
          </p>
        )}
        <ReviewItem review={saved} />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5">
      <StarRatingInput
        ref={ratingRef}
        value={rating ?? null}
        onChange={onRatingChange}
        error={errors.rating?.message}
        label={`Your rating of ${agentName}`}
      />
      <TextAreaField
        label="Your review"
        required
        description="What was it like to work with this agent? At least 30 characters. Your first name and suburb show with it; please leave out phone numbers, e-mail addresses and links."
        maxLength={REVIEW_TEXT_MAX}
        valueLength={[...text].length}
        error={errors.text?.message}
        {...register('text')}
      />
      <FormError message={formError} />
      <Button type="submit" isLoading={isSubmitting}>
        {review ? 'Save changes' : 'Publish review'}
      </Button>
      <ReviewPolicyLink />
    </form>
  );
}

export default function ReviewFormRoute() {
  const { propertyId = '', appraisalId = '' } = useParams();
  const [{ data, error, fetching }] = useQuery({ query: ReviewFormQuery, variables: { id: appraisalId }, requestPolicy: 'network-only' });
  const appraisal = data?.propertyAppraisal;
  const agentName = appraisal?.agent?.name ?? 'your agent';
  useDocumentTitle(`Review ${agentName}`);

  if (!appraisal) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  if (appraisal.property.id !== propertyId) return <NotFoundPage />;
  const review = appraisal.review;
  return <ReviewPage propertyId={propertyId} appraisalId={appraisalId} agentName={agentName} appraisal={appraisal} review={review} />;
}

/**
 * The writer's review as it stands, with 'Edit review' while it is editable (30 days; a review held, or removed for
 * something the writer can mend, too: the edit goes through the checks again); no review yet: the form.
 */
function ReviewPage({
  propertyId,
  appraisalId,
  agentName,
  appraisal,
  review,
}: {
  propertyId: string;
  appraisalId: string;
  agentName: string;
  appraisal: { agent?: { agencyName?: string | null } | null };
  review: OwnAgentReviewData | null;
}) {
  // A review written on this visit stays in its form, which thanks the writer and keeps what they wrote.
  const [isEditing, setIsEditing] = useState(() => !review);
  const canWrite = !review || (review.canEdit && isEditing);

  return (
    <>
      <PageHeader
        title={review ? `Your review of ${agentName}` : `Review ${agentName}`}
        eyebrow={<TextLink to={`/property/${propertyId}/appraisal/${appraisalId}`}>← Back to the appraisal</TextLink>}
        description={appraisal.agent?.agencyName ?? undefined}
      />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-6 pb-12">
        {review?.status === 'REMOVED' && (
          <p className="rounded-xl border border-line bg-white p-5 text-ink">
            Our team removed this review under the review policy
            {review.removalReason ? `: ${REVIEW_REMOVAL_REASON_LABELS[review.removalReason].toLowerCase()}` : ''}.
          </p>
        )}
        {review?.status === 'HELD' && <p className="text-ink-soft">Our team is checking this review before it shows to other sellers.</p>}
        {canWrite ? (
          <ReviewForm appraisalId={appraisalId} agentName={agentName} review={review} />
        ) : (
          review && (
            <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
              <ReviewItem review={review} />
              {review.canEdit ? (
                <div>
                  <Button type="button" width="auto" onClick={() => setIsEditing(true)}>
                    Edit review
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-ink-soft">
                  Reviews can be edited for 30 days after they are written
                  {review.status === 'REMOVED' ? ', unless removed as fake or conflicted' : ''}.
                </p>
              )}
              <ReviewPolicyLink />
            </div>
          )
        )}
      </div>
    </>
  );
}
