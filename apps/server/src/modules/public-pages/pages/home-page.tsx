import { APPRAISAL_REQUEST_TTL_HOURS, MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { LEAD_FEE_NAME } from '@listwise/domain/agent-fees';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import { AgentPricing, Band, cashbackWords, Features, LISTING_START_PATH, Section, Steps, type SiteFigures } from './site-parts.tsx';

/**
 * The public site's homepage, with the address box that starts a listing and an example of the appraisals a seller
 * receives.
 */

/**
 * The address box. Without script it opens the listing wizard's address step; the site's small script
 * (public-site-script.ts) hands the typed address to that step in this browser's session storage rather than the URL,
 * so a home address never lands in a server log or a Referer header.
 */
function AddressStartForm() {
  return (
    <form className="start" method="get" action={LISTING_START_PATH} aria-label="Start your listing" data-hand-address="">
      <label htmlFor="start-address">Your property&apos;s address</label>
      <div className="row">
        <input id="start-address" type="text" autoComplete="address-line1" placeholder="e.g. 12 Campbell Parade, Bondi" maxLength={300} />
        <button type="submit">Get free appraisals</button>
      </div>
    </form>
  );
}

/** Three appraisals of one home as a seller sees them: markup, not an image (sharp, free, read as text). */
function AppraisalsExample() {
  const examples = [
    { name: 'Jess Morgan', agency: 'Harbour Realty', range: '$1.82m – $1.95m', commission: '1.9% incl. GST' },
    { name: 'Dev Patel', agency: 'Coastal Property', range: '$1.78m – $1.90m', commission: '2.2% incl. GST' },
    { name: 'Amy Lee', agency: 'Eastside Estates', range: '$1.85m – $2.00m', commission: '$24,000 flat' },
  ];
  return (
    <figure className="example">
      <figcaption>
        <span className="eyebrow">Example</span>
        <br />
        <strong>3 appraisals received</strong>
        <br />
        <span className="small">3 bedroom house, Bondi NSW 2026</span>
      </figcaption>
      <ul>
        {examples.map((e) => (
          <li key={e.name}>
            <span>
              <strong>{e.name}</strong>
              <br />
              <span className="small">{e.agency}</span>
            </span>
            <span style={{ textAlign: 'right' }}>
              <strong>{e.range}</strong>
              <br />
              <span className="small">{e.commission}</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function HomePage({ figures }: { figures: SiteFigures }) {
  const cashback = cashbackWords(figures);
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="wrap hero-grid">
          <div>
            <p className="eyebrow">Free for sellers</p>
            <h1 id="page-title">Compare local agents before you sell</h1>
            <p className="intro">
              Ask up to {MAX_AGENTS_PER_REQUEST} local agents to appraise your property. Their appraisals arrive within{' '}
              {APPRAISAL_REQUEST_TTL_HOURS} hours, side by side, and you receive {cashback} when you sell with a Listwise agent.
            </p>
            <AddressStartForm />
            <p className="intro">
              Want to see who works in your suburb first? <a href={PUBLIC_SITE_PATHS.findAgents}>Find agents</a>. Already listed?{' '}
              <a href="/login">Log in</a> or <a href="/continue-signup">continue where you left off</a>.
            </p>
          </div>
          <AppraisalsExample />
        </div>
      </section>

      <Section
        id="sellers"
        title="How it works for sellers"
        intro="No obligation, and no calls you did not ask for: agents see your mobile number only when you ask one for an appointment, and call you about that visit. You choose who appraises your property, and whether to go ahead."
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
              body: 'See the agents who serve your suburb, with their profile, licence check, reviews and Listwise figures, and pick who you want to hear from.',
            },
            {
              title: 'Compare appraisals side by side',
              body: `Each agent sends a selling range, commission, marketing costs and comparable sales within ${APPRAISAL_REQUEST_TTL_HOURS} hours, in the same format.`,
            },
            {
              title: `Sell and receive ${cashback}`,
              body: 'When your property sells unconditionally with the Listwise agent you chose, claim your cashback to your bank account.',
            },
          ]}
        />
        <p style={{ marginTop: 24 }}>
          <a href={PUBLIC_SITE_PATHS.howItWorks}>More about how Listwise works</a> ·{' '}
          <a href={PUBLIC_SITE_PATHS.findAgents}>Find agents by suburb</a>
        </p>
      </Section>

      <Section title="Appraisals you can actually compare" tint>
        <Features
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
              body: 'Profile, agency, member badge from confirmed sales, reviews from sellers, and whether their licence has been checked.',
            },
          ]}
        />
      </Section>

      <Section
        id="agents"
        title="Win listings in the suburbs you know best"
        intro={
          <>
            Sellers in your suburbs ask you for an appraisal. At most {figures.agentsPerSuburbMax} agents can hold a suburb, and you pay a{' '}
            {LEAD_FEE_NAME} only when a property sells with you.
          </>
        }
      >
        <AgentPricing figures={figures} />
        <p style={{ marginTop: 24 }}>
          <a className="cta" href="/agent/signup">
            Join as an agent
          </a>
          <a className="cta secondary" href={PUBLIC_SITE_PATHS.forAgents}>
            More for agents
          </a>
        </p>
      </Section>

      <Band
        title="Find out what your property is worth"
        actions={
          <a className="cta" href={LISTING_START_PATH}>
            Get free appraisals
          </a>
        }
      >
        Free, with no obligation. Local agents reply within {APPRAISAL_REQUEST_TTL_HOURS} hours.
      </Band>
    </>
  );
}
