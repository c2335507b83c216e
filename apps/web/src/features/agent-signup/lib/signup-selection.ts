/**
 * The suburbs chosen during sign-up, kept in sessionStorage between the suburbs, summary and payment steps (a
 * reload keeps them; another tab or a new session starts afresh). Cleared once the subscription is made.
 */
import { useSyncExternalStore } from 'react';
import type { SuburbRef } from '@/components/suburbs/suburb-api';

export type SelectedSuburb = SuburbRef;

const STORAGE_KEY = 'listwise.agentSignup.suburbs';
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: SelectedSuburb[] } = { raw: null, value: [] };

const read = (): SelectedSuburb[] => {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return cache.value;
  }
  if (raw === cache.raw) return cache.value;
  let value: SelectedSuburb[] = [];
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(parsed)) {
      value = parsed.filter(
        (s): s is SelectedSuburb => !!s && typeof s.id === 'string' && typeof s.name === 'string' && typeof s.postcode === 'string',
      );
    }
  } catch {
    value = [];
  }
  cache = { raw, value };
  return value;
};

export const signupSelection = {
  get: read,
  set(suburbs: SelectedSuburb[]) {
    const value = suburbs.map(({ id, name, state, postcode }) => ({ id, name, state, postcode }));
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    } catch {
      cache = { raw: null, value };
    }
    listeners.forEach((listener) => listener());
  },
  clear() {
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
    cache = { raw: null, value: [] };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSignupSelection = (): SelectedSuburb[] => useSyncExternalStore(signupSelection.subscribe, read);
