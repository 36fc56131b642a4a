/**
 * An order item's page fetched while its link is pointed at or focused, before the click: the page's code
 * and its first answers (the order page's own `prefetch`). Delegated from a list's container, so every ref
 * link and keyboard-focused row in it is covered by one set of handlers. Answers still fresh (the client's
 * staleTime) are not asked for again.
 *
 * The pointer has to rest on a link for HOVER_INTENT_MS first: a pointer passing over a list, or one left
 * where the sign-in button was when the dashboard replaced it, fetched an item and evaluated the order page's
 * code while the list was painting (bench/browser.ts: sign-in → dashboard data). A focus (Tab, j / k) starts at once.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useMemo } from 'react';

const ITEM_LINK = 'a[href^="/orders/"]';
/** How long the pointer rests on a link before its item is fetched: well under a person's point-and-click. */
export const HOVER_INTENT_MS = 60;

/** Starts loading an order item's page and data (id or ref, as its URL names it). */
export function prefetchOrderItem(queryClient: QueryClient, key: string): void {
  // The order page's module, as its route loads it (routes/screen-chunks.ts loadOrderPage).
  void import('../routes/order/order-page').then((page) => page.prefetchItem(queryClient, key));
}

/** The item a ref link, or a row the keyboard moved to (j/k focus the row, which names it in data-ref), is for. */
function itemKeyOf(target: EventTarget): string {
  if (!(target instanceof Element)) return '';
  const href = target.closest(ITEM_LINK)?.getAttribute('href');
  return href
    ? decodeURIComponent(href.slice('/orders/'.length).split(/[?#]/)[0])
    : (target.closest<HTMLElement>('[data-ref]')?.dataset.ref ?? '');
}

/** Handlers for a list's container: the order item whose link the pointer rests on or the focus reaches is prefetched. */
export function useOrderItemPrefetch() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    let last = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (key: string) => {
      if (!key || key === last) return;
      last = key;
      prefetchOrderItem(queryClient, key);
    };
    return {
      onMouseOver: (event: SyntheticEvent) => {
        clearTimeout(timer);
        const key = itemKeyOf(event.target);
        if (key) timer = setTimeout(() => start(key), HOVER_INTENT_MS);
      },
      onMouseOut: () => clearTimeout(timer),
      onFocus: (event: SyntheticEvent) => start(itemKeyOf(event.target)),
    };
  }, [queryClient]);
}
