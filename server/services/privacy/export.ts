/**
 * Subject access (UK GDPR article 15, docs/privacy.md): everything held about one e-mail address as a ZIP
 * file, streamed (the documents come from the storage one after the other, never held whole in memory).
 * Inside: README.txt saying what each file is, one JSON file per kind of record, and documents/ with the
 * uploaded files. The export is recorded in the audit log by the address's keyed hash, with counts only.
 */
import { Readable } from 'node:stream';
import { inArray, or, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import {
  addresses,
  attachments,
  carts,
  comments,
  conversationMessages,
  conversationNotes,
  conversationReplies,
  conversations,
  despatches,
  groOrders,
  inboundMessages,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  outbox,
  refunds,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { type AuditActor, customerAuditTarget, recordAudit } from '../audit/record';
import { customerScope, holdsAnything } from './scope';

/** The ZIP being written, with what the route needs for its headers. */
export interface CustomerExport {
  stream: NodeJS.ReadableStream;
  filename: string;
}

const README = (email: string, made: Date, files: Record<string, number>, missing: number) =>
  [
    'Personal data held about one customer (UK GDPR subject access request)',
    '',
    `E-mail address: ${email}`,
    `Made: ${made.toISOString()}`,
    '',
    'What each file holds (JSON, one array of records each; the figure is how many records):',
    ...Object.entries(files).map(([name, n]) => `  ${name} (${n}): ${DESCRIPTIONS[name] ?? ''}`),
    '  documents/: the files uploaded for the orders, one folder per item ref.',
    ...(missing > 0
      ? [
          '',
          `${missing} document(s) listed in attachments.json could not be read from the storage and are absent.`,
        ]
      : []),
    '',
    'Amounts are in pence; dates and times are UTC (ISO 8601).',
    '',
  ].join('\r\n');

const DESCRIPTIONS: Record<string, string> = {
  'orders.json': 'the orders placed with this address, with the phone number given',
  'addresses.json': 'the billing and delivery addresses of those orders and of unpaid carts',
  'order_items.json': 'each item ordered: its ref, product, state, price and dates',
  'orderables.json': 'what each item is about: the names, dates and places on the certificates',
  'comments.json': 'notes staff wrote on the items',
  'timeline.json': "each item's history: what was done and when",
  'attachments.json': 'the documents uploaded for the items (the files are in documents/)',
  'gro_orders.json': 'certificates ordered from the General Register Office for the items',
  'despatches.json': 'how and when the items were sent',
  'refunds.json': 'money paid back',
  'conversations.json': 'the message threads with this address',
  'messages.json': "the customer's messages in those threads",
  'replies.json': 'our replies in those threads',
  'conversation_notes.json': 'staff notes on those threads',
  'emails_sent.json': 'the e-mails we sent to this address or about these orders',
  'emails_received.json': 'e-mails received from this address (the messages themselves are in messages.json)',
  'carts.json': 'baskets started and not paid for',
};

const none = [0];
const ids = (list: number[]) => (list.length ? list : none);

/** Gathers every record held about `email` (404 when there is none) and starts the ZIP; records the export. */
export async function exportCustomer(
  db: Db,
  storage: Storage,
  actor: AuditActor,
  email: string,
  now = new Date(),
): Promise<CustomerExport> {
  const scope = await customerScope(db, email);
  if (!holdsAnything(scope)) throw new AppError('not_found', 'Nothing is held about that e-mail address.');
  const orderIds = ids(scope.orders.map((o) => o.id));
  const itemIds = ids(scope.items.map((i) => i.id));
  const convIds = ids(scope.conversationIds);
  const addressIds = ids([
    ...scope.orders.flatMap((o) => [o.billingAddressId, o.shippingAddressId ?? 0]),
    ...scope.carts.map((c) => c.billingAddressId),
  ]);
  const docs = await db
    .select({
      id: attachments.id,
      orderItemId: attachments.orderItemId,
      filename: attachments.filename,
      contentType: attachments.contentType,
      byteSize: attachments.byteSize,
      storageKey: attachments.storageKey,
      source: attachments.source,
      approved: attachments.approved,
      rejectionReason: attachments.rejectionReason,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .where(inArray(attachments.orderItemId, itemIds))
    .orderBy(attachments.id);
  const files: Record<string, unknown[]> = {
    'orders.json': await db
      .select({
        ref: orders.ref,
        email: orders.email,
        phone: orders.phone,
        deliveryRegion: orders.deliveryRegion,
        billingAddressId: orders.billingAddressId,
        shippingAddressId: orders.shippingAddressId,
        placedAt: orders.placedAt,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(orders.placedAt),
    'addresses.json': await db
      .select()
      .from(addresses)
      .where(inArray(addresses.id, addressIds))
      .orderBy(addresses.id),
    'order_items.json': await db
      .select({
        ref: orderItems.ref,
        type: orderItems.type,
        orderableId: orderItems.orderableId,
        state: orderItems.currentState,
        netValueInPence: orderItems.netValue,
        despatchDueOn: orderItems.despatchDueOn,
        createdAt: orderItems.createdAt,
        updatedAt: orderItems.updatedAt,
      })
      .from(orderItems)
      .where(inArray(orderItems.id, itemIds))
      .orderBy(orderItems.id),
    'orderables.json': await db
      .select()
      .from(orderables)
      .where(inArray(orderables.id, ids(scope.items.map((i) => i.orderableId))))
      .orderBy(orderables.id),
    'comments.json': await db
      .select({
        orderItemId: comments.orderItemId,
        kind: comments.kind,
        body: comments.body,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(inArray(comments.orderItemId, itemIds))
      .orderBy(comments.id),
    'timeline.json': await db
      .select({
        orderItemId: orderItemEvents.orderItemId,
        action: orderItemEvents.action,
        fromState: orderItemEvents.fromState,
        toState: orderItemEvents.toState,
        details: orderItemEvents.payload,
        createdAt: orderItemEvents.createdAt,
      })
      .from(orderItemEvents)
      .where(inArray(orderItemEvents.orderItemId, itemIds))
      .orderBy(orderItemEvents.id),
    'attachments.json': docs.map(({ storageKey: _key, ...doc }) => ({
      ...doc,
      file: documentPath(doc, scope),
    })),
    'gro_orders.json': await db
      .select({
        orderItemId: groOrders.orderItemId,
        reference: groOrders.reference,
        data: groOrders.data,
        service: groOrders.service,
        destination: groOrders.destination,
        createdAt: groOrders.createdAt,
      })
      .from(groOrders)
      .where(inArray(groOrders.orderItemId, itemIds))
      .orderBy(groOrders.id),
    'despatches.json': await db
      .select({
        orderItemId: despatches.orderItemId,
        despatchedOn: despatches.despatchedOn,
        carrier: despatches.carrier,
        service: despatches.service,
        reference: despatches.reference,
      })
      .from(despatches)
      .where(inArray(despatches.orderItemId, itemIds))
      .orderBy(despatches.id),
    'refunds.json': await db
      .select({
        orderItemId: refunds.orderItemId,
        action: refunds.action,
        amountInPence: refunds.amount,
        reason: refunds.reason,
        notes: refunds.notes,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(inArray(refunds.orderItemId, itemIds))
      .orderBy(refunds.id),
    'conversations.json': await db
      .select({
        id: conversations.id,
        email: conversations.email,
        name: conversations.name,
        subject: conversations.subject,
        orderRef: conversations.orderRef,
        createdAt: conversations.createdAt,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .where(inArray(conversations.id, convIds))
      .orderBy(conversations.id),
    'messages.json': await db
      .select({
        conversationId: conversationMessages.conversationId,
        subject: conversationMessages.subject,
        content: conversationMessages.content,
        orderRef: conversationMessages.orderRef,
        createdAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .where(inArray(conversationMessages.conversationId, convIds))
      .orderBy(conversationMessages.id),
    'replies.json': await db
      .select({
        conversationId: conversationReplies.conversationId,
        content: conversationReplies.content,
        createdAt: conversationReplies.createdAt,
      })
      .from(conversationReplies)
      .where(inArray(conversationReplies.conversationId, convIds))
      .orderBy(conversationReplies.id),
    'conversation_notes.json': await db
      .select({
        conversationId: conversationNotes.conversationId,
        body: conversationNotes.body,
        createdAt: conversationNotes.createdAt,
      })
      .from(conversationNotes)
      .where(inArray(conversationNotes.conversationId, convIds))
      .orderBy(conversationNotes.id),
    'emails_sent.json': await db
      .select({
        kind: outbox.kind,
        to: outbox.toAddress,
        subject: outbox.subject,
        text: outbox.textBody,
        html: outbox.htmlBody,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(
        or(
          sql`lower(${outbox.toAddress}) = ${scope.email}`,
          inArray(outbox.orderItemId, itemIds),
          inArray(outbox.conversationId, convIds),
        ),
      )
      .orderBy(outbox.id),
    'emails_received.json': await db
      .select({
        from: inboundMessages.fromAddress,
        subject: inboundMessages.subject,
        outcome: inboundMessages.outcome,
        files: inboundMessages.files,
        createdAt: inboundMessages.createdAt,
      })
      .from(inboundMessages)
      .where(
        or(
          sql`lower(${inboundMessages.fromAddress}) = ${scope.email}`,
          inArray(inboundMessages.conversationId, convIds),
        ),
      )
      .orderBy(inboundMessages.id),
    'carts.json': await db
      .select({
        ref: carts.ref,
        email: carts.email,
        billingAddressId: carts.billingAddressId,
        items: carts.items,
        totalInPence: carts.totalInPence,
        state: carts.state,
        createdAt: carts.createdAt,
      })
      .from(carts)
      .where(inArray(carts.id, ids(scope.carts.map((c) => c.id))))
      .orderBy(carts.id),
  };

  const present = await Promise.all(docs.map((d) => storage.exists(d.storageKey).catch(() => false)));
  await recordAudit(
    db,
    actor,
    {
      kind: 'export.customer',
      targetType: 'customer',
      targetId: customerAuditTarget(scope.email),
      summary: `Exported a customer's personal data (${scope.orders.length} order${scope.orders.length === 1 ? '' : 's'})`,
      after: {
        orders: scope.orders.length,
        order_items: scope.items.length,
        conversations: scope.conversationIds.length,
        documents: docs.length,
        order_refs: scope.orders.map((o) => o.ref),
      },
    },
    now,
  );

  const zip = new ZipFile();
  const counts = Object.fromEntries(Object.entries(files).map(([name, rows]) => [name, rows.length]));
  zip.addBuffer(
    Buffer.from(README(scope.email, now, counts, present.filter((p) => !p).length), 'utf8'),
    'README.txt',
    { mtime: now },
  );
  for (const [name, rows] of Object.entries(files)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`, 'utf8'), name, { mtime: now });
  }
  docs.forEach((doc, i) => {
    if (!present[i]) return;
    zip.addReadStreamLazy(documentPath(doc, scope), { mtime: doc.createdAt, compress: false }, (cb) => {
      // A file that vanished since it was checked ends up empty rather than breaking the whole archive.
      storage.get(doc.storageKey).then(
        (stream) => cb(null, stream),
        () => cb(null, Readable.from([])),
      );
    });
  });
  zip.end();
  return { stream: zip.outputStream, filename: `customer-data-${now.toISOString().slice(0, 10)}.zip` };
}

/** Where a document goes in the ZIP: documents/<item ref>/<id>-<its file name, made safe>. */
function documentPath(
  doc: { id: number; orderItemId: number; filename: string },
  scope: { items: { id: number; ref: string }[] },
) {
  const ref = scope.items.find((i) => i.id === doc.orderItemId)?.ref ?? 'item';
  const safe =
    doc.filename
      .replace(/[^\w.-]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 120) || 'file';
  return `documents/${ref}/${doc.id}-${safe}`;
}
