import { describe, expect, it } from 'vitest';
import { freeTrialBannerMax, suburbsBannerText } from '@/features/agent-home/lib/free-trial-banner-state';

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

describe('the words of the suburbs banner (issue 23)', () => {
  it('asks an agent without suburbs to subscribe', () => {
    expect(suburbsBannerText({ numberOfFreeTrialsClaimed: 0, totalFreeTrialsAllowed: 5 }, 0, false)?.text).toBe(
      'Subscribe to suburbs to receive appraisal requests in those areas',
    );
  });

  it('never tells a subscribed agent to subscribe', () => {
    const banner = suburbsBannerText({ numberOfFreeTrialsClaimed: 2, totalFreeTrialsAllowed: 5 }, 2, false);
    expect(banner?.heading).toBe('You can add 3 more suburbs free for 12 months.');
    expect(`${banner?.heading} ${banner?.text}`).not.toMatch(/subscribe/i);
    expect(suburbsBannerText({ numberOfFreeTrialsClaimed: 4, totalFreeTrialsAllowed: 5 }, 4, false)?.heading).toBe(
      'You can add 1 more suburb free for 12 months.',
    );
    expect(suburbsBannerText({ numberOfFreeTrialsClaimed: 1, totalFreeTrialsAllowed: 5 }, 5, false)).toBeNull();
  });
});

describe('the suburbs banner of a suspended agent', () => {
  it('is hidden, whether or not the agent holds suburbs: no new request reaches them', () => {
    expect(suburbsBannerText({ numberOfFreeTrialsClaimed: 0, totalFreeTrialsAllowed: 5 }, 0, true)).toBeNull();
    expect(suburbsBannerText({ numberOfFreeTrialsClaimed: 2, totalFreeTrialsAllowed: 5 }, 2, true)).toBeNull();
  });
});
