/**
 * An order item's page fetched while its link is pointed at or focused, before the click: the page's code
 * and its first answers (the order page's own `prefetch`). Delegated from a list's container, so every ref
 * link and keyboard-focused row in it is covered by one pair of handlers. Answers still fresh (the client's
 * staleTime) are not asked for again.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useMemo } from 'react';

const ITEM_LINK = 'a[href^="/orders/"]';

/** Starts loading an order item's page and data (id or ref, as its URL names it). */
export function prefetchOrderItem(queryClient: QueryClient, key: string): void {
  // The order page's module, as its route loads it (routes/screen-chunks.ts loadOrderPage).
  void import('../routes/order/order-page').then((page) => page.prefetchItem(queryClient, key));
}

/** Handlers for a list's container: the order item whose link the pointer or the focus reaches is prefetched. */
export function useOrderItemPrefetch() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    let last = '';
    const reach = (event: SyntheticEvent) => {
      if (!(event.target instanceof Element)) return;
      // A ref link, or a row the keyboard moved to (j/k focus the row, which names its item in data-ref).
      const href = event.target.closest(ITEM_LINK)?.getAttribute('href');
      const key = href
        ? decodeURIComponent(href.slice('/orders/'.length).split(/[?#]/)[0])
        : (event.target.closest<HTMLElement>('[data-ref]')?.dataset.ref ?? '');
      if (!key || key === last) return;
      last = key;
      prefetchOrderItem(queryClient, key);
    };
    return { onMouseOver: reach, onFocus: reach };
  }, [queryClient]);
}
