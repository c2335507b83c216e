/**
 * Search a suburb, see it and its nearby suburbs as cards, and toggle up to the allowed number (spec 000 'Suburb
 * Search dialog', §5 'Suburb search'). Card states: Available (places left), Unavailable ('No more agents can
 * operate in this suburb'), Already subscribed. A suburb is selectable only when places remain and the agent is
 * not subscribed; once the limit is reached, further selection is ignored and the other cards are dimmed.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from 'urql';
import { suburbLabel } from '@listwise/domain/address-line';
import { FREE_TRIAL_MONTHS, suburbYearPriceWords } from '@listwise/domain/agent-fees';
import { ADDRESS_SEARCH_DEBOUNCE_MS } from '@listwise/domain/constants';
import { remainingFreeTrials } from '@listwise/domain/pricing';
import { cx } from '@/components/cx';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { SearchSuburbsQuery, type FreeTrialState, type SuburbCard, type SuburbRef, type SuburbWithNearby } from './suburb-api';
import { demandText, waitingSellersText } from './suburb-demand';

export type SuburbAvailability = 'AVAILABLE' | 'UNAVAILABLE' | 'SUBSCRIBED';

export const suburbAvailability = (suburb: SuburbCard): SuburbAvailability => {
  if (suburb.isSubscribedByMe) return 'SUBSCRIBED';
  if (suburb.subscribedAgentsCount >= suburb.subscribedAgentsMax) return 'UNAVAILABLE';
  return 'AVAILABLE';
};

const MIN_QUERY_LENGTH = 2;
const RESULTS_SHOWN = 8;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface SuburbPickerProps {
  selected: SuburbRef[];
  onChange: (selected: SuburbRef[]) => void;
  /** How many suburbs may be selected in all (MAX_AGENT_SUBURBS less free trials claimed or suburbs held). */
  limit: number;
  /** The field's error ('Suburb is required'). */
  error?: string;
  /** With it, each card says whether a free trial would apply to it. */
  freeTrialState?: FreeTrialState;
}

/** Whether the next suburb chosen (or a chosen one, by its place in the selection) would be a free trial. */
export function freeTrialNote(state: FreeTrialState | undefined, selected: SuburbRef[], suburb: SuburbCard): string | undefined {
  if (!state || suburb.isSubscribedByMe) return undefined;
  const remaining = remainingFreeTrials(state.totalFreeTrialsAllowed, state.numberOfFreeTrialsClaimed);
  const index = selected.findIndex((s) => s.id === suburb.id);
  const place = index === -1 ? selected.length : index;
  return place < remaining
    ? `Free trial applies: free for ${FREE_TRIAL_MONTHS} months`
    : `No free trial left: ${suburbYearPriceWords().amount}/year`;
}

