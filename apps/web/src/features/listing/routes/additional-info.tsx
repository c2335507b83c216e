/**
 * /new-property/additional-info — 'Additional information', step 6 of 6 (spec 001 §2, §5): optional notes for
 * the agents (at most 3,500 characters). Then 'Property Saved' for a finished account, else the account steps.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@listwise/domain/constants';
import { additionalInfoFormSchema } from '@listwise/domain/listing';
import { FormError } from '@/components/form-error';
import type { CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { useUpdatePropertySaleInformation, type DraftProperty } from '@/features/listing/api/draft-property';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { TextAreaField } from '@/components/form-fields';
import { RequiredAnswersNote } from '@/features/listing/components/required-answers-note';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { afterListingSteps, WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function AdditionalInfoRoute() {
  return <DraftGate>{({ draft, me }) => <AdditionalInfoForm key={draft.id} draft={draft} me={me} />}</DraftGate>;
}

function AdditionalInfoForm({ draft, me }: { draft: DraftProperty; me: CurrentUser }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const [, updateSaleInformation] = useUpdatePropertySaleInformation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(additionalInfoFormSchema),
    mode: 'onTouched',
    defaultValues: { additionalInformation: draft.additionalInformation ?? '' },
  });
  const text = useWatch({ control, name: 'additionalInformation' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await updateSaleInformation({
      propertyId: draft.id,
      additionalInformation: values.additionalInformation.trim() || null,
    });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    const next = afterListingSteps(me);
    await saveNextPage(next);
    navigate(next);
  });

  return (
    <WizardPage
      step="additionalInfo"
      title="Additional information"
      description="Anything else agents should know before they appraise your property?"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <RequiredAnswersNote step="additionalInfo" propertyType={draft.propertyType} />
        <TextAreaField
          label="Additional information (optional)"
          description="For example recent renovations, views, or when the property can be inspected."
          maxLength={LIMITS.additionalInformation}
          valueLength={text.length}
          error={errors.additionalInformation?.message}
          {...register('additionalInformation')}
        />
        <FormError message={serverError} />
        <WizardFooter backTo={WIZARD_PATHS.photos} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
