/**
 * Getting back to a listing left half-way. Every resume (the home's 'Continue your listing', the continue link, a
 * later login) goes through /new-property/continue, which lands on the first step still lacking a required answer
 * when that comes before the page the seller had reached; never on Select Agents with a gap left behind.
 * A step opened that way (or from Select Agents' list of missing answers) carries `?then=select-agents`: once saved
 * it goes on to the next step with a gap, and to Select Agents when none is left, where the seller's choice of
 * agents is still ticked (kept for the draft in sessionStorage, not in the URL).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PropertyType } from '@listwise/domain/enums';
import { firstStepWithMissingAnswer, type AnswerStep, type PublishableFields } from '@listwise/domain/question-requirements';
import type { CurrentUser } from '@/lib/current-user';
import { WIZARD_PATHS } from './wizard-flow';

const THEN_PARAM = 'then';
const THEN_SELECT_AGENTS = 'select-agents';

const STEP_PATHS: Record<AnswerStep, string> = {
  address: WIZARD_PATHS.address,
  details: WIZARD_PATHS.details,
  features: WIZARD_PATHS.features,
  saleInfo: WIZARD_PATHS.saleInfo,
};

/** The link from select-agents to the step asking a missing answer. */
export const stepPathForMissingAnswer = (step: AnswerStep): string => `${STEP_PATHS[step]}?${THEN_PARAM}=${THEN_SELECT_AGENTS}`;

/** The answers of a draft as the publishing rule reads them. */
export interface DraftAnswers extends Omit<PublishableFields, 'suburbId' | 'propertyType'> {
  suburb: { id: string } | null;
  propertyType: PropertyType | null;
}

export const firstGapOf = (draft: DraftAnswers): AnswerStep | null =>
  firstStepWithMissingAnswer({ ...draft, suburbId: draft.suburb ? Number(draft.suburb.id) : null });

/**
 * Where a step goes once saved: when it was opened to fill a gap, the next step still lacking an answer, or
 * Select Agents once none does; else its usual next step.
 */
export function useNextAfterSave(): (usualNext: string, saved: DraftAnswers) => string {
  const [params] = useSearchParams();
  const isResuming = params.get(THEN_PARAM) === THEN_SELECT_AGENTS;
  return useCallback(
    (usualNext: string, saved: DraftAnswers) => {
      if (!isResuming) return usualNext;
      const gap = firstGapOf(saved);
      return gap ? stepPathForMissingAnswer(gap) : WIZARD_PATHS.selectAgents;
    },
    [isResuming],
  );
}

/** The wizard's pages in the order a seller meets them; the index says how far along a page is. */
const FUNNEL_ORDER: readonly string[] = [
  WIZARD_PATHS.address,
  WIZARD_PATHS.details,
  WIZARD_PATHS.features,
  WIZARD_PATHS.saleInfo,
  WIZARD_PATHS.photos,
  WIZARD_PATHS.additionalInfo,
  WIZARD_PATHS.accountDetails,
  WIZARD_PATHS.accountPassword,
  WIZARD_PATHS.detailsComplete,
  WIZARD_PATHS.selectAgents,
];

/** Pages past every listing step: a gap found from there is filled and the seller comes back to choose agents. */
const CHOOSING_AGENTS = new Set<string>([WIZARD_PATHS.detailsComplete, WIZARD_PATHS.selectAgents]);

type ResumingSeller = Pick<CurrentUser, 'profileComplete' | 'isEmailVerified' | 'isGhostUser'> & {
  sellerProfile: Pick<NonNullable<CurrentUser['sellerProfile']>, 'nextPage'> | null;
};

/**
 * Where a seller's listing resumes: the wizard page reached last (Select Agents once every listing step is done and
 * the account is finished and verified), unless a step before it still lacks a required answer: then the first
 * such step.
 */
export function resumePathFor(me: ResumingSeller, draft: DraftAnswers): string {
  const nextPage = me.sellerProfile?.nextPage ?? '';
  const isReadyToChoose = me.profileComplete && me.isEmailVerified && !me.isGhostUser;
  // A draft exists only once the address step is done, so a stored address step (where a new account starts)
  // says nothing of how far the seller got.
  const isStepReached = FUNNEL_ORDER.includes(nextPage) && nextPage !== WIZARD_PATHS.address;
  const reached = isStepReached ? nextPage : isReadyToChoose ? WIZARD_PATHS.selectAgents : WIZARD_PATHS.details;
  const resumed = isReadyToChoose && CHOOSING_AGENTS.has(reached) ? WIZARD_PATHS.selectAgents : reached;
  const gap = firstGapOf(draft);
  if (!gap || FUNNEL_ORDER.indexOf(STEP_PATHS[gap]) >= FUNNEL_ORDER.indexOf(resumed)) return resumed;
  return CHOOSING_AGENTS.has(resumed) ? stepPathForMissingAnswer(gap) : STEP_PATHS[gap];
}

const selectionKey = (draftId: string) => `listwise.selectedAgents.${draftId}`;

function readSelection(draftId: string): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(selectionKey(draftId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The agents ticked on select-agents for this draft, surviving a visit to another step (and a reload). */
export function useKeptAgentSelection(draftId: string): [string[], (update: (current: string[]) => string[]) => void] {
  const [selected, setSelected] = useState<string[]>(() => readSelection(draftId));
  const update = useCallback(
    (change: (current: string[]) => string[]) =>
      setSelected((current) => {
        const next = change(current);
        try {
          sessionStorage.setItem(selectionKey(draftId), JSON.stringify(next));
        } catch {
          // Storage may be full or disabled: the selection then lives only as long as the page.
        }
        return next;
      }),
    [draftId],
  );
  return [selected, update];
}
