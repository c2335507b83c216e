/**
 * /new-property/details — step 2 of 6 (spec 001 §2, §5): property type (saved as soon as it changes), the counts
 * (1 to 5, '5+') and heating/cooling, each shown and required per the type's question requirements. The rooms
 * appear once a type is chosen, because the type decides which are asked and which are required. There is no
 * Skip: the type and, for most types, bedrooms and bathrooms are required to publish, so they are asked for here,
 * where the step says so, rather than at Select Agents.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROPERTY_TYPE_LABELS, PropertyType } from '@listwise/domain/enums';
import { detailsFormSchema, heatingCoolingOf, withHeatingCooling, type HeatingCooling } from '@listwise/domain/listing';
import {
  COUNT_QUESTIONS,
  isHeatingCoolingShown,
  questionRequirementsFor,
  type CountQuestion,
} from '@listwise/domain/question-requirements';
import { FormError } from '@/components/form-error';
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
import { RequiredAnswersNote } from '@/features/listing/components/required-answers-note';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { afterDetails, WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useNextAfterSave } from '@/features/listing/lib/resume-publishing';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function DetailsRoute() {
  return <DraftGate>{({ draft }) => <DetailsForm key={draft.id} draft={draft} />}</DraftGate>;
}

type FormValues = Record<CountQuestion, string> & { propertyType: string; heatingCooling: string };

function DetailsForm({ draft }: { draft: DraftProperty }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const nextAfterSave = useNextAfterSave();
  const [, updatePropertyType] = useUpdatePropertyType();
  const [, updatePropertyDetails] = useUpdatePropertyDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  // The rules follow the type chosen, from the table the server publishes with: marks and checks change with the
  // choice, without waiting for its save.
  const resolver: Resolver<FormValues> = (values, context, options) =>
    zodResolver(detailsFormSchema(questionRequirementsFor((values.propertyType || null) as PropertyType | null)))(
      values,
      context,
      options as never,
    ) as never;

  const {
    register,
    handleSubmit,
    control,
    setValue,
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

  const chosenType = (useWatch({ control, name: 'propertyType' }) || null) as PropertyType | null;
  const requirements = questionRequirementsFor(chosenType);

  const typeField = register('propertyType');
  // The type is saved as soon as it changes; Next waits for that save.
  const typeSave = useRef<Promise<unknown>>(Promise.resolve());
  const onTypeChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await typeField.onChange(event);
    // The server clears the answers the new type does not ask; the form forgets them too, so a room count shown
    // again later is one the server holds.
    const asked = questionRequirementsFor(event.target.value as PropertyType);
    for (const question of COUNT_QUESTIONS) if (asked[question] === 'NOT_REQUIRED') setValue(question, '');
    const saving = updatePropertyType({ propertyId: draft.id, propertyType: event.target.value as PropertyType }).then((result) => {
      if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
    });
    typeSave.current = saving;
    await saving;
  };

  const detailsFrom = (values: FormValues): PropertyDetailsInput => {
    const details: PropertyDetailsInput = {};
    const current = questionRequirementsFor(values.propertyType as PropertyType);
    for (const question of COUNT_QUESTIONS) {
      if (current[question] === 'NOT_REQUIRED') continue;
      details[question] = values[question] ? Number(values[question]) : null;
    }
    if (isHeatingCoolingShown(current) && values.heatingCooling) {
      details.additionalFeatures = withHeatingCooling(draft.additionalFeatures, values.heatingCooling as HeatingCooling);
    }
    return details;
  };

  const save = async (values: FormValues) => {
    setServerError(null);
    const result = await updatePropertyDetails({ propertyId: draft.id, propertyDetails: detailsFrom(values) });
    if (result.error || !result.data) {
      setServerError(errorMessage(result.error));
      return;
    }
    const saved = result.data.updatePropertyDetails;
    const nextPath = nextAfterSave(afterDetails(saved.questionRequirements), saved);
    await saveNextPage(nextPath);
    navigate(nextPath);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await typeSave.current;
    await handleSubmit(save)();
  };

  return (
    <WizardPage step="details" title="Property Details" description="What kind of property is it, and how many rooms does it have?">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8">
        <RequiredAnswersNote step="details" propertyType={chosenType}>
          {chosenType ? undefined : 'The rooms we ask about, and which of them are required, follow the type you choose.'}
        </RequiredAnswersNote>
        <ChoiceGroup legend="Property type" required error={errors.propertyType?.message}>
          {Object.values(PropertyType).map((type) => (
            <Choice key={type} type="radio" value={type} label={PROPERTY_TYPE_LABELS[type]} {...typeField} onChange={onTypeChange} />
          ))}
        </ChoiceGroup>

        {chosenType && <RoomCountFields requirements={requirements} register={register} errors={errors} />}

        <FormError message={serverError} />
        <WizardFooter backTo={WIZARD_PATHS.address} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
