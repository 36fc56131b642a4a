/** The dashboard's lists: one query per card, each key starting with its API resource. */
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { CartListSchema, ConversationListSchema } from '../../../domain/contract/conversations';
import { DashboardPageSchema } from '../../../domain/contract/queues';
import { api } from '../../api/client';
import { fcoBatchesQuery, type QueueView } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { filterToParams } from '../../components/list-filter';
import { type ListSorts, queueViewFromParams } from '../../components/queue-view';

/** The dashboard's list has one order, oldest first (the server's); the URL holds its page and filter. */
export const DASHBOARD_LIST: ListSorts = { sorts: ['due'], defaults: { sort: 'due', dir: 'asc' } };

/**
 * One page (100) of the unassigned items, oldest first, narrowed by the filter; the last page stays shown
 * while the next loads.
 */
export const unassignedItemsQuery = (view: QueueView) =>
  queryOptions({
    queryKey: queryKeys.orderItems.dashboard({ page: view.page, filter: view.filter }),
    queryFn: ({ signal }) =>
      api.get('order_items/dashboard', DashboardPageSchema, {
        query: { page: view.page, ...filterToParams(view.filter) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The batches with the FCO (my queue shows them too, under the same key). */
export const waitingFcoBatchesQuery = fcoBatchesQuery('waiting_fco');

export const unpaidCartsQuery = queryOptions({
  queryKey: queryKeys.carts.unpaid,
  queryFn: ({ signal }) => api.get('carts/unpaid', CartListSchema, { signal }),
});

/** Inbox (active) or other (archived) conversations, 25 a page; the last page stays shown while the next loads. */
/** `assignee`: 'me', 'unassigned' or a member of staff's id; left out, every conversation. */
export const conversationsQuery = (active: boolean, page: number, assignee?: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.list({ active, page, ...(assignee ? { assignee } : {}) }),
    queryFn: ({ signal }) =>
      api.get('conversations/active', ConversationListSchema, {
        query: { active, page, ...(assignee ? { assignee } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Starts the items to assign (the card staff come for) at `url`, with the options its card uses: the route's
 * loader calls it as the navigation begins and waits for it (web/app.tsx), so the shell and the list render
 * once, with the data. It alone: the other cards render after the list's first paint (dashboard-page.tsx) and
 * ask for their own data then. Asked for here, as soon as the list had answered, their seven answers landed
 * while the list's first render ran and held it back (bench/browser.ts: sign-in → dashboard data, 150 → 115 ms
 * median when they went). Data still fresh is not fetched again. Answers once the list is in.
 */
export function prefetchDashboard(queryClient: QueryClient, url: URL): Promise<void> {
  return queryClient.prefetchQuery(
    unassignedItemsQuery(queueViewFromParams(url.searchParams, DASHBOARD_LIST)),
  );
}
