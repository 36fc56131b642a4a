/** The dashboard's lists: one query per card, each key starting with its API resource. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CartList, ConversationList } from '../../../domain/contract/conversations';
import type { OrderItemList } from '../../../domain/contract/order-item';
import type { FcoBatchList, OrdererStatsList } from '../../../domain/contract/queues';
import { api } from '../../api/client';

export const unassignedItemsQuery = queryOptions({
  queryKey: ['order_items', 'dashboard'],
  queryFn: ({ signal }) => api.get<OrderItemList>('order_items/dashboard', { signal }),
});

export const ordererStatsQuery = queryOptions({
  queryKey: ['orderers', 'stats'],
  queryFn: ({ signal }) => api.get<OrdererStatsList>('orderers/stats', { signal }),
});

export const waitingFcoBatchesQuery = queryOptions({
  queryKey: ['fco_batches', 'waiting_fco'],
  queryFn: ({ signal }) => api.get<FcoBatchList>('fco_batches/waiting_fco', { signal }),
});

export const unpaidCartsQuery = queryOptions({
  queryKey: ['carts', 'unpaid'],
  queryFn: ({ signal }) => api.get<CartList>('carts/unpaid', { signal }),
});

/** Inbox (active) or other (archived) conversations, 25 a page; the last page stays shown while the next loads. */
export const conversationsQuery = (active: boolean, page: number) =>
  queryOptions({
    queryKey: ['conversations', 'active', { active, page }],
    queryFn: ({ signal }) =>
      api.get<ConversationList>('conversations/active', { query: { active, page }, signal }),
    placeholderData: keepPreviousData,
  });
