/** The escalations desk's page query (the desk and the dashboard's card; loaded with them, not the shell). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EscalationsPageSchema } from '../../domain/contract/escalations';
import { api } from './client';
import { type QueueView, queueParams } from './queries';
import { queryKeys } from './query-keys';

/** One page of the escalations desk: every open escalated item across orderers, with counts by stage. */
export const escalationsQuery = (view: QueueView) =>
  queryOptions({
    queryKey: queryKeys.orderItems.escalations(view),
    queryFn: ({ signal }) =>
      api.get('order_items/escalations', EscalationsPageSchema, { query: queueParams(view), signal }),
    placeholderData: keepPreviousData,
  });
