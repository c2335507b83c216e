import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/lib/current-user';
import { homeDestinationFor } from '@/features/home/home-destination';

const seller = (patch: Partial<CurrentUser> = {}, nextPage: string | null = null): CurrentUser => ({
  id: 'u1',
  email: 'sam@example.com',
  userType: 'SELLER',
  isGhostUser: false,
  isEmailVerified: true,
  mobileNumber: null,
  hasPassword: true,
  mustAcceptTerms: false,
  profileComplete: true,
  agentProfile: null,
  sellerProfile: { id: 's1', name: 'Sam', isPrivacyPolicyAccepted: true, nextPage, status: 'APPROVED' },
  ...patch,
});

const agent = (profileComplete: boolean, hasSubscribedSuburbs: boolean): CurrentUser => ({
  ...seller(),
  userType: 'AGENT',
  sellerProfile: null,
  profileComplete,
  agentProfile: { id: 'a1', name: null, badge: null, numberOfEngagements: 0, hasSubscribedSuburbs, profilePicture: null, suspension: null },
});

describe('homeDestinationFor', () => {
  it('sends ghost users to log in', () => {
    expect(homeDestinationFor(seller({ isGhostUser: true, profileComplete: false }))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('routes sellers by profile and e-mail state', () => {
    expect(homeDestinationFor(seller())).toEqual({ kind: 'seller-home' });
    expect(homeDestinationFor(seller({ isEmailVerified: false }))).toEqual({ kind: 'redirect', to: '/email-verification' });
    // A listing left half-way resumes at its first gap, if that comes before the page stored.
    expect(homeDestinationFor(seller({ profileComplete: false }, '/new-property/photos'))).toEqual({
      kind: 'redirect',
      to: '/new-property/continue',
    });
    expect(homeDestinationFor(seller({ profileComplete: false }, '/new-property/address'))).toEqual({
      kind: 'redirect',
      to: '/new-property/address',
    });
    expect(homeDestinationFor(seller({ profileComplete: false }))).toEqual({ kind: 'redirect', to: '/new-property/' });
    expect(homeDestinationFor(seller({ profileComplete: false }, 'https://evil.example'))).toEqual({
      kind: 'redirect',
      to: '/new-property/',
    });
  });

  it('routes agents through the sign-up funnel', () => {
    expect(homeDestinationFor(agent(true, true))).toEqual({ kind: 'agent-home' });
    expect(homeDestinationFor(agent(false, true))).toEqual({ kind: 'redirect', to: '/agent/signup/profile-details' });
    expect(homeDestinationFor(agent(false, false))).toEqual({ kind: 'redirect', to: '/agent/signup/basic-details' });
  });

  it('sends admins to the console', () => {
    expect(homeDestinationFor({ ...seller(), userType: 'ADMIN', sellerProfile: null })).toEqual({ kind: 'redirect', to: '/admin' });
  });
});
