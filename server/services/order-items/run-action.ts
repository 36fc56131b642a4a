/**
 * Runs one workflow action on one order item: lock the row, ask the domain state machine, and write the
 * outcome (item patch, timeline event, comments, notifications, outbox e-mails, refunds, GRO order,
 * despatch) in one transaction. A refusal throws before anything is written.
 */
import {
  and,
  asc,
  type ColumnsSelection,
  eq,
  inArray,
  isNull,
  ne,
  sql,
  type WithSubquery,
} from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { OrderItemState } from '../../../domain/states';
import { decide } from '../../../domain/workflow/decide';
import type { Actor, OrderSibling, Outcome, WorkflowAction, WorkItem } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import {
  attachments,
  comments,
  despatches,
  groOrders,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  outbox,
  refunds,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { LiveChange } from '../../live/channel';
import { announceSql, publishChange } from '../live/publish';
import { recordNotification } from '../notifications/notifications';
import { outboxRow } from '../outbox/enqueue';
import { type ActionItemRow, itemKey, loadOrderItemForAction, type OrderItemRow } from './read';

export interface RunActionParams {
  key: string | number;
  action: WorkflowAction;
  actor: Actor;
  /** The lock_version the client read; a different current one is a 409 and nothing changes. */
  lockVersion?: number;
  now?: Date;
}

/** What pricing reads of a stored orderable, and its subtotal. */
function pricedOrderableOf(o: typeof orderables.$inferSelect): OrderSibling['orderable'] {
  return {
    type: o.type,
    serviceLevel: o.serviceLevel,
    pages: o.pages,
    copies: o.copies,
    apostilleCopies: o.apostilleCopies,
    scanSend: o.scanSend,
    despatchBy: o.despatchBy,
    subtotalInPence: o.subtotalInPence,
  };
}

/** The other items of an order with what pricing them needs (a delivery region change reprices them). */
async function orderSiblings(tx: Db | Tx, orderId: number, itemId: number): Promise<OrderSibling[]> {
  const rows = await tx
    .select({ item: orderItems, orderable: orderables })
    .from(orderItems)
    .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
    .where(and(eq(orderItems.orderId, orderId), ne(orderItems.id, itemId)))
    .orderBy(asc(orderItems.position));
  return rows.map(({ item, orderable: o }) => ({
    id: item.id,
    ref: item.ref,
    orderableType: item.orderableType,
    position: item.position,
    currentState: item.currentState as OrderItemState,
    pendingUpdate: item.pendingUpdate,
    orderable: pricedOrderableOf(o),
  }));
}

/**
 * The state machine's view of a loaded row, with its attachments and latest GRO destination; with the
 * order's other items only when asked (only Modify Order prices them, so other actions skip the query).
 */
export async function toWorkItem(
  tx: Db | Tx,
  row: ActionItemRow,
  { siblings: withSiblings = false }: { siblings?: boolean } = {},
): Promise<WorkItem> {
  const { item, orderable: o, order } = row;
  const siblings = withSiblings ? await orderSiblings(tx, order.id, item.id) : undefined;
  return {
    id: item.id,
    ref: item.ref,
    type: item.type,
    orderableType: item.orderableType,
    currentState: item.currentState as OrderItemState,
    userId: item.userId,
    isEscalated: item.isEscalated,
    isOnHold: item.isOnHold,
    waitingCustomerResponse: item.waitingCustomerResponse,
    flagged: item.flagged,
    netValue: item.netValue,
    position: item.position,
    approved: item.approved,
    isReorder: item.isReorder,
    stateBeforeEscalation: item.stateBeforeEscalation as OrderItemState | null,
    stateBeforeUpdate: item.stateBeforeUpdate as OrderItemState | null,
    pendingUpdate: item.pendingUpdate,
    fcoBatchId: item.fcoBatchId,
    originalReceivedOn: item.originalReceivedOn,
    nextReminderAt: item.nextReminderAt,
    onHoldUntil: item.onHoldUntil,
    deliveryRegion: order.deliveryRegion,
    groDestination: row.groDestination,
    orderable: {
      ...pricedOrderableOf(o),
      apostilleCountry: o.apostilleCountry,
      documentsByPost: o.documentsByPost,
    },
    attachments: row.attachmentReview,
    ...(siblings ? { orderSiblings: siblings } : {}),
  };
}

function refusalError(outcome: Exclude<ReturnType<typeof decide>, Outcome>): AppError {
  const details = outcome.details
    ? Object.entries(outcome.details).map(([field, message]) => ({ field, message }))
    : undefined;
  return new AppError(outcome.code, outcome.message, details);
}

/**
 * Locks an item row for the rest of the transaction and loads it with what the state machine reads beyond it
 * (its files' review, its latest GRO destination).
 */
export async function lockOrderItem(tx: Tx, key: string | number): Promise<ActionItemRow> {
  // Lock first (one indexed row), then read the joined record: concurrent actions queue here. Read after the
  // lock, in a statement of its own, the record is the one the previous holder committed (a row locked by the
  // read itself would come with the joined rows as they were before the wait).
  await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(itemKey(String(key)))
    .for('update');
  return loadOrderItemForAction(tx, key);
}

/** Decides and writes one action inside the caller's transaction; answers the outcome. */
export async function applyItemAction(
  tx: Tx,
  row: ActionItemRow,
  params: Omit<RunActionParams, 'key'>,
): Promise<Outcome> {
  const now = params.now ?? new Date();
  if (params.lockVersion !== undefined && params.lockVersion !== row.item.lockVersion) {
    throw new AppError(
      'stale',
      'Someone else changed this order item since you opened it. It has been reloaded; check and try again.',
      { current_lock_version: row.item.lockVersion },
    );
  }
  const work = await toWorkItem(tx, row, { siblings: params.action.type === 'request_update' });
  const outcome = decide(work, params.action, params.actor, now);
  if (!outcome.ok) throw refusalError(outcome);
  await writeOutcome(tx, row, outcome, params.actor, now);
  return outcome;
}

/**
 * Runs one action in its own transaction and answers the item's id: the caller loads the answer it needs
 * (the staff view, the shop's view) once, after the commit.
 */
export async function runItemAction(db: Db, params: RunActionParams): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockOrderItem(tx, params.key);
    await applyItemAction(tx, row, params);
    return row.item.id;
  });
}

