/**
 * The frame of the agent sign-up screens: 'Step N of 2' with a progress bar on the two numbered steps (basic
 * details, service suburbs), the page's one h1, and the step's content.
 */
import type { ReactNode } from 'react';
import { cx } from '@/components/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export const SIGNUP_STEP_COUNT = 2;

interface SignupPageProps {
  title: string;
  step?: 1 | 2;
  description?: ReactNode;
  children?: ReactNode;
  centered?: boolean;
}

export function SignupPage({ title, step, description, children, centered = false }: SignupPageProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 flex-col bg-surface px-4 py-8 md:py-12">
      <div
        className={cx(
          'mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-10',
          centered && 'text-center',
        )}
      >
        {step && (
          <div className="mb-6">
            <p className="text-sm font-semibold text-brand-800">
              Step {step} of {SIGNUP_STEP_COUNT}
            </p>
            <div
              className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Sign-up progress"
              aria-valuemin={0}
              aria-valuemax={SIGNUP_STEP_COUNT}
              aria-valuenow={step}
              aria-valuetext={`Step ${step} of ${SIGNUP_STEP_COUNT}`}
            >
              <div className="h-full rounded-full bg-brand-800" style={{ width: `${(step / SIGNUP_STEP_COUNT) * 100}%` }} />
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

/** A section of a sign-up screen with its heading and an optional edit link. */
export function SignupSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="border-t border-line pt-6 first:border-t-0 first:pt-0">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
