// @vitest-environment happy-dom
/**
 * The sign-up's suburb selection belongs to the signed-in agent: logging out empties it (spec 000 §4), and
 * another agent signing in on the same tab never sees the previous one's suburbs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { signupSelection } from '@/features/agent-signup/lib/signup-selection';

const bondi = { id: '11', name: 'Bondi', state: 'NSW' as const, postcode: '2026' };
const coogee = { id: '12', name: 'Coogee', state: 'NSW' as const, postcode: '2034' };

const signIn = (token: string) => {
  authStore.beginLogin();
  authStore.completeLogin({ token, userType: 'AGENT', isGhostUser: false });
};
const signOut = () => {
  authStore.beginLogout();
  authStore.finishLogout();
};

beforeEach(() => {
  window.sessionStorage.clear();
  signIn('token-of-nina');
});
afterEach(() => {
  signOut();
  window.sessionStorage.clear();
});

describe('the sign-up suburb selection', () => {
  it('keeps the chosen suburbs, in order, for the signed-in agent (a reload reads them back)', () => {
    signupSelection.set([bondi, coogee]);
    expect(signupSelection.get().map((s) => s.name)).toEqual(['Bondi', 'Coogee']);
    expect(window.sessionStorage.length).toBe(1);
  });

  it('is emptied by logging out', () => {
    signupSelection.set([bondi]);
    let notified = 0;
    const unsubscribe = signupSelection.subscribe(() => notified++);
    signOut();
    unsubscribe();
    expect(signupSelection.get()).toEqual([]);
    expect(window.sessionStorage.length).toBe(0);
    expect(notified).toBeGreaterThan(0);
  });

  it("never shows one agent's suburbs to the next agent signed in on the same tab", () => {
    signupSelection.set([bondi, coogee]);
    signIn('token-of-omar'); // a new login without a logout first
    expect(signupSelection.get()).toEqual([]);
    signupSelection.set([coogee]);
    expect(signupSelection.get().map((s) => s.name)).toEqual(['Coogee']);
  });

  it('clears itself once the subscription is made', () => {
    signupSelection.set([bondi]);
    signupSelection.clear();
    expect(signupSelection.get()).toEqual([]);
  });
});
