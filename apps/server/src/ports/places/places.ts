import type { Logger } from 'pino';

/**
 * The Places port (ARCHITECTURE.md 'Places'; spec 000 §7 'Other'): address suggestions for the listing address
 * step, each already broken into unit, street number, street name, locality, state and postcode. Two adapters:
 * the Australian suburb dataset (default; reads the typed text) and Google Places API (New) when
 * GOOGLE_MAPS_API_KEY is set. Google never breaks the step: a failure, a timeout or a client past its budget is
 * answered from the dataset. Which of our suburbs a suggestion belongs to is the listings module's rule
 * (modules/listings/address-search.service.ts), the same for both adapters.
 */
export interface PlaceAddress {
  /** The whole address on one line, as the provider writes it. */
  description: string;
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  /** The suburb name ('Bondi Beach'). */
  locality: string;
  state: string | null;
  postcode: string | null;
  /** Where the provider puts the address; only used to choose between suburbs of the same name. */
  location: { latitude: number; longitude: number } | null;
}

export interface SuggestContext {
  /** The caller's address: the paid provider is budgeted per client (GOOGLE_SEARCH_BUDGET). */
  clientAddress: string;
}

export interface Places {
  readonly provider: 'dataset' | 'google';
  /** At most 5 Australian addresses for what was typed (already trimmed, 3+ characters). */
  suggestAddresses(query: string, context: SuggestContext): Promise<PlaceAddress[]>;
}

/**
 * Google-backed searches per client address and window. `searchAddresses` is public and each search costs an
 * Autocomplete and up to five Place Details requests, so one client cannot run up the bill: past the budget it
 * is answered from the dataset. A seller typing one address makes a handful of searches (200 ms debounce).
 */
export const GOOGLE_SEARCH_BUDGET = { max: 150, windowSeconds: 600 } as const;

interface FallbackOptions {
  logger: Logger;
  /** Counts one search for the client; false once it is past its budget. */
  isWithinBudget: (clientAddress: string) => Promise<boolean>;
}

/** `primary` answers while it works and the client is within budget; otherwise `dataset` does. */
export function withDatasetFallback(primary: Places, dataset: Places, options: FallbackOptions): Places {
  return {
    provider: primary.provider,
    async suggestAddresses(query, context) {
      if (!(await options.isWithinBudget(context.clientAddress))) {
        options.logger.info(
          { provider: primary.provider },
          'places search budget used up for this client; answering from the suburb dataset',
        );
        return dataset.suggestAddresses(query, context);
      }
      try {
        return await primary.suggestAddresses(query, context);
      } catch (error) {
        // A rejected key or a malformed request will not fix itself and needs someone; an outage or a timeout passes.
        const status = (error as { status?: unknown }).status;
        const level = status === 400 || status === 401 || status === 403 ? 'error' : 'warn';
        options.logger[level]({ err: error, provider: primary.provider }, 'places provider failed; answering from the suburb dataset');
        return dataset.suggestAddresses(query, context);
      }
    },
  };
}
