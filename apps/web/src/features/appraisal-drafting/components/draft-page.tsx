/**
 * The frame of every drafting page (spec 000 'Appraisal drafting'): loads the request and its draft, shows the
 * not-found page for a missing request, sends the agent to the request page when there is no draft, and gives
 * the page its title, the step count ('Step 1 of 5') and the property it is about. `StepFooter` is the Back /
 * Next / 'Skip to End' bar of the steps.
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { formatStreetAddress, suburbLabel } from '@listwise/domain/address-line';
import { percentOf } from '@listwise/domain/numbers';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { TextLink } from '@/components/text-link';
import { errorCode, errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { DraftRequestQuery, type DraftRequest } from '@/features/appraisal-drafting/api/draft-appraisal';

export const APPRAISAL_STEP_COUNT = 5;

export const STEP_PATHS = ['selling-range', 'fees', 'comparable-sales', 'video', 'additional-notes'] as const;

export const stepPath = (requestId: string, step: (typeof STEP_PATHS)[number] | 'summary' | 'submitted') =>
  `/agent/appraisal-request/${requestId}/appraise/${step}`;

interface DraftPageProps {
  title: string;
  /** 1–5 for the steps; none for the summary. */
  step?: number;
  children: (context: { request: DraftRequest; draft: AppraisalValues; requestId: string }) => ReactNode;
}

export function DraftPage({ title, step, children }: DraftPageProps) {
  const { id: requestId = '' } = useParams();
  useDocumentTitle(title);
  const [{ data, error, fetching }] = useQuery({ query: DraftRequestQuery, variables: { id: requestId } });
  const now = useNow();
  const request = data?.propertyAppraisalRequest;

  if (!request) {
    if (error && errorCode(error) === 'not_found') return <NotFoundPage />;
    if (error && !fetching) return <FormError message={errorMessage(error)} />;
    return <PageSpinner />;
  }
  const draft = request.draftPropertyAppraisal;
  if (!draft) return <Navigate to={`/agent/appraisal-request/${requestId}`} replace />;

  const address = formatStreetAddress(request.property);
  const place = request.property.suburb ? suburbLabel(request.property.suburb, { postcode: false }) : '';
  const isOpen = request.state === 'PENDING' && new Date(request.expiresAt).getTime() > now.getTime();

  return (
    <>
      <PageHeader
        title={title}
        eyebrow={
          <div className="flex flex-col gap-2">
            <TextLink to={`/agent/appraisal-request/${requestId}`}>← Property details</TextLink>
            {step && (
              <p className="text-sm font-semibold text-brand-800">
                Step {step} of {APPRAISAL_STEP_COUNT}
              </p>
            )}
          </div>
        }
        description={[address, place].filter(Boolean).join(', ')}
      />
      <div className="mx-auto w-full max-w-page-header pb-8">
        {step && (
          <div
            className="mb-8 h-2 w-full overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Appraisal progress"
            aria-valuemin={1}
            aria-valuemax={APPRAISAL_STEP_COUNT}
            aria-valuenow={step}
            aria-valuetext={`Step ${step} of ${APPRAISAL_STEP_COUNT}`}
          >
            <div className="h-full rounded-full bg-brand-800" style={{ width: `${percentOf(step, APPRAISAL_STEP_COUNT)}%` }} />
          </div>
        )}
        {isOpen ? (
          children({ request, draft, requestId })
        ) : (
          <div className="rounded-xl border border-line bg-white p-6">
            <p className="text-ink">This request is no longer open for an appraisal.</p>
            <TextLink to={`/agent/appraisal-request/${requestId}`} className="mt-3 inline-block">
              Back to the property
            </TextLink>
          </div>
        )}
      </div>
    </>
  );
}

interface StepFooterProps {
  backTo: string;
  /** Shown when the agent may jump to the summary from here. */
  skipTo?: string;
  isSubmitting?: boolean;
  isNextDisabled?: boolean;
  nextLabel?: string;
  error?: string | null;
}

/** Back, Next (the form's submit button) and the optional 'Skip to End'. */
export function StepFooter({ backTo, skipTo, isSubmitting, isNextDisabled, nextLabel = 'Next', error }: StepFooterProps) {
  return (
    <div className="mt-8 flex flex-col gap-4 border-t border-line pt-6">
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center md:justify-between">
        <ButtonLink to={backTo} variant="secondary">
          Back
        </ButtonLink>
        <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center">
          {skipTo && (
            <ButtonLink to={skipTo} variant="ghost" width="auto">
              Skip to End
            </ButtonLink>
          )}
          <Button type="submit" isLoading={isSubmitting} disabled={isNextDisabled}>
            {nextLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Whether the draft already holds every answer a submission needs (then 'Skip to End' is offered everywhere). */
export const hasRequiredAnswers = (draft: AppraisalValues) =>
  draft.sellingRangeMin !== null && draft.sellingRangeMax !== null && !!draft.commission && !!draft.marketingFee && !!draft.additionalNotes;
