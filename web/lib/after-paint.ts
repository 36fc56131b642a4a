/**
 * Runs work after the browser has painted the current update: a toast for an action that just finished shows
 * a frame after the screen's own change. Mantine's toasts measure themselves as they mount (offsetHeight), which
 * forced the layout of the whole freshly rendered page inside React's commit; after the paint that layout is
 * already done and the toast costs only its own. A hidden tab gets no frames, so a timer runs it at the latest.
 */

/** The longest a hidden tab waits for the work. */
const LATEST_MS = 250;

export function afterPaint(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, LATEST_MS);
}
