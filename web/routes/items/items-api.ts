/** The team list's call (/items): one page of every open item of the team, with its filtered counts. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TeamListPageSchema } from '../../../domain/contract/queues';
import { api } from '../../api/client';
import { type QueueView, queueParams } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';

/** One page of the team list as the view asks (its paging, sort and filter, the orderer or `none` included). */
export const teamListQuery = (view: QueueView) =>
  queryOptions({
    queryKey: queryKeys.orderItems.team(view),
    queryFn: ({ signal }) =>
      api.get('order_items/team', TeamListPageSchema, { query: queueParams(view), signal }),
    placeholderData: keepPreviousData,
  });
