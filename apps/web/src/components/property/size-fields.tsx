/**
 * Property size, land size and age, each shown and required per the type's question requirements (spec 001 §5). The
 * wizard's 'Features' step and 'Edit listing' ask them alike, as text of digits (thousands separators allowed).
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_SIZE_SQM } from '@listwise/domain/listing';
import { SIZE_QUESTIONS, type QuestionRequirements } from '@listwise/domain/question-requirements';
import { TextField } from '@/components/text-field';

type SizeQuestion = (typeof SIZE_QUESTIONS)[number];

const SIZE_FIELDS: Record<SizeQuestion, { label: string; description: string }> = {
  propertySizeSqm: { label: 'Property size (m²)', description: 'The internal floor area of the home.' },
  landSizeSqm: { label: 'Land size (m²)', description: 'The area of the block.' },
  propertyAge: { label: 'Property age (years)', description: 'Roughly how old the building is.' },
};

/** Room for the largest size the rules accept, written with separators ('1,000,000,000'). */
const MAX_LENGTH = MAX_SIZE_SQM.toLocaleString('en-AU').length;

interface SizeFieldsProps {
  requirements: QuestionRequirements;
  register: (name: SizeQuestion) => UseFormRegisterReturn;
  errors: Partial<Record<SizeQuestion, { message?: string }>>;
}

export function SizeFields({ requirements, register, errors }: SizeFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
      {SIZE_QUESTIONS.filter((q) => requirements[q] !== 'NOT_REQUIRED').map((question) => (
        <TextField
          key={question}
          label={SIZE_FIELDS[question].label}
          description={SIZE_FIELDS[question].description}
          inputMode="numeric"
          maxLength={MAX_LENGTH}
          required={requirements[question] === 'REQUIRED'}
          error={errors[question]?.message}
          {...register(question)}
        />
      ))}
    </div>
  );
}
