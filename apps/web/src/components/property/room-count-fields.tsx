/**
 * The room counts (1 to 5, '5+') and heating/cooling of a property, each shown and required per its type's
 * question requirements (spec 001 §5). The wizard's 'Property Details' step and 'Edit listing' ask them alike.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNT_OPTIONS, countLabel, HEATING_COOLING_LABELS } from '@listwise/domain/listing';
import {
  COUNT_QUESTIONS,
  isHeatingCoolingShown,
  type CountQuestion,
  type QuestionRequirements,
} from '@listwise/domain/question-requirements';
import { SelectField } from '@/components/form-fields';

export type RoomCountField = CountQuestion | 'heatingCooling';

const COUNT_LABELS: Record<CountQuestion, string> = {
  numberOfBedrooms: 'Bedrooms',
  numberOfBathrooms: 'Bathrooms',
  numberOfToilets: 'Toilets',
  numberOfCarSpaces: 'Car spaces',
  numberOfLivingSpaces: 'Living spaces',
};

const countOptions = COUNT_OPTIONS.map((n) => ({ value: String(n), label: countLabel(n) }));
const heatingOptions = Object.entries(HEATING_COOLING_LABELS).map(([value, label]) => ({ value, label }));

interface RoomCountFieldsProps {
  requirements: QuestionRequirements;
  /** The form's `register`; the form's values hold each field as text. */
  register: (name: RoomCountField) => UseFormRegisterReturn;
  errors: Partial<Record<RoomCountField, { message?: string }>>;
}

export function RoomCountFields({ requirements, register, errors }: RoomCountFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
      {COUNT_QUESTIONS.filter((q) => requirements[q] !== 'NOT_REQUIRED').map((question) => (
        <SelectField
          key={question}
          label={COUNT_LABELS[question]}
          options={countOptions}
          required={requirements[question] === 'REQUIRED'}
          error={errors[question]?.message}
          {...register(question)}
        />
      ))}
      {isHeatingCoolingShown(requirements) && (
        <SelectField
          label="Heating / cooling"
          options={heatingOptions}
          required={requirements.additionalFeatures === 'REQUIRED'}
          error={errors.heatingCooling?.message}
          {...register('heatingCooling')}
        />
      )}
    </div>
  );
}
