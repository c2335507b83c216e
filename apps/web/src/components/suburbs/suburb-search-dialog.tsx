/**
 * The Suburb Search dialog (spec 000 §2): search a suburb, see its nearby suburbs, select up to the limit, then
 * Confirm. The selection is the dialog's own until confirmed; closing discards it.
 */
import { useState } from 'react';
import { AGENT_PROFILE_MESSAGES } from '@listwise/domain/agent-profile';
import { Button } from '@/components/button';
import { ModalDialog } from '@/components/dialog';
import type { FreeTrialState, SuburbRef } from './suburb-api';
import { SuburbPicker } from './suburb-picker';
import { freeTrialsText } from './subscription-pricing';

interface SuburbSearchDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  initialSelection: SuburbRef[];
  limit: number;
  /** Shown as '{n}/{total} free trials claimed' above the search. */
  freeTrialState?: FreeTrialState;
  onConfirm: (selected: SuburbRef[]) => void;
}

export function SuburbSearchDialog({ isOpen, onOpenChange, initialSelection, limit, freeTrialState, onConfirm }: SuburbSearchDialogProps) {
  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Suburb Search">
      {isOpen && (
        <SuburbSearchBody
          initialSelection={initialSelection}
          limit={limit}
          freeTrialState={freeTrialState}
          onCancel={() => onOpenChange(false)}
          onConfirm={(selected) => {
            onConfirm(selected);
            onOpenChange(false);
          }}
        />
      )}
    </ModalDialog>
  );
}

function SuburbSearchBody({
  initialSelection,
  limit,
  freeTrialState,
  onCancel,
  onConfirm,
}: {
  initialSelection: SuburbRef[];
  limit: number;
  freeTrialState?: FreeTrialState;
  onCancel: () => void;
  onConfirm: (selected: SuburbRef[]) => void;
}) {
  const [selected, setSelected] = useState(initialSelection);
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    if (!selected.length) {
      setError(AGENT_PROFILE_MESSAGES.suburbRequired);
      return;
    }
    onConfirm(selected);
  };
  return (
    <div className="flex flex-col gap-6">
      {freeTrialState && <p className="-mt-2 text-sm font-medium text-ink-soft">{freeTrialsText(freeTrialState)}</p>}
      <SuburbPicker
        selected={selected}
        limit={limit}
        error={error}
        freeTrialState={freeTrialState}
        onChange={(next) => {
          setError(undefined);
          setSelected(next);
        }}
      />
      {/* On a phone the sheet scrolls under a long list of suburbs: Confirm stays in view at its foot. */}
      <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-line bg-white px-6 py-4 md:static md:m-0 md:flex-row md:justify-end md:border-0 md:p-0">
        <Button variant="secondary" width="auto" onClick={onCancel}>
          Cancel
        </Button>
        <Button width="auto" onClick={confirm}>
          Confirm
        </Button>
      </div>
    </div>
  );
}
