/**
 * The files of an item: uploaded (multipart, parsed by the plugin registered in index.ts), attached to or
 * taken off the customer's e-mails, approved or rejected one by one, and downloaded.
 */
import { OrderItemResponseSchema } from '../../../domain/contract/order-item';
import * as C from '../../../domain/contract/order-item-actions';
import { storefrontUploadSchema } from '../../../domain/contract/storefront';
import { currentUser } from '../../auth/guard';
import { AppError } from '../../errors';
import { auditActorOf, recordAudit } from '../../services/audit/record';
import {
  ATTACHMENT_TYPES,
  changeAttachment,
  firstFilePart,
  openAttachment,
  uploadAttachment,
} from '../../services/order-items/attachments';
import { showOrderItem } from '../../services/order-items/queries';
import { MAX_ATTACHMENT_BYTES } from '../../storage/storage';
import { file, json } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, AttachmentParams, actorOf, ITEM_ANSWER, NoPayload, TAGS } from './action';

/** Registers the upload, the changes and the download of an item's attachments. */
export function attachmentRoutes(app: ActionApp, { database, storage }: RouteDeps): void {
  const { db } = database;

  app.post(
    '/order_items/:ref/attachments.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Upload an attachment (multipart/form-data, one part "file")',
        params: ItemParams,
        consumes: ['multipart/form-data'],
        body: storefrontUploadSchema(MAX_ATTACHMENT_BYTES),
        response: { 201: json('The order item with the new attachment', OrderItemResponseSchema) },
      },
      // As the storefront's upload: the body schema describes the form for the OpenAPI description; the
      // multipart parser reads it (streaming the file), and the handler refuses what is not a form.
      attachValidation: true,
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
          tags: TAGS,
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
        tags: TAGS,
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
        tags: TAGS,
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
        tags: TAGS,
        summary: 'Download an attachment',
        params: AttachmentParams,
        response: { 200: file('The file, in the type it was uploaded as', ATTACHMENT_TYPES) },
      },
    },
    async (request, reply) => {
      const { attachment, stream } = await openAttachment(db, storage, request.params.ref, request.params.id);
      await recordAudit(db, auditActorOf(request), {
        kind: 'document.downloaded',
        targetType: 'attachment',
        targetId: attachment.id,
        summary: `Downloaded a ${attachment.contentType} document of ${request.params.ref}`,
      });
      const safeName = attachment.filename.replace(/[^\w.\- ]/g, '_');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
