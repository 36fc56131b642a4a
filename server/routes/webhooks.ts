/**
 * Webhook endpoints (admins only, issue 48): create (the secret in this answer only), list, show, change
 * (disable and enable among them), rotate the secret, delete; each endpoint's delivery log, replay of one
 * delivery or of every failed one, and a test event. What is delivered: docs/storefront.md, "Webhooks".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID } from '../../domain/contract/common';
import {
  NewWebhookEndpointSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointChangesSchema,
  WebhookEndpointListSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointWithSecretSchema,
  WebhookReplayedSchema,
} from '../../domain/contract/webhooks';
import { auditActorOf } from '../services/audit/record';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  replayFailed,
  rotateSecret,
  sendTestEvent,
  showDelivery,
  showEndpoint,
  updateEndpoint,
} from '../services/webhooks/endpoints';
import { policyFor } from '../services/webhooks/receiver-address';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const Id = z.coerce.number().int().positive().max(MAX_ID);
const IdParams = z.object({ id: Id });
const DeliveryParams = z.object({ id: Id, delivery_id: Id });
const tags = ['webhooks'];
const config = { auth: 'admin' as const };

export const webhookRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { database, config: appConfig },
) => {
  const { db } = database;
  const policy = appConfig.webhooks ?? policyFor(appConfig.nodeEnv);

  app.get(
    '/webhook_endpoints.json',
    {
      config,
      schema: {
        tags,
        summary: 'Every webhook endpoint, with its pending and failed deliveries (never its secret)',
        response: { 200: json('The endpoints, oldest first', WebhookEndpointListSchema) },
      },
    },
    async () => listEndpoints(db),
  );

  app.post(
    '/webhook_endpoints.json',
    {
      config,
      schema: {
        tags,
        summary:
          'Add a receiver: its URL and the events it hears. Production takes only https URLs of public addresses ' +
          '(WEBHOOK_ALLOW_PRIVATE=true allows private ones). The answer holds the signing secret, shown this once.',
        body: NewWebhookEndpointSchema,
        response: { 201: json('The endpoint and its secret', WebhookEndpointWithSecretSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createEndpoint(db, request.body.webhook_endpoint, policy, auditActorOf(request));
    },
  );

  app.get(
    '/webhook_endpoints/:id.json',
    {
      config,
      schema: {
        tags,
        summary: 'One webhook endpoint (never its secret)',
        params: IdParams,
        response: { 200: json('The endpoint', WebhookEndpointResponseSchema) },
      },
    },
    async (request) => showEndpoint(db, request.params.id),
  );

  app.patch(
    '/webhook_endpoints/:id.json',
    {
      config,
      schema: {
        tags,
        summary:
          'Change the URL, events or description, or disable (`enabled: false`) or enable it. A disabled ' +
          'endpoint is sent nothing new; what waits for it is sent once it is enabled again.',
        params: IdParams,
        body: WebhookEndpointChangesSchema,
        response: { 200: json('The changed endpoint', WebhookEndpointResponseSchema) },
      },
    },
    async (request) =>
      updateEndpoint(db, request.params.id, request.body.webhook_endpoint, policy, auditActorOf(request)),
  );

  app.delete(
    '/webhook_endpoints/:id.json',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an endpoint with its deliveries and their log',
        params: IdParams,
        response: { 200: json('The endpoints left', WebhookEndpointListSchema) },
      },
    },
    async (request) => deleteEndpoint(db, request.params.id, auditActorOf(request)),
  );

  app.post(
    '/webhook_endpoints/:id/rotate_secret.json',
    {
      config,
      schema: {
        tags,
        summary:
          'A new signing secret, shown this once; the previous one still signs every delivery (a second ' +
          'signature) for 24 hours, while the receiver changes over',
        params: IdParams,
        response: { 200: json('The endpoint and its new secret', WebhookEndpointWithSecretSchema) },
      },
    },
    async (request) => rotateSecret(db, request.params.id, auditActorOf(request)),
  );

  app.post(
    '/webhook_endpoints/:id/test.json',
    {
      config,
      schema: {
        tags,
        summary: 'Send a `webhook.test` event to this endpoint alone (409 when it is disabled)',
        params: IdParams,
        response: {
          201: json('The test delivery, pending', WebhookDeliveryResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return sendTestEvent(db, request.params.id);
    },
  );

  app.get(
    '/webhook_endpoints/:id/deliveries.json',
    {
      config,
      schema: {
        tags,
        summary:
          "The endpoint's delivery log: its deliveries, newest first, 25 a page, each with its last attempt",
        params: IdParams,
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: json('A page of deliveries', WebhookDeliveryPageSchema) },
      },
    },
    async (request) => listDeliveries(db, request.params.id, request.query),
  );

  app.get(
    '/webhook_endpoints/:id/deliveries/:delivery_id.json',
    {
      config,
      schema: {
        tags,
        summary:
          'One delivery: the body it sends and every attempt (time, status, latency, first 2 KB of the answer)',
        params: DeliveryParams,
        response: { 200: json('The delivery', WebhookDeliveryDetailSchema) },
      },
    },
    async (request) => showDelivery(db, request.params.id, request.params.delivery_id),
  );

  app.post(
    '/webhook_endpoints/:id/deliveries/:delivery_id/replay.json',
    {
      config,
      schema: {
        tags,
        summary:
          'Send a delivered or failed delivery again, with the same webhook-id (409 while it is still pending)',
        params: DeliveryParams,
        response: {
          200: json('The delivery, pending again', WebhookDeliveryResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request) => replayDelivery(db, request.params.id, request.params.delivery_id),
  );

  app.post(
    '/webhook_endpoints/:id/replay_failed.json',
    {
      config,
      schema: {
        tags,
        summary: 'Send every failed delivery of the endpoint again, each with its own webhook-id',
        params: IdParams,
        response: { 200: json('How many are pending again', WebhookReplayedSchema) },
      },
    },
    async (request) => replayFailed(db, request.params.id),
  );
};
