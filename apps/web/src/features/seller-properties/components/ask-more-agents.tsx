/**
 * 'Ask other agents' on a published listing's page: offered whenever an agent serving the suburb has not been asked
 * and the listing has room within the five it may ask at a time (agents who joined after it was published
 * included), whatever became of the first requests; asked with `requestAppraisalsFromMoreAgents`. With no agent
 * left to ask and room to spare, the seller may ask to be e-mailed once when one joins (`askToBeToldWhenAgentJoins`);
 * the e-mail leads back here, where one tap asks them.
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { MAX_AGENTS_PER_REQUEST } from '@listwise/domain/constants';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup } from '@/components/form-fields';
import { LicenceVerifiedMark } from '@/components/agent-profile/licence-mark';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useCurrentUser } from '@/lib/current-user';
import type { OtherAgentsForPropertyQuery } from '@/generated/graphql/graphql';
import {
  OtherAgentsQuery,
  useAskToBeToldWhenAgentJoins,
  useRequestAppraisalsFromMoreAgents,
  type AgentAsked,
} from '@/features/seller-properties/api/published-listing';

/** Agents still answering or who answered count against the five; declined, expired and released ones do not. */
const LIVE: AgentAsked['progress'][] = ['AWAITING_VERIFICATION', 'SENT', 'VIEWED', 'DRAFTING', 'APPRAISAL_RECEIVED'];

export function AskMoreAgents({
  propertyId,
  agentsAsked,
  isWaitingForAgentAlert,
}: {
  propertyId: string;
  agentsAsked: AgentAsked[];
  isWaitingForAgentAlert: boolean;
}) {
  const [{ data }] = useQuery({ query: OtherAgentsQuery, variables: { propertyId }, requestPolicy: 'cache-and-network' });
  if (!data) return null;
  const askedIds = new Set(agentsAsked.filter((a) => a.progress !== 'NOT_REQUIRED').map((a) => a.agent.id));
  const others = data.agentsForProperty.filter((agent) => !askedIds.has(agent.id));
  const room = MAX_AGENTS_PER_REQUEST - agentsAsked.filter((a) => LIVE.includes(a.progress)).length;
  if (room <= 0) return null;
  if (others.length === 0) return <AgentJoinAlert propertyId={propertyId} isWaiting={isWaitingForAgentAlert} />;
  return <AgentPicker propertyId={propertyId} others={others} room={room} />;
}

type OtherAgent = OtherAgentsForPropertyQuery['agentsForProperty'][number];

function AgentPicker({ propertyId, others, room }: { propertyId: string; others: OtherAgent[]; room: number }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, ask] = useRequestAppraisalsFromMoreAgents();

  const onAsk = async () => {
    if (selected.length === 0) return setError('Choose at least one agent');
    setError(null);
    const result = await ask({ propertyId, selectedAgents: selected });
    if (result.error) return setError(errorMessage(result.error));
    setSelected([]);
    showToast(
      `${selected.length === 1 ? 'The agent has' : `${selected.length} agents have`} been asked. Appraisals should arrive within 48 hours.`,
      { tone: 'success' },
    );
  };

  const notAsked =
    others.length === 1
      ? 'One agent who serves your suburb has not been asked yet.'
      : `${others.length} agents who serve your suburb have not been asked yet.`;
  return (
    <section
      aria-labelledby="ask-more-title"
      className="flex scroll-mt-24 flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="ask-more-title" className="text-xl font-semibold text-ink">
        Ask other agents
      </h2>
      <p className="text-ink-soft">
        {notAsked} You can ask up to {room === 1 ? 'one more' : `${room} more`}.
      </p>
      <ChoiceGroup legend="Agents who serve your suburb" layout="column">
        {others.map((agent) => (
          <div key={agent.id} className="flex flex-col gap-1">
            <Choice
              type="checkbox"
              name="more-agents"
              value={agent.id}
              label={`${agent.name ?? 'Agent'}${agent.agencyName ? `, ${agent.agencyName}` : ''}`}
              checked={selected.includes(agent.id)}
              disabled={!selected.includes(agent.id) && selected.length >= room}
              onChange={() => setSelected((now) => (now.includes(agent.id) ? now.filter((id) => id !== agent.id) : [...now, agent.id]))}
            />
            <LicenceVerifiedMark licence={agent.licence} className="ml-9 self-start" />
          </div>
        ))}
      </ChoiceGroup>
      <FormError message={error} />
      <Button width="auto" className="self-start" isLoading={fetching} onClick={onAsk}>
        Ask {selected.length > 1 ? `these ${selected.length} agents` : 'this agent'}
      </Button>
    </section>
  );
}

/** No agent left to ask: one tap leaves an alert, with what it uses the e-mail address for, and confirms it. */
function AgentJoinAlert({ propertyId, isWaiting }: { propertyId: string; isWaiting: boolean }) {
  const [{ data: me }] = useCurrentUser();
  const [{ fetching, error }, askToBeTold] = useAskToBeToldWhenAgentJoins();
  const email = me?.me?.email;
  return (
    <section aria-labelledby="ask-more-title" className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-line bg-white p-5">
      <h2 id="ask-more-title" className="text-xl font-semibold text-ink">
        No other agent to ask yet
      </h2>
      <p className="text-ink-soft">Every agent who serves your suburb on Listwise has been asked about this property.</p>
      {isWaiting ? (
        <p role="status" className="font-semibold [overflow-wrap:anywhere] text-ink">
          We will e-mail you{email ? ` at ${email}` : ''} when an agent you can ask joins your suburb. From the e-mail, one tap asks them.
        </p>
      ) : (
        <>
          <p className="[overflow-wrap:anywhere] text-ink-soft">
            We can e-mail you once{email ? ` at ${email}` : ''} when an agent joins. We use your address only for that one e-mail, and
            nothing is shared with agents until you ask one.
          </p>
          <FormError message={error ? errorMessage(error) : null} />
          <Button width="auto" variant="secondary" className="self-start" isLoading={fetching} onClick={() => askToBeTold({ propertyId })}>
            E-mail me when an agent joins
          </Button>
        </>
      )}
    </section>
  );
}
