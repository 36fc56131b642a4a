/**
 * Whether a table is wider than the box it sits in. A list scrolls with the page so its sticky header can stick
 * under the app header; only a table that does not fit (a phone, a narrow window, many columns) gets a
 * sideways scroll box of its own, where the header scrolls away with the rows instead of widening the page.
 */
import { type RefObject, useEffect, useState } from 'react';

export function useWideTable(
  boxRef: RefObject<HTMLElement | null>,
  tableRef: RefObject<HTMLElement | null>,
): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (!box || !table || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWide(table.offsetWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(table);
    measure();
    return () => observer.disconnect();
  });
  return wide;
}
