/** The inbox's calls (issue 49): a folder's page with the counts, and archive, snooze and assign. */
import { queryOptions } from '@tanstack/react-query';
import {
  ConversationArchivedSchema,
  ConversationResponseSchema,
  type InboxFolder,
  InboxListSchema,
} from '../../../domain/contract/conversations';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** One folder's page with every folder's count; the list shown stays while the next page loads. */
export const inboxQuery = (folder: InboxFolder, page: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.inbox({ folder, page }),
    queryFn: ({ signal }) =>
      api.get('conversations/inbox', InboxListSchema, { query: { folder, page }, signal }),
    placeholderData: (previous) => previous,
  });

/** Archives the thread with the offer to undo it (archiving an archived one changes nothing, offers nothing). */
export const archiveConversation = (id: number) =>
  api.post(`conversations/${id}/archive`, {}, ConversationArchivedSchema);

/** Moves an archived thread back to the inbox (or archives an inbox one). */
export const toggleConversation = (id: number) =>
  api.post(`conversations/${id}/toggle`, {}, ConversationResponseSchema);

/** Snoozes the thread until the moment, or brings it back now (null). */
export const snoozeConversation = (id: number, until: Date | null) =>
  api.post(
    `conversations/${id}/snooze`,
    { conversation: { snoozed_until: until === null ? null : until.toISOString() } },
    ConversationResponseSchema,
  );

/** Assigns the thread to a member of staff, or to nobody (null). */
export const assignConversation = (id: number, assigneeId: number | null) =>
  api.post(
    `conversations/${id}/assign`,
    { conversation: { assignee_id: assigneeId } },
    ConversationResponseSchema,
  );
