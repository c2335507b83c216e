/**
 * The frame of every listing wizard screen: 'Step N of 6' with a progress bar for the six numbered steps, the
 * page's one h1, and a footer with Back, an optional Skip and the primary action.
 */
import type { ReactNode } from 'react';
import { WIZARD_STEP_COUNT } from '@listwise/domain/listing';
import { Button } from '@/components/button';
import { TextLink } from '@/components/text-link';
import { useDocumentTitle } from '@/lib/use-document-title';
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

export function WizardPage({ step, title, description, children, centered = false }: WizardPageProps) {
  useDocumentTitle(title);
  const number = step ? WIZARD_STEPS[step].number : null;
  return (
    <div className="flex flex-1 flex-col bg-surface px-4 py-8 md:py-12">
      <div
        className={`mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-10 ${centered ? 'text-center' : ''}`}
      >
        {number && (
          <div className="mb-6">
            <p className="text-sm font-semibold text-brand-800">
              Step {number} of {WIZARD_STEP_COUNT}
            </p>
            <div
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Listing progress"
              aria-valuemin={0}
              aria-valuemax={WIZARD_STEP_COUNT}
              aria-valuenow={number}
              aria-valuetext={`Step ${number} of ${WIZARD_STEP_COUNT}`}
            >
              <div className="h-full rounded-full bg-brand-800" style={{ width: `${(number / WIZARD_STEP_COUNT) * 100}%` }} />
            </div>
          </div>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h1>
        {description && <div className="mt-2 text-base leading-7 text-ink-soft">{description}</div>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </div>
  );
}

interface WizardFooterProps {
  backTo?: string;
  nextLabel?: string;
  isSubmitting?: boolean;
  onSkip?: () => void;
  isSkipping?: boolean;
}

/** Back on the left; Skip and the submit button (Next) on the right. Place inside the step's form. */
export function WizardFooter({ backTo, nextLabel = 'Next', isSubmitting = false, onSkip, isSkipping = false }: WizardFooterProps) {
  return (
    <div className="mt-10 flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
      <div>{backTo && <TextLink to={backTo}>Back</TextLink>}</div>
      <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center">
        {onSkip && (
          <Button variant="ghost" width="auto" onClick={onSkip} isLoading={isSkipping} disabled={isSubmitting}>
            Skip
          </Button>
        )}
        <Button type="submit" isLoading={isSubmitting} disabled={isSkipping}>
          {nextLabel}
        </Button>
      </div>
    </div>
  );
}
