/** Agents: search by name or e-mail; each with their profile, cards on file, subscriptions and charges. */
import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { formatTrackRecord } from '@listwise/domain/appraisal-cost';
import { badgeTier } from '@listwise/domain/badges';
import { formatDate } from '@listwise/domain/format';
import { toNationalPhone } from '@listwise/domain/phone';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { AdminAgentQuery, AdminAgentsQuery, type AdminAgentSummary } from '@/features/admin/api/agents';
import { Fact, Facts, ItemCard, Pill, SearchForm } from '@/features/admin/components/admin-ui';
import { cardLabel, ChargeCard } from '@/features/admin/components/charge-row';
import { PagedList } from '@/features/admin/components/paged-list';
import { SubscriptionCard } from '@/features/admin/components/subscription-card';

function AgentDetail({ id }: { id: string }) {
  const [{ data, error }] = useQuery({ query: AdminAgentQuery, variables: { id }, requestPolicy: 'cache-and-network' });
  const agent = data?.adminAgent;
  if (!agent) return error ? <p className="text-danger">{errorMessage(error)}</p> : <Spinner />;
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3">
        <h4 className="font-semibold text-ink">Subscriptions</h4>
        {agent.subscriptions.length === 0 ? (
          <p className="text-ink-soft">No suburb subscriptions.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {agent.subscriptions.map((s) => (
              <li key={s.id}>
                <SubscriptionCard subscription={s} heading="suburb" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h4 className="font-semibold text-ink">Charges</h4>
        {agent.charges.edges.length === 0 ? (
          <p className="text-ink-soft">No charges yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {agent.charges.edges.map(({ node }) => (
              <li key={node.id}>
                <ChargeCard charge={node} showUser={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AgentCard({ agent }: { agent: AdminAgentSummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailId = useId();
  const profile = agent.profile;
  const defaultCard = agent.cards.find((c) => c.isDefault) ?? agent.cards[0];
  return (
    <ItemCard
      title={profile?.name ?? agent.email ?? 'Agent'}
      aside={profile?.badge ? <Pill tone="good">{badgeTier(profile.badge).label}</Pill> : <Pill>No badge yet</Pill>}
    >
      <Facts>
        <Fact label="Email" isWide>
          {agent.email ?? '—'}
        </Fact>
        <Fact label="Mobile">{agent.mobileNumber ? toNationalPhone(agent.mobileNumber) : '—'}</Fact>
        <Fact label="Agency">{profile?.agencyName ?? '—'}</Fact>
        <Fact label="Sales confirmed">{profile?.numberOfEngagements ?? 0}</Fact>
        <Fact label="Track record" isWide>
          {profile?.trackRecord
            ? `${formatTrackRecord(profile.trackRecord)}; median ${profile.trackRecord.medianDeviationPercent}% from the midpoint`
            : 'Fewer than 3 recorded sales'}
        </Fact>
        <Fact label="Card on file">{defaultCard ? cardLabel(defaultCard) : 'None'}</Fact>
        <Fact label="Joined">{formatDate(agent.createdAt)}</Fact>
        <Fact label="Email verified">{agent.isEmailVerified ? 'Yes' : 'No'}</Fact>
      </Facts>
      <div className="mt-4 border-t border-line pt-4">
        <Button variant="ghost" width="auto" aria-expanded={isOpen} aria-controls={detailId} onClick={() => setIsOpen((v) => !v)}>
          {isOpen ? 'Hide subscriptions and charges' : 'Show subscriptions and charges'}
        </Button>
        <div id={detailId} hidden={!isOpen} className="mt-3">
          {isOpen && <AgentDetail id={agent.id} />}
        </div>
      </div>
    </ItemCard>
  );
}

export function AgentsPanel() {
  const [search, setSearch] = useState('');
  return (
    <section aria-labelledby="agents-heading" className="flex flex-col gap-4">
      <h2 id="agents-heading" className="text-xl font-semibold text-ink">
        Agents
      </h2>
      <SearchForm label="Agent name or email" placeholder="e.g. Olivia or agent@example.com" onSearch={setSearch} />
      <PagedList
        key={search}
        label="Agents"
        query={AdminAgentsQuery}
        variables={{ search: search || null }}
        connectionOf={(data) => data.adminAgents}
        keyOf={(node) => node.id}
        emptyText={search ? 'No agent matches this search.' : 'No agents yet.'}
        renderItem={(node) => <AgentCard agent={node} />}
      />
    </section>
  );
}
