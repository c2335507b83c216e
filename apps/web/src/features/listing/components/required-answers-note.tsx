/**
 * What a wizard step must have answered before the listing can go to agents, named at the top of the step: the
 * same list publishing checks (`requiredAnswersOfStep` reads the publishing rule), so nothing is asked for later
 * that the step did not say was required. Each named field also carries the form's '*' mark.
 */
import type { PropertyType } from '@listwise/domain/enums';
import { PUBLISHABLE_ANSWERS, requiredAnswersOfStep } from '@listwise/domain/question-requirements';
import type { WizardStep } from '@/features/listing/lib/wizard-flow';

const listOf = (labels: string[]) =>
  labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;

export function RequiredAnswersNote({
  step,
  propertyType,
  children,
}: {
  step: Exclude<WizardStep, 'address'>;
  propertyType: PropertyType | null;
  /** A sentence after the list (the details step says that the rooms asked follow the type). */
  children?: string;
}) {
  const labels = requiredAnswersOfStep(step, propertyType).map((answer) => PUBLISHABLE_ANSWERS[answer].label);
  return (
    <p className="rounded-lg bg-surface px-4 py-3 text-sm text-ink">
      {labels.length ? (
        <>
          <span className="font-semibold">Required before agents can be asked:</span> {listOf(labels)}, marked{' '}
          <span className="text-danger">*</span>.{children && ` ${children}`}
        </>
      ) : (
        <>Nothing on this step is required: answer what you know.{children && ` ${children}`}</>
      )}
    </p>
  );
}
