/**
 * A box that scrolls on its own once its content is taller than `maxHeight`, with the browser's own scroll
 * bar. Mantine's ScrollArea drew custom bars, measured itself with resize observers as each list rendered,
 * and put ~8 KB of script into every page's first download (docs/performance.md). With a label, the box is
 * a named group in the tab order, so a keyboard can scroll it (a list of text has nothing else to focus).
 */
import type { CSSProperties, ReactNode } from 'react';

interface ScrollBoxProps {
  maxHeight: CSSProperties['maxHeight'];
  /** Names the scrolling region and lets the keyboard reach it. */
  label?: string;
  children: ReactNode;
}

export function ScrollBox({ maxHeight, label, children }: ScrollBoxProps) {
  const named = label ? { tabIndex: 0, role: 'group', 'aria-label': label } : {};
  return (
    <div className="scroll-box" style={{ maxHeight }} {...named}>
      {children}
    </div>
  );
}
