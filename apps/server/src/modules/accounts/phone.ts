import { z } from 'zod';
import { toInternationalPhone } from '@listwise/domain/phone';
import { mobileNumberField } from '@listwise/domain/validation';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';

/** A mobile number as the user typed it, in its international form (`validation_failed` on `mobileNumber` if it is not one). */
export function parsePhone(value: string): string {
  // The web app sends the international form (spec 000 §5: shown nationally, sent internationally).
  const parsed = toInternationalPhone(value);
  if (value.trim().startsWith('+') && parsed) return parsed;
  parseInput(z.object({ mobileNumber: mobileNumberField }), { mobileNumber: value });
  const international = toInternationalPhone(value);
  if (!international) throw new AppError('validation_failed', 'mobileNumber');
  return international;
}
