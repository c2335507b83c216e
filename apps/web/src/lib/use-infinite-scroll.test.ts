import { describe, expect, it } from 'vitest';
import { fractionOfListSeen } from './use-infinite-scroll';

const listAt = (top: number, height: number) => ({ getBoundingClientRect: () => ({ top, height }) as DOMRect });

describe('fractionOfListSeen (spec 000 §9: the next page at 80% of the list)', () => {
  it('measures the list, not the page: a list below a tall header is not yet 80% seen', () => {
    // A 2,000 px list starting 600 px down an 800 px screen: 200 px of it seen.
    expect(fractionOfListSeen(listAt(600, 2000), 800)).toBeCloseTo(0.1);
  });

  it('reaches 0.8 when the bottom of the screen passes 80% of the list', () => {
    // Scrolled so the list's top is 800 px above the screen: 1,600 of 2,000 px seen.
    expect(fractionOfListSeen(listAt(-800, 2000), 800)).toBeCloseTo(0.8);
  });

  it('is past 1 for a list shorter than the screen, so a short page asks for more at once', () => {
    expect(fractionOfListSeen(listAt(100, 300), 800)).toBeGreaterThan(1);
  });
});
