/** The escalations desk's page query (the desk and the dashboard's card; loaded with them, not the shell). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EscalationsPageSchema } from '../../domain/contract/escalations';
import { api } from './client';
import { type QueueView, queueParams } from './queries';

/** One page of the escalations desk: every open escalated item across orderers, with counts by stage. */
export const escalationsQuery = (view: QueueView) =>
  queryOptions({
    queryKey: ['order_items', 'escalations', view] as const,
    queryFn: ({ signal }) =>
      api.get('order_items/escalations', EscalationsPageSchema, { query: queueParams(view), signal }),
    placeholderData: keepPreviousData,
  });
