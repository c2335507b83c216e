/**
 * 'What sellers say' under the agent picker: each agent's published reviews behind a disclosure, read
 * only when opened (outside the cards, which are labels of their checkboxes), with the review policy's link.
 */
import { useState } from 'react';
import { AgentReviewsSection, ReviewPolicyLink } from '@/components/reviews/review-list';
import type { SuggestedAgent } from '@/features/listing/api/publish-property';

function AgentReviewsDisclosure({ agent }: { agent: SuggestedAgent }) {
  const [isOpen, setIsOpen] = useState(false);
  const count = agent.reviewSummary?.count ?? 0;
  return (
    <details onToggle={(event) => setIsOpen(event.currentTarget.open)} className="rounded-lg border border-line bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-brand-800">
        {agent.name ?? 'Agent'}: {count === 1 ? '1 review' : `${count} reviews`}
      </summary>
      {isOpen && (
        <div className="border-t border-line p-4">
          <AgentReviewsSection agentId={agent.id} agentName={agent.name} summary={agent.reviewSummary} headingLevel={3} />
        </div>
      )}
    </details>
  );
}

export function AgentReviewsDisclosures({ agents }: { agents: SuggestedAgent[] }) {
  if (agents.length === 0) return null;
  return (
    <section aria-labelledby="what-sellers-say" className="flex flex-col gap-3">
      <h2 id="what-sellers-say" className="text-lg font-semibold text-ink">
        What sellers say
      </h2>
      {agents.map((agent) => (
        <AgentReviewsDisclosure key={agent.id} agent={agent} />
      ))}
      <ReviewPolicyLink />
    </section>
  );
}
