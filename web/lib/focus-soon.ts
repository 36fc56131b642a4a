/**
 * Focuses an element that is about to appear: a shortcut that opens a panel asks for its field before React
 * has rendered it. Tries on each animation frame, for a few frames, until `find` answers an element.
 */

/** How many frames to wait for the element (about half a second). */
const MAX_FRAMES = 30;

export function focusSoon(
  find: () => HTMLElement | null | undefined,
  options: { scroll?: boolean; frames?: number } = {},
): void {
  const { scroll = true, frames = MAX_FRAMES } = options;
  let left = frames;
  const attempt = () => {
    const el = find();
    if (el) {
      el.focus({ preventScroll: !scroll });
      if (scroll) el.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    left -= 1;
    if (left > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
