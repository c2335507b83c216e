/** Suburbs: search by name or postcode, set how many agents may subscribe, and manage each subscription. */
import { useId, useState } from 'react';
import { suburbLabel } from '@listwise/domain/address-line';
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { SETTINGS_MESSAGES } from '@listwise/domain/sale-validation';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { Button } from '@/components/button';
import {
  AdminSuburbsQuery,
  AdminSuburbSubscriptionsQuery,
  useSetSubscribedAgentsMax,
  type AdminSuburb,
} from '@/features/admin/suburbs/api';
import { Fact, Facts, ItemCard, SearchForm } from '@/features/admin/shared/admin-ui';
import { PagedList } from '@/features/admin/shared/paged-list';
import { SubscriptionCard } from '@/features/admin/suburbs/subscription-card';

/** The catalogue's message, then what the operator can do about it. */
const belowCountMessage = (suburb: AdminSuburb) => {
  const holders = suburb.subscribedAgentsCount === 1 ? '1 agent holds' : `${suburb.subscribedAgentsCount} agents hold`;
  return `${ERROR_MESSAGES.subscribed_agents_max_below_subscribed_count}: ${holders} a subscription in ${suburb.name}. Cancel subscriptions first to go lower.`;
};

function AgentsMaxForm({ suburb }: { suburb: AdminSuburb }) {
  const inputId = useId();
  const [value, setValue] = useState(String(suburb.subscribedAgentsMax));
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, save] = useSetSubscribedAgentsMax();
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const max = Number(value);
        if (!/^\d{1,3}$/.test(value) || max > 100) return setError(SETTINGS_MESSAGES.subscribedAgentsMaxInvalid);
        if (max < suburb.subscribedAgentsCount) return setError(belowCountMessage(suburb));
        const result = await save({ suburbId: suburb.id, subscribedAgentsMax: max });
        if (result.error) {
          // The count may have grown since the list loaded: the server's rule is the one that holds.
          const isBelowCount = errorCode(result.error) === 'subscribed_agents_max_below_subscribed_count';
          return setError(isBelowCount ? belowCountMessage(suburb) : errorMessage(result.error));
        }
        showToast(`${suburb.name} now takes up to ${max} agents.`, { tone: 'success' });
      }}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        Agent maximum
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          value={value}
          maxLength={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          className="block w-24 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink"
        />
        <Button type="submit" width="auto" variant="secondary" isLoading={fetching} className="min-h-10 py-2">
          Save
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function SuburbCard({ suburb }: { suburb: AdminSuburb }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  return (
    <ItemCard title={suburbLabel(suburb)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Facts columns={2}>
          <Fact label="Agents subscribed">
            {suburb.subscribedAgentsCount} of {suburb.subscribedAgentsMax}
          </Fact>
        </Facts>
        <AgentsMaxForm suburb={suburb} />
      </div>
      <div className="mt-4 border-t border-line pt-4">
        <Button variant="ghost" width="auto" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen((v) => !v)}>
          {isOpen ? 'Hide subscriptions' : 'Show subscriptions'}
        </Button>
        <div id={listId} hidden={!isOpen} className="mt-3">
          {isOpen && (
            <PagedList
              label={`Subscriptions in ${suburb.name}`}
              query={AdminSuburbSubscriptionsQuery}
              variables={{ suburbId: suburb.id }}
              connectionOf={(data) => data.adminSuburbSubscriptions}
              keyOf={(node) => node.id}
              emptyText="No agent has subscribed to this suburb."
              renderItem={(node) => <SubscriptionCard subscription={node} heading="agent" />}
            />
          )}
        </div>
      </div>
    </ItemCard>
  );
}

export function SuburbsPanel() {
  const [search, setSearch] = useState('');
  return (
    <section aria-labelledby="suburbs-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="suburbs-heading" className="text-xl font-semibold text-ink">
          Suburbs
        </h2>
        <p className="mt-1 text-ink-soft">Without a search, the suburbs that have subscriptions are listed.</p>
      </div>
      <SearchForm label="Suburb name or postcode" placeholder="e.g. Bondi or 2026" onSearch={setSearch} />
      <PagedList
        key={search}
        label="Suburbs"
        query={AdminSuburbsQuery}
        variables={{ search: search || null }}
        connectionOf={(data) => data.adminSuburbs}
        keyOf={(node) => node.id}
        emptyText={search ? 'No suburb matches this search.' : 'No suburb has subscriptions yet.'}
        renderItem={(node) => <SuburbCard suburb={node} />}
      />
    </section>
  );
}
