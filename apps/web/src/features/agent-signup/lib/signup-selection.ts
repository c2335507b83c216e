/**
 * The suburbs chosen during sign-up, kept in sessionStorage between the suburbs, summary and payment steps (a
 * reload keeps them; another tab or a new session starts afresh). Cleared once the subscription is made.
 *
 * The selection belongs to the session that made it: logging out empties it (spec 000 §4), and it is stored
 * with a fingerprint of the session, so an agent who signs in on the same tab never sees the previous agent's
 * suburbs, even when this module was not loaded at the moment of the logout.
 */
import { useSyncExternalStore } from 'react';
import { authStore } from '@/lib/auth-store';
import type { SuburbRef } from '@/components/suburbs/suburb-api';

export type SelectedSuburb = SuburbRef;

const STORAGE_KEY = 'listwise.agentSignup.suburbs';
const listeners = new Set<() => void>();
let cache: { raw: string | null; owner: string | null; value: SelectedSuburb[] } = { raw: null, owner: null, value: [] };

/** Which session the selection belongs to: a short FNV-1a hash of its token (an identity, not a secret). */
const currentOwner = (): string | null => {
  const token = authStore.getState().token;
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
};

const isSelectedSuburb = (s: unknown): s is SelectedSuburb => {
  const suburb = s as Partial<SelectedSuburb> | null;
  return !!suburb && typeof suburb.id === 'string' && typeof suburb.name === 'string' && typeof suburb.postcode === 'string';
};

const readStorage = (): string | null => {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return cache.raw;
  }
};

const read = (): SelectedSuburb[] => {
  const raw = readStorage();
  const owner = currentOwner();
  if (raw === cache.raw && owner === cache.owner) return cache.value;
  let value: SelectedSuburb[] = [];
  try {
    const parsed = raw ? (JSON.parse(raw) as { owner?: unknown; suburbs?: unknown }) : null;
    if (owner && parsed?.owner === owner && Array.isArray(parsed.suburbs)) value = parsed.suburbs.filter(isSelectedSuburb);
  } catch {
    value = [];
  }
  cache = { raw, owner, value };
  return value;
};

const notify = () => listeners.forEach((listener) => listener());

export const signupSelection = {
  get: read,
  set(suburbs: SelectedSuburb[]) {
    const value = suburbs.map(({ id, name, state, postcode }) => ({ id, name, state, postcode }));
    const owner = currentOwner();
    const raw = JSON.stringify({ owner, suburbs: value });
    try {
      window.sessionStorage.setItem(STORAGE_KEY, raw);
    } catch {
      // Storage blocked: the selection lives for this page view only.
    }
    cache = { raw, owner, value };
    notify();
  },
  clear() {
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
    cache = { raw: null, owner: currentOwner(), value: [] };
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Logging out empties the selection; any change of session makes the screens read it again.
authStore.subscribe(() => {
  if (!authStore.getState().token && readStorage() !== null) signupSelection.clear();
  else notify();
});

export const useSignupSelection = (): SelectedSuburb[] => useSyncExternalStore(signupSelection.subscribe, read);
