/**
 * Erasure of a customer (UK GDPR article 17, docs/privacy.md): every name, address, phone number, e-mail
 * address, message body and free text about the person is replaced by a tombstone, and their documents and
 * e-mail copies are deleted, while the refs, amounts, dates, product types and states stay for the accounts.
 * Nothing the sales summary triggers read (order_items' net_value and type, orders' placed_at and
 * delivery_region, refunds' amount and created_at) is written, so every month's report is the same to the
 * penny before and after.
 *
 * One transaction: the customer's orders and items are locked, the erasure is refused (409) while any item
 * is still open, then the rows are rewritten, the stored files removed and the act recorded. A file is
 * removed before the commit: if the storage fails, everything rolls back and the admin tries again (removing
 * a file that is already gone is no error), so no row ever outlives its erasure pointing at a kept file.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, or, sql } from 'drizzle-orm';
import type { CustomerErasure } from '../../../domain/contract/privacy';
import { isFinalState } from '../../../domain/states';
import { type Db, type Tx, transaction } from '../../db/client';
import {
  addresses,
  attachments,
  carts,
  comments,
  conversationMessages,
  conversationNotes,
  conversationReplies,
  conversations,
  groOrders,
  inboundMessages,
  nameAFirstnames,
  nameASurnames,
  notifications,
  orderables,
  orderItemEvents,
  orders,
  outbox,
  refunds,
  webhookEvents,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { type AuditActor, customerAuditTarget, recordAudit } from '../audit/record';
import { customerScope, ERASED_DOMAIN, holdsAnything } from './scope';

/** What replaces erased text. */
export const ERASED = '[erased]';
/** The name an erased address carries (addresses.name is required). */
export const ERASED_NAME = 'Erased customer';

export interface ErasureInput {
  email: string;
  /** customer.erased: an admin's request, with the reason they typed; customer.erased_by_retention: the job. */
  kind: 'customer.erased' | 'customer.erased_by_retention';
  /** The admin's reason: only its length is recorded (it may well name the person). */
  reason?: string;
}

export interface ErasureDeps {
  storage: Storage;
  /** DATA_DIR: where the embedded mail transport kept a copy of each e-mail sent (outbox/<message id>.eml). */
  dataDir?: string;
}

