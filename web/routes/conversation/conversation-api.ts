/** The conversation workspace's queries: the thread, the sender's orders, staff to assign, canned replies. */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { CannedReplyListSchema } from '../../../domain/contract/canned-replies';
import { ConversationResponseSchema, CustomerOrdersSchema } from '../../../domain/contract/conversations';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { assigneesQuery } from '../dashboard/conversation-assignees';

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

/**
 * Fetches a thread and its sender's orders before it is opened (the row under the pointer or the keyboard's
 * focus, the threads either side of the open one), so opening it, or archiving the one before it, shows it
 * from the cache; and the lists its reply box and assignee picker show (canned replies, staff), which the
 * open thread otherwise asked for only once rendered, rendering again when they came (bench/browser.ts: open a
 * conversation). Answers still fresh (the client's staleTime) are not asked for again.
 */
export function prefetchConversation(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(conversationQuery(String(id)));
  void queryClient.prefetchQuery(customerOrdersQuery(id));
  void queryClient.prefetchQuery(cannedRepliesQuery);
  void queryClient.prefetchQuery(assigneesQuery);
}
