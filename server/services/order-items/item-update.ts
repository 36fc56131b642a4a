/**
 * The last statement of a workflow action: the item's own UPDATE, and the rows it writes as its WITHs (the
 * action's timeline, comments, GRO order, despatch, e-mails and refunds). Everything here only builds SQL;
 * updateItem runs it as one statement (write-outcome.ts decides when).
 */
import { and, type ColumnsSelection, eq, sql, type WithSubquery } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Outcome } from '../../../domain/workflow/types';
import type { Tx } from '../../db/client';
import {
  comments,
  despatches,
  groOrders,
  orderItemEvents,
  orderItems,
  outbox,
  refunds,
} from '../../db/schema';
import type { LiveChange } from '../../live/channel';
import { announceSql } from '../live/publish';
import { outboxRow } from '../outbox/enqueue';
import type { OrderItemRow } from './read';

/**
 * The rows the action adds (its timeline, comments, GRO order, despatch, e-mails), as WITHs for the item's
 * own UPDATE (updateItem) to write: no round trip each (despatch: 8 → 5 statements). Nothing runs here.
 */
export function addedRows(
  tx: Tx,
  { item, order, billing }: OrderItemRow,
  outcome: Outcome,
  userId: number | null,
  now: Date,
): WithSubquery[] {
  const added: WithSubquery[] = [];
  const add = <T extends ColumnsSelection>(insert: TypedQueryBuilder<T>) =>
    added.push(tx.$with(`added_${added.length}`).as(insert));
  if (outcome.events.length > 0) add(eventsInsert(tx, item.id, outcome.events, userId, now));
  if (outcome.comments.length > 0) add(commentsInsert(tx, item.id, outcome.comments, userId, now));
  if (outcome.groOrder) {
    add(
      tx
        .insert(groOrders)
        .values({ orderItemId: item.id, ...outcome.groOrder, userId, createdAt: now })
        .returning({ id: groOrders.id }),
    );
  }
  if (outcome.despatch) {
    add(
      tx
        .insert(despatches)
        .values({ orderItemId: item.id, ...outcome.despatch, userId, createdAt: now })
        .returning({ id: despatches.id }),
    );
  }
  if (outcome.emails.length > 0) add(emailsInsert(tx, item, order.email, billing.name, outcome.emails));
  return added;
}

/** The insert of the action's timeline events (not run: addedRows makes it a WITH). */
function eventsInsert(tx: Tx, itemId: number, events: Outcome['events'], userId: number | null, now: Date) {
  return tx
    .insert(orderItemEvents)
    .values(
      events.map((e) => ({
        orderItemId: itemId,
        userId,
        action: e.action,
        fromState: e.fromState,
        toState: e.toState,
        payload: e.payload,
        createdAt: now,
      })),
    )
    .returning({ id: orderItemEvents.id });
}

/** The insert of the action's comments (not run: addedRows makes it a WITH). */
function commentsInsert(
  tx: Tx,
  itemId: number,
  intents: Outcome['comments'],
  userId: number | null,
  now: Date,
) {
  return tx
    .insert(comments)
    .values(
      intents.map((c) => ({
        orderItemId: itemId,
        userId,
        kind: c.kind,
        body: c.body,
        createdAt: now,
      })),
    )
    .returning({ id: comments.id });
}

/** The insert of the action's e-mails to the customer into the outbox (not run: addedRows makes it a WITH). */
function emailsInsert(
  tx: Tx,
  item: OrderItemRow['item'],
  to: string,
  customerName: string,
  emails: Outcome['emails'],
) {
  return tx
    .insert(outbox)
    .values(
      emails.map((email) =>
        outboxRow({
          kind: email.kind,
          to,
          subject: email.subject,
          text: email.text,
          customerName,
          reference: item.ref,
          orderItemId: item.id,
          attachmentIds: email.attachmentIds,
        }),
      ),
    )
    .returning({ id: outbox.id });
}

/** The insert of the action's refunds, as the WITH updateItem's condition reads (not run here), if any. */
export function storedRefunds(
  tx: Tx,
  itemId: number,
  intents: Outcome['refunds'],
  userId: number | null,
  now: Date,
) {
  return intents.length > 0
    ? tx.$with('stored_refunds').as(
        tx
          .insert(refunds)
          .values(
            intents.map((r) => ({
              orderItemId: itemId,
              action: r.action,
              amount: r.amount,
              reason: r.reason,
              notes: r.notes,
              userId,
              createdAt: now,
            })),
          )
          .returning({ id: refunds.id }),
      )
    : undefined;
}

/** What the item's own UPDATE writes and carries: its patch, the refunds and added rows, the announcements. */
interface ItemUpdate {
  /** The outcome's patch of the item's own columns (the orderable's is written before). */
  patch: Omit<Outcome['patch'], 'orderable'>;
  /** The refunds' WITH (storedRefunds), and how many rows it must insert. */
  stored: ReturnType<typeof storedRefunds>;
  refundCount: number;
  added: WithSubquery[];
  changes: LiveChange[];
  now: Date;
}

/**
 * The action's last statement: the item's UPDATE (patch, lock_version + 1), with the refunds and the added
 * rows as its WITHs and the NOTIFYs of `changes` in its RETURNING.
 */
export async function updateItem(
  tx: Tx,
  item: OrderItemRow['item'],
  { patch, stored, refundCount, added, changes, now }: ItemUpdate,
) {
  // The rows every concurrent action queues on are taken last, by one statement, so they are held only from
  // it to the commit (a hold ~10 statements long queued 8 concurrent actions on one orderer past their p95
  // target, and the refund's own statement before the update held them two round trips longer: cancel with
  // refund missed it at 8 in flight; docs/performance.md, "Writes"). A refund's trigger takes today's sales
  // summary row of its type, region and slot (migrations 0020, 0030: concurrent transactions mostly write
  // different slots); then the item's own update takes the assignee's rows in the kept counts (migration
  // 0024). Every action takes them in this order: the refunds are inserted
  // by a WITH that the update's condition reads, so PostgreSQL runs it first (its AFTER trigger is queued
  // first and fires first at the statement's end). The item row itself is locked since lockOrderItem, and
  // nothing written before this statement reads its new values. The same UPDATE carries the NOTIFYs (delivered at the commit wherever
  // they are sent): no round trip of their own.
  const [updated] = await tx
    .with(...(stored ? [stored] : []), ...added)
    .update(orderItems)
    .set({
      ...patch,
      lockVersion: sql`${orderItems.lockVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(orderItems.id, item.id), stored && sql`(select count(*) from ${stored}) = ${refundCount}`))
    .returning({ announced: announceSql(changes) });
  // Never: the item is locked since lockOrderItem, and its refunds are stored or the statement fails.
  if (!updated) throw new Error(`order item ${item.id}: not updated`);
}
