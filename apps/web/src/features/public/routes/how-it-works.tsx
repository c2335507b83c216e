import { Link } from 'react-router';
import { LEAD_FEE_DOLLARS, MAX_AGENTS_PER_REQUEST, SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS } from '@listwise/domain/constants';
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

export default function HowItWorksRoute() {
  useDocumentTitle('How it works');
  return (
    <>
      <Hero
        eyebrow="How it works"
        title="From listing to sold, in a few simple steps"
        actions={
          <>
            <a href="#sellers" className={heroPrimaryLinkClass}>
              For sellers
            </a>
            <a href="#agents" className={heroSecondaryLinkClass}>
              For agents
            </a>
          </>
        }
      >
        <p>
          Sellers receive up to {MAX_AGENTS_PER_REQUEST} appraisals from local agents within 48 hours. Agents receive genuine requests from
          sellers in the suburbs they service.
        </p>
      </Hero>

      <Section id="sellers" title="For sellers">
        <Steps
          steps={[
            {
              title: 'Describe your property',
              body: 'Enter the address, the type of property, its features and a few photos. It takes minutes.',
            },
            {
              title: 'Choose your agents',
              body: `Pick up to ${MAX_AGENTS_PER_REQUEST} agents who service your suburb and see their profiles and experience.`,
            },
            {
              title: 'Receive appraisals within 48 hours',
              body: 'Each agent sends a selling range, commission, marketing costs, comparable sales and notes, often with a short video.',
            },
            {
              title: 'Compare side by side',
              body: 'Every appraisal uses the same format, so you can compare price, fees and approach at a glance.',
            },
            { title: 'Meet the agent you like', body: 'Request an appointment in one tap. The agent will contact you within 24 hours.' },
            {
              title: 'Sell and claim cashback',
              body: 'When your property sells unconditionally with your Listwise agent, claim your cashback.',
            },
          ]}
        />
        <div className="mt-8">
          <ButtonLink to="/new-property/address">Get free appraisals</ButtonLink>
        </div>
      </Section>

      <Section id="agents" title="For agents" tone="muted">
        <Steps
          steps={[
            {
              title: 'Subscribe to your suburbs',
              body: `Your first suburbs are free for 12 months, then ${formatDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_DOLLARS)} per suburb per year.`,
            },
            {
              title: 'Receive appraisal requests',
              body: 'Sellers in your suburbs choose you. You have 48 hours to respond to each request.',
            },
            { title: 'Send your appraisal', body: 'Step through selling range, fees, comparable sales, an optional video and notes.' },
            {
              title: 'Win the listing',
              body: `Pay a referral fee of ${formatDollars(LEAD_FEE_DOLLARS)} + GST only when the property sells unconditionally with you.`,
            },
          ]}
        />
        <div className="mt-8">
          <ButtonLink to="/agent/signup">Join as an agent</ButtonLink>
        </div>
      </Section>

      <Section title="Good to know">
        <FeatureGrid
          columns={3}
          items={[
            {
              title: 'Is it really free for sellers?',
              body: 'Yes. Listwise is paid for by agents through suburb subscriptions and referral fees.',
            },
            {
              title: 'Who sees my address?',
              body: (
                <>
                  Only the agents you choose, and only once they accept our referral terms. See our{' '}
                  <Link to="/terms-and-conditions?tab=privacy" className="font-semibold text-brand-800 underline underline-offset-4">
                    Privacy Policy
                  </Link>
                  .
                </>
              ),
            },
            {
              title: 'Do I have to choose an agent?',
              body: 'No. Appraisals come with no obligation. You can decide not to sell at any time.',
            },
          ]}
        />
      </Section>

      <CtaBand title="Start with a free appraisal" actions={<ButtonLink to="/get-started">Get started</ButtonLink>}>
        List your property in minutes and hear from local agents within 48 hours.
      </CtaBand>
    </>
  );
}
