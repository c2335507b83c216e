import { useEffect, useRef } from 'react';

/**
 * On a phone a row of tabs scrolls sideways: this brings the open tab into view, so a link to a later tab
 * (?tab=billing, ?tab=audit-log) does not open with its tab off-screen. Returns the ref for the TabList.
 */
export function useSelectedTabInView(selectedKey: string) {
  const tabListRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // After paint: the tabs of a React Aria collection are in the DOM only once it has rendered them.
    const frame = requestAnimationFrame(() => {
      const list = tabListRef.current;
      const selected = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!list || !selected) return;
      const isHidden =
        selected.offsetLeft < list.scrollLeft || selected.offsetLeft + selected.offsetWidth > list.scrollLeft + list.clientWidth;
      if (isHidden) list.scrollLeft = selected.offsetLeft - (list.clientWidth - selected.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedKey]);
  return tabListRef;
}
