/**
 * Runs one workflow action on one order item: lock the row, ask the domain state machine, and write the
 * outcome (write-outcome.ts: item patch, timeline event, comments, notifications, outbox e-mails, refunds,
 * GRO order, despatch) in one transaction. A refusal throws before anything is written.
 */

import { and, asc, eq, ne } from 'drizzle-orm';
import type { UndoKind, UndoOffer } from '../../../domain/contract/undo';
import { decide } from '../../../domain/workflow/decide';
import type {
  Actor,
  OrderSibling,
  Outcome,
  StaffActor,
  WorkflowAction,
  WorkItem,
} from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { orderables, orderItems } from '../../db/schema';
import { AppError } from '../../errors';
import { itemTarget, offerUndo } from '../undo/offers';
import { type ActionItemRow, itemKey, loadOrderItemForAction } from './read';
import { writeOutcome } from './write-outcome';

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
    currentState: item.currentState,
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
    currentState: item.currentState,
    userId: item.userId,
    isEscalated: item.isEscalated,
    isOnHold: item.isOnHold,
    waitingCustomerResponse: item.waitingCustomerResponse,
    flagged: item.flagged,
    netValue: item.netValue,
    position: item.position,
    approved: item.approved,
    isReorder: item.isReorder,
    stateBeforeEscalation: item.stateBeforeEscalation,
    stateBeforeUpdate: item.stateBeforeUpdate,
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

/** The AppError of a refusal: its code and message, and its details as field errors. */
export function refusalError(outcome: Exclude<ReturnType<typeof decide>, Outcome>): AppError {
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
  await writeOutcome(tx, row, params.action, outcome, params.actor, now);
  return outcome;
}

/**
 * Runs one action in its own transaction and answers the item's id: the caller loads the answer it needs
 * (the staff view, the shop's view) once, after the commit.
 */
export async function runItemAction(db: Db, params: RunActionParams): Promise<number> {
  return transaction(db, async (tx) => {
    const row = await lockOrderItem(tx, params.key);
    await applyItemAction(tx, row, params);
    return row.item.id;
  });
}

/**
 * Runs a reversible action (the flag) as runItemAction does, and answers with the item's id the offer to take
 * it back (docs/decisions/undo.md).
 */
export async function runUndoableItemAction(
  db: Db,
  params: RunActionParams & { actor: StaffActor; undo: UndoKind },
): Promise<{ id: number; undo: UndoOffer }> {
  const now = params.now ?? new Date();
  return transaction(db, async (tx) => {
    const row = await lockOrderItem(tx, params.key);
    const outcome = await applyItemAction(tx, row, { ...params, now });
    const target = await itemTarget(tx, row, outcome);
    return {
      id: row.item.id,
      undo: await offerUndo(tx, { userId: params.actor.id, kind: params.undo, targets: [target], now }),
    };
  });
}
