// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The auth state of spec 000 §4, including its persistence across reloads and the logged-in cookie flag. */

/** A fresh copy of the store, as a page load (reload) would get. */
const loadStore = async () => {
  vi.resetModules();
  return import('@/lib/auth-store');
};

const cookieFlag = () => document.cookie.match(/(?:^|;\s*)listwise_logged_in=(\w+)/)?.[1] ?? null;
const clearCookie = () => {
  document.cookie = 'listwise_logged_in=; path=/; max-age=0';
};

const AGENT = { token: 'agent-token', userType: 'AGENT', isGhostUser: false } as const;

beforeEach(() => {
  window.localStorage.clear();
  clearCookie();
});

describe('auth store', () => {
  it('starts logged out and writes the logged-out flag', async () => {
    const { authStore, isSignedIn } = await loadStore();
    expect(authStore.getState()).toMatchObject({ status: 'loggedOut', token: null, userType: null, isGhostUser: false });
    expect(isSignedIn(authStore.getState())).toBe(false);
    expect(cookieFlag()).toBe('false');
  });

  it('beginning a login clears the token, user type and ghost flag; completing it stores them', async () => {
    const { authStore, isSignedIn } = await loadStore();
    authStore.completeLogin({ token: 'ghost-token', userType: 'SELLER', isGhostUser: true });
    const previous = authStore.beginLogin();
    expect(previous).toMatchObject({ token: 'ghost-token', isGhostUser: true });
    expect(authStore.getState()).toMatchObject({ status: 'loggingIn', token: null, userType: null, isGhostUser: false });
    expect(isSignedIn(authStore.getState())).toBe(false);
    authStore.completeLogin(AGENT);
    expect(authStore.getState()).toMatchObject({ status: 'loggedIn', ...AGENT });
    expect(isSignedIn(authStore.getState())).toBe(true);
    expect(isSignedIn(authStore.getState(), 'AGENT')).toBe(true);
    expect(isSignedIn(authStore.getState(), 'SELLER')).toBe(false);
  });

  it('a failed login puts the previous session back', async () => {
    const { authStore } = await loadStore();
    authStore.completeLogin({ token: 'ghost-token', userType: 'SELLER', isGhostUser: true });
    const previous = authStore.beginLogin();
    authStore.abortLogin(previous);
    expect(authStore.getState()).toMatchObject({ status: 'loggedIn', token: 'ghost-token', isGhostUser: true });
  });

  it('persists across reloads, and a reload mid-login settles to logged out', async () => {
    const first = await loadStore();
    first.authStore.completeLogin(AGENT);
    const reloaded = await loadStore();
    expect(reloaded.authStore.getState()).toMatchObject({ status: 'loggedIn', ...AGENT });

    reloaded.authStore.beginLogin();
    expect((await loadStore()).authStore.getState()).toMatchObject({ status: 'loggedOut', token: null });
  });

  it('ignores corrupted storage', async () => {
    window.localStorage.setItem('listwise.auth', '{not json');
    expect((await loadStore()).authStore.getState().status).toBe('loggedOut');
    window.localStorage.setItem('listwise.auth', JSON.stringify({ status: 'loggedIn', token: 't', userType: 'ROOT' }));
    expect((await loadStore()).authStore.getState().status).toBe('loggedOut');
  });

  it('writes the cookie flag on every status change; ghost users count as logged out', async () => {
    const { authStore } = await loadStore();
    authStore.completeLogin({ token: 'ghost-token', userType: 'SELLER', isGhostUser: true });
    expect(cookieFlag()).toBe('false');
    authStore.beginLogin();
    authStore.completeLogin(AGENT);
    expect(cookieFlag()).toBe('true');
    authStore.beginLogout();
    authStore.finishLogout();
    expect(cookieFlag()).toBe('false');
  });

  it('logout clears the session, starts a new cache epoch, and writes the logged-out flag even when already logged out', async () => {
    const { authStore } = await loadStore();
    authStore.completeLogin(AGENT);
    const { epoch } = authStore.getState();
    authStore.beginLogout();
    expect(authStore.getState()).toMatchObject({ status: 'loggingOut', token: 'agent-token' });
    authStore.finishLogout();
    expect(authStore.getState()).toMatchObject({ status: 'loggedOut', token: null, userType: null });
    expect(authStore.getState().epoch).toBeGreaterThan(epoch);

    // Another page (the main site) may have set the flag since; /logout writes it regardless.
    document.cookie = 'listwise_logged_in=true; path=/';
    authStore.finishLogout();
    expect(cookieFlag()).toBe('false');
  });

  it('an expired session logs out only if it is still the current one', async () => {
    const { authStore } = await loadStore();
    authStore.completeLogin(AGENT);
    authStore.expireSession('an-older-token');
    expect(authStore.getState().status).toBe('loggedIn');
    authStore.expireSession('agent-token');
    expect(authStore.getState()).toMatchObject({ status: 'loggedOut', token: null });
  });
});
