import { Switch } from 'react-aria-components';
import { cx } from '@/components/cx';

interface SettingSwitchProps {
  /** Prefix of the label's and the description's element ids, unique on the page. */
  id: string;
  label: string;
  description: string;
  isSelected: boolean;
  /** Saving the last change: the switch waits for it. */
  isSaving: boolean;
  /** Off for a reason the description gives. */
  isDisabled?: boolean;
  onChange: (isSelected: boolean) => void;
}

/** One row of a settings list (e-mail preferences, notification kinds): the label and its description, then the switch. */
export function SettingSwitch({ id, label, description, isSelected, isSaving, isDisabled = false, onChange }: SettingSwitchProps) {
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  return (
    <Switch
      isSelected={isSelected}
      isDisabled={isSaving || isDisabled}
      onChange={onChange}
      // Named by the label alone; the description is read after it.
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      className={cx(
        'group flex cursor-pointer items-start justify-between gap-4 rounded-md',
        isSaving ? 'data-disabled:cursor-wait' : 'data-disabled:cursor-not-allowed',
      )}
    >
      <span className="min-w-0">
        <span id={labelId} className="block font-semibold text-ink">
          {label}
        </span>
        <span id={descriptionId} className="mt-0.5 block text-sm leading-6 text-ink-soft">
          {description}
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-2 pt-0.5">
        <span className="w-7 text-right text-sm font-medium text-ink-soft" aria-hidden="true">
          {isSelected ? 'On' : 'Off'}
        </span>
        <span
          aria-hidden="true"
          className="flex h-7 w-12 items-center rounded-full bg-slate-400 p-0.5 transition-colors group-data-selected:bg-brand-800"
        >
          <span className="size-6 rounded-full bg-white shadow-sm transition-transform group-data-selected:translate-x-5" />
        </span>
      </span>
    </Switch>
  );
}
