/**
 * The calls of the list screens (issue 18): the escalations desk, the ids behind "select all N matching" and
 * the saved views (the bulk actions and the CSV export are in bulk.ts). Keys start with their API resource so
 * the live updates (web/lib/live.ts) refetch them when items change.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  EscalationsPageSchema,
  type ListScopeName,
  MatchingIdsSchema,
  SavedViewListSchema,
} from '../../domain/contract/lists';
import { filterToParams, type ListFilterValue } from '../components/list-filter';
import { api } from './client';
import { type QueueView, queueParams } from './queries';

/** How often the saved views' counts are refreshed besides the live updates. */
const SAVED_VIEWS_POLL_MS = 60_000;

/** One page of the escalations desk: every open escalated item across orderers, with counts by stage. */
export const escalationsQuery = (view: QueueView) =>
  queryOptions({
    queryKey: ['order_items', 'escalations', view] as const,
    queryFn: ({ signal }) =>
      api.get('order_items/escalations', EscalationsPageSchema, { query: queueParams(view), signal }),
    placeholderData: keepPreviousData,
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
  queryKey: ['saved_views'] as const,
  queryFn: ({ signal }) => api.get('saved_views', SavedViewListSchema, { signal }),
  refetchInterval: SAVED_VIEWS_POLL_MS,
  refetchIntervalInBackground: false,
});
