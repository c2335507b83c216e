/**
 * The address search of the listing address step (spec 000 §5 'Address search'): suggestions from 3 typed
 * characters, debounced 200 ms, at most 5, 'No results found' when none. Suggestions come from `searchAddresses`
 * (the server's Places port: Google Places when configured, else the suburb dataset). Picking a suburb without a
 * street opens the manual modal (the page decides).
 */
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ADDRESS_SEARCH_DEBOUNCE_MS, ADDRESS_SEARCH_MAX_RESULTS, ADDRESS_SEARCH_MIN_CHARS } from '@listwise/domain/constants';
import { SearchAddressesQuery, type AddressSuggestion } from '@/features/listing/api/address-search';
import { AutocompleteField } from '@/features/listing/components/autocomplete-field';

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
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  /**
   * A suburb already chosen ('Bondi Beach NSW 2026', from a public suburb page's link): a typed street without a
   * comma is looked for in it, so '12 Campbell Parade' suggests that street in that suburb.
   */
  suburbHint?: string;
}

export function AddressSearchField({
  label,
  inputValue,
  onInputChange,
  onSelect,
  onBlur,
  error,
  required,
  suburbHint,
}: AddressSearchFieldProps) {
  const typed = useDebounced(inputValue.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const isSearchable = typed.length >= ADDRESS_SEARCH_MIN_CHARS;
  const query = suburbHint && !typed.includes(',') ? `${typed}, ${suburbHint}` : typed;
  const [{ data, fetching }] = useQuery({ query: SearchAddressesQuery, variables: { query }, pause: !isSearchable });
  const isCurrent = isSearchable && typed === inputValue.trim() && !fetching && !!data;
  const suggestions = isCurrent ? data.searchAddresses.slice(0, ADDRESS_SEARCH_MAX_RESULTS) : [];

  return (
    <AutocompleteField
      label={label}
      required={required}
      description={
        suburbHint
          ? `Start typing the street number and street in ${suburbHint}, e.g. 12 Campbell Parade`
          : 'Start typing the street number, street and suburb, e.g. 12 Campbell Parade, Bondi'
      }
      placeholder="Search address"
      inputValue={inputValue}
      onInputChange={onInputChange}
      onBlur={onBlur}
      items={suggestions}
      itemKey={(s) => s.description}
      itemText={(s) => s.description}
      onSelect={onSelect}
      status={isCurrent ? 'settled' : 'searching'}
      minChars={ADDRESS_SEARCH_MIN_CHARS}
      error={error}
    />
  );
}
