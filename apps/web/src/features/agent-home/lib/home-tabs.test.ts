import { describe, expect, it } from 'vitest';
import { belongsToTab, homeTabOf } from '@/features/agent-home/lib/home-tabs';

describe('the agent home tabs', () => {
  it('reads ?tab=complete as the appraised tab and anything else as pending', () => {
    expect(homeTabOf('complete')).toBe('complete');
    expect(homeTabOf('pending')).toBe('pending');
    expect(homeTabOf(null)).toBe('pending');
    expect(homeTabOf('COMPLETE')).toBe('pending');
    expect(homeTabOf('whatever')).toBe('pending');
  });

  it('keeps a request answered since its page was read off the pending tab, and on the appraised one', () => {
    expect(belongsToTab('COMPLETE', 'pending')).toBe(false);
    expect(belongsToTab('COMPLETE', 'complete')).toBe(true);
    for (const state of ['PENDING', 'EXPIRED', 'NOT_REQUIRED'] as const) {
      expect(belongsToTab(state, 'pending')).toBe(true);
      expect(belongsToTab(state, 'complete')).toBe(false);
    }
  });
});
