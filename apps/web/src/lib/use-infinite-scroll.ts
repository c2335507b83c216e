/**
 * Infinite scroll (spec 000 §9: trigger at 80% of the list): asks for the next page once the bottom of the
 * screen has passed `threshold` of the list's height, or straight away while the list is too short to reach it.
 * Attach the returned ref to the list element. Pair it with a visible 'Show more' button so keyboard and
 * assistive-technology users are never stuck.
 */
import { useEffect, useState } from 'react';
import { INFINITE_SCROLL_THRESHOLD } from '@listwise/domain/constants';

interface InfiniteScrollOptions {
  hasNextPage: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** Fraction of the list seen that triggers the next page. */
  threshold?: number;
  /** Changes when items are added, so a short list checks again. */
  itemCount: number;
}

/** How much of the list (0 to 1 and beyond) lies above the bottom edge of the screen. */
export function fractionOfListSeen(list: Pick<HTMLElement, 'getBoundingClientRect'>, viewportHeight: number): number {
  const { top, height } = list.getBoundingClientRect();
  return (viewportHeight - top) / Math.max(1, height);
}

export function useInfiniteScroll({
  hasNextPage,
  isLoading,
  onLoadMore,
  threshold = INFINITE_SCROLL_THRESHOLD,
  itemCount,
}: InfiniteScrollOptions): (list: HTMLElement | null) => void {
  const [list, setList] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!hasNextPage || isLoading || !list) return;
    const check = () => {
      if (fractionOfListSeen(list, window.innerHeight) >= threshold) onLoadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isLoading, onLoadMore, threshold, itemCount, list]);
  return setList;
}
