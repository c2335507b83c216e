import { Link } from 'react-router';
import {
  DEFAULT_SUBSCRIBED_AGENTS_MAX,
  DEFAULT_TOTAL_FREE_TRIALS_ALLOWED,
  LEAD_FEE_DOLLARS,
  SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS,
} from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  CtaBand,
  FeatureGrid,
  Hero,
  Section,
  Steps,
  heroPrimaryLinkClass,
  heroSecondaryLinkClass,
} from '@/features/public/components/marketing';

export default function ForAgentsRoute() {
  useDocumentTitle('For Agents');
  const gst = LEAD_FEE_DOLLARS * 0.1;
  return (
    <>
      <Hero
        eyebrow="For real estate agents"
        title="Win more listings in the suburbs you know best"
        actions={
          <>
            <Link to="/agent/signup" className={heroPrimaryLinkClass}>
              Join as an agent
            </Link>
            <Link to="/login" className={heroSecondaryLinkClass}>
              Agent log in
            </Link>
          </>
        }
      >
        <p>
          Listwise sends you appraisal requests from homeowners who are actively thinking about selling in your suburbs. No cold calling, no
          pay-per-click, and you pay a referral fee only when you make a sale.
        </p>
      </Hero>

      <Section title="Why agents use Listwise">
        <FeatureGrid
          columns={4}
          items={[
            { title: 'Genuine vendor leads', body: 'Every request comes from a seller who chose you to appraise their property.' },
            {
              title: 'Limited competition',
              body: `At most ${DEFAULT_SUBSCRIBED_AGENTS_MAX} agents can subscribe to a suburb, so your appraisal is never lost in a crowd.`,
            },
            { title: 'Pay on results', body: 'The referral fee is charged only when a property sells unconditionally with you.' },
            { title: 'Build your reputation', body: 'Earn member badges, from Verified to Diamond, as your confirmed sales grow.' },
          ]}
        />
      </Section>

      <Section
        title="Simple pricing"
        tone="muted"
        intro="Two simple charges: a yearly subscription for each suburb you service, and a referral fee only when you sell."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <article className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">Suburb subscription</h3>
            <p className="mt-3 text-3xl font-bold text-brand-900">
              {formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)}
              <span className="text-base font-medium text-ink-soft"> per suburb per year</span>
            </p>
            <p className="mt-3 text-[0.95rem] leading-6 text-ink-soft">
              Your first suburbs are free for 12 months, up to {DEFAULT_TOTAL_FREE_TRIALS_ALLOWED} free trials in total. Subscriptions renew
              yearly to your saved card.
            </p>
          </article>
          <article className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">Referral fee</h3>
            <p className="mt-3 text-3xl font-bold text-brand-900">
              {formatDollars(LEAD_FEE_DOLLARS)}
              <span className="text-base font-medium text-ink-soft"> + GST ({formatDollars(LEAD_FEE_DOLLARS + gst)} total)</span>
            </p>
            <p className="mt-3 text-[0.95rem] leading-6 text-ink-soft">
              Payable only when a property you were introduced to through Listwise sells unconditionally with you. Charged when you confirm
              the sale.
            </p>
          </article>
        </div>
      </Section>

      <Section title="How it works for agents">
        <Steps
          steps={[
            { title: 'Create your account', body: 'Add your details and choose the suburbs you service.' },
            { title: 'Complete your profile', body: 'Add your photo, bio and agency so sellers know who they are choosing.' },
            { title: 'Respond within 48 hours', body: 'Accept the referral terms to see the full property, then send your appraisal.' },
            { title: 'Meet the seller', body: 'When a seller requests an appointment, contact them within 24 hours.' },
            { title: 'Confirm the sale', body: 'Record the sale price and contract date once the property sells unconditionally.' },
          ]}
        />
      </Section>

      <CtaBand title="Claim your suburbs before they fill up" actions={<ButtonLink to="/agent/signup">Join as an agent</ButtonLink>}>
        Sign-up takes a few minutes. Read the{' '}
        <Link to="/terms-and-conditions?tab=terms" className="font-semibold text-brand-800 underline underline-offset-4">
          agent terms
        </Link>
        .
      </CtaBand>
    </>
  );
}
