/**
 * The address search of the listing address step (spec 000 §5 'Address search'): suggestions from 3 typed
 * characters, debounced 200 ms, at most 5, 'No results found' when none. Suggestions come from `searchAddresses`
 * (the suburb dataset). Picking a suburb without a street, or 'Enter address manually', opens the manual modal.
 */
import { useEffect, useId, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useQuery } from 'urql';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MAX_RESULTS, ADDRESS_SEARCH_MIN_CHARS } from '@listwise/domain/constants';
import { cx } from '@/components/cx';
import { inputClasses } from '@/components/text-field';
import { SearchAddressesQuery, type AddressSuggestion } from '@/features/listing/api/address-search';
import { FieldError } from '@/features/listing/components/form-fields';

export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface AddressSearchFieldProps {
  label: string;
  /** The text shown in the input (the chosen address's description, or what is being typed). */
  inputValue: string;
  onInputChange: (value: string) => void;
  onSelect: (suggestion: AddressSuggestion) => void;
  error?: string;
  required?: boolean;
}

export function AddressSearchField({ label, inputValue, onInputChange, onSelect, error, required }: AddressSearchFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const query = useDebounced(inputValue.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const isSearchable = query.length >= ADDRESS_SEARCH_MIN_CHARS;
  const [{ data, fetching }] = useQuery({ query: SearchAddressesQuery, variables: { query }, pause: !isSearchable });
  const suggestions = isSearchable ? (data?.searchAddresses ?? []).slice(0, ADDRESS_SEARCH_MAX_RESULTS) : [];
  const items = suggestions.map((s, index) => ({ key: `${index}:${s.description}`, suggestion: s }));

  const onSelectionChange = (key: Key | null) => {
    const chosen = items.find((item) => item.key === key);
    if (chosen) onSelect(chosen.suggestion);
  };

  return (
    <ComboBox
      items={items}
      inputValue={inputValue}
      onInputChange={onInputChange}
      onSelectionChange={onSelectionChange}
      selectedKey={null}
      menuTrigger="input"
      allowsEmptyCollection={isSearchable && !fetching && query === inputValue.trim()}
      allowsCustomValue
      isInvalid={!!error}
      isRequired={required}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        )}
      </Label>
      <p id={hintId} className="text-sm text-ink-soft">
        Start typing the street number, street and suburb, e.g. 12 Campbell Parade, Bondi
      </p>
      <Input
        className={cx(inputClasses(!!error))}
        placeholder="Search address"
        autoComplete="off"
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      />
      <Popover className="w-(--trigger-width) overflow-auto rounded-lg border border-line bg-white shadow-lg" offset={4}>
        <ListBox
          className="max-h-72 p-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2.5 text-sm text-ink-soft">No results found</p>}
        >
          {(item: (typeof items)[number]) => (
            <ListBoxItem
              id={item.key}
              textValue={item.suggestion.description}
              className="cursor-pointer rounded-md px-3 py-2.5 text-base text-ink outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-900"
            >
              {item.suggestion.description}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
      <FieldError id={errorId} message={error} />
    </ComboBox>
  );
}
