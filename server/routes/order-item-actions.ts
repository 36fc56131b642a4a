/**
 * Every order-item workflow call of SPEC.md section 7. Each route maps its SPEC body to a domain action and
 * answers the updated record (`{"order_item": {...}}`); the service and the state machine do the rest.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderItemListSchema,
  OrderItemResponseSchema,
  orderableUpdateFromWire,
} from '../../domain/contract/order-item';
import * as C from '../../domain/contract/order-item-actions';
import { FcoBatchResponseSchema } from '../../domain/contract/queues';
import type { Actor, WorkflowAction } from '../../domain/workflow/types';
import { currentUser } from '../auth/guard';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../errors';
import { assignToOrderer, reassign } from '../services/order-items/assignment';
import {
  ATTACHMENT_TYPES,
  changeAttachment,
  firstFilePart,
  openAttachment,
  uploadAttachment,
} from '../services/order-items/attachments';
import { toggleCommentActioned } from '../services/order-items/comments';
import { coverLetterPdf } from '../services/order-items/cover-letter';
import { editOrderItemField, parseFieldEdit } from '../services/order-items/edit-fields';
import {
  createFcoBatch,
  despatchFcoBatch,
  receiveFcoBatch,
  showFcoBatch,
} from '../services/order-items/fco-batches';
import { estimatePriceChange } from '../services/order-items/price-estimate';
import { showOrderItem, showOrderItems } from '../services/order-items/queries';
import { runItemAction } from '../services/order-items/run-action';
import { MAX_ATTACHMENT_BYTES } from '../storage/storage';
import { file, json, refusal, refusals } from './answers';
import { ItemParams } from './order-items';
import type { RouteDeps } from './route-deps';

/** The workflow's actor for the signed-in user. */
export const actorOf = (user: SessionUser): Extract<Actor, { kind: 'user' }> => ({
  kind: 'user',
  id: user.id,
  role: user.role,
});
/**
 * Calls that e-mail the customer or move money need the lock_version the client read: a repeat, a double
 * click or a parallel copy then finds it stale (409) and does nothing (docs/decisions/exactly-once.md).
 */
const RequiredLockVersion = z
  .number({ error: 'Send the lock_version of the record as you last read it.' })
  .int()
  .min(0)
  .describe('Required: the lock_version read with the record. A different current one answers 409 stale.');
const once = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.extend({ lock_version: RequiredLockVersion });
const ONCE =
  'E-mails the customer or moves money, so it happens exactly once: lock_version is required, and a repeated, ' +
  'double-clicked or parallel copy of the call answers 409 and changes and sends nothing.';
const ONE_WAY =
  'Takes no body (a lock_version is optional). A one-way move of the state, made under the row lock: a repeat ' +
  'answers 409 wrong_state and changes and sends nothing.';
/** SPEC's calls without a payload: no body at all (Fastify hands the route null), `{}`, or a lock_version. */
const NoPayload = C.LockOnlySchema.nullable();
const AttachmentParams = ItemParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const BatchParams = z.object({ ref: z.string().min(1).max(40) });
/** What every call that changes an item answers: the item as it is now, or 409 with nothing changed. */
const ITEM_ANSWER = {
  200: json('The updated order item', OrderItemResponseSchema),
  ...refusals(409),
};
/** What every call that changes an FCO batch answers. */
const BATCH_ANSWER = { 200: json('The updated FCO batch', FcoBatchResponseSchema), ...refusals(409) };

