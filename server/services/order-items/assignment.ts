/**
 * Assigning order items to orderers (admins only, enforced by the workflow's permissions). Both calls answer
 * an offer to take the assignment back (docs/decisions/undo.md).
 */

import { and, eq } from 'drizzle-orm';
import type { UndoOffer } from '../../../domain/contract/undo';
import type { StaffActor } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { type UndoTarget, users } from '../../db/schema';
import { invalidInput } from '../../errors';
import { itemTarget, offerUndo } from '../undo/offers';
import { applyItemAction, lockOrderItem } from './run-action';

/** Refuses (422) anyone but an active orderer as the assignee. */
export async function requireOrderer(tx: Db | Tx, ordererId: number) {
  const [orderer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ordererId), eq(users.active, true), eq(users.isOrderer, true)))
    .limit(1);
  if (!orderer) {
    throw invalidInput('Choose an active orderer.', [
      { field: 'orderer_id', message: 'Choose an active orderer.' },
    ]);
  }
}

/** Assigns several items to one orderer in one transaction: all or none. */
export async function assignToOrderer(
  db: Db,
  input: { ordererId: number; orderItemIds: number[] },
  actor: StaffActor,
  now = new Date(),
): Promise<{ ids: number[]; undo: UndoOffer }> {
  const ids = [...new Set(input.orderItemIds)].sort((a, b) => a - b);
  const undo = await transaction(db, async (tx) => {
    await requireOrderer(tx, input.ordererId);
    const targets: UndoTarget[] = [];
    // Locking in id order keeps two concurrent assignments from deadlocking.
    for (const id of ids) {
      const row = await lockOrderItem(tx, id);
      const outcome = await applyItemAction(tx, row, {
        action: { type: 'assign', ordererId: input.ordererId },
        actor,
        now,
      });
      targets.push(await itemTarget(tx, row, outcome));
    }
    return offerUndo(tx, { userId: actor.id, kind: 'assign', targets, now });
  });
  return { ids, undo };
}

/** Reassigns one item (any state) to another orderer. */
export async function reassign(
  db: Db,
  key: string,
  input: { ordererId: number; lockVersion?: number },
  actor: StaffActor,
  now = new Date(),
): Promise<{ id: number; undo: UndoOffer }> {
  return transaction(db, async (tx) => {
    await requireOrderer(tx, input.ordererId);
    const row = await lockOrderItem(tx, key);
    const outcome = await applyItemAction(tx, row, {
      action: { type: 'assign', ordererId: input.ordererId },
      actor,
      lockVersion: input.lockVersion,
      now,
    });
    const target = await itemTarget(tx, row, outcome);
    return {
      id: row.item.id,
      undo: await offerUndo(tx, { userId: actor.id, kind: 'assign', targets: [target], now }),
    };
  });
}
