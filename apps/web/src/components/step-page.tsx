/**
 * The frame of a screen in a numbered flow (the agent sign-up, the listing wizard): 'Step N of M' with a progress
 * bar on the numbered steps, the page's one h1, an optional description, and the step's content. Sets the document
 * title from the page title.
 */
import { percentOf } from '@listwise/domain/numbers';
import type { ReactNode } from 'react';
import { cx } from '@/components/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface StepProgress {
  /** 1-based. */
  step: number;
  stepCount: number;
  /** The progress bar's accessible name ('Sign-up progress'). */
  label: string;
}

interface StepPageProps {
  title: string;
  /** Screens outside the numbered steps (account, completion) have none. */
  progress?: StepProgress;
  description?: ReactNode;
  children?: ReactNode;
  /** Centre the content (completion screens). */
  centered?: boolean;
}

export function StepPage({ title, progress, description, children, centered = false }: StepPageProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 flex-col bg-surface px-4 py-8 md:py-12">
      <div
        className={cx(
          'mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-10',
          centered && 'text-center',
        )}
      >
        {progress && (
          <div className="mb-6">
            <p className="text-sm font-semibold text-brand-800">
              Step {progress.step} of {progress.stepCount}
            </p>
            <div
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label={progress.label}
              aria-valuemin={0}
              aria-valuemax={progress.stepCount}
              aria-valuenow={progress.step}
              aria-valuetext={`Step ${progress.step} of ${progress.stepCount}`}
            >
              <div className="h-full rounded-full bg-brand-800" style={{ width: `${percentOf(progress.step, progress.stepCount)}%` }} />
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
