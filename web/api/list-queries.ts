/**
 * The calls of the list screens (issue 18): the escalations desk, the ids behind "select all N matching" and
 * the saved views (the bulk actions and the CSV export are in bulk.ts). Keys start with their API resource so
 * the live updates (web/lib/live.ts) refetch them when items change.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type ListScopeName, MatchingIdsSchema, SavedViewListSchema } from '../../domain/contract/lists';
import { filterToParams, type ListFilterValue } from '../components/list-filter';
import { api } from './client';
import { queryKeys } from './query-keys';

/** How often the saved views' counts are refreshed besides the live updates. */
const SAVED_VIEWS_POLL_MS = 60_000;

/** Only the count of the escalations desk (the navigation's badge): one row asked, the rest not read. */
const EscalationCountSchema = z.object({ total_count: z.number().int() });
export const escalationCountQuery = queryOptions({
  queryKey: queryKeys.orderItems.escalationCount,
  queryFn: ({ signal }) =>
    api.get('order_items/escalations', EscalationCountSchema, { query: { per_page: 1 }, signal }),
});

/** Where a list's "select all N matching" looks: its scope, the orderer of a work queue, and the filter. */
export interface ListScope {
  scope: ListScopeName;
  ordererId?: number;
}

/** The ids of every item the list's filter matches, up to the bulk cap. */
export function fetchMatchingIds(list: ListScope, filter: ListFilterValue) {
  return api.get('order_items/ids', MatchingIdsSchema, {
    query: {
      scope: list.scope,
      ...(list.ordererId !== undefined ? { orderer_id: list.ordererId } : {}),
      ...filterToParams(filter),
    },
  });
}

/** The signed-in user's saved views with their live counts. */
export const savedViewsQuery = queryOptions({
  queryKey: queryKeys.savedViews.all,
  queryFn: ({ signal }) => api.get('saved_views', SavedViewListSchema, { signal }),
  refetchInterval: SAVED_VIEWS_POLL_MS,
  refetchIntervalInBackground: false,
});
