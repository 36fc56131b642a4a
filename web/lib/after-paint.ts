/**
 * Runs work after the browser has painted the current update: a toast for an action that just finished shows
 * once the screen's own change is on screen. Mantine's toasts measure themselves as they mount (offsetHeight),
 * which forced the layout of the whole freshly rendered page inside React's commit; after the paint that layout
 * is already done and the toast costs only its own.
 *
 * After the next frame, the work waits for the main thread to be idle (requestIdleCallback): the action's
 * answer is rendered by React Query in a timer task that can come after that frame, and a toast run by a plain
 * timer then slipped in between that render and its paint, laying the page out for itself (bench/browser.ts:
 * a workflow action, 24 ms of which 20 forced layout). A hidden tab gets no frames and no idle time, so a timer
 * runs it at the latest.
 */

/** The longest the work waits (a hidden tab, a main thread never idle). */
const LATEST_MS = 250;

export function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: LATEST_MS });
    else run();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(whenIdle, 0));
  setTimeout(run, LATEST_MS);
}
