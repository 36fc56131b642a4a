/**
 * Navigations that render at once instead of as a React transition (React Router's `flushSync`): opening a
 * list's item and moving between inbox threads. A transition's render was thrown away and begun again by every
 * answer landing while it ran (the inbox's refetches after archiving, the row's prefetch), so the next screen
 * painted only after all of them (bench/browser.ts: archive and open the next conversation 317 → 90 ms median,
 * open an order item 186 → 115 ms, on the 2-core machine). Other navigations, and the first render of a loaded
 * page, stay transitions: time-sliced, they keep the page answering while it loads (Lighthouse's blocking time
 * doubled on the order page when every navigation rendered at once).
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A capture-phase click handler (`onClickCapture`) for a container of links: a plain left click on an in-app
 * link navigates at once, before the Link's own handler (which then finds the click handled); a click with a
 * modifier key, or on a link with a target, is left to the Link and the browser as usual.
 */
export function useOpenAtOnce(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    if (link.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/', { flushSync: true });
  };
}