async function writeOutcome(tx: Tx, row: OrderItemRow, outcome: Outcome, actor: Actor, now: Date) {
  const { item, order } = row;
  const userId = actor.kind === 'user' ? actor.id : null;
  const { orderable: orderablePatch, ...patch } = outcome.patch;

  if (orderablePatch && Object.keys(orderablePatch).length > 0) {
    await tx.update(orderables).set(orderablePatch).where(eq(orderables.id, item.orderableId));
  }

  if (outcome.orderRegion) {
    await tx.update(orders).set({ deliveryRegion: outcome.orderRegion }).where(eq(orders.id, order.id));
  }
  if (outcome.repriced && outcome.repriced.length > 0) {
    await writeRepriced(tx, item, outcome.repriced, userId, now);
  }

  if (outcome.approveAttachmentIds) {
    // Only files still not reviewed: a review made meanwhile (under the same item lock) is not overwritten.
    await tx
      .update(attachments)
      .set({ approved: true, reviewedById: userId, reviewedAt: now, rejectionReason: null })
      .where(
        and(
          eq(attachments.orderItemId, item.id),
          inArray(attachments.id, outcome.approveAttachmentIds),
          isNull(attachments.approved),
        ),
      );
  }
  // The rows the action adds (its timeline, comments, GRO order, despatch, e-mails) are written by the
  // item's own UPDATE below, as WITHs: no round trip each (despatch: 8 → 5 statements).
  const added: WithSubquery[] = [];
  const add = <T extends ColumnsSelection>(insert: TypedQueryBuilder<T>) =>
    added.push(tx.$with(`added_${added.length}`).as(insert));
  if (outcome.events.length > 0) {
    add(
      tx
        .insert(orderItemEvents)
        .values(
          outcome.events.map((e) => ({
            orderItemId: item.id,
            userId,
            action: e.action,
            fromState: e.fromState,
            toState: e.toState,
            payload: e.payload,
            createdAt: now,
          })),
        )
        .returning({ id: orderItemEvents.id }),
    );
  }
  if (outcome.comments.length > 0) {
    add(
      tx
        .insert(comments)
        .values(
          outcome.comments.map((c) => ({
            orderItemId: item.id,
            userId,
            kind: c.kind,
            body: c.body,
            createdAt: now,
          })),
        )
        .returning({ id: comments.id }),
    );
  }
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
  if (outcome.emails.length > 0) {
    add(
      tx
        .insert(outbox)
        .values(
          outcome.emails.map((email) =>
            outboxRow({
              kind: email.kind,
              to: order.email,
              subject: email.subject,
              text: email.text,
              orderItemId: item.id,
              attachmentIds: email.attachmentIds,
            }),
          ),
        )
        .returning({ id: outbox.id }),
    );
  }
  // What open screens are told at the commit: the notified users' lists, then this item.
  const changes: LiveChange[] = [];
  for (const n of outcome.notifications) {
    const recipients =
      n.to === 'admins'
        ? (
            await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.role, 'admin'), eq(users.active, true)))
          ).map((u) => u.id)
        : [n.to];
    for (const recipient of recipients) {
      // Nobody needs telling about their own action.
      if (recipient === userId) continue;
      changes.push(
        await recordNotification(tx, {
          userId: recipient,
          kind: n.kind,
          message: n.message,
          orderItemId: item.id,
        }),
      );
    }
  }
  changes.push({ topic: 'order_item', id: item.ref });
  // The rows every concurrent action queues on are taken last, by one statement, so they are held only from
  // it to the commit (a hold ~10 statements long queued 8 concurrent actions on one orderer past their p95
  // target, and the refund's own statement before the update held them two round trips longer: cancel with
  // refund missed it at 8 in flight; docs/performance.md, "Writes"). A refund's trigger takes today's sales
  // summary row of its type, region and slot (migrations 0020, 0030: concurrent transactions mostly write
  // different slots); then the item's own update takes the assignee's rows in the kept counts (migration
  // 0024). Every action takes them in this order: the refunds are inserted
  // by a WITH that the update's condition reads, so PostgreSQL runs it first (its AFTER trigger is queued
  // first and fires first at the statement's end). The item row itself is locked since lockOrderItem, and
  // nothing above reads its new values. The same UPDATE carries the NOTIFYs (delivered at the commit wherever
  // they are sent): no round trip of their own.
  const storedRefunds =
    outcome.refunds.length > 0
      ? tx.$with('stored_refunds').as(
          tx
            .insert(refunds)
            .values(
              outcome.refunds.map((r) => ({
                orderItemId: item.id,
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
  const [updated] = await tx
    .with(...(storedRefunds ? [storedRefunds] : []), ...added)
    .update(orderItems)
    .set({
      ...patch,
      lockVersion: sql`${orderItems.lockVersion} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orderItems.id, item.id),
        storedRefunds && sql`(select count(*) from ${storedRefunds}) = ${outcome.refunds.length}`,
      ),
    )
    .returning({ announced: announceSql(changes) });
  // Never: the item is locked since lockOrderItem, and its refunds are stored or the statement fails.
  if (!updated) throw new Error(`order item ${item.id}: not updated`);
}

/**
 * A region change applied through one item reprices the order's other items: their subtotals change, their
 * lock_version moves (a screen holding them reloads) and their timelines say why.
 */
async function writeRepriced(
  tx: Tx,
  via: OrderItemRow['item'],
  repriced: NonNullable<Outcome['repriced']>,
  userId: number | null,
  now: Date,
) {
  const ids = repriced.map((r) => r.id);
  const rows = await tx
    .select({ id: orderItems.id, orderableId: orderItems.orderableId, state: orderItems.currentState })
    .from(orderItems)
    .where(inArray(orderItems.id, ids))
    .for('update');
  for (const r of repriced) {
    const row = rows.find((x) => x.id === r.id);
    if (!row) continue;
    await tx
      .update(orderables)
      .set({ subtotalInPence: r.newTotalInPence })
      .where(eq(orderables.id, row.orderableId));
    await tx
      .update(orderItems)
      .set({ lockVersion: sql`${orderItems.lockVersion} + 1`, updatedAt: now })
      .where(eq(orderItems.id, r.id));
    await tx.insert(orderItemEvents).values({
      orderItemId: r.id,
      userId,
      action: 'repriced',
      fromState: row.state,
      toState: row.state,
      payload: { via: via.ref, from_in_pence: r.currentInPence, to_in_pence: r.newTotalInPence },
      createdAt: now,
    });
    await publishChange(tx, { topic: 'order_item', id: r.ref });
  }
}
