/** Who conversations can be assigned to, for the dashboard's assignee filter (the workspace shares the key). */
import { queryOptions } from '@tanstack/react-query';
import { AssigneeListSchema } from '../../../domain/contract/conversations';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const assigneesQuery = queryOptions({
  queryKey: queryKeys.conversations.assignees,
  queryFn: ({ signal }) => api.get('conversations/assignees', AssigneeListSchema, { signal }),
  staleTime: 5 * 60_000,
});
