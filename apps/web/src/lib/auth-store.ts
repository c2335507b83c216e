/**
 * The session (spec 000 §4): logged out → login in progress → logged in → logout in progress → logged out.
 *
 * - Persisted in localStorage so a reload keeps the user signed in; other tabs follow via the `storage` event.
 * - Beginning a login clears the token, last known user type and ghost flag; completing it stores them.
 * - Every status change writes the `listwise_logged_in` cookie flag, which the main marketing site reads
 *   (domain from VITE_COOKIE_DOMAIN so it reaches the parent domain).
 * - `epoch` increases whenever the session identity changes; the providers build a fresh GraphQL client
 *   (and so an empty cache) for each epoch, which is how logout "clears all cached data".
 */
import { useSyncExternalStore } from 'react';
import type { UserType } from '@listwise/domain/enums';
import { env } from '@/config/env';

export type AuthStatus = 'loggedOut' | 'loggingIn' | 'loggedIn' | 'loggingOut';

export interface AuthState {
  status: AuthStatus;
  token: string | null;
  userType: UserType | null;
  isGhostUser: boolean;
  epoch: number;
}

export interface SessionGrant {
  token: string;
  userType: UserType;
  isGhostUser: boolean;
}

const STORAGE_KEY = 'listwise.auth';
const COOKIE_NAME = 'listwise_logged_in';
const USER_TYPES: readonly string[] = ['AGENT', 'SELLER', 'ADMIN'];

const loggedOut = (epoch: number): AuthState => ({ status: 'loggedOut', token: null, userType: null, isGhostUser: false, epoch });

/** Read the persisted session; a reload in the middle of a login or logout settles to logged out. */
const readPersisted = (): AuthState => {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return loggedOut(0);
    const parsed = JSON.parse(raw) as Partial<AuthState>;
    if (
      parsed.status === 'loggedIn' &&
      typeof parsed.token === 'string' &&
      parsed.token.length > 0 &&
      typeof parsed.userType === 'string' &&
      USER_TYPES.includes(parsed.userType)
    ) {
      return {
        status: 'loggedIn',
        token: parsed.token,
        userType: parsed.userType as UserType,
        isGhostUser: parsed.isGhostUser === true,
        epoch: 0,
      };
    }
  } catch {
    // Unreadable storage (private mode, corrupted JSON): start logged out.
  }
  return loggedOut(0);
};

const persist = (state: AuthState) => {
  try {
    const { epoch: _epoch, ...persisted } = state;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(persisted));
  } catch {
    // Storage full or blocked: the session still works for this page view.
  }
};

/** The main site shows "My account" instead of "Log in" when this flag is true. Ghost users count as logged out. */
const writeCookieFlag = (state: AuthState) => {
  const isLoggedIn = state.status === 'loggedIn' && !!state.token && !state.isGhostUser;
  const parts = [`${COOKIE_NAME}=${isLoggedIn ? 'true' : 'false'}`, 'path=/', 'max-age=31536000', 'SameSite=Lax'];
  if (env.cookieDomain) parts.push(`domain=${env.cookieDomain}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
};

let state: AuthState = readPersisted();
const listeners = new Set<() => void>();

const setState = (next: AuthState) => {
  const statusChanged = next.status !== state.status || next.isGhostUser !== state.isGhostUser;
  state = next;
  persist(state);
  if (statusChanged) writeCookieFlag(state);
  listeners.forEach((listener) => listener());
};

// Keep the cookie in step with the persisted state from the first page view.
writeCookieFlag(state);

// Another tab logged in or out: follow it, with a fresh cache if the identity changed.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  const incoming = readPersisted();
  if (incoming.token === state.token && incoming.status === state.status) return;
  state = { ...incoming, epoch: state.epoch + 1 };
  listeners.forEach((listener) => listener());
});

export const authStore = {
  getState: (): AuthState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Start a login: clears the token, user type and ghost flag. Returns the previous session so a failed
   * attempt can put a ghost user's session back (their draft listing lives on it).
   */
  beginLogin(): AuthState {
    const previous = state;
    setState({ status: 'loggingIn', token: null, userType: null, isGhostUser: false, epoch: state.epoch });
    return previous;
  },

  /** The login failed: restore the session that existed before it (or stay logged out). */
  abortLogin(previous: AuthState) {
    if (state.status !== 'loggingIn') return;
    setState(previous.status === 'loggedIn' ? { ...previous, epoch: state.epoch } : loggedOut(state.epoch));
  },

  /** The login succeeded: store the token, user type and ghost flag; a new epoch gives a clean cache. */
  completeLogin(grant: SessionGrant) {
    setState({ status: 'loggedIn', ...grant, epoch: state.epoch + 1 });
  },

  /** Start a logout. The token stays until `finishLogout` so the server can revoke it. */
  beginLogout() {
    if (state.status === 'loggedOut') return;
    setState({ ...state, status: 'loggingOut' });
  },

  /** Clear the login and every cached result, and (re)write the logged-out cookie flag. */
  finishLogout() {
    setState(loggedOut(state.epoch + 1));
    writeCookieFlag(state);
  },

  /** The server no longer accepts the token (an `unauthorized` error): log out locally. */
  expireSession(token: string) {
    if (!state.token || state.token !== token) return;
    setState(loggedOut(state.epoch + 1));
  },

  /** Refresh the last known user type and ghost flag from a fresh `me` (e.g. a ghost who set a password). */
  syncUser(user: { userType: UserType; isGhostUser: boolean }) {
    if (state.status !== 'loggedIn') return;
    if (state.userType === user.userType && state.isGhostUser === user.isGhostUser) return;
    setState({ ...state, userType: user.userType, isGhostUser: user.isGhostUser });
  },
};

/**
 * 'Signed in' (spec §4): a token is present, no login or logout is in progress and, when a role is
 * required, the last known user type equals it.
 */
export const isSignedIn = (s: AuthState, role?: UserType): boolean =>
  !!s.token && s.status === 'loggedIn' && (role === undefined || s.userType === role);

/** Signed in as a real (non-ghost) user. */
export const isSignedInMember = (s: AuthState): boolean => isSignedIn(s) && !s.isGhostUser;

export const useAuth = (): AuthState => useSyncExternalStore(authStore.subscribe, authStore.getState);