export const orderItemActionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, storage }) => {
  const { db } = database;
  const tags = ['order item actions'];
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });

  /** Registers POST /order_items/{ref}/<name>.json for one workflow action. */
  function action<S extends z.ZodType>(
    name: string,
    body: S,
    toAction: (body: z.output<S>) => WorkflowAction,
    summary: string,
    description?: string,
  ) {
    app.post(
      `/order_items/:ref/${name}.json`,
      { schema: { tags, summary, description, params: ItemParams, body, response: ITEM_ANSWER } },
      async (request) => {
        const user = currentUser(request);
        const parsed = request.body as z.output<S>;
        const lockVersion = (parsed as { lock_version?: number } | undefined)?.lock_version;
        const id = await runItemAction(db, {
          key: request.params.ref,
          action: toAction(parsed),
          actor: actorOf(user),
          lockVersion,
        });
        return showOrderItem(db, String(id), user);
      },
    );
  }

  action('toggle_flag', NoPayload, () => ({ type: 'toggle_flag' }), 'Flag or unflag');
  action('add_note', C.AddNoteSchema, (b) => ({ type: 'add_note', body: b.note.body }), 'Add a note');
  action(
    'escalate',
    C.EscalateSchema,
    (b) => ({ type: 'escalate', message: b.escalation.message }),
    'Escalate',
  );
  action(
    'contact_customer',
    once(C.ContactCustomerSchema),
    (b) => ({
      type: 'contact_customer',
      body: b.message.body,
      responseRequired: b.message.response_required,
    }),
    'E-mail the customer about an escalated item',
    ONCE,
  );
  action(
    'request_update',
    once(C.OrderItemUpdateSchema),
    (b) => ({ type: 'request_update', attributes: orderableUpdateFromWire(b.order_item_update) }),
    'Modify Order: change what the customer bought',
    ONCE,
  );
  action(
    'confirm_update',
    z.object({ lock_version: RequiredLockVersion }),
    () => ({ type: 'confirm_update' }),
    'Confirm a waiting Modify Order request',
    ONCE,
  );
  action(
    'withdraw_update',
    z.object({ lock_version: RequiredLockVersion }),
    () => ({ type: 'withdraw_update' }),
    'Withdraw a waiting Modify Order request',
    ONCE,
  );
  action(
    'gro_order_placed',
    once(C.GroOrderPlacedSchema),
    (b) => ({
      type: 'gro_order_placed',
      reference: b.gro.reference,
      data: b.gro.data ?? null,
      destination: b.gro.destination,
      service: b.gro.service,
      cost: b.gro.cost ?? null,
    }),
    'Record a GRO order',
    ONCE,
  );
  action(
    'received_from_gro',
    NoPayload,
    () => ({ type: 'received_from_gro' }),
    'The certificate came from the GRO',
  );
  action(
    'received_from_customer',
    NoPayload,
    () => ({ type: 'received_from_customer' }),
    "The customer's documents arrived",
  );
  action(
    'return_to_orderer',
    C.ReturnToOrdererSchema,
    (b) => ({ type: 'return_to_orderer', message: b.comment.message }),
    'Return an escalated item to its orderer',
  );
  action(
    'approve_scan_send',
    NoPayload,
    () => ({ type: 'approve_scan_send' }),
    'E-mail the selected scans',
    ONE_WAY,
  );
  action('approve_documents', NoPayload, () => ({ type: 'approve_documents' }), 'Approve the documents');
  action(
    'reject_documents',
    once(C.RejectDocumentsSchema),
    (b) => ({ type: 'reject_documents', notes: b.review.notes }),
    'Reject the documents with feedback to the customer',
    ONCE,
  );
  action(
    'send_for_translation',
    C.SendForTranslationSchema,
    (b) => ({
      type: 'send_for_translation',
      notes: b.translation_request.notes ?? null,
      despatchTo: b.translation_request.despatch_to,
    }),
    'Send to the translator',
  );
  action(
    'translation_complete',
    NoPayload,
    () => ({ type: 'translation_complete' }),
    'Translator delivered to the customer',
  );
  action(
    'translation_received',
    NoPayload,
    () => ({ type: 'translation_received' }),
    'Translation came back to the office',
  );
  action(
    'despatch',
    once(C.DespatchSchema),
    (b) => ({
      type: 'despatch',
      despatchedOn: b.despatch.despatched_on ?? null,
      carrier: b.despatch.carrier,
      service: b.despatch.service,
      cost: b.despatch.cost ?? null,
      reference: b.despatch.reference ?? null,
    }),
    'Despatch to the customer',
    ONCE,
  );
  action(
    'cancel_refund',
    once(C.CancelRefundSchema),
    (b) => ({
      type: 'cancel_refund',
      action: b.cancel_refund.action,
      reason: b.cancel_refund.reason,
      amount: b.cancel_refund.amount ?? null,
      notes: b.cancel_refund.notes ?? null,
    }),
    'Cancel and/or refund an escalated item',
    ONCE,
  );
  action(
    'ips_submitted',
    C.IpsSubmittedSchema,
    (b) => ({ type: 'ips_submitted', notes: b.ips.notes }),
    'IPS completed',
  );
  action(
    'reorder_required',
    C.ReorderRequiredSchema,
    (b) => ({ type: 'reorder_required', notes: b.reorder.notes }),
    'Reorder from the GRO',
  );
  action('ips_confirmed', NoPayload, () => ({ type: 'ips_confirmed' }), 'The GRO confirmed the IPS');
  action(
    'gro_communication',
    once(C.GroCommunicationSchema),
    (b) => ({
      type: 'gro_communication',
      message: b.gro_communication.message,
      refundAmount: b.gro_communication.refund_amount,
    }),
    'Record a message (and refund) from the GRO',
    ONCE,
  );
  action(
    'original_received',
    C.OriginalReceivedSchema.nullable(),
    (b) => ({ type: 'original_received', receivedOn: b?.original_received?.received_on ?? null }),
    "The customer's original documents arrived",
  );
  action(
    'postpone_notification',
    NoPayload,
    () => ({ type: 'postpone_notification' }),
    'Postpone the reminder to the customer by 7 days',
  );

  app.post(
    '/order_items/:ref/reassign.json',
    {
      schema: {
        tags,
        summary: 'Give an item to another orderer (admin)',
        params: ItemParams,
        body: C.ReassignSchema,
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await reassign(
        db,
        request.params.ref,
        { ordererId: request.body.reassign.orderer_id, lockVersion: request.body.lock_version },
        actorOf(user),
      );
      return showOrderItem(db, String(id), user);
    },
  );

  app.post(
    '/order_items/assign_to_orderer.json',
    {
      schema: {
        tags,
        summary: 'Assign ticked items to an orderer (admin); answers the assigned items',
        body: C.AssignToOrdererSchema,
        response: {
          200: json('The assigned items, by id', OrderItemListSchema),
          ...refusals(404, 409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = await assignToOrderer(
        db,
        {
          ordererId: request.body.order_assignment.orderer_id,
          orderItemIds: request.body.order_assignment.order_item_ids,
        },
        actorOf(user),
      );
      return showOrderItems(db, ids, user);
    },
  );

  app.post(
    '/order_items/:ref/price_estimate.json',
    {
      schema: {
        tags,
        summary: 'Price a Modify Order request without changing anything',
        params: ItemParams,
        body: C.OrderItemUpdateSchema,
        response: { 200: json('The current, new and difference in pence', C.PriceEstimateSchema) },
      },
    },
    async (request) =>
      estimatePriceChange(db, request.params.ref, orderableUpdateFromWire(request.body.order_item_update)),
  );

  app.put(
    '/order_items/:ref.json',
    {
      schema: {
        tags,
        summary: 'Edit one field of the order, orderable or shipping address',
        params: ItemParams,
        body: C.EditOrderItemSchema,
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { lock_version, ...records } = request.body;
      const id = await editOrderItemField(
        db,
        request.params.ref,
        parseFieldEdit(records),
        actorOf(user),
        lock_version,
      );
      return showOrderItem(db, String(id), user);
    },
  );

  app.post(
    '/order_items/:ref/comments/:id/toggle.json',
    {
      schema: {
        tags,
        summary:
          'Tick or untick a comment as actioned (only comments that need action); answers the item with its comments',
        params: AttachmentParams,
        response: {
          200: json('The order item with its comments', OrderItemResponseSchema),
          ...refusal(
            409,
            'The comment needs no action, so it cannot be actioned (`wrong_state`). Nothing was changed.',
          ),
        },
      },
    },
    async (request) => {
      const id = await toggleCommentActioned(db, request.params.ref, request.params.id);
      return showOrderItem(db, String(id), currentUser(request));
    },
  );

  app.post(
    '/order_items/:ref/attachments.json',
    {
      schema: {
        tags,
        summary: 'Upload an attachment (multipart, field "file")',
        params: ItemParams,
        response: { 201: json('The order item with the new attachment', OrderItemResponseSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart())
        throw new AppError('invalid_input', 'Send the file as multipart/form-data.');
      const file = await firstFilePart(request.file());
      if (!file)
        throw new AppError('invalid_input', 'Choose a file to upload.', [
          { field: 'file', message: 'Choose a file.' },
        ]);
      const attachment = await uploadAttachment(
        db,
        storage,
        request.params.ref,
        { filename: file.filename, stream: file.file },
        actorOf(user),
      );
      reply.status(201);
      return showOrderItem(db, String(attachment.orderItemId), user);
    },
  );

  for (const change of ['attach', 'unattach', 'toggle_approval'] as const) {
    app.post(
      `/order_items/:ref/attachments/:id/${change}.json`,
      {
        schema: {
          tags,
          summary: `Attachment: ${change.replace('_', ' ')}`,
          params: AttachmentParams,
          response: ITEM_ANSWER,
        },
      },
      async (request) => {
        const user = currentUser(request);
        await changeAttachment(db, request.params.ref, request.params.id, { kind: change }, actorOf(user));
        return showOrderItem(db, request.params.ref, user);
      },
    );
  }

  app.post(
    '/order_items/:ref/attachments/:id/approve.json',
    {
      schema: {
        tags,
        summary: 'Approve one attachment (records who and when; a repeat changes nothing)',
        params: AttachmentParams,
        body: NoPayload,
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await changeAttachment(db, request.params.ref, request.params.id, { kind: 'approve' }, actorOf(user));
      return showOrderItem(db, request.params.ref, user);
    },
  );

  app.post(
    '/order_items/:ref/attachments/:id/reject.json',
    {
      schema: {
        tags,
        summary: 'Reject one attachment with the reason (records who and when; a repeat changes nothing)',
        params: AttachmentParams,
        body: C.RejectAttachmentSchema,
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const reject = { kind: 'reject' as const, reason: request.body.rejection.reason };
      await changeAttachment(db, request.params.ref, request.params.id, reject, actorOf(user));
      return showOrderItem(db, request.params.ref, user);
    },
  );

  app.get(
    '/order_items/:ref/attachments/:id/file',
    {
      schema: {
        tags,
        summary: 'Download an attachment',
        params: AttachmentParams,
        response: { 200: file('The file, in the type it was uploaded as', ATTACHMENT_TYPES) },
      },
    },
    async (request, reply) => {
      const { attachment, stream } = await openAttachment(db, storage, request.params.ref, request.params.id);
      const safeName = attachment.filename.replace(/[^\w.\- ]/g, '_');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.get(
    '/order_items/:ref/cover_letter.pdf',
    {
      schema: {
        tags,
        summary: 'The cover letter to print (PDF)',
        params: ItemParams,
        response: { 200: file('The cover letter', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const { ref, pdf } = await coverLetterPdf(db, request.params.ref);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="cover-letter-${ref}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

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
};
