/**
 * The outbox's calls (GET /outbox, /outbox/kinds, /outbox/{id}; POST retry and resend), as its list, filters
 * and drawer use them, and GET /email_templates for the templates screen; the keys are queryKeys.outbox's, so a
 * retry or resend refreshes all of them.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EmailTemplateListSchema } from '../../../domain/contract/email-templates';
import {
  OutboxKindsSchema,
  OutboxMessageDetailResponseSchema,
  OutboxMessageResponseSchema,
  OutboxPageSchema,
} from '../../../domain/contract/outbox';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { OutboxFilters } from './outbox-model';

/** How often a page with messages on their way is fetched again, so their state moves on screen. */
const IN_FLIGHT_POLL_MS = 5_000;

/** One page (50) of the outbox, newest first, narrowed by the filters; the last page stays while the next loads. */
export const outboxQuery = (filters: OutboxFilters, page: number) =>
  queryOptions({
    queryKey: queryKeys.outbox.list({ ...filters, page }),
    queryFn: ({ signal }) => api.get('outbox', OutboxPageSchema, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'pending' || m.status === 'sending')
        ? IN_FLIGHT_POLL_MS
        : false,
  });

/** The kinds of e-mail the outbox holds (the kind filter's choices). */
export const outboxKindsQuery = queryOptions({
  queryKey: queryKeys.outbox.kinds,
  queryFn: ({ signal }) => api.get('outbox/kinds', OutboxKindsSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** One message with its bodies, attachments and copies (the drawer). */
export const outboxMessageQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.outbox.message(id),
    queryFn: ({ signal }) => api.get(`outbox/${id}`, OutboxMessageDetailResponseSchema, { signal }),
  });

/** Puts a failed message back in the queue. */
export const retryMessage = (id: number) => api.post(`outbox/${id}/retry`, {}, OutboxMessageResponseSchema);

/** Queues a copy of a message; the same key (one click) makes one copy however often it is sent. */
export const resendMessage = (id: number, resendKey: string) =>
  api.post(`outbox/${id}/resend`, { resend_key: resendKey }, OutboxMessageDetailResponseSchema);

/** Every customer e-mail template rendered with its sample data; they change only with the server's settings. */
export const emailTemplatesQuery = queryOptions({
  queryKey: queryKeys.outbox.templates,
  queryFn: ({ signal }) => api.get('email_templates', EmailTemplateListSchema, { signal }),
  staleTime: 10 * 60_000,
});
