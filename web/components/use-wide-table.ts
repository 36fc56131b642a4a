/**
 * Whether a table is wider than the box it sits in. A list scrolls with the page so its sticky header can stick
 * under the app header; only a table that does not fit (a phone, a narrow window, many columns) gets a
 * sideways scroll box of its own, where the header scrolls away with the rows instead of widening the page.
 *
 * One ResizeObserver per box and table, kept across renders: it reports each size once layout has run (on
 * observing, then on every change), so a render never forces a layout of its own. (Re-observing after every
 * render, with a measure on the spot, cost ~12 ms of forced layout per dashboard load: bench/browser.ts.)
 *
 * The answer is the box's `data-wide` attribute, set here on the element and never rendered by React: the
 * stylesheet gives a wide box its scroll bar and unsticks the table's header (order-items-table.module.css),
 * so the table keeps `stickyHeader` on. As React state it re-rendered the whole list (about 400 components on
 * the dashboard) right after its first paint, whenever the table turned out wider than its card.
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useWideTable(
  boxRef: RefObject<HTMLElement | null>,
  tableRef: RefObject<HTMLElement | null>,
): void {
  const observed = useRef<{ box: HTMLElement; table: HTMLElement; observer: ResizeObserver } | null>(null);
  // After every render: the box and table come and go (a skeleton while loading); observe the ones there now.
  useEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    const current = observed.current;
    if (current?.box === box && current?.table === table) return;
    current?.observer.disconnect();
    observed.current = null;
    if (!box || !table || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      box.toggleAttribute('data-wide', table.offsetWidth > box.clientWidth + 1),
    );
    observer.observe(box);
    observer.observe(table);
    observed.current = { box, table, observer };
  });
  useEffect(
    () => () => {
      observed.current?.observer.disconnect();
      observed.current = null;
    },
    [],
  );
}
