/** The order context of an item page: the order's items and the customer's other orders (issue 18). */
import { queryOptions } from '@tanstack/react-query';
import { OrderContextSchema } from '../../domain/contract/order-context';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The context of the item with this id or ref; under 'order_items', so it refreshes whenever items change. */
export const orderContextQuery = (key: string) =>
  queryOptions({
    queryKey: queryKeys.orderItems.context(key),
    queryFn: ({ signal }) =>
      api.get(`order_items/${encodeURIComponent(key)}/context`, OrderContextSchema, { signal }),
    staleTime: 30_000,
  });
