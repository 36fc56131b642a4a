/** TanStack Query options shared by the shell and the screens: one key per resource. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FcoBatch, QueueSort } from '../../domain/contract/queues';
import { CurrentUserSchema, NotificationListSchema } from '../../domain/contract/session';
import { filterToParams, type ListFilterValue } from '../components/list-filter';
import { api, setCsrfToken } from './client';
import { queryKeys } from './query-keys';

/**
 * The queue schemas, loaded on first use: they bring the order-item contract and with it the country and
 * language tables (18 KB gzip), which the shell importing this file would otherwise carry in its initial
 * bundle (docs/performance.md: initial JS under 250 KB).
 */
const queueSchemas = () => import('../../domain/contract/queues');
/** One of them, as a promise: `api.get` sends the call at once and awaits the schema only to check the answer. */
const queueSchema = <K extends keyof Awaited<ReturnType<typeof queueSchemas>>>(name: K) =>
  queueSchemas().then((schemas) => schemas[name]);

/** How often the notifications list is refreshed as a fallback to live updates (server-sent events). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The signed-in user and the CSRF token (remembered by the client); cached for the session. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.users.current,
  queryFn: async ({ signal }) => {
    const data = await api.get('users/current_user', CurrentUserSchema, { signal });
    setCsrfToken(data.csrf_token);
    return data;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The user's notifications, newest first, with the unread count; polled while the app is open. */
export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications.all,
  queryFn: ({ signal }) => api.get('notifications', NotificationListSchema, { signal }),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
  staleTime: 10_000,
});

/** The staff who have queues (the Work queues menu and the assign pickers); cached. */
export const orderersQuery = queryOptions({
  queryKey: queryKeys.users.orderers,
  queryFn: ({ signal }) => api.get('users/orderers', queueSchema('OrdererListSchema'), { signal }),
  staleTime: 5 * 60_000,
});

/** How a list can be sorted: a queue's columns, and on the escalations desk when the item was escalated. */
export type ListSort = QueueSort | 'escalated_at';

/** How a list screen is looking at its items: the page, the sort and the filter (kept in the URL). */
export interface QueueView {
  page: number;
  sort: ListSort;
  dir: 'asc' | 'desc';
  filter: ListFilterValue;
}

/** The query parameters of a list call: paging, sort and the filter (lists comma-separated, as the URL). */
export const queueParams = (view: QueueView) => ({
  page: view.page,
  sort: view.sort,
  dir: view.dir,
  ...filterToParams(view.filter),
});

/** One page of the signed-in user's open items (/my-queue). */
export const myOrdersQuery = (view: QueueView) =>
  queryOptions({
    queryKey: queryKeys.orderItems.myOrders(view),
    queryFn: ({ signal }) =>
      api.get('order_items/my_orders', queueSchema('QueuePageSchema'), {
        query: queueParams(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Per orderer: open items by group, escalated, waiting for the customer, overdue (my queue, the dashboard). */
export const ordererStatsQuery = queryOptions({
  queryKey: queryKeys.orderers.stats,
  queryFn: ({ signal }) => api.get('orderers/stats', queueSchema('OrdererStatsListSchema'), { signal }),
});

/** FCO batches in one state: ready to post, or with the FCO. */
export const fcoBatchesQuery = (state: Exclude<FcoBatch['state'], 'received'>) =>
  queryOptions({
    queryKey: queryKeys.fcoBatches.inState(state),
    queryFn: ({ signal }) => api.get(`fco_batches/${state}`, queueSchema('FcoBatchListSchema'), { signal }),
  });

/** One FCO batch by id or ref. */
export const fcoBatchQuery = (idOrRef: string) =>
  queryOptions({
    queryKey: queryKeys.fcoBatches.one(idOrRef),
    queryFn: ({ signal }) =>
      api.get(`fco_batches/${encodeURIComponent(idOrRef)}`, queueSchema('FcoBatchResponseSchema'), {
        signal,
      }),
  });

/** One orderer's queue: stats, a page of items and FCO batches to despatch (/work-queues/:id). */
export const ordererQueueQuery = (ordererId: string, view: QueueView) =>
  queryOptions({
    queryKey: queryKeys.orderers.queue(ordererId, view),
    queryFn: ({ signal }) =>
      api.get(`orderers/${encodeURIComponent(ordererId)}/order_items`, queueSchema('OrdererQueueSchema'), {
        query: queueParams(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
