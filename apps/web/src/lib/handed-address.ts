/**
 * An address typed on another page (the homepage) and handed to the listing wizard's address step, which looks it
 * up and lets the seller confirm it. It travels in the router's location state, or from the server-rendered homepage
 * in this tab's session storage (its script, public-site-script.ts on the server, writes it), rather than the URL, so
 * a home address never lands in server logs, browser history entries that sync, or a Referer header.
 */
export const LISTING_ADDRESS_STEP_PATH = '/new-property/address';

export interface HandedAddressState {
  handedAddress: string;
}

export const handAddressTo = (address: string): HandedAddressState => ({ handedAddress: address });

/** The handed address in a location's state, or null (state from elsewhere, or none). */
export function handedAddressFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('handedAddress' in state)) return null;
  const value = (state as { handedAddress: unknown }).handedAddress;
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 300) : null;
}

/** The session-storage key the server-rendered homepage's script writes the typed address under. */
export const HANDED_ADDRESS_STORAGE_KEY = 'listwise.handedAddress';

/** The address the homepage handed over in session storage, or null. Read-only: forgetHandedAddress clears it. */
export function storedHandedAddress(): string | null {
  try {
    return handedAddressFrom({ handedAddress: window.sessionStorage.getItem(HANDED_ADDRESS_STORAGE_KEY) });
  } catch {
    return null;
  }
}

/** Forgets the stored address once the address step has taken it, so a later visit starts empty. */
export function forgetHandedAddress(): void {
  try {
    window.sessionStorage.removeItem(HANDED_ADDRESS_STORAGE_KEY);
  } catch {
    // Storage blocked: there was nothing to forget.
  }
}
