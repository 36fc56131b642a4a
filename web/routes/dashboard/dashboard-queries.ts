/** The dashboard's lists: one query per card, each key starting with its API resource. */
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { CartListSchema, ConversationListSchema } from '../../../domain/contract/conversations';
import { DashboardPageSchema } from '../../../domain/contract/queues';
import { api } from '../../api/client';
import { escalationsQuery } from '../../api/escalations';
import { fcoBatchesQuery, ordererStatsQuery, orderersQuery, type QueueView } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { filterToParams } from '../../components/list-filter';
import { DEFAULT_ESCALATIONS_VIEW, type ListSorts, queueViewFromParams } from '../../components/queue-view';
import { assigneesQuery } from './conversation-assignees';

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
 * Starts what the dashboard's cards ask for when it opens at `url`, each with the options its card uses: the
 * route's loader calls it as the navigation begins, so each card finds its query under way instead of starting
 * it after its first render. The items to assign (the card staff come for) are asked for first and alone; the
 * other cards follow once that answer is in (or failed): seven answers landing meanwhile held that list back on
 * both sides, the embedded database serving them in turn and the page taking each in while it rendered
 * (bench/browser.ts: sign-in → dashboard data). The other cards render after the list anyway (dashboard-page.tsx).
 * Data still fresh is not fetched again. `admin`: the cards only admins see (the orderer picker, escalations).
 * Answers once the list is in: the route's loader waits for it (web/app.tsx).
 */
export function prefetchDashboard(queryClient: QueryClient, admin: boolean, url: URL): Promise<void> {
  const first = queryClient.prefetchQuery(
    unassignedItemsQuery(queueViewFromParams(url.searchParams, DASHBOARD_LIST)),
  );
  void first.then(() => {
    if (admin) {
      void queryClient.prefetchQuery(orderersQuery);
      void queryClient.prefetchQuery(escalationsQuery(DEFAULT_ESCALATIONS_VIEW));
    }
    void queryClient.prefetchQuery(conversationsQuery(true, 1));
    void queryClient.prefetchQuery(assigneesQuery);
    void queryClient.prefetchQuery(ordererStatsQuery);
    void queryClient.prefetchQuery(waitingFcoBatchesQuery);
    void queryClient.prefetchQuery(unpaidCartsQuery);
  });
  return first;
}
