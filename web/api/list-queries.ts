/**
 * The calls of the list screens (issue 18): the escalations desk, the ids behind "select all N matching", the
 * saved views, and the bulk actions with the CSV export. Keys start with their API resource so the live
 * updates (web/lib/live.ts) refetch them when items change.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type BulkRequest,
  BulkResponseSchema,
  EscalationsPageSchema,
  type ListScopeName,
  MatchingIdsSchema,
  SavedViewListSchema,
} from '../../domain/contract/lists';
import { filterToParams, type ListFilterValue } from '../components/list-filter';
import { API_BASE, ApiError, api, getCsrfToken } from './client';
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

/** One bulk action on many items: each is done or refused on its own, with the reason. */
export function bulkAction(request: BulkRequest) {
  return api.post('order_items/bulk', request, BulkResponseSchema);
}

/** Downloads the items as a CSV file (the server writes it; the browser saves it). */
export async function downloadCsv(ids: readonly number[]): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/csv' };
  const csrf = getCsrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  const response = await fetch(`${API_BASE}/order_items/export.csv`, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify({ order_item_ids: ids }),
  });
  if (!response.ok)
    throw new ApiError(response.status, `http_${response.status}`, 'Could not export the items.');
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? 'order-items.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
