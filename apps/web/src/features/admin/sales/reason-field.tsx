import type { UseFormRegisterReturn } from 'react-hook-form';
import { OPERATOR_REASON_MAX_LENGTH } from '@listwise/domain/sale-validation';
import { TextAreaField } from '@/components/form-fields';

/** A reason the operator types (kept in the audit log), counted against its limit, with the house's messages. */
export function ReasonField({
  label,
  length,
  error,
  registration,
}: {
  label: string;
  length: number;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextAreaField
      label={label}
      rows={3}
      required
      maxLength={OPERATOR_REASON_MAX_LENGTH}
      valueLength={length}
      error={error}
      {...registration}
    />
  );
}
