import { Link } from 'react-router';
import { MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { ButtonLink } from '@/components/button';
import { useStaticCashbackAmount } from '@/lib/static-cashback-amount';
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

export default function ForSellersRoute() {
  useDocumentTitle('For Sellers');
  const [{ data }] = useStaticCashbackAmount();
  const cashback = data?.staticCashbackAmount;
  const cashbackText = cashback ? `${formatDollars(cashback)} cashback` : 'Cashback';

  return (
    <>
      <Hero
        eyebrow="For property sellers"
        title="Find the right real estate agent to sell your property"
        actions={
          <>
            <Link to="/new-property/address" className={heroPrimaryLinkClass}>
              Get free appraisals
            </Link>
            <Link to="/how-it-works" className={heroSecondaryLinkClass}>
              How it works
            </Link>
          </>
        }
      >
        <p>
          Request up to {MAX_AGENTS_PER_REQUEST} appraisals from local agents and receive them within 48 hours. Compare selling ranges,
          commission and marketing costs side by side, then choose who to meet. It's free.
        </p>
      </Hero>

      <Section title="Why sellers use Listwise">
        <FeatureGrid
          columns={4}
          items={[
            { title: `Up to ${MAX_AGENTS_PER_REQUEST} appraisals in 48 hours`, body: 'One short form instead of a week of phone calls.' },
            {
              title: 'Compare like for like',
              body: 'Every appraisal shows price range, commission and marketing costs in the same format.',
            },
            { title: 'Stay in control', body: 'Only the agents you choose see your address and photos. No obligation to list.' },
            {
              title: cashbackText,
              body: 'Sell unconditionally with an agent you met through Listwise and claim cashback once the agent confirms the sale.',
            },
          ]}
        />
      </Section>

      <Section title="What's in an appraisal" tone="muted">
        <ul className="grid gap-3 text-base text-ink md:grid-cols-2">
          {[
            'An estimated selling range for your property',
            'Proposed commission, as a percentage or flat fee',
            'Marketing costs and what they include',
            'Up to 3 comparable recent sales nearby',
            'Additional notes on the agent’s strategy',
            'Often a short video from the agent',
          ].map((item) => (
            <li key={item} className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Three steps to your appraisals">
        <Steps
          steps={[
            { title: 'Tell us about your property', body: 'Address, property type, features and photos.' },
            { title: 'Choose local agents', body: `Select up to ${MAX_AGENTS_PER_REQUEST} agents who service your suburb.` },
            { title: 'Compare and decide', body: 'Appraisals arrive within 48 hours. Request an appointment with the agent you like.' },
          ]}
        />
      </Section>

      <CtaBand
        title="See what your property could sell for"
        actions={
          <>
            <ButtonLink to="/new-property/address">Get free appraisals</ButtonLink>
            <ButtonLink to="/continue-signup" variant="secondary">
              Continue a listing
            </ButtonLink>
          </>
        }
      >
        Free, no obligation, and your details stay private.
      </CtaBand>
    </>
  );
}
