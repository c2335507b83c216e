/**
 * /new-property/details — step 2 of 6 (spec 001 §2, §5): property type (saved as soon as it changes), the counts
 * (1 to 5, '5+') and heating/cooling, each shown and required per the type's question requirements. Skip saves
 * what is there and jumps to 'Property Saved' (finished account) or the account password step.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROPERTY_TYPE_LABELS, PropertyType } from '@listwise/domain/enums';
import { detailsFormSchema, heatingCoolingOf, withHeatingCooling, type HeatingCooling } from '@listwise/domain/listing';
import { COUNT_QUESTIONS, isHeatingCoolingShown, type CountQuestion } from '@listwise/domain/question-requirements';
import { FormError } from '@/components/form-error';
import type { CurrentUser } from '@/lib/current-user';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  useUpdatePropertyDetails,
  useUpdatePropertyType,
  type DraftProperty,
  type PropertyDetailsInput,
} from '@/features/listing/api/draft-property';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { RoomCountFields } from '@/components/property/room-count-fields';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { afterDetails, afterSkip, WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useNextAfterSave } from '@/features/listing/lib/resume-publishing';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function DetailsRoute() {
  return <DraftGate>{({ draft, me }) => <DetailsForm key={draft.id} draft={draft} me={me} />}</DraftGate>;
}

type FormValues = Record<CountQuestion, string> & { propertyType: string; heatingCooling: string };

function DetailsForm({ draft, me }: { draft: DraftProperty; me: CurrentUser }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const nextAfterSave = useNextAfterSave();
  const [, updatePropertyType] = useUpdatePropertyType();
  const [, updatePropertyDetails] = useUpdatePropertyDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSkipping, setIsSkipping] = useState(false);
  const requirements = draft.questionRequirements;
  // The rules follow the type the server last confirmed.
  const requirementsRef = useRef(requirements);
  useLayoutEffect(() => {
    requirementsRef.current = requirements;
  });
  const resolver: Resolver<FormValues> = (values, context, options) =>
    zodResolver(detailsFormSchema(requirementsRef.current))(values, context, options as never) as never;

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      propertyType: draft.propertyType ?? '',
      heatingCooling: draft.additionalFeatures.length || draft.propertyType ? heatingCoolingOf(draft.additionalFeatures) : '',
      ...(Object.fromEntries(COUNT_QUESTIONS.map((q) => [q, draft[q] == null ? '' : String(draft[q])])) as Record<CountQuestion, string>),
    },
  });

  const typeField = register('propertyType');
  // The type is saved as soon as it changes; Next and Skip wait for that save and use the requirements it answers.
  const typeSave = useRef<Promise<unknown>>(Promise.resolve());
  const onTypeChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await typeField.onChange(event);
    const saving = updatePropertyType({ propertyId: draft.id, propertyType: event.target.value as PropertyType }).then((result) => {
      if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
      else if (result.data) requirementsRef.current = result.data.updatePropertyType.questionRequirements;
    });
    typeSave.current = saving;
    await saving;
  };

  const detailsFrom = (values: FormValues): PropertyDetailsInput => {
    const details: PropertyDetailsInput = {};
    const current = requirementsRef.current;
    for (const question of COUNT_QUESTIONS) {
      if (current[question] === 'NOT_REQUIRED') continue;
      details[question] = values[question] ? Number(values[question]) : null;
    }
    if (isHeatingCoolingShown(current) && values.heatingCooling) {
      details.additionalFeatures = withHeatingCooling(draft.additionalFeatures, values.heatingCooling as HeatingCooling);
    }
    return details;
  };

  const save = async (values: FormValues, nextPath: string) => {
    setServerError(null);
    const result = await updatePropertyDetails({ propertyId: draft.id, propertyDetails: detailsFrom(values) });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    await saveNextPage(nextPath);
    navigate(nextPath);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await typeSave.current;
    await handleSubmit((values) => save(values, nextAfterSave(afterDetails(requirementsRef.current))))();
  };
  const onSkip = async () => {
    setIsSkipping(true);
    await typeSave.current;
    await save(getValues(), afterSkip(me));
    setIsSkipping(false);
  };

  return (
    <WizardPage step="details" title="Property Details" description="What kind of property is it, and how many rooms does it have?">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
        <ChoiceGroup legend="Property type" required error={errors.propertyType?.message}>
          {Object.values(PropertyType).map((type) => (
            <Choice key={type} type="radio" value={type} label={PROPERTY_TYPE_LABELS[type]} {...typeField} onChange={onTypeChange} />
          ))}
        </ChoiceGroup>

        <RoomCountFields requirements={requirements} register={register} errors={errors} />

        <FormError message={serverError} />
        <WizardFooter backTo={WIZARD_PATHS.address} isSubmitting={isSubmitting} onSkip={onSkip} isSkipping={isSkipping} />
      </form>
    </WizardPage>
  );
}
