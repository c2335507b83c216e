/**
 * The frame of every listing wizard screen: 'Step N of 6' with a progress bar for the six numbered steps, the
 * page's one h1, and a footer with Back and the primary action. No step offers a Skip: a step's required answers
 * are asked for on it, and its optional ones may simply be left blank.
 */
import type { ReactNode } from 'react';
import { WIZARD_STEP_COUNT } from '@listwise/domain/listing-constants';
import { Button } from '@/components/button';
import { StepPage } from '@/components/step-page';
import { TextLink } from '@/components/text-link';
import { WIZARD_STEPS, type WizardStep } from '@/features/listing/lib/wizard-flow';

interface WizardPageProps {
  /** One of the six numbered steps; account and completion screens have none. */
  step?: WizardStep;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Centre the content (completion screens). */
  centered?: boolean;
}

export function WizardPage({ step, ...page }: WizardPageProps) {
  const progress = step ? { step: WIZARD_STEPS[step].number, stepCount: WIZARD_STEP_COUNT, label: 'Listing progress' } : undefined;
  return <StepPage {...page} progress={progress} />;
}

interface WizardFooterProps {
  backTo?: string;
  nextLabel?: string;
  isSubmitting?: boolean;
}

/** Back on the left, the submit button (Next) on the right. Place inside the step's form. */
export function WizardFooter({ backTo, nextLabel = 'Next', isSubmitting = false }: WizardFooterProps) {
  return (
    <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
      <div>{backTo && <TextLink to={backTo}>Back</TextLink>}</div>
      <Button type="submit" isLoading={isSubmitting}>
        {nextLabel}
      </Button>
    </div>
  );
}
