import type { ReactNode } from 'react';
import { freeSuburbsOfferSentence, LEAD_FEE_TITLE, leadFeeWordsOfDollars } from '@listwise/domain/agent-fees';
import { formatDollars } from '@listwise/domain/format';

/**
 * The building blocks of the public site's own pages: the figures every amount comes from, and the hero, sections,
 * steps, features, bands and notes the pages are made of.
 */

export interface SiteFigures {
  /** The seller's cashback, in dollars (a setting). */
  cashbackDollars: number;
  suburbSubscriptionAnnualPriceDollars: number;
  leadFeeExcludingGstDollars: number;
  leadFeeIncludingGstDollars: number;
  totalFreeTrialsAllowed: number;
  /** The default most agents a suburb takes. */
  agentsPerSuburbMax: number;
}

/** Where the homepage's address box and the listing calls to action go (the web app's listing wizard). */
export const LISTING_START_PATH = '/new-property/address';

export const cashbackWords = (figures: SiteFigures) => `${formatDollars(figures.cashbackDollars)} cashback`;
export const leadFeeWords = (figures: SiteFigures) =>
  leadFeeWordsOfDollars({
    excludingGstDollars: figures.leadFeeExcludingGstDollars,
    includingGstDollars: figures.leadFeeIncludingGstDollars,
  });

export function Hero({ eyebrow, title, children, actions }: { eyebrow: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="hero" aria-labelledby="page-title">
      <div className="wrap">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="page-title">{title}</h1>
        <p className="intro">{children}</p>
        {actions && <p className="actions">{actions}</p>}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  intro,
  tint,
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tint?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <section id={id} className={tint ? 'section tint' : 'section'} aria-labelledby={headingId}>
      <div className="wrap">
        <h2 id={headingId}>{title}</h2>
        {intro && <p className="intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export type Item = { title: string; body: ReactNode };

export function Steps({ steps, columns = 3 }: { steps: Item[]; columns?: 2 | 3 }) {
  return (
    <ol className={`grid steps c${columns}`}>
      {steps.map((step, i) => (
        <li key={step.title}>
          <div>
            <h3>
              <span className="sr">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p>{step.body}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function Features({ items, columns = 3 }: { items: Item[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid c${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="feature">
          <span aria-hidden="true" />
          <h3>{item.title}</h3>
          <p>{item.body}</p>
        </li>
      ))}
    </ul>
  );
}

export function Band({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="band" aria-label={title}>
      <div className="wrap">
        <div>
          <h2>{title}</h2>
          <p>{children}</p>
        </div>
        <p>{actions}</p>
      </div>
    </section>
  );
}

/** The seller's reason to come, on every seller-facing public page. */
export function CashbackNote({ figures }: { figures: SiteFigures }) {
  return (
    <p className="cashback">
      <strong>{cashbackWords(figures)}</strong> when you sell unconditionally with an agent you met through Listwise. Listwise is free for
      sellers.
    </p>
  );
}

export function AgentPricing({ figures }: { figures: SiteFigures }) {
  return (
    <ul className="grid c3">
      <li>
        <h3>Per-suburb subscription</h3>
        <p className="price">
          {formatDollars(figures.suburbSubscriptionAnnualPriceDollars)}
          <span> per suburb per year</span>
        </p>
        <p>{freeSuburbsOfferSentence(figures.totalFreeTrialsAllowed)} Subscriptions renew yearly to your saved card.</p>
      </li>
      <li>
        <h3>Limited competition</h3>
        <p className="price">
          {figures.agentsPerSuburbMax}
          <span> agents per suburb at most</span>
        </p>
        <p>Once a suburb is full, no one else can join it.</p>
      </li>
      <li>
        <h3>{LEAD_FEE_TITLE} on results</h3>
        <p className="price">
          {leadFeeWords(figures).excludingGst}
          <span> plus GST ({leadFeeWords(figures).total} in total)</span>
        </p>
        <p>Only when a property you appraised through Listwise sells unconditionally with you. Charged when you confirm the sale.</p>
      </li>
    </ul>
  );
}
