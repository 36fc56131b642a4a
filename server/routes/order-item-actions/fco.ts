/**
 * FCO batches: apostille items are ordered from the FCO together, the batch is posted to the FCO and comes
 * back. Tagged apart from the item calls in OpenAPI.
 */
import { z } from 'zod';
import * as C from '../../../domain/contract/order-item-actions';
import { FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { currentUser } from '../../auth/guard';
import {
  createFcoBatch,
  despatchFcoBatch,
  receiveFcoBatch,
  showFcoBatch,
} from '../../services/order-items/fco-batches';
import { json, refusals } from '../answers';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, actorOf, ONCE, ONE_WAY, once } from './action';

/** The path of one FCO batch: its id or ref. */
const BatchParams = z.object({ ref: z.string().min(1).max(40) });
/** What every call that changes an FCO batch answers. */
const BATCH_ANSWER = { 200: json('The updated FCO batch', FcoBatchResponseSchema), ...refusals(409) };

/** Registers the FCO batch calls: create, show, despatch, receive. */
export function fcoBatchRoutes(app: ActionApp, { database }: RouteDeps): void {
  const { db } = database;

  app.post(
    '/fco_batches.json',
    {
      schema: {
        tags: ['fco batches'],
        summary: 'Place an FCO order for ticked apostille items',
        description:
          'Records the FCO cost once: every ticked item must wait for its apostille and moves into the batch ' +
          'under its row lock, so a repeat answers 409 wrong_state and creates no second batch.',
        body: C.CreateFcoBatchSchema,
        response: { 201: json('The new FCO batch', FcoBatchResponseSchema), ...refusals(404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = await createFcoBatch(
        db,
        {
          orderItemIds: request.body.order_item_ids,
          fcoReference: request.body.fco_batch.fco_reference,
          fcoCost: request.body.fco_batch.fco_cost,
        },
        actorOf(user),
      );
      reply.status(201);
      return answer;
    },
  );

  app.get(
    '/fco_batches/:ref.json',
    {
      schema: {
        tags: ['fco batches'],
        summary: 'One FCO batch (id or ref)',
        params: BatchParams,
        response: { 200: json('The FCO batch with its items', FcoBatchResponseSchema) },
      },
    },
    async (request) => showFcoBatch(db, request.params.ref),
  );

  app.post(
    '/fco_batches/:ref/despatch.json',
    {
      schema: {
        tags: ['fco batches'],
        summary: 'Post a batch to the FCO',
        description: ONCE,
        params: BatchParams,
        body: once(C.DespatchFcoBatchSchema),
        response: BATCH_ANSWER,
      },
    },
    async (request) =>
      despatchFcoBatch(
        db,
        request.params.ref,
        {
          despatchedOn: request.body.despatch.despatched_on,
          despatchCost: request.body.despatch.despatch_cost,
          despatchReference: request.body.despatch.despatch_reference,
          lockVersion: request.body.lock_version,
        },
        actorOf(currentUser(request)),
      ),
  );

  app.post(
    '/fco_batches/:ref/received.json',
    {
      schema: {
        tags: ['fco batches'],
        summary: 'The FCO sent a batch back',
        description: ONE_WAY,
        params: BatchParams,
        response: BATCH_ANSWER,
      },
    },
    async (request) => receiveFcoBatch(db, request.params.ref, actorOf(currentUser(request))),
  );
}
