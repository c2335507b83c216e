/**
 * A text input with a list of suggestions fetched as the user types (WAI-ARIA APG 'combobox with list
 * autocomplete'): the list opens once `minChars` are typed, arrow keys move through it, Enter picks, Escape closes,
 * and an empty answer reads 'No results found'. Written out rather than built on react-aria's ComboBox, whose
 * list only opens on the keystroke itself and so missed suggestions that arrive after the debounce.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { FieldError } from '@/components/field-error';

export type SuggestionStatus = 'searching' | 'settled';

interface AutocompleteFieldProps<T> {
  label: string;
  inputValue: string;
  onInputChange: (value: string) => void;
  items: readonly T[];
  itemKey: (item: T) => string;
  itemText: (item: T) => string;
  onSelect: (item: T) => void;
  /** 'searching' until the answer for the current text arrives. */
  status: SuggestionStatus;
  minChars: number;
  description?: ReactNode;
  placeholder?: string;
  error?: string;
  required?: boolean;
  onBlur?: () => void;
}

export function AutocompleteField<T>({
  label,
  inputValue,
  onInputChange,
  items,
  itemKey,
  itemText,
  onSelect,
  status,
  minChars,
  description,
  placeholder,
  error,
  required,
  onBlur,
}: AutocompleteFieldProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const canOpen = inputValue.trim().length >= minChars;
  const isExpanded = isOpen && canOpen;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (item: T) => {
    onSelect(item);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isExpanded) {
        setIsOpen(true);
        return;
      }
      if (!items.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0 && items[activeIndex]) {
      event.preventDefault();
      pick(items[activeIndex]);
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      setIsOpen(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        )}
      </label>
      {description && (
        <p id={hintId} className="text-sm text-ink-soft">
          {description}
        </p>
      )}
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={[description ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
          placeholder={placeholder}
          value={inputValue}
          onChange={(event) => {
            onInputChange(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setIsOpen(true)}
          onBlur={() => {
            setIsOpen(false);
            onBlur?.();
          }}
          className={inputClasses(!!error)}
        />
        <div
          className={cx(
            'absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-line bg-white shadow-lg',
            !isExpanded && 'hidden',
          )}
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={items.length === 0}
            className="max-h-72 overflow-auto p-1"
          >
            {items.map((item, index) => (
              <li
                key={itemKey(item)}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keep focus in the input so the click lands before the input's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
                onMouseMove={() => setActiveIndex(index)}
                className={cx(
                  'cursor-pointer rounded-md px-3 py-2.5 text-base text-ink',
                  index === activeIndex && 'bg-brand-50 text-brand-900',
                )}
              >
                {itemText(item)}
              </li>
            ))}
          </ul>
          {items.length === 0 && (
            <p role="status" className="px-4 py-2.5 text-sm text-ink-soft">
              {status === 'settled' ? 'No results found' : 'Searching…'}
            </p>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
