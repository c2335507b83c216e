/**
 * The frame of the agent sign-up screens: 'Step N of 2' with a progress bar on the two numbered steps (basic
 * details, service suburbs), the page's one h1, and the step's content.
 */
import type { ReactNode } from 'react';
import { StepPage } from '@/components/step-page';

export const SIGNUP_STEP_COUNT = 2;

interface SignupPageProps {
  title: string;
  step?: 1 | 2;
  description?: ReactNode;
  children?: ReactNode;
  centered?: boolean;
}

export function SignupPage({ step, ...page }: SignupPageProps) {
  return <StepPage {...page} progress={step ? { step, stepCount: SIGNUP_STEP_COUNT, label: 'Sign-up progress' } : undefined} />;
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
