/**
 * Which suggestion an address typed on the homepage stands for. The first suggestion with a street is taken only
 * when the typed text names its suburb ('12 Campbell Parade, Bondi Beach'): a bare '5 Smith St' matches streets in
 * many suburbs, so the seller picks from the list instead of getting one chosen for them.
 */
import type { AddressSuggestion } from '@/features/listing/api/address-search';

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function suggestionForHandedAddress(typed: string, suggestions: readonly AddressSuggestion[]): AddressSuggestion | null {
  const first = suggestions.find((s) => s.streetName);
  if (!first) return null;
  return ` ${words(typed)} `.includes(` ${words(first.suburb.name)} `) ? first : null;
}
