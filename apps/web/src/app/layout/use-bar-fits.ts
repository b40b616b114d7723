import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the top bar has room for the full system-type menu (issue 24 item 8: in pt-BR "Armazenamento
 * residencial" pushed two types into antd's "···"). `slot` holds the menu at its natural width (it never
 * shrinks); the bar's right part shrinks first (site name, search box). When even that leaves too little
 * room, the bar or its right part overflows: the bar width is remembered and the menu gives way to a
 * dropdown until the bar is wider again, or `resetKey` (the page) changes and the menu is tried anew.
 * The check runs before paint, so the overflowing menu is never seen.
 */
export function useBarFits(slot: RefObject<HTMLElement | null>, resetKey: string): boolean {
  const [tight, setTight] = useState<{ at: number; key: string } | null>(null);
  const [barWidth, setBarWidth] = useState(0);
  const fits = tight === null || tight.key !== resetKey || barWidth > tight.at;
  useLayoutEffect(() => {
    const bar = slot.current?.parentElement;
    if (!bar) return;
    const check = () => {
      const width = bar.clientWidth;
      setBarWidth(width);
      if (!fits) return;
      const overflows = (el: Element | null) => el !== null && el.scrollWidth > el.clientWidth + 1;
      if (overflows(bar) || overflows(bar.querySelector('.top-bar-right')))
        setTight({ at: width, key: resetKey });
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(bar);
    for (const child of Array.from(bar.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [slot, fits, resetKey]);
  return fits;
}
