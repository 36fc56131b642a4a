/** The conversation workspace's queries: the thread, the sender's orders, staff to assign, canned replies. */
import { queryOptions } from '@tanstack/react-query';
import { CannedReplyListSchema } from '../../../domain/contract/canned-replies';
import { ConversationResponseSchema, CustomerOrdersSchema } from '../../../domain/contract/conversations';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: ({ signal }) =>
      api.get(`conversations/${encodeURIComponent(id)}`, ConversationResponseSchema, { signal }),
    enabled: /^\d+$/.test(id),
  });

export const customerOrdersQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.orders(id),
    queryFn: ({ signal }) => api.get(`conversations/${id}/orders`, CustomerOrdersSchema, { signal }),
  });

export const cannedRepliesQuery = queryOptions({
  queryKey: queryKeys.cannedReplies.all,
  queryFn: ({ signal }) => api.get('canned_replies', CannedReplyListSchema, { signal }),
});
