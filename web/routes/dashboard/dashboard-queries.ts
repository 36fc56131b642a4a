/** The dashboard's lists: one query per card, each key starting with its API resource. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CartListSchema, ConversationListSchema } from '../../../domain/contract/conversations';
import {
  DashboardPageSchema,
  FcoBatchListSchema,
  OrdererStatsListSchema,
} from '../../../domain/contract/queues';
import { api } from '../../api/client';
import type { QueueView } from '../../api/queries';
import { filterToParams } from '../../components/list-filter';

/**
 * One page (100) of the unassigned items, oldest first, narrowed by the filter; the last page stays shown
 * while the next loads.
 */
export const unassignedItemsQuery = (view: QueueView) =>
  queryOptions({
    queryKey: ['order_items', 'dashboard', { page: view.page, filter: view.filter }],
    queryFn: ({ signal }) =>
      api.get('order_items/dashboard', DashboardPageSchema, {
        query: { page: view.page, ...filterToParams(view.filter) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const ordererStatsQuery = queryOptions({
  queryKey: ['orderers', 'stats'],
  queryFn: ({ signal }) => api.get('orderers/stats', OrdererStatsListSchema, { signal }),
});

export const waitingFcoBatchesQuery = queryOptions({
  queryKey: ['fco_batches', 'waiting_fco'],
  queryFn: ({ signal }) => api.get('fco_batches/waiting_fco', FcoBatchListSchema, { signal }),
});

export const unpaidCartsQuery = queryOptions({
  queryKey: ['carts', 'unpaid'],
  queryFn: ({ signal }) => api.get('carts/unpaid', CartListSchema, { signal }),
});

/** Inbox (active) or other (archived) conversations, 25 a page; the last page stays shown while the next loads. */
/** `assignee`: 'me', 'unassigned' or a member of staff's id; left out, every conversation. */
export const conversationsQuery = (active: boolean, page: number, assignee?: string) =>
  queryOptions({
    queryKey: ['conversations', 'active', { active, page, ...(assignee ? { assignee } : {}) }],
    queryFn: ({ signal }) =>
      api.get('conversations/active', ConversationListSchema, {
        query: { active, page, ...(assignee ? { assignee } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
