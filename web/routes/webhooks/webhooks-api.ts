/**
 * The webhooks screen's calls (GET/POST /webhook_endpoints, PATCH/DELETE /webhook_endpoints/{id}, rotate,
 * test, the delivery log and replays); the answers' schemas are domain/contract/webhooks.ts. Every key is
 * under queryKeys.webhooks, so a write refreshes the endpoints and their logs together.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryResponseSchema,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  WebhookEndpointListSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointWithSecretSchema,
  type WebhookEventType,
  WebhookReplayedSchema,
} from '../../../domain/contract/webhooks';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type { WebhookEndpoint };

/** While deliveries are on their way the lists are fetched again this often, so their state moves on screen. */
const IN_FLIGHT_POLL_MS = 2_000;

export const endpointsQuery = queryOptions({
  queryKey: queryKeys.webhooks.endpoints,
  queryFn: async ({ signal }) =>
    (await api.get('webhook_endpoints', WebhookEndpointListSchema, { signal })).webhook_endpoints,
  refetchInterval: (query) =>
    query.state.data?.some((e) => e.enabled && e.pending_count > 0) ? IN_FLIGHT_POLL_MS : false,
});

export const deliveriesQuery = (endpointId: number, page: number, status: WebhookDeliveryStatus | null) =>
  queryOptions({
    queryKey: queryKeys.webhooks.deliveries(endpointId, { page, status }),
    queryFn: ({ signal }) =>
      api.get(`webhook_endpoints/${endpointId}/deliveries`, WebhookDeliveryPageSchema, {
        query: { page, status },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'sending')
        ? IN_FLIGHT_POLL_MS
        : false,
  });

export const deliveryQuery = (endpointId: number, id: number) =>
  queryOptions({
    queryKey: queryKeys.webhooks.delivery(endpointId, id),
    queryFn: ({ signal }) =>
      api.get(`webhook_endpoints/${endpointId}/deliveries/${id}`, WebhookDeliveryDetailSchema, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.delivery.status;
      return status === 'pending' || status === 'sending' ? IN_FLIGHT_POLL_MS : false;
    },
  });

export const createEndpoint = (body: { url: string; events: WebhookEventType[]; description: string }) =>
  api.post('webhook_endpoints', { webhook_endpoint: body }, WebhookEndpointWithSecretSchema);

export const changeEndpoint = (id: number, changes: WebhookEndpointChanges) =>
  api.patch(`webhook_endpoints/${id}`, { webhook_endpoint: changes }, WebhookEndpointResponseSchema);

export const deleteEndpoint = (id: number) =>
  api.delete(`webhook_endpoints/${id}`, WebhookEndpointListSchema);

export const rotateSecret = (id: number) =>
  api.post(`webhook_endpoints/${id}/rotate_secret`, {}, WebhookEndpointWithSecretSchema);

export const sendTestEvent = (id: number) =>
  api.post(`webhook_endpoints/${id}/test`, {}, WebhookDeliveryResponseSchema);

export const replayDelivery = (endpointId: number, id: number) =>
  api.post(`webhook_endpoints/${endpointId}/deliveries/${id}/replay`, {}, WebhookDeliveryResponseSchema);

export const replayFailed = (endpointId: number) =>
  api.post(`webhook_endpoints/${endpointId}/replay_failed`, {}, WebhookReplayedSchema);

/** The events an admin ticks, in the contract's order, with what each means. */
export const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((value) => ({
  value,
  label: WEBHOOK_EVENT_LABELS[value],
}));

/** The fields of an edited endpoint that differ from it, so a save sends only what changed. */
export function endpointChanges(
  endpoint: Pick<WebhookEndpoint, 'url' | 'events' | 'description'>,
  draft: { url: string; events: WebhookEventType[]; description: string },
): WebhookEndpointChanges {
  const changes: WebhookEndpointChanges = {};
  if (draft.url.trim() !== endpoint.url) changes.url = draft.url.trim();
  if (draft.description.trim() !== endpoint.description) changes.description = draft.description.trim();
  const sameEvents =
    draft.events.length === endpoint.events.length && draft.events.every((e) => endpoint.events.includes(e));
  if (!sameEvents) changes.events = WEBHOOK_EVENT_TYPES.filter((e) => draft.events.includes(e));
  return changes;
}

/** The duration of an attempt as the log shows it: 84 ms, 1.2 s. */
export const formatLatency = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);
