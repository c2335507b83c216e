import { describe, expect, it } from 'vitest';
import { propertyMediaLimitBroken, propertyMediaRoom, type PropertyMediaCounts } from './property-media.ts';

const counts = (PHOTO: number, FLOOR_PLAN: number, VIDEO: number): PropertyMediaCounts => ({ PHOTO, FLOOR_PLAN, VIDEO });

describe('property media limits', () => {
  it('leaves room for 20 photos and videos together, at most 5 of them videos, and 20 floor plans', () => {
    expect(propertyMediaRoom(counts(0, 0, 0), 'PHOTO')).toBe(20);
    expect(propertyMediaRoom(counts(0, 0, 0), 'VIDEO')).toBe(5);
    expect(propertyMediaRoom(counts(0, 0, 0), 'FLOOR_PLAN')).toBe(20);
    expect(propertyMediaRoom(counts(12, 20, 3), 'PHOTO')).toBe(5);
    expect(propertyMediaRoom(counts(12, 20, 3), 'VIDEO')).toBe(2);
    expect(propertyMediaRoom(counts(17, 0, 1), 'VIDEO')).toBe(2);
    expect(propertyMediaRoom(counts(12, 20, 3), 'FLOOR_PLAN')).toBe(0);
    expect(propertyMediaRoom(counts(20, 0, 0), 'VIDEO')).toBe(0);
  });

  it('names the limit one more file would break, and none while there is room', () => {
    expect(propertyMediaLimitBroken(counts(19, 0, 0), 'PHOTO')).toBeNull();
    expect(propertyMediaLimitBroken(counts(15, 0, 5), 'PHOTO')).toBe('At most 20 photos and videos');
    expect(propertyMediaLimitBroken(counts(0, 0, 5), 'VIDEO')).toBe('At most 5 videos');
    expect(propertyMediaLimitBroken(counts(0, 20, 0), 'FLOOR_PLAN')).toBe('At most 20 floor plans');
    expect(propertyMediaLimitBroken(counts(18, 19, 1), 'FLOOR_PLAN')).toBeNull();
  });

  it('agrees with itself: there is room exactly when one more breaks no limit', () => {
    for (const type of ['PHOTO', 'FLOOR_PLAN', 'VIDEO'] as const) {
      for (const [p, f, v] of [
        [0, 0, 0],
        [19, 19, 0],
        [15, 20, 5],
        [16, 3, 4],
        [20, 0, 0],
      ] as const) {
        expect(propertyMediaRoom(counts(p, f, v), type) > 0).toBe(propertyMediaLimitBroken(counts(p, f, v), type) === null);
      }
    }
  });
});
