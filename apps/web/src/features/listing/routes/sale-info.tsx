/**
 * /new-property/sale-info — 'Sale Information', step 4 of 6 (spec 001 §2, §5): estimated value, timeframe, method,
 * and whether the seller owns the property (with an optional reason when not, at most 3,500 characters).
 * Answering 'No' puts the seller's listing through an ownership check before agents are contacted; the seller can
 * upload proof of authority to sell here already (or later on the listing's page).
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@listwise/domain/constants';
import {
  ESTIMATED_SALE_VALUE_RANGE_LABELS,
  IDEAL_TIMEFRAME_LABELS,
  PREFERRED_METHOD_LABELS,
  type EstimatedSaleValueRange,
  type IdealTimeframeOfSale,
  type PreferredMethodOfSale,
  type YesNo,
} from '@listwise/domain/enums';
import { saleInfoFormSchema } from '@listwise/domain/listing';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/errors';
import { ProofOfAuthorityUpload } from '@/components/property/proof-of-authority-upload';
import { CurrentDraftPropertyQuery, useUpdatePropertySaleInformation, type DraftProperty } from '@/features/listing/api/draft-property';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { Choice, ChoiceGroup, SelectField, TextAreaField } from '@/components/form-fields';
import { RequiredAnswersNote } from '@/features/listing/components/required-answers-note';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { beforeSaleInfo, WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useNextAfterSave } from '@/features/listing/lib/resume-publishing';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function SaleInfoRoute() {
  return <DraftGate>{({ draft }) => <SaleInfoForm key={draft.id} draft={draft} />}</DraftGate>;
}

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

function SaleInfoForm({ draft }: { draft: DraftProperty }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const nextAfterSave = useNextAfterSave();
  const [, updateSaleInformation] = useUpdatePropertySaleInformation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(saleInfoFormSchema),
    mode: 'onTouched',
    defaultValues: {
      estimatedSaleValueRange: draft.estimatedSaleValueRange ?? '',
      idealTimeframeOfSale: draft.idealTimeframeOfSale ?? '',
      preferredMethodOfSale: draft.preferredMethodOfSale ?? '',
      areYouThePropertyOwner: draft.areYouThePropertyOwner ?? '',
      noPropertyOwnerReason: draft.noPropertyOwnerReason ?? '',
    },
  });
  const client = useClient();
  const isOwner = useWatch({ control, name: 'areYouThePropertyOwner' });
  const reason = useWatch({ control, name: 'noPropertyOwnerReason' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await updateSaleInformation({
      propertyId: draft.id,
      propertySaleInformation: {
        estimatedSaleValueRange: values.estimatedSaleValueRange as EstimatedSaleValueRange,
        idealTimeframeOfSale: values.idealTimeframeOfSale as IdealTimeframeOfSale,
        preferredMethodOfSale: values.preferredMethodOfSale as PreferredMethodOfSale,
        areYouThePropertyOwner: values.areYouThePropertyOwner as YesNo,
        noPropertyOwnerReason: values.areYouThePropertyOwner === 'NO' ? values.noPropertyOwnerReason.trim() || null : null,
      },
    });
    if (result.error || !result.data) {
      setServerError(errorMessage(result.error));
      return;
    }
    const next = nextAfterSave(WIZARD_PATHS.photos, result.data.updatePropertySaleInformation);
    await saveNextPage(next);
    navigate(next);
  });

  return (
    <WizardPage step="saleInfo" title="Sale Information" description="Help agents understand what you are looking for.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <RequiredAnswersNote step="saleInfo" propertyType={draft.propertyType} />
        <SelectField
          label="Estimated sale value"
          required
          options={optionsOf(ESTIMATED_SALE_VALUE_RANGE_LABELS)}
          error={errors.estimatedSaleValueRange?.message}
          {...register('estimatedSaleValueRange')}
        />
        <SelectField
          label="Ideal timeframe of sale"
          required
          options={optionsOf(IDEAL_TIMEFRAME_LABELS)}
          error={errors.idealTimeframeOfSale?.message}
          {...register('idealTimeframeOfSale')}
        />
        <ChoiceGroup legend="Preferred method of sale" required error={errors.preferredMethodOfSale?.message} layout="row">
          {(['AUCTION_OR_PRIVATE', 'PRIVATE', 'AUCTION'] as const).map((method) => (
            <Choice
              key={method}
              type="radio"
              value={method}
              label={PREFERRED_METHOD_LABELS[method]}
              {...register('preferredMethodOfSale')}
            />
          ))}
        </ChoiceGroup>
        <ChoiceGroup legend="Are you the property owner?" required error={errors.areYouThePropertyOwner?.message} layout="row">
          <Choice type="radio" value="YES" label="Yes" {...register('areYouThePropertyOwner')} />
          <Choice type="radio" value="NO" label="No" {...register('areYouThePropertyOwner')} />
        </ChoiceGroup>
        {isOwner === 'NO' && (
          <TextAreaField
            label="Why are you listing a property you don't own? (optional)"
            description="For example, you are selling on behalf of a family member. We verify ownership before agents are contacted."
            maxLength={LIMITS.noPropertyOwnerReason}
            valueLength={reason.length}
            error={errors.noPropertyOwnerReason?.message}
            {...register('noPropertyOwnerReason')}
          />
        )}
        {isOwner === 'NO' && (
          <ProofOfAuthorityUpload
            headingLevel={2}
            propertyId={draft.id}
            proof={draft.proofOfAuthority}
            onUploaded={() => void client.query(CurrentDraftPropertyQuery, {}, { requestPolicy: 'network-only' }).toPromise()}
          />
        )}
        <FormError message={serverError} />
        <WizardFooter backTo={beforeSaleInfo(draft.questionRequirements)} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