/** Erases everything held about `email` (409 while an item is open; 404 when nothing is held). */
export async function eraseCustomer(
  db: Db,
  deps: ErasureDeps,
  actor: AuditActor,
  input: ErasureInput,
  now = new Date(),
): Promise<CustomerErasure> {
  return transaction(db, async (tx) => {
    const scope = await customerScope(tx, input.email, true);
    if (!holdsAnything(scope)) throw new AppError('not_found', 'Nothing is held about that e-mail address.');
    const open = scope.items.filter((i) => !isFinalState(i.currentState)).map((i) => i.ref);
    if (open.length > 0) {
      throw new AppError(
        'wrong_state',
        `The customer still has open work: ${open.join(', ')}. Complete or cancel it before erasing.`,
      );
    }
    const tombstone = `erased-${randomBytes(8).toString('hex')}@${ERASED_DOMAIN}`;
    const orderIds = scope.orders.map((o) => o.id);
    const itemIds = scope.items.map((i) => i.id);
    const convIds = scope.conversationIds;
    const none = [0];
    const addressIds = [
      ...scope.orders.flatMap((o) => [o.billingAddressId, o.shippingAddressId ?? 0]),
      ...scope.carts.map((c) => c.billingAddressId),
    ].filter((id) => id > 0);

    if (addressIds.length) {
      await tx
        .update(addresses)
        .set({ name: ERASED_NAME, line1: '', line2: null, city: '', state: null, zip: '' })
        .where(inArray(addresses.id, addressIds));
    }
    if (orderIds.length) {
      await tx.update(orders).set({ email: tombstone, phone: null }).where(inArray(orders.id, orderIds));
    }
    // The people on the certificates: their names, date and place of the event.
    const orderableIds = scope.items.map((i) => i.orderableId);
    const names = orderableIds.length
      ? await tx
          .select({ surname: orderables.surnameA, firstname: orderables.firstnameA })
          .from(orderables)
          .where(inArray(orderables.id, orderableIds))
      : [];
    if (orderableIds.length) {
      await tx
        .update(orderables)
        .set({
          firstnameA: null,
          surnameA: null,
          firstnameB: null,
          surnameB: null,
          firstnameC: null,
          surnameC: null,
          eventDate: null,
          eventPlace: null,
        })
        .where(inArray(orderables.id, orderableIds));
      await forgetNameWords(tx, names);
    }
    let files: { key: string }[] = [];
    if (itemIds.length) {
      await tx.update(comments).set({ body: ERASED }).where(inArray(comments.orderItemId, itemIds));
      // The timeline keeps who did what and when; what was typed into each step (notes, addresses) goes.
      await tx
        .update(orderItemEvents)
        .set({ payload: null })
        .where(inArray(orderItemEvents.orderItemId, itemIds));
      await tx.update(groOrders).set({ data: null }).where(inArray(groOrders.orderItemId, itemIds));
      await tx.update(refunds).set({ notes: null }).where(inArray(refunds.orderItemId, itemIds));
      files = await tx
        .delete(attachments)
        .where(inArray(attachments.orderItemId, itemIds))
        .returning({ key: attachments.storageKey });
      const refs = scope.items.map((i) => i.ref);
      await tx
        .update(webhookEvents)
        .set({ payload: JSON.stringify({ erased: true }) })
        .where(inArray(webhookEvents.orderingKey, refs));
    }
    if (convIds.length) {
      await tx
        .update(conversations)
        .set({ email: tombstone, name: null, subject: ERASED, content: ERASED })
        .where(inArray(conversations.id, convIds));
      await tx
        .update(conversationMessages)
        .set({ subject: null, content: ERASED })
        .where(inArray(conversationMessages.conversationId, convIds));
      await tx
        .update(conversationReplies)
        .set({ content: ERASED })
        .where(inArray(conversationReplies.conversationId, convIds));
      await tx
        .update(conversationNotes)
        .set({ body: ERASED })
        .where(inArray(conversationNotes.conversationId, convIds));
    }
    const inbound = await tx
      .update(inboundMessages)
      .set({ fromAddress: tombstone, subject: null, files: [] })
      .where(
        or(
          sql`lower(${inboundMessages.fromAddress}) = ${scope.email}`,
          inArray(inboundMessages.conversationId, convIds.length ? convIds : none),
          inArray(inboundMessages.orderItemId, itemIds.length ? itemIds : none),
        ),
      )
      .returning({ id: inboundMessages.id });
    const mails = await tx
      .update(outbox)
      .set({ toAddress: tombstone, subject: ERASED, textBody: ERASED, htmlBody: null })
      .where(
        or(
          sql`lower(${outbox.toAddress}) = ${scope.email}`,
          inArray(outbox.orderItemId, itemIds.length ? itemIds : none),
          inArray(outbox.conversationId, convIds.length ? convIds : none),
        ),
      )
      .returning({ messageId: outbox.messageId });
    // Staff notices about the customer's items and threads may quote their name.
    await tx
      .delete(notifications)
      .where(
        or(
          inArray(notifications.orderItemId, itemIds.length ? itemIds : none),
          inArray(notifications.conversationId, convIds.length ? convIds : none),
        ),
      );
    if (scope.carts.length) {
      await tx
        .update(carts)
        .set({ email: tombstone, items: [] })
        .where(
          inArray(
            carts.id,
            scope.carts.map((c) => c.id),
          ),
        );
    }

    for (const file of files) await deps.storage.remove(file.key);
    if (deps.dataDir) {
      const dir = path.join(deps.dataDir, 'outbox');
      for (const mail of mails) {
        await rm(path.join(dir, `${mail.messageId.replace(/[^\w.@-]/g, '_')}.eml`), { force: true });
      }
    }

    const result: CustomerErasure = {
      erased: true,
      orders: scope.orders.length,
      order_items: scope.items.length,
      order_refs: scope.orders.map((o) => o.ref),
      conversations: convIds.length,
      emails: mails.length,
      documents_deleted: files.length,
    };
    const counts = { ...result, inbound_messages: inbound.length, carts: scope.carts.length };
    await recordAudit(
      tx,
      actor,
      {
        kind: input.kind,
        targetType: 'customer',
        targetId: customerAuditTarget(scope.email),
        summary:
          input.kind === 'customer.erased_by_retention'
            ? `Erased a customer with no order for the retention period (${plural(scope.orders.length, 'order')})`
            : `Erased a customer's personal data (${plural(scope.orders.length, 'order')})`,
        after: { ...counts, reason_length: input.reason?.length ?? null },
      },
      now,
    );
    return result;
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The name words of the search (migration 0029) that no orderable holds any more once these names are gone:
 * the words table keeps a word for ever otherwise, and an erased surname must not stay findable there.
 */
async function forgetNameWords(tx: Tx, names: { surname: string | null; firstname: string | null }[]) {
  const surnames = [...new Set(names.flatMap((n) => (n.surname ? [n.surname.toLowerCase()] : [])))];
  const firstnames = [...new Set(names.flatMap((n) => (n.firstname ? [n.firstname.toLowerCase()] : [])))];
  if (surnames.length) {
    await tx
      .delete(nameASurnames)
      .where(
        and(
          inArray(nameASurnames.word, surnames),
          sql`not exists (select 1 from orderables ob where lower(ob.surname_a) = ${nameASurnames.word})`,
        ),
      );
  }
  if (firstnames.length) {
    await tx
      .delete(nameAFirstnames)
      .where(
        and(
          inArray(nameAFirstnames.word, firstnames),
          sql`not exists (select 1 from orderables ob where lower(ob.firstname_a) = ${nameAFirstnames.word})`,
        ),
      );
  }
}
