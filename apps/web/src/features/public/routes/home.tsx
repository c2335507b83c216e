/**
 * / for visitors when no external main site is configured: what Listwise is, in a glance. The address box
 * starts the listing; how it works for sellers (up to five local agents, appraisals side by side, the cashback); the
 * agent side with per-suburb pricing; a way to log in. Plain markup and the marketing blocks only: no form or
 * widget libraries, so the page is quick on a phone. Signed-in users never see it (app/routes/index.tsx).
 */
import { Link } from 'react-router';
import {
  DEFAULT_SUBSCRIBED_AGENTS_MAX,
  DEFAULT_TOTAL_FREE_TRIALS_ALLOWED,
  LEAD_FEE_DOLLARS,
  MAX_AGENTS_PER_REQUEST,
  SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS,
} from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { ButtonLink } from '@/components/button';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddressStartForm } from '@/features/public/components/address-start-form';
import { AppraisalsPreview } from '@/features/public/components/appraisals-preview';
import { CtaBand, FeatureGrid, Section, Steps } from '@/features/public/components/marketing';

const heroLinkClass = 'font-semibold text-white underline underline-offset-4 hover:text-brand-100';

export default function HomeRoute() {
  useDocumentTitle(null);
  const [{ data }] = useStaticCashbackAmount();
  const amount = data?.staticCashbackAmount;
  // Until the setting arrives the text names the cashback without an amount, rather than guess one.
  const cashback = amount ? `${formatDollars(amount)} cashback` : 'cashback';

  return (
    <>
      <section aria-labelledby="home-title" className="bg-brand-900 text-white">
        <div className="mx-auto grid w-full max-w-page grid-cols-1 gap-10 px-5 py-12 md:px-8 md:py-20 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">Free for sellers</p>
            <h1 id="home-title" className="mt-3 max-w-2xl text-[2.1rem] leading-tight font-bold tracking-tight md:text-5xl">
              Compare local agents before you sell
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-8 text-white/90">
              Ask up to {MAX_AGENTS_PER_REQUEST} local agents to appraise your property. Their appraisals arrive within 48 hours, side by
              side, and you receive {cashback} when you sell with a Listwise agent.
            </p>
            <AddressStartForm className="mt-8 max-w-2xl" />
            <p className="mt-5 text-base text-white/90">
              Already listed?{' '}
              <Link to="/login" className={heroLinkClass}>
                Log in
              </Link>{' '}
              or{' '}
              <Link to="/continue-signup" className={heroLinkClass}>
                continue where you left off
              </Link>
              .
            </p>
          </div>
          <AppraisalsPreview />
        </div>
      </section>

      <Section
        id="sellers"
        title="How it works for sellers"
        intro="No cold calls and no obligation: you choose who appraises your property, and whether to go ahead."
      >
        <Steps
          columns={2}
          steps={[
            {
              title: 'Describe your property',
              body: 'Your address, the type of home, its features and a few photos. It takes about five minutes.',
            },
            {
              title: `Choose up to ${MAX_AGENTS_PER_REQUEST} local agents`,
              body: 'See the agents who service your suburb, with their profile, agency and sales record, and pick who you want to hear from.',
            },
            {
              title: 'Compare appraisals side by side',
              body: 'Each agent sends a selling range, commission, marketing costs and comparable sales within 48 hours, in the same format.',
            },
            {
              title: `Sell and receive ${cashback}`,
              body: 'When your property sells unconditionally with the Listwise agent you chose, claim your cashback to your bank account.',
            },
          ]}
        />
        <p className="mt-8">
          <Link to="/how-it-works" className="font-semibold text-brand-800 underline underline-offset-4">
            More about how Listwise works
          </Link>
        </p>
      </Section>

      <Section title="Appraisals you can actually compare" tone="muted">
        <FeatureGrid
          columns={3}
          items={[
            {
              title: 'Price, with evidence',
              body: 'Every appraisal gives a selling range backed by up to three comparable sales nearby, with links to check them.',
            },
            {
              title: 'Fees in plain numbers',
              body: 'Commission including GST and a one-time marketing fee with what it covers, so the true cost of each agent is clear.',
            },
            {
              title: 'The agent behind it',
              body: 'Profile, agency, member badge from confirmed sales, and whether their licence has been verified.',
            },
          ]}
        />
      </Section>

      <section aria-labelledby="agents-title" className="bg-white">
        <div className="mx-auto w-full max-w-page px-5 py-14 md:px-8 md:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">For real estate agents</p>
          <h2 id="agents-title" className="mt-2 text-2xl font-bold tracking-tight text-ink md:text-3xl">
            Win listings in the suburbs you know best
          </h2>
          <p className="mt-3 max-w-3xl text-base leading-7 text-ink-soft">
            Sellers in your suburbs ask you for an appraisal. At most {DEFAULT_SUBSCRIBED_AGENTS_MAX} agents can hold a suburb, and you pay
            a referral fee only when a property sells with you.
          </p>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            <li className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">Per-suburb subscription</h3>
              <p className="mt-3 text-3xl font-bold text-brand-900">
                {formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)}
                <span className="text-base font-medium text-ink-soft"> per suburb per year</span>
              </p>
              <p className="mt-3 text-[0.95rem] leading-6 text-ink-soft">
                Your first {DEFAULT_TOTAL_FREE_TRIALS_ALLOWED} suburbs are free for 12 months.
              </p>
            </li>
            <li className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">Limited competition</h3>
              <p className="mt-3 text-3xl font-bold text-brand-900">
                {DEFAULT_SUBSCRIBED_AGENTS_MAX}
                <span className="text-base font-medium text-ink-soft"> agents per suburb at most</span>
              </p>
              <p className="mt-3 text-[0.95rem] leading-6 text-ink-soft">Once a suburb is full, no one else can join it.</p>
            </li>
            <li className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink">Referral fee on results</h3>
              <p className="mt-3 text-3xl font-bold text-brand-900">
                {formatDollars(LEAD_FEE_DOLLARS)}
                <span className="text-base font-medium text-ink-soft"> + GST</span>
              </p>
              <p className="mt-3 text-[0.95rem] leading-6 text-ink-soft">
                Only when a property you appraised sells unconditionally with you.
              </p>
            </li>
          </ul>
          <div className="mt-8 flex flex-col gap-3 md:flex-row">
            <ButtonLink to="/agent/signup">Join as an agent</ButtonLink>
            <ButtonLink to="/real-state-agent-info" variant="secondary">
              More for agents
            </ButtonLink>
          </div>
        </div>
      </section>

      <CtaBand
        title="Find out what your property is worth"
        actions={
          <ButtonLink to="/new-property/address" width="auto">
            Get free appraisals
          </ButtonLink>
        }
      >
        Free, with no obligation. Local agents reply within 48 hours.
      </CtaBand>
    </>
  );
}
