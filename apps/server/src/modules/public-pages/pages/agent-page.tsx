import type { MoneyDisclosure } from '@listwise/domain/disclosure';
import { REVIEW_POLICY_PATH } from '@listwise/domain/reviews';
import { CashbackNote, type SiteFigures } from './site-parts.tsx';
import type { SuburbLink } from './pages.tsx';
import {
  AgentFigures,
  AgentPhoto,
  AgentTags,
  NewOnListwiseNote,
  ReviewList,
  ReviewSummaryLine,
  ShortDisclosure,
  type AgentView,
  type PublicReview,
} from './agent-parts.tsx';

/** An agent's public profile page: who they are, where they work, their figures and their reviews. */

export interface AgentPageProps {
  agent: AgentView;
  bio: string;
  agencyBio: string;
  agencyLogoUrl: string | null;
  suburbs: SuburbLink[];
  reviews: PublicReview[];
  disclosure: MoneyDisclosure;
  figures: SiteFigures;
}

export function AgentPage({ agent, bio, agencyBio, agencyLogoUrl, suburbs, reviews, disclosure, figures }: AgentPageProps) {
  return (
    <>
      <div className="panel card">
        <AgentPhoto agent={agent} large eager />
        <div className="body">
          <h1>{agent.name}</h1>
          <p className="meta">{agent.agencyName}</p>
          <AgentTags agent={agent} />
          <ReviewSummaryLine summary={agent.reviewSummary} />
        </div>
      </div>
      <h2>Listwise figures</h2>
      <AgentFigures figures={agent.figures} />
      <NewOnListwiseNote agent={agent} />
      <h2>Reviews</h2>
      {reviews.length ? (
        <>
          <ReviewList reviews={reviews} agentName={agent.name} />
          {agent.reviewSummary.count > reviews.length && (
            <p className="note">
              The {reviews.length} most recent of {agent.reviewSummary.count} reviews.
            </p>
          )}
        </>
      ) : (
        <p>No reviews yet.</p>
      )}
      <p className="note">
        Only sellers who received an appraisal from {agent.name} through Listwise can review them.{' '}
        <a href={REVIEW_POLICY_PATH}>Review policy</a>
      </p>
      <h2>About {agent.name}</h2>
      {bio.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <h2>About {agent.agencyName}</h2>
      {agencyLogoUrl && (
        <img src={agencyLogoUrl} alt={`${agent.agencyName} logo`} width={120} height={60} loading="lazy" style={{ objectFit: 'contain' }} />
      )}
      {agencyBio.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
      <h2>Suburbs served</h2>
      <ul className="links">
        {suburbs.map((s) => (
          <li key={s.path}>
            <a href={s.path}>{s.label}</a>
          </li>
        ))}
      </ul>
      <p>
        <a className="cta" href="/new-property/address">
          Ask {agent.name} for an appraisal
        </a>
      </p>
      <CashbackNote figures={figures} />
      <ShortDisclosure disclosure={disclosure} />
    </>
  );
}
