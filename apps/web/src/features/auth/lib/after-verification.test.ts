import { describe, expect, it } from 'vitest';
import { funnelStepAfterVerification, pathAfterVerification } from '@/features/auth/lib/after-verification';

const seller = (nextPage: string | null, patch: { isGhostUser?: boolean } = {}) => ({
  userType: 'SELLER' as const,
  profileComplete: true,
  isGhostUser: patch.isGhostUser ?? false,
  sellerProfile: { nextPage },
});
const agent = (profileComplete: boolean) => ({ userType: 'AGENT' as const, profileComplete, isGhostUser: false, sellerProfile: null });

describe('after the e-mail is verified', () => {
  it('sends a seller whose saved listing waits for agents on to choosing them, through the resume route (first gap first)', () => {
    expect(funnelStepAfterVerification(seller('/new-property/select-agents'))).toBe('/new-property/continue');
    // Sellers who stopped on the 'Property Saved' step skip it too.
    expect(funnelStepAfterVerification(seller('/new-property/details-complete'))).toBe('/new-property/continue');
  });

  it('sends a new agent on to the next sign-up step, which home routing knows', () => {
    expect(funnelStepAfterVerification(agent(false))).toBe('/');
  });

  it('leaves everyone else on the link page (nothing was waiting for the verification)', () => {
    expect(funnelStepAfterVerification(seller('/'))).toBeNull();
    expect(funnelStepAfterVerification(seller('/new-property/address'))).toBeNull();
    expect(funnelStepAfterVerification(seller(null))).toBeNull();
    expect(funnelStepAfterVerification(seller('/new-property/select-agents', { isGhostUser: true }))).toBeNull();
    expect(funnelStepAfterVerification(agent(true))).toBeNull();
    expect(funnelStepAfterVerification({ userType: 'ADMIN', profileComplete: true, isGhostUser: false, sellerProfile: null })).toBeNull();
  });

  it('moves /email-verification on to choosing agents for sellers and home for the rest (spec 000 §2)', () => {
    expect(pathAfterVerification(seller('/'))).toBe('/new-property/select-agents');
    expect(pathAfterVerification(seller('/new-property/select-agents'))).toBe('/new-property/continue');
    expect(pathAfterVerification(agent(true))).toBe('/');
    expect(pathAfterVerification(agent(false))).toBe('/');
  });
});
