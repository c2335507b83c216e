/**
 * The appraisal summary: every answer with an Edit link to its step, and Submit. Submission needs the selling
 * range, fees and notes ('Some required questions have not been answered.' otherwise).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppraisalSections } from '@/components/appraisal/appraisal-sections';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/errors';
import { useSubmitAppraisal } from '@/features/appraisal-drafting/api/draft-appraisal';
import { DraftPage, stepPath } from '@/features/appraisal-drafting/components/draft-page';

function Summary({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [{ fetching }, submit] = useSubmitAppraisal();
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async () => {
    setServerError(null);
    const result = await submit({ id: draft.id });
    if (result.error) return setServerError(errorMessage(result.error));
    navigate(stepPath(requestId, 'submitted'), { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="leading-7 text-ink-soft">Check your appraisal before you send it. The seller sees exactly this.</p>
      <AppraisalSections
        appraisal={draft}
        showVideo
        editLinks={{
          sellingRange: stepPath(requestId, 'selling-range'),
          fees: stepPath(requestId, 'fees'),
          comparableSales: stepPath(requestId, 'comparable-sales'),
          video: stepPath(requestId, 'video'),
          additionalNotes: stepPath(requestId, 'additional-notes'),
        }}
      />
      <div className="flex flex-col gap-4 border-t border-line pt-6">
        <FormError message={serverError} />
        <div className="flex flex-col-reverse gap-3 md:flex-row md:justify-between">
          <ButtonLink to={stepPath(requestId, 'additional-notes')} variant="secondary">
            Back
          </ButtonLink>
          <Button onClick={onSubmit} isLoading={fetching}>
            Submit appraisal
          </Button>
        </div>
      </div>
    </div>
  );
}

export default function SummaryRoute() {
  return <DraftPage title="Appraisal Summary">{({ requestId, draft }) => <Summary requestId={requestId} draft={draft} />}</DraftPage>;
}
