import { APPRAISAL_REQUEST_TTL_HOURS, MAX_AGENTS_PER_REQUEST, SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { freeSuburbsOfferSentence, LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { HOW_WE_RANK_PATH } from '@listwise/domain/disclosure';
import { formatDollars } from '@listwise/domain/format';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import {
  AgentPricing,
  Band,
  CashbackNote,
  cashbackWords,
  Features,
  Hero,
  leadFeeWords,
  LISTING_START_PATH,
  Section,
  Steps,
  type SiteFigures,
} from './site-parts.tsx';

/**
 * The public site's own pages beside the homepage (how it works, for agents, for sellers, about), rendered on the
 * server in the web app's design. Every amount comes from `SiteFigures`, which the server reads from the settings that
 * charge and pay them, so no page can state a fee, an offer or a cashback Listwise does not apply.
 */

export function HowItWorksPage({ figures }: { figures: SiteFigures }) {
  return (
    <>
      <Hero
        eyebrow="How it works"
        title="From listing to sold, in a few simple steps"
        actions={
          <>
            <a className="cta" href="#sellers">
              For sellers
            </a>
            <a className="cta secondary" href="#agents">
              For agents
            </a>
          </>
        }
      >
        Sellers receive up to {MAX_AGENTS_PER_REQUEST} appraisals from local agents within {APPRAISAL_REQUEST_TTL_HOURS} hours. Agents
        receive genuine requests from sellers in the suburbs they serve.
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
              body: `Pick up to ${MAX_AGENTS_PER_REQUEST} agents who serve your suburb and see their profiles, reviews and Listwise figures.`,
            },
            {
              title: `Receive appraisals within ${APPRAISAL_REQUEST_TTL_HOURS} hours`,
              body: 'Each agent sends a selling range, commission, marketing costs, comparable sales and notes, often with a short video.',
            },
            {
              title: 'Compare side by side',
              body: 'Every appraisal uses the same format, so you can compare price, fees and approach at a glance.',
            },
            { title: 'Meet the agent you like', body: 'Request an appointment in one tap. The agent will contact you within 24 hours.' },
            {
              title: `Sell and claim ${cashbackWords(figures)}`,
              body: 'When your property sells unconditionally with your Listwise agent, claim your cashback.',
            },
          ]}
        />
        <CashbackNote figures={figures} />
        <p>
          <a className="cta" href={LISTING_START_PATH}>
            Get free appraisals
          </a>
        </p>
      </Section>
      <Section id="agents" title="For agents" tint>
        <Steps
          columns={2}
          steps={[
            {
              title: 'Subscribe to your suburbs',
              body: `${freeSuburbsOfferSentence(figures.totalFreeTrialsAllowed)} Then ${formatDollars(figures.suburbSubscriptionAnnualPriceDollars)} per suburb per year.`,
            },
            {
              title: 'Receive appraisal requests',
              body: `Sellers in your suburbs choose you. You have ${APPRAISAL_REQUEST_TTL_HOURS} hours to answer each request.`,
            },
            { title: 'Send your appraisal', body: 'Step through selling range, fees, comparable sales, an optional video and notes.' },
            {
              title: 'Win the listing',
              body: `Pay a ${LEAD_FEE_NAME} of ${leadFeeWords(figures).plusGst} only when the property sells unconditionally with you.`,
            },
          ]}
        />
        <p style={{ marginTop: 24 }}>
          <a className="cta" href="/agent/signup">
            Join as an agent
          </a>
        </p>
      </Section>
      <Section title="Good to know">
        <Features
          items={[
            {
              title: 'Is it really free for sellers?',
              body: `Yes. Listwise is paid for by agents, through suburb subscriptions and the ${LEAD_FEE_NAME}.`,
            },
            {
              title: 'Who sees my address?',
              body: (
                <>
                  Only the agents you choose, and only once they accept the {LEAD_FEE_NAME} terms. See our{' '}
                  <a href={PUBLIC_SITE_PATHS.privacy}>Privacy Policy</a>.
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
      <Band
        title="Start with a free appraisal"
        actions={
          <a className="cta" href={LISTING_START_PATH}>
            Get started
          </a>
        }
      >
        List your property in minutes and hear from local agents within {APPRAISAL_REQUEST_TTL_HOURS} hours.
      </Band>
    </>
  );
}

export function ForAgentsPage({ figures }: { figures: SiteFigures }) {
  return (
    <>
      <Hero
        eyebrow="For real estate agents"
        title="Win more listings in the suburbs you know best"
        actions={
          <>
            <a className="cta" href="/agent/signup">
              Join as an agent
            </a>
            <a className="cta secondary" href="/login">
              Agent log in
            </a>
          </>
        }
      >
        Listwise sends you appraisal requests from homeowners thinking about selling in your suburbs. No cold calling, no pay-per-click, and
        you pay a {LEAD_FEE_NAME} only when you make a sale.
      </Hero>
      <Section title="Why agents use Listwise">
        <Features
          columns={4}
          items={[
            { title: 'Genuine vendor leads', body: 'Every request comes from a seller who chose you to appraise their property.' },
            {
              title: 'Limited competition',
              body: `At most ${figures.agentsPerSuburbMax} agents can subscribe to a suburb, so your appraisal is never lost in a crowd.`,
            },
            { title: 'Pay on results', body: `The ${LEAD_FEE_NAME} is charged only when a property sells unconditionally with you.` },
            {
              title: 'Build your reputation',
              body: 'A public profile with your licence check, reviews from sellers and your Listwise figures.',
            },
          ]}
        />
      </Section>
      <Section
        title="Simple pricing"
        tint
        intro={`Two charges: a yearly subscription for each suburb you serve, and a ${LEAD_FEE_NAME} only when you sell.`}
      >
        <AgentPricing figures={figures} />
      </Section>
      <Section title="How it works for agents">
        <Steps
          steps={[
            { title: 'Create your account', body: 'Add your details and choose the suburbs you serve.' },
            { title: 'Complete your profile', body: 'Add your photo, bio, agency and licence so sellers know who they are choosing.' },
            {
              title: `Answer within ${APPRAISAL_REQUEST_TTL_HOURS} hours`,
              body: `Accept the ${LEAD_FEE_NAME} terms to see the full property, then send your appraisal.`,
            },
            { title: 'Meet the seller', body: 'When a seller requests an appointment, contact them within 24 hours.' },
            { title: 'Confirm the sale', body: 'Record the sale price and contract date once the property sells unconditionally.' },
          ]}
        />
      </Section>
      <Band
        title="Claim your suburbs before they fill up"
        actions={
          <a className="cta" href="/agent/signup">
            Join as an agent
          </a>
        }
      >
        Sign-up takes a few minutes. Read the <a href={PUBLIC_SITE_PATHS.terms}>agent terms</a> and{' '}
        <a href={HOW_WE_RANK_PATH}>how we rank agents</a>.
      </Band>
    </>
  );
}

export function ForSellersPage({ figures }: { figures: SiteFigures }) {
  return (
    <>
      <Hero
        eyebrow="For property sellers"
        title="Find the right real estate agent to sell your property"
        actions={
          <>
            <a className="cta" href={LISTING_START_PATH}>
              Get free appraisals
            </a>
            <a className="cta secondary" href={PUBLIC_SITE_PATHS.findAgents}>
              Find agents by suburb
            </a>
          </>
        }
      >
        Request up to {MAX_AGENTS_PER_REQUEST} appraisals from local agents and receive them within {APPRAISAL_REQUEST_TTL_HOURS} hours.
        Compare selling ranges, commission and marketing costs side by side, then choose who to meet. It is free, and you receive{' '}
        {cashbackWords(figures)} when you sell with a Listwise agent.
      </Hero>
      <Section title="Why sellers use Listwise">
        <Features
          columns={4}
          items={[
            {
              title: `Up to ${MAX_AGENTS_PER_REQUEST} appraisals in ${APPRAISAL_REQUEST_TTL_HOURS} hours`,
              body: 'One short form instead of a week of phone calls.',
            },
            {
              title: 'Compare like for like',
              body: 'Every appraisal shows price range, commission and marketing costs in the same format.',
            },
            { title: 'Stay in control', body: 'Only the agents you choose see your address and photos. No obligation to list.' },
            {
              title: cashbackWords(figures),
              body: 'Sell unconditionally with an agent you met through Listwise and claim cashback once the agent confirms the sale.',
            },
          ]}
        />
      </Section>
      <Section title="What's in an appraisal" tint>
        <ul className="grid c2 checks">
          {[
            'An estimated selling range for your property',
            'Proposed commission, as a percentage or flat fee',
            'Marketing costs and what they include',
            'Up to 3 comparable recent sales nearby',
            'Additional notes on the agent’s strategy',
            'Often a short video from the agent',
          ].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
      <Section title="Three steps to your appraisals">
        <Steps
          steps={[
            { title: 'Tell us about your property', body: 'Address, property type, features and photos.' },
            { title: 'Choose local agents', body: `Select up to ${MAX_AGENTS_PER_REQUEST} agents who serve your suburb.` },
            {
              title: 'Compare and decide',
              body: `Appraisals arrive within ${APPRAISAL_REQUEST_TTL_HOURS} hours. Request an appointment with the agent you like.`,
            },
          ]}
        />
        <CashbackNote figures={figures} />
      </Section>
      <Band
        title="See what your property could sell for"
        actions={
          <>
            <a className="cta" href={LISTING_START_PATH}>
              Get free appraisals
            </a>
            <a className="cta secondary" href="/continue-signup">
              Continue a listing
            </a>
          </>
        }
      >
        Free, no obligation, and your details stay private.
      </Band>
    </>
  );
}

export function AboutPage({ figures }: { figures: SiteFigures }) {
  return (
    <>
      <Hero
        eyebrow="About Listwise"
        title="Choose your agent with facts, not guesswork"
        actions={
          <>
            <a className="cta" href={LISTING_START_PATH}>
              Get free appraisals
            </a>
            <a className="cta secondary" href={PUBLIC_SITE_PATHS.howItWorks}>
              How it works
            </a>
          </>
        }
      >
        Choosing an agent is one of the biggest decisions in selling a home, yet most people pick from a letterbox flyer or a single
        recommendation. Listwise lets you compare local agents&apos; appraisals, fees and records side by side before you decide.
      </Hero>
      <Section title="Why Listwise exists">
        <p className="intro">
          Asking several agents for an appraisal usually means phone calls, repeated explanations and a week of follow-ups. Comparing what
          they tell you is harder still, because every agent presents their price, commission and marketing costs differently.
        </p>
        <p className="intro">
          Listwise puts the whole process in one place. You describe your property once, choose up to {MAX_AGENTS_PER_REQUEST} agents who
          work in your suburb, and receive their appraisals in the same format, usually within {APPRAISAL_REQUEST_TTL_HOURS} hours. Then you
          decide who to meet.
        </p>
      </Section>
      <Section title="What we stand for" tint>
        <Features
          columns={4}
          items={[
            { title: 'Free for sellers', body: 'Sellers never pay to use Listwise, and there is no obligation to list with anyone.' },
            {
              title: 'Fair for agents',
              body: `Agents pay a flat yearly fee per suburb and a ${LEAD_FEE_NAME} only when a sale actually happens. No pay-per-click.`,
            },
            {
              title: 'Your details, your choice',
              body: `Only the agents you pick see your address and photos, and only after they accept the ${LEAD_FEE_NAME} terms.`,
            },
            { title: 'Built for Australia', body: 'Real Australian suburbs, Australian privacy law and a local 1300 support line.' },
          ]}
        />
      </Section>
      <Section title="How Listwise makes money">
        <ul className="intro">
          <li>
            Agents subscribe to the suburbs they serve, {formatDollars(figures.suburbSubscriptionAnnualPriceDollars)} per suburb per year.{' '}
            {freeSuburbsOfferSentence(figures.totalFreeTrialsAllowed)}
          </li>
          <li>
            When a property sells unconditionally with an agent the seller met through Listwise, the agent pays a {LEAD_FEE_NAME} of{' '}
            {leadFeeWords(figures).plusGst}.
          </li>
          <li>Sellers who sell unconditionally through a Listwise agent receive {cashbackWords(figures)}.</li>
        </ul>
        <p className="intro">
          None of this changes what an agent charges you, and no agent can pay to be shown higher:{' '}
          <a href={HOW_WE_RANK_PATH}>how we rank agents</a>.
        </p>
      </Section>
      <Section title="Talk to us" tint>
        <p className="intro">
          Questions about Listwise, a listing or your subscription? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or call{' '}
          <a href={`tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`}>{SUPPORT_PHONE}</a>.
        </p>
      </Section>
      <Band
        title="Ready to compare agents?"
        actions={
          <>
            <a className="cta" href={PUBLIC_SITE_PATHS.findAgents}>
              Find agents
            </a>
            <a className="cta secondary" href={PUBLIC_SITE_PATHS.forAgents}>
              For agents
            </a>
          </>
        }
      >
        It takes a few minutes to list your property, and it is free.
      </Band>
    </>
  );
}
