import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { formatDollars } from '@listwise/domain/format';
import { TextLink } from '@/components/text-link';
import { isSignedInMember, useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';

interface ChoiceProps {
  to: string;
  title: string;
  children: ReactNode;
  icon: ReactNode;
  emphasis?: boolean;
  extra?: ReactNode;
}

/** A choice card; the whole card is clickable through the title link (its name is just the title). */
function Choice({ to, title, children, icon, emphasis = false, extra }: ChoiceProps) {
  return (
    <li
      className={`relative flex flex-col gap-3 rounded-2xl border bg-white p-5 shadow-sm transition hover:shadow-md focus-within:ring-3 focus-within:ring-brand-600 md:p-6 ${emphasis ? 'border-brand-800 ring-1 ring-brand-800' : 'border-slate-200 hover:border-brand-700'}`}
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800" aria-hidden="true">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-ink">
            <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']">
              {title}
            </Link>
          </h2>
          <p className="mt-1 text-[0.95rem] leading-6 text-ink-soft">{children}</p>
        </div>
        <svg viewBox="0 0 20 20" fill="currentColor" className="mt-1 size-5 shrink-0 text-brand-800" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z"
            clipRule="evenodd"
          />
        </svg>
      </div>
      {extra}
    </li>
  );
}

const svg = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-6"
  >
    <path d={d} />
  </svg>
);

export default function GetStartedRoute() {
  useDocumentTitle('Get started');
  const auth = useAuth();
  const [{ data }] = useStaticCashbackAmount();

  if (isSignedInMember(auth)) return <Navigate to="/" replace />;

  const cashback = data?.staticCashbackAmount;

  return (
    <div className="flex flex-1 flex-col items-center bg-surface px-4 py-10 md:py-16">
      <div className="w-full max-w-xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Get started</h1>
        <p className="mt-2 text-base leading-7 text-ink-soft">Tell us how you'd like to use Listwise.</p>

        <ul className="mt-8 flex flex-col gap-4">
          <Choice
            to="/new-property/address"
            title="I'm selling my property"
            icon={svg('M3 10.5 12 3l9 7.5M5 9v11h14V9M10 20v-6h4v6')}
            emphasis
            extra={
              cashback !== undefined && cashback > 0 ? (
                <p className="relative z-10 flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-300">
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-amber-800" aria-hidden="true">
                    <path d="M10 1.5a.75.75 0 0 1 .67.41l2.2 4.46 4.92.72a.75.75 0 0 1 .42 1.28l-3.56 3.47.84 4.9a.75.75 0 0 1-1.09.79L10 15.23l-4.4 2.31a.75.75 0 0 1-1.09-.79l.84-4.9L1.8 8.38a.75.75 0 0 1 .42-1.28l4.92-.72 2.2-4.46A.75.75 0 0 1 10 1.5Z" />
                  </svg>
                  Get {formatDollars(cashback)} cashback when you sell with a Listwise agent.
                </p>
              ) : null
            }
          >
            Request up to 5 free appraisals from local agents and receive them within 48 hours. Compare selling ranges, fees and commission
            side by side.
          </Choice>
          <Choice to="/continue-signup" title="Continue where you left off" icon={svg('M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4')}>
            Already started a listing? We'll email you a link to pick up where you stopped.
          </Choice>
          <Choice
            to="/agent/signup"
            title="I'm a real estate agent"
            icon={svg('M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 7h18v12H3zM3 12h18')}
          >
            Subscribe to the suburbs you service and receive appraisal requests from local sellers.
          </Choice>
        </ul>

        <p className="mt-8 text-center text-base text-ink">
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </p>
        <p className="mt-4 text-center text-sm leading-6 text-ink-soft">
          By continuing you agree to our{' '}
          <TextLink to="/terms-and-conditions" reloadDocument>
            Terms &amp; Conditions
          </TextLink>{' '}
          and{' '}
          <TextLink to="/terms-and-conditions?tab=privacy" reloadDocument>
            Privacy Policy
          </TextLink>
          .
        </p>
      </div>
    </div>
  );
}
