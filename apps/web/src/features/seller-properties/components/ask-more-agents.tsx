/**
 * 'Ask other agents' on a published listing's page: once an agent declined or let the request expire,
 * the seller is offered the suburb's other agents, up to the five a listing may ask at a time, and asks them with
 * `requestAppraisalsFromMoreAgents`.
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { OtherAgentsQuery, useRequestAppraisalsFromMoreAgents, type AgentAsked } from '@/features/seller-properties/api/published-listing';

/** Agents still answering or who answered count against the five; declined, expired and released ones do not. */
const LIVE: AgentAsked['progress'][] = ['AWAITING_VERIFICATION', 'SENT', 'VIEWED', 'DRAFTING', 'APPRAISAL_RECEIVED'];

export function AskMoreAgents({ propertyId, agentsAsked }: { propertyId: string; agentsAsked: AgentAsked[] }) {
  const hasLostOne = agentsAsked.some((a) => a.progress === 'DECLINED' || a.progress === 'EXPIRED');
  const [{ data }] = useQuery({
    query: OtherAgentsQuery,
    variables: { propertyId },
    pause: !hasLostOne,
    requestPolicy: 'cache-and-network',
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, ask] = useRequestAppraisalsFromMoreAgents();
  if (!hasLostOne || !data) return null;

  const askedIds = new Set(agentsAsked.filter((a) => a.progress !== 'NOT_REQUIRED').map((a) => a.agent.id));
  const others = data.agentsForProperty.filter((agent) => !askedIds.has(agent.id));
  const room = MAX_AGENTS_PER_REQUEST - agentsAsked.filter((a) => LIVE.includes(a.progress)).length;
  if (others.length === 0 || room <= 0) return null;

  const onAsk = async () => {
    if (selected.length === 0) return setError('Choose at least one agent');
    setError(null);
    const result = await ask({ propertyId, selectedAgents: selected });
    if (result.error) return setError(errorMessage(result.error));
    setSelected([]);
    showToast(
      `${selected.length === 1 ? 'The agent has' : `${selected.length} agents have`} been asked. Appraisals should arrive within 48 hours.`,
      {
        tone: 'success',
      },
    );
  };

  return (
    <section aria-labelledby="ask-more-title" className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="ask-more-title" className="text-xl font-semibold text-ink">
        Ask other agents
      </h2>
      <p className="text-ink-soft">
        Not every agent you asked will appraise your property. Other agents serve your suburb: you can ask up to {room} more.
      </p>
      <ChoiceGroup legend="Agents who serve your suburb" layout="column">
        {others.map((agent) => (
          <Choice
            key={agent.id}
            type="checkbox"
            name="more-agents"
            value={agent.id}
            label={`${agent.name ?? 'Agent'}${agent.agencyName ? `, ${agent.agencyName}` : ''}`}
            checked={selected.includes(agent.id)}
            disabled={!selected.includes(agent.id) && selected.length >= room}
            onChange={() => setSelected((now) => (now.includes(agent.id) ? now.filter((id) => id !== agent.id) : [...now, agent.id]))}
          />
        ))}
      </ChoiceGroup>
      <FormError message={error} />
      <Button width="auto" className="self-start" isLoading={fetching} onClick={onAsk}>
        Ask {selected.length > 1 ? `these ${selected.length} agents` : 'this agent'}
      </Button>
    </section>
  );
}
