/**
 * Getting back to publishing after 'Skip': the details step's Skip jumps past the required sale
 * questions (spec 001 §2), so select-agents names what is missing and links to the step that asks it with
 * `?then=select-agents`; that step, once saved, returns straight to select-agents, where the seller's choice of
 * agents is still ticked (kept for the draft in sessionStorage, not in the URL).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AnswerStep } from '@listwise/domain/question-requirements';
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

/** Where a step goes once saved: back to select-agents when it was opened from there, else its usual next step. */
export function useNextAfterSave(): (usualNext: string) => string {
  const [params] = useSearchParams();
  const isResuming = params.get(THEN_PARAM) === THEN_SELECT_AGENTS;
  return useCallback((usualNext: string) => (isResuming ? WIZARD_PATHS.selectAgents : usualNext), [isResuming]);
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
