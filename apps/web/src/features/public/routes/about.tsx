import { Link } from 'react-router';
import { LEAD_FEE_DOLLARS, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS, SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaBand, FeatureGrid, Hero, Section, heroPrimaryLinkClass, heroSecondaryLinkClass } from '@/features/public/components/marketing';

export default function AboutRoute() {
  useDocumentTitle('About');
  return (
    <>
      <Hero
        eyebrow="About Listwise"
        title="Choose your agent with facts, not guesswork"
        actions={
          <>
            <Link to="/get-started" className={heroPrimaryLinkClass}>
              Get started
            </Link>
            <Link to="/how-it-works" className={heroSecondaryLinkClass}>
              How it works
            </Link>
          </>
        }
      >
        <p>
          Choosing an agent is one of the biggest decisions in selling a home, yet most people pick from a letterbox flyer or a single
          recommendation. Listwise lets you compare local agents' appraisals, fees and experience side by side before you decide.
        </p>
      </Hero>

      <Section title="Why Listwise exists">
        <div className="grid max-w-3xl gap-4 text-base leading-7 text-ink-soft">
          <p>
            Asking several agents for an appraisal usually means phone calls, repeated explanations and a week of follow-ups. Comparing what
            they tell you is harder still, because every agent presents their price, commission and marketing costs differently.
          </p>
          <p>
            Listwise puts the whole process in one place. You describe your property once, choose up to 5 agents who work in your suburb,
            and receive their appraisals in the same format, usually within 48 hours. Then you decide who to meet.
          </p>
        </div>
      </Section>

      <Section title="What we stand for" tone="muted">
        <FeatureGrid
          columns={4}
          items={[
            {
              title: 'Free for sellers',
              body: 'Sellers never pay to use Listwise. There is no catch and no obligation to list with anyone.',
            },
            {
              title: 'Fair for agents',
              body: 'Agents pay a flat yearly fee per suburb and a referral fee only when a sale actually happens. No pay-per-click.',
            },
            {
              title: 'Your details, your choice',
              body: 'Only the agents you pick see your address and photos, and only after they accept our referral terms.',
            },
            { title: 'Built for Australia', body: 'Real Australian suburbs, Australian privacy law and a local 1300 support line.' },
          ]}
        />
      </Section>

      <Section title="How Listwise makes money">
        <div className="grid max-w-3xl gap-4 text-base leading-7 text-ink-soft">
          <p>We think you should know exactly who pays for the service you use:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Agents subscribe to the suburbs they service. New agents receive free 12-month trials, then pay{' '}
              {formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)} per suburb per year.
            </li>
            <li>
              When a property sells unconditionally with an agent the seller met through Listwise, the agent pays a referral fee of{' '}
              {formatDollars(LEAD_FEE_DOLLARS)} plus GST.
            </li>
            <li>Sellers who sell unconditionally through a Listwise agent can claim cashback.</li>
          </ul>
          <p>None of this changes what an agent charges you. Commission and marketing costs are always agreed between you and the agent.</p>
        </div>
      </Section>

      <Section title="Talk to us" tone="muted">
        <p className="max-w-3xl text-base leading-7 text-ink-soft">
          Questions about Listwise, a listing or your subscription? Email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-800 underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>{' '}
          or call{' '}
          <a href={`tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`} className="font-semibold text-brand-800 underline underline-offset-4">
            {SUPPORT_PHONE}
          </a>
          .
        </p>
      </Section>

      <CtaBand
        title="Ready to compare agents?"
        actions={
          <>
            <ButtonLink to="/find-real-estate-agents">For sellers</ButtonLink>
            <ButtonLink to="/real-state-agent-info" variant="secondary">
              For agents
            </ButtonLink>
          </>
        }
      >
        It takes a few minutes to list your property, and it's free.
      </CtaBand>
    </>
  );
}
