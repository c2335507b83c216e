/**
 * Agents: search by name or e-mail; each with their profile, licence state (pending, verified, rejected or
 * expired, with the expiry date), suspension, cards on file, subscriptions and charges. 'Suspend agent' asks for a
 * reason the agent is e-mailed; 'Lift suspension' ends it. A closed account is labelled 'Deleted', with the day
 * it was closed, and has no suspension action.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import { useQuery } from 'urql';
import { formatTrackRecord } from '@listwise/domain/appraisal-cost';
import { badgeTier } from '@listwise/domain/badges';
import { licenceStandingLabel, type LicenceStanding } from '@listwise/domain/agent-licence';
import { formatCalendarDate, formatDate } from '@listwise/domain/format';
import { toNationalPhone } from '@listwise/domain/phone';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  AdminAgentQuery,
  AdminAgentsQuery,
  useLiftAgentSuspension,
  useSuspendAgent,
  type AdminAgentSummary,
} from '@/features/admin/agents/api';
import { adminUserName } from '@/features/admin/shared/types';
import { ConfirmAction, Fact, Facts, ItemCard, OperatorReasonField, Pill, SearchForm } from '@/features/admin/shared/admin-ui';
import { cardLabel, ChargeCard } from '@/features/admin/ledger/charge-row';
import { PagedList } from '@/features/admin/shared/paged-list';
import { SubscriptionCard } from '@/features/admin/suburbs/subscription-card';

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

type AgentLicence = NonNullable<NonNullable<AdminAgentSummary['profile']>['licence']>;

const standingOf = (licence: AgentLicence): LicenceStanding =>
  licence.isExpired ? 'EXPIRED' : licence.isVerified ? 'VERIFIED' : licence.status;

const STANDING_TONES = { VERIFIED: 'good', PENDING: 'neutral', REJECTED: 'bad', EXPIRED: 'bad' } as const;

/** 'Verified · NSW 20123456, expires 3 Sep 2027' */
function LicenceFact({ licence }: { licence: AgentLicence | null }) {
  if (!licence) return <>None entered</>;
  const standing = standingOf(licence);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Pill tone={STANDING_TONES[standing]}>{licenceStandingLabel(standing)}</Pill>
      <span>
        {licence.state} {licence.number}
        {licence.expiresOn
          ? `, ${standing === 'EXPIRED' ? 'expired' : 'expires'} ${formatCalendarDate(licence.expiresOn)}`
          : ', no expiry date'}
        {standing === 'VERIFIED' && licence.status === 'PENDING' ? ' (renewal waiting for a check)' : ''}
      </span>
    </span>
  );
}

function SuspensionActions({ agent, name }: { agent: AdminAgentSummary; name: string }) {
  const [, suspend] = useSuspendAgent();
  const [, lift] = useLiftAgentSuspension();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: '' } });
  const reasonLength = useWatch({ control, name: 'reason' }).length;
  if (agent.profile?.suspension) {
    return (
      <ConfirmAction
        label="Lift suspension"
        title={`Lift ${name}'s suspension?`}
        confirmLabel="Lift suspension"
        variant="primary"
        onConfirm={async () => {
          const result = await lift({ agentId: agent.id });
          if (result.error) return errorMessage(result.error);
          showToast(`${name}'s suspension is lifted.`, { tone: 'success' });
          return null;
        }}
      >
        {name} will receive new appraisal requests again and show to sellers. We e-mail {name} that the suspension is lifted.
      </ConfirmAction>
    );
  }
  return (
    <ConfirmAction
      label="Suspend agent"
      title={`Suspend ${name}?`}
      confirmLabel="Suspend agent"
      onConfirm={async () => {
        // Stays open (false) while the reason is invalid: the field shows why.
        let answer: string | null | false = false;
        await handleSubmit(async ({ reason }) => {
          const result = await suspend({ agentId: agent.id, reason });
          if (result.error) answer = errorMessage(result.error);
          else {
            showToast(`${name} is suspended.`, { tone: 'success' });
            reset();
            answer = null;
          }
        })();
        return answer;
      }}
    >
      <div className="flex flex-col gap-4">
        <p>
          No new appraisal requests reach a suspended agent, and sellers do not see them in the agent picker or on the public pages.
          Requests already received stay open; subscriptions keep their place.
        </p>
        <OperatorReasonField
          label="Reason (the agent is e-mailed it)"
          length={reasonLength}
          error={errors.reason?.message}
          registration={register('reason')}
        />
      </div>
    </ConfirmAction>
  );
}

function AgentCard({ agent }: { agent: AdminAgentSummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailId = useId();
  const profile = agent.profile;
  const defaultCard = agent.cards.find((c) => c.isDefault) ?? agent.cards[0];
  const name = adminUserName({ name: profile?.name ?? null, email: agent.email, deletedAt: agent.deletedAt }, 'Agent');
  return (
    <ItemCard
      title={name}
      aside={
        <div className="flex flex-wrap items-center gap-2">
          {agent.deletedAt && <Pill>Deleted</Pill>}
          {profile?.suspension && <Pill tone="bad">Suspended</Pill>}
          {/* A closed account receives nothing and shows nowhere: no badge to earn, nothing left to suspend. */}
          {!agent.deletedAt && (profile?.badge ? <Pill tone="good">{badgeTier(profile.badge).label}</Pill> : <Pill>No badge yet</Pill>)}
          {!agent.deletedAt && <SuspensionActions agent={agent} name={name} />}
        </div>
      }
    >
      {agent.deletedAt && (
        <p className="mb-3 rounded-lg border border-line px-3 py-2 text-ink">
          <strong>The agent closed this account on {formatDate(agent.deletedAt)}.</strong> Their name, email, phone and photos are erased;
          charges and tax invoices are kept.
        </p>
      )}
      {profile?.suspension && (
        <p className="mb-3 rounded-lg border border-danger px-3 py-2 text-ink">
          <strong>Suspended on {formatDate(profile.suspension.suspendedAt)}.</strong> Reason: {profile.suspension.reason}
        </p>
      )}
      <Facts>
        <Fact label="Licence" isWide>
          <LicenceFact licence={profile?.licence ?? null} />
        </Fact>
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
