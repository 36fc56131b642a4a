/**
 * Its children from the render after the first paint on, `fallback` before (useDeferredValue's initial value:
 * the deferred pass is a time-sliced render right after the first commit). What a screen shows first paints
 * without waiting for what lies below the fold or beside it: the dashboard's other cards. Its own component, so
 * what painted first is not rendered again when the rest arrives; once mounted it stays ready, so later updates
 * render everything in one pass. Not for a table's later rows: they can widen a column and so re-wrap the rows
 * already on screen (e2e/layout-stability.spec.ts).
 */
import { type ReactNode, useDeferredValue } from 'react';

export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useDeferredValue(true, false) ? children : fallback;
}
