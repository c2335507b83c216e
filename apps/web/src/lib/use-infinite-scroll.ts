/**
 * Infinite scroll (spec 000 §9: trigger at 80% of the list): asks for the next page once the reader has scrolled
 * past `threshold` of the page, or straight away while the page is too short to scroll. Pair it with a visible
 * 'Show more' button so keyboard and assistive-technology users are never stuck.
 */
import { useEffect } from 'react';
import { INFINITE_SCROLL_THRESHOLD } from '@listwise/domain/constants';

interface InfiniteScrollOptions {
  hasNextPage: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** Fraction of the document scrolled that triggers the next page. */
  threshold?: number;
  /** Changes when items are added, so a short page checks again. */
  itemCount: number;
}

export function useInfiniteScroll({
  hasNextPage,
  isLoading,
  onLoadMore,
  threshold = INFINITE_SCROLL_THRESHOLD,
  itemCount,
}: InfiniteScrollOptions) {
  useEffect(() => {
    if (!hasNextPage || isLoading) return;
    const check = () => {
      const doc = document.documentElement;
      const scrolled = (window.scrollY + window.innerHeight) / Math.max(1, doc.scrollHeight);
      if (scrolled >= threshold) onLoadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isLoading, onLoadMore, threshold, itemCount]);
}
