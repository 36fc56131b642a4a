/**
 * Writes what the state machine decided for one action (its Outcome) inside the action's transaction, one
 * step per function: what changes beyond the item's row, the files it approves, the users it notifies, and
 * last the item's own UPDATE (item-update.ts), which carries the rows the action adds, its refunds and the
 * live announcements and webhook events. The statements run in that order, in the one transaction that makes
 * the e-mails, the webhooks and the money exactly-once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type OutcomeCause, webhookEventsOf } from '../../../domain/webhooks';
import type { Actor, Outcome } from '../../../domain/workflow/types';
import type { Tx } from '../../db/client';
import { attachments, orderables, orderItemEvents, orderItems, orders, users } from '../../db/schema';
import type { LiveChange } from '../../live/channel';
import { type AuditRecord, currentAuditActor, recordAudit } from '../audit/record';
import { publishChange } from '../live/publish';
import { recordNotification } from '../notifications/notifications';
import { webhookEventsWith } from '../webhooks/events';
import { addedRows, storedRefunds, updateItem } from './item-update';
import type { OrderItemRow } from './read';

/** Writes the outcome `action` decided for the locked item `row`, as `actor`, at `now`. */
export async function writeOutcome(
  tx: Tx,
  row: OrderItemRow,
  action: OutcomeCause,
  outcome: Outcome,
  actor: Actor,
  now: Date,
) {
  const { item } = row;
  const userId = actor.kind === 'user' ? actor.id : null;
  const { orderable: orderablePatch, ...patch } = outcome.patch;
  await writeOrderChanges(tx, row, outcome, orderablePatch, userId, now);
  if (outcome.approveAttachmentIds) {
    await approveAttachments(tx, item.id, outcome.approveAttachmentIds, userId, now);
  }
  const added = addedRows(tx, row, outcome, userId, now);
  // What the shops hear of it (issue 48), written with the item's UPDATE like its e-mails.
  added.push(...webhookEventsWith(tx, webhookEventsOf(item, row.order.ref, action, outcome), item.ref, now));
  // What open screens are told at the commit: the notified users' lists, then this item.
  const changes = await notifyUsers(tx, item.id, outcome.notifications, userId);
  changes.push({ topic: 'order_item', id: item.ref });
  const stored = storedRefunds(tx, item.id, outcome.refunds, userId, now);
  await recordMoneyMoved(tx, row, outcome, now);
  await updateItem(tx, item, { patch, stored, refundCount: outcome.refunds.length, added, changes, now });
}

/**
 * The audit rows of the money an action moves (issue 50): a new price of this item (net value or subtotal),
 * of the order's other items a region change repriced, and each refund. Nothing is written when no money
 * moves, so the actions staff make all day cost nothing more. The free-text notes of a refund are left out.
 */
async function recordMoneyMoved(tx: Tx, { item, orderable }: OrderItemRow, outcome: Outcome, now: Date) {
  const records: AuditRecord[] = [];
  const { netValue } = outcome.patch;
  const subtotal = outcome.patch.orderable?.subtotalInPence;
  const before: Record<string, number> = {};
  const after: Record<string, number> = {};
  if (netValue !== undefined && netValue !== item.netValue) {
    before.net_value_in_pence = item.netValue;
    after.net_value_in_pence = netValue;
  }
  if (subtotal !== undefined && subtotal !== orderable.subtotalInPence) {
    before.subtotal_in_pence = orderable.subtotalInPence;
    after.subtotal_in_pence = subtotal;
  }
  if (Object.keys(after).length > 0) {
    records.push({
      kind: 'order_item.price_changed',
      targetType: 'order_item',
      targetId: item.ref,
      summary: `Changed the price of ${item.ref}`,
      before,
      after,
    });
  }
  for (const r of outcome.repriced ?? []) {
    records.push({
      kind: 'order_item.price_changed',
      targetType: 'order_item',
      targetId: r.ref,
      summary: `Repriced ${r.ref} by a change to ${item.ref}`,
      before: { subtotal_in_pence: r.currentInPence },
      after: { subtotal_in_pence: r.newTotalInPence },
    });
  }
  for (const refund of outcome.refunds) {
    records.push({
      kind: 'refund.recorded',
      targetType: 'order_item',
      targetId: item.ref,
      summary: `Recorded a refund (${refund.action}) on ${item.ref}`,
      after: { action: refund.action, amount_in_pence: refund.amount, reason: refund.reason },
    });
  }
  const actor = currentAuditActor();
  for (const record of records) await recordAudit(tx, actor, record, now);
}

/**
 * What the action changes beyond the item's row: its orderable, the order's delivery region, and the
 * order's other items that a region change repriced.
 */
async function writeOrderChanges(
  tx: Tx,
  { item, order }: OrderItemRow,
  outcome: Outcome,
  orderablePatch: Outcome['patch']['orderable'],
  userId: number | null,
  now: Date,
) {
  if (orderablePatch && Object.keys(orderablePatch).length > 0) {
    await tx.update(orderables).set(orderablePatch).where(eq(orderables.id, item.orderableId));
  }

  if (outcome.orderRegion) {
    await tx.update(orders).set({ deliveryRegion: outcome.orderRegion }).where(eq(orders.id, order.id));
  }
  if (outcome.repriced && outcome.repriced.length > 0) {
    await writeRepriced(tx, item, outcome.repriced, userId, now);
  }
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

/** Approves the item's files the action approves, as reviewed by the actor. */
async function approveAttachments(
  tx: Tx,
  itemId: number,
  attachmentIds: number[],
  userId: number | null,
  now: Date,
) {
  // Only files still not reviewed: a review made meanwhile (under the same item lock) is not overwritten.
  await tx
    .update(attachments)
    .set({ approved: true, reviewedById: userId, reviewedAt: now, rejectionReason: null })
    .where(
      and(
        eq(attachments.orderItemId, itemId),
        inArray(attachments.id, attachmentIds),
        isNull(attachments.approved),
      ),
    );
}

/**
 * Records the action's notifications (every active admin, or one user; never the actor) and answers the
 * changes to announce for them at the commit.
 */
async function notifyUsers(
  tx: Tx,
  itemId: number,
  notifications: Outcome['notifications'],
  userId: number | null,
): Promise<LiveChange[]> {
  const changes: LiveChange[] = [];
  for (const n of notifications) {
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
          orderItemId: itemId,
        }),
      );
    }
  }
  return changes;
}