export function SuburbPicker({ selected, onChange, limit, error, freeTrialState }: SuburbPickerProps) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState<SuburbWithNearby | null>(null);
  const query = useDebounced(text.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const isSearching = query.length >= MIN_QUERY_LENGTH && (!focused || text !== suburbLabel(focused));
  const [{ data, fetching }] = useQuery({
    query: SearchSuburbsQuery,
    variables: { query, first: RESULTS_SHOWN },
    pause: !isSearching,
  });
  const results = isSearching ? (data?.searchSuburbs ?? []) : [];
  const resultsId = useId();
  const selectedIds = new Set(selected.map((s) => s.id));
  const isLimitReached = selected.length >= limit;

  const remove = (suburb: SuburbRef) => onChange(selected.filter((s) => s.id !== suburb.id));
  const toggle = (suburb: SuburbCard) => {
    if (selectedIds.has(suburb.id)) return remove(suburb);
    if (suburbAvailability(suburb) !== 'AVAILABLE' || isLimitReached) return; // ignored, as the spec says
    onChange([...selected, suburb]);
  };

  const pick = (suburb: SuburbWithNearby) => {
    setFocused(suburb);
    setText(suburbLabel(suburb));
  };

  return (
    <div className="flex flex-col gap-5">
      <SelectedSuburbs selected={selected} limit={limit} onRemove={remove} />
      <div className="flex flex-col gap-2">
        <TextField
          label="Suburb"
          type="search"
          autoComplete="off"
          placeholder="Search by suburb or postcode"
          description="Type at least 2 letters, then choose a suburb to see it and its neighbours."
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-controls={resultsId}
          error={error}
        />
        <div id={resultsId} aria-live="polite">
          {isSearching && fetching && !data && <Spinner label="Searching suburbs" size="sm" className="text-brand-800" />}
          {isSearching && !fetching && results.length === 0 && data && <p className="text-sm text-ink-soft">No results found</p>}
          {results.length > 0 && (
            <ul
              aria-label="Matching suburbs"
              className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-300"
            >
              {results.map((suburb) => (
                <li key={suburb.id}>
                  <button
                    type="button"
                    onClick={() => pick(suburb)}
                    className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
                  >
                    <span className="font-medium text-ink">{suburb.name}</span>{' '}
                    <span className="text-sm text-ink-soft">
                      {suburb.state} {suburb.postcode}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {focused && (
        <div className="flex flex-col gap-4">
          <section aria-label="Chosen suburb">
            <SuburbToggleCard
              suburb={focused}
              isSelected={selectedIds.has(focused.id)}
              isDimmed={isLimitReached && !selectedIds.has(focused.id)}
              onToggle={toggle}
              trialNote={freeTrialNote(freeTrialState, selected, focused)}
            />
          </section>
          {focused.nearbySuburbs.length > 0 && (
            <section aria-labelledby={`${resultsId}-nearby`}>
              <h3 id={`${resultsId}-nearby`} className="mb-2 text-sm font-semibold text-ink">
                Nearby suburbs
              </h3>
              <ul className="grid gap-3 sm:grid-cols-2">
                {focused.nearbySuburbs.map((suburb) => (
                  <li key={suburb.id}>
                    <SuburbToggleCard
                      suburb={suburb}
                      isSelected={selectedIds.has(suburb.id)}
                      isDimmed={isLimitReached && !selectedIds.has(suburb.id)}
                      onToggle={toggle}
                      trialNote={freeTrialNote(freeTrialState, selected, suburb)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function SelectedSuburbs({ selected, limit, onRemove }: { selected: SuburbRef[]; limit: number; onRemove: (s: SuburbRef) => void }) {
  return (
    <div>
      <p className="text-sm font-semibold text-ink" aria-live="polite">
        Selected suburbs ({selected.length} of {limit})
      </p>
      {selected.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {selected.map((suburb) => (
            <li key={suburb.id}>
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900">
                {suburbLabel(suburb)}
                <button
                  type="button"
                  onClick={() => onRemove(suburb)}
                  className="rounded-full p-1 hover:bg-brand-100"
                  aria-label={`Remove ${suburb.name}`}
                >
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">None yet.</p>
      )}
    </div>
  );
}

interface SuburbToggleCardProps {
  suburb: SuburbCard;
  isSelected: boolean;
  isDimmed: boolean;
  onToggle: (suburb: SuburbCard) => void;
  trialNote?: string;
}

/** One suburb as a toggle button with its availability. */
export function SuburbToggleCard({ suburb, isSelected, isDimmed, onToggle, trialNote }: SuburbToggleCardProps) {
  const availability = suburbAvailability(suburb);
  const isSelectable = isSelected || (availability === 'AVAILABLE' && !isDimmed);
  const placesLeft = Math.max(0, suburb.subscribedAgentsMax - suburb.subscribedAgentsCount);
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      aria-disabled={!isSelectable || undefined}
      onClick={() => onToggle(suburb)}
      className={cx(
        'flex w-full items-start justify-between gap-3 rounded-xl border-2 p-4 text-left transition-colors',
        isSelected && 'border-brand-800 bg-brand-50',
        !isSelected && isSelectable && 'border-slate-300 bg-white hover:border-brand-600',
        !isSelectable && 'cursor-not-allowed border-slate-200 bg-slate-100',
      )}
    >
      <span className="flex flex-col gap-1">
        <span className="font-semibold text-ink">{suburb.name}</span>{' '}
        <span className="text-sm text-ink-soft">
          {suburb.state} {suburb.postcode}
        </span>
        {availability === 'AVAILABLE' && (
          <span className="text-sm text-ink-soft">
            <span className="font-semibold text-[#166534]">Available</span> · {placesLeft} of {suburb.subscribedAgentsMax} places left
            {isDimmed && !isSelected && <span className="block">Selection limit reached</span>}
          </span>
        )}
        {availability === 'UNAVAILABLE' && (
          <span className="text-sm text-ink-soft">
            <span className="font-semibold text-danger">Unavailable</span> · No more agents can operate in this suburb
          </span>
        )}
        {availability === 'SUBSCRIBED' && <span className="text-sm font-semibold text-brand-800">Already subscribed</span>}
        <span className="text-sm text-ink-soft">{demandText(suburb.demand)}</span>
        {waitingSellersText(suburb.demand) && <span className="text-sm font-semibold text-ink">{waitingSellersText(suburb.demand)}</span>}
        {availability === 'AVAILABLE' && trialNote && <span className="text-sm font-medium text-ink">{trialNote}</span>}
      </span>
      <span
        aria-hidden="true"
        className={cx(
          'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          isSelected ? 'border-brand-800 bg-brand-800 text-white' : 'border-slate-400 bg-white',
        )}
      >
        {isSelected && (
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
              clipRule="evenodd"
            />
          </svg>
        )}
      </span>
    </button>
  );
}
