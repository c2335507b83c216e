import { describe, expect, it } from 'vitest';
import { freeTrialBannerMax } from '@/features/agent-home/lib/free-trial-banner-state';

describe('the suburbs banner of the agent home', () => {
  it('names the maximum of free suburbs, not what is left of it', () => {
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 0, totalFreeTrialsAllowed: 5 })).toBe(5);
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 1, totalFreeTrialsAllowed: 5 })).toBe(5);
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 4, totalFreeTrialsAllowed: 5 })).toBe(5);
  });

  it('is gone once the free trials claimed reach the maximum', () => {
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 5, totalFreeTrialsAllowed: 5 })).toBeNull();
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 3, totalFreeTrialsAllowed: 3 })).toBeNull();
  });

  it('never offers more free suburbs than an agent may hold', () => {
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 2, totalFreeTrialsAllowed: 8 })).toBe(5);
    expect(freeTrialBannerMax({ numberOfFreeTrialsClaimed: 5, totalFreeTrialsAllowed: 8 })).toBeNull();
  });
});
