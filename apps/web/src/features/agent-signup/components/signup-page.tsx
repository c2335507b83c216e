/**
 * The frame of the agent sign-up screens: 'Step N of 5' with a progress bar on each numbered step, the page's one
 * h1, and the step's content. Every step the agent goes through is counted (the counter said
 * 'Step 2 of 2' with three steps still to come). E-mail verification comes before step 1, and the confirmations
 * between steps (subscription confirmed, all set) are not steps.
 */
import type { ReactNode } from 'react';
import { StepPage } from '@/components/step-page';

export const SIGNUP_STEPS = {
  basicDetails: 1,
  suburbs: 2,
  summary: 3,
  payment: 4,
  profile: 5,
} as const;

export const SIGNUP_STEP_COUNT = Object.keys(SIGNUP_STEPS).length;

interface SignupPageProps {
  title: string;
  step?: (typeof SIGNUP_STEPS)[keyof typeof SIGNUP_STEPS];
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
