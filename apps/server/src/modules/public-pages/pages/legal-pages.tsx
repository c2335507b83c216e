import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { parseLegalInline, parseLegalMarkdown, type LegalBlock } from '@listwise/domain/legal-markdown';
import { PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';
import {
  REVIEW_EDIT_DAYS,
  REVIEW_HOLD_REASON_LABELS,
  REVIEW_INVITATION_DELAY_DAYS,
  REVIEW_REMINDER_DELAY_DAYS,
  REVIEW_REMOVAL_REASON_LABELS,
  REVIEW_SUMMARY_MIN_COUNT,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '@listwise/domain/reviews';

/**
 * The terms, the privacy policy and the review policy, rendered on the server. The terms and the privacy policy
 * are the Markdown documents under apps/web/public/legal/ (each carries, in a comment at its top, the points a lawyer
 * must confirm; the comments are never shown). They are plain English written by the product team, not legal advice.
 */

export type LegalDocumentName = 'seller-terms' | 'agent-terms' | 'privacy-policy';

/**
 * Reads the documents from the built web app (where production has them), else from the web app's sources (a
 * checkout without a build). Read once per process: they change only with a deploy.
 */
export function legalDocumentReader(webDistDir: string) {
  const cache = new Map<LegalDocumentName, string>();
  const places = [path.join(webDistDir, 'legal'), path.join(webDistDir, '..', 'public', 'legal')];
  return (name: LegalDocumentName): string => {
    let text = cache.get(name);
    if (text === undefined) {
      const file = places.map((dir) => path.join(dir, `${name}.md`)).find((candidate) => fs.existsSync(candidate));
      if (!file) throw new Error(`legal document ${name}.md is missing from ${places.join(' and ')}`);
      text = fs.readFileSync(file, 'utf8');
      cache.set(name, text);
    }
    return text;
  };
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseLegalInline(text).map((piece, i) =>
        piece.kind === 'bold' ? (
          <strong key={i}>{piece.text}</strong>
        ) : piece.kind === 'link' ? (
          <a key={i} href={piece.href}>
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** Document headings start at h2: the page owns the h1. */
const HEADING_TAGS = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'heading') {
    const Tag = HEADING_TAGS[block.level];
    return (
      <Tag>
        <Inline text={block.text} />
      </Tag>
    );
  }
  if (block.kind === 'list') {
    const Tag = block.ordered ? 'ol' : 'ul';
    return (
      <Tag>
        {block.items.map((item, j) => (
          <li key={j}>
            <Inline text={item} />
          </li>
        ))}
      </Tag>
    );
  }
  return (
    <p>
      <Inline text={block.text} />
    </p>
  );
}

export function LegalDocument({ markdown, id, label }: { markdown: string; id?: string; label?: string }) {
  return (
    <section className="legal" id={id} aria-label={label}>
      {parseLegalMarkdown(markdown).map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </section>
  );
}

function LegalTabs({ current }: { current: 'terms' | 'privacy' }) {
  return (
    <nav className="tabs" aria-label="Legal documents">
      <a href={PUBLIC_SITE_PATHS.terms} aria-current={current === 'terms' ? 'page' : undefined}>
        Terms
      </a>
      <a href={PUBLIC_SITE_PATHS.privacy} aria-current={current === 'privacy' ? 'page' : undefined}>
        Privacy
      </a>
    </nav>
  );
}

export function TermsPage({ sellerTerms, agentTerms }: { sellerTerms: string; agentTerms: string }) {
  return (
    <>
      <h1>Terms &amp; Conditions</h1>
      <p className="lead">The terms for sellers and agents who use Listwise. Plain English; where they and the law differ, the law wins.</p>
      <LegalTabs current="terms" />
      <ul className="links">
        <li>
          <a href="#seller-terms">Seller terms</a>
        </li>
        <li>
          <a href="#agent-terms">Agent terms</a>
        </li>
      </ul>
      <LegalDocument markdown={sellerTerms} id="seller-terms" label="Seller terms" />
      <hr />
      <LegalDocument markdown={agentTerms} id="agent-terms" label="Agent terms" />
    </>
  );
}

export function PrivacyPage({ policy }: { policy: string }) {
  return (
    <>
      <h1>Privacy Policy</h1>
      <p className="lead">What personal information Listwise collects, why, who receives it, and how you can see, correct or delete it.</p>
      <LegalTabs current="privacy" />
      <LegalDocument markdown={policy} />
    </>
  );
}

function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/*
 * The review policy says what the server does: who may review, the holds (ReviewHoldReason), the removal reasons
 * (ReviewRemovalReason) and the reply. Plain English, not legal advice. A lawyer must confirm before launch:
 * - that it meets the ACCC's guidance on online reviews (no selective publishing, disclosure of moderation);
 * - that showing the writer's first name and suburb is a use the privacy policy and the review form's notice cover;
 * - that the removal reasons (defamatory, personal information) and the agent's report give a fair process.
 */
export function ReviewPolicyPage() {
  return (
    <div className="legal">
      <h1>How agent reviews work</h1>
      <p className="lead">Reviews on Listwise come only from sellers who really received an appraisal from the agent through Listwise.</p>
      <PolicySection id="who" title="Who can review">
        <p>
          The seller of a property can review each agent whose appraisal they received, once per appraisal. A review of the agent the seller
          sold through is marked “Verified sale” once that agent has confirmed the sale. A review is {REVIEW_TEXT_MIN} to{' '}
          {REVIEW_TEXT_MAX.toLocaleString('en-AU')} characters with 1 to 5 stars, and its writer can edit it for {REVIEW_EDIT_DAYS} days; an
          edited review says so. A review shows the writer’s first name and suburb, never their surname, e-mail, phone or address.
        </p>
      </PolicySection>
      <PolicySection id="asked" title="Every seller is asked">
        <p>
          We e-mail every seller {REVIEW_INVITATION_DELAY_DAYS} days after an appraisal arrives, and again as soon as a sale is confirmed,
          with one reminder {REVIEW_REMINDER_DELAY_DAYS} days later. Agents cannot ask for, choose or pay for reviews.
        </p>
      </PolicySection>
      <PolicySection id="held" title="Reviews we check before they show">
        <p>Reviews are published at once, except these, which our team checks first:</p>
        <ul>
          {Object.values(REVIEW_HOLD_REASON_LABELS).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        <p>A public mail provider such as Gmail or Outlook shared with the agent does not count.</p>
      </PolicySection>
      <PolicySection id="removed" title="Why a review is removed">
        <p>Our team removes a review only for one of these reasons, and never for being negative:</p>
        <ul>
          {Object.values(REVIEW_REMOVAL_REASON_LABELS).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        <p>Every decision is recorded, and the writer is e-mailed with the reason.</p>
      </PolicySection>
      <PolicySection id="agents" title="What agents can do">
        <p>
          The agent is told of each review and may publish one reply, which they can edit. An agent may report a review for one of the
          reasons above; a report does not hide it. An agent’s average rating shows once they have {REVIEW_SUMMARY_MIN_COUNT} published
          reviews.
        </p>
      </PolicySection>
    </div>
  );
}
