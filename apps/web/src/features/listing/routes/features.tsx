/**
 * /new-property/features — 'Additional Features', step 3 of 6 (spec 001 §2, §5): feature checkboxes, property and
 * land size and age (each hidden when NOT_REQUIRED and required when REQUIRED), capital improvements. Skipped
 * (to sale-info) when the additional-features question is NOT_REQUIRED. Heating and cooling, chosen on the details
 * step, are kept.
 */
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdditionalFeature, YesNo } from '@listwise/domain/enums';
import {
  ADDITIONAL_FEATURE_LABELS,
  CHECKBOX_FEATURES,
  featuresFormSchema,
  wholeNumberFromText,
  withOtherFeatures,
} from '@listwise/domain/listing';
import { isFeaturesStepShown, SIZE_QUESTIONS } from '@listwise/domain/question-requirements';
import { FormError } from '@/components/form-error';
import { SizeFields } from '@/components/property/size-fields';
import { errorMessage } from '@/lib/errors';
import { useUpdatePropertyDetails, type DraftProperty } from '@/features/listing/api/draft-property';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { RequiredAnswersNote } from '@/features/listing/components/required-answers-note';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useNextAfterSave } from '@/features/listing/lib/resume-publishing';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function FeaturesRoute() {
  return (
    <DraftGate>
      {({ draft }) =>
        isFeaturesStepShown(draft.questionRequirements) ? (
          <FeaturesForm key={draft.id} draft={draft} />
        ) : (
          <Navigate to={WIZARD_PATHS.saleInfo} replace />
        )
      }
    </DraftGate>
  );
}

type FormValues = { features: string[]; propertySizeSqm: string; landSizeSqm: string; propertyAge: string; capitalImprovements: string };

function FeaturesForm({ draft }: { draft: DraftProperty }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const nextAfterSave = useNextAfterSave();
  const [, updatePropertyDetails] = useUpdatePropertyDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  const requirements = draft.questionRequirements;
  const resolver = zodResolver(featuresFormSchema(requirements)) as unknown as Resolver<FormValues>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      features: draft.additionalFeatures.filter((f) => f !== 'HEATING' && f !== 'COOLING'),
      propertySizeSqm: draft.propertySizeSqm?.toString() ?? '',
      landSizeSqm: draft.landSizeSqm?.toString() ?? '',
      propertyAge: draft.propertyAge?.toString() ?? '',
      capitalImprovements: draft.capitalImprovements ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await updatePropertyDetails({
      propertyId: draft.id,
      propertyDetails: {
        additionalFeatures: withOtherFeatures(draft.additionalFeatures, values.features as AdditionalFeature[]),
        ...Object.fromEntries(
          SIZE_QUESTIONS.filter((q) => requirements[q] !== 'NOT_REQUIRED').map((q) => [q, wholeNumberFromText(values[q])]),
        ),
        capitalImprovements: (values.capitalImprovements || null) as YesNo | null,
      },
    });
    if (result.error || !result.data) {
      setServerError(errorMessage(result.error));
      return;
    }
    const next = nextAfterSave(WIZARD_PATHS.saleInfo, result.data.updatePropertyDetails);
    await saveNextPage(next);
    navigate(next);
  });

  return (
    <WizardPage step="features" title="Additional Features" description="Anything that adds to the value of the property.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
        <RequiredAnswersNote step="features" propertyType={draft.propertyType} />
        <ChoiceGroup legend="Features">
          {CHECKBOX_FEATURES.map((feature) => (
            <Choice key={feature} type="checkbox" value={feature} label={ADDITIONAL_FEATURE_LABELS[feature]} {...register('features')} />
          ))}
        </ChoiceGroup>

        <SizeFields requirements={requirements} register={register} errors={errors} />

        <ChoiceGroup legend="Any capital improvements?" description="Renovations or extensions in recent years." layout="row">
          <Choice type="radio" value="YES" label="Yes" {...register('capitalImprovements')} />
          <Choice type="radio" value="NO" label="No" {...register('capitalImprovements')} />
        </ChoiceGroup>

        <FormError message={serverError} />
        <WizardFooter backTo={WIZARD_PATHS.details} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
