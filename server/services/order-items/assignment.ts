/** Assigning order items to orderers (admins only, enforced by the workflow's permissions). */

import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { users } from '../../db/schema';
import { invalidInput } from '../../errors';
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
  actor: Actor,
  now = new Date(),
): Promise<number[]> {
  const ids = [...new Set(input.orderItemIds)].sort((a, b) => a - b);
  await transaction(db, async (tx) => {
    await requireOrderer(tx, input.ordererId);
    // Locking in id order keeps two concurrent assignments from deadlocking.
    for (const id of ids) {
      const row = await lockOrderItem(tx, id);
      await applyItemAction(tx, row, { action: { type: 'assign', ordererId: input.ordererId }, actor, now });
    }
  });
  return ids;
}

/** Reassigns one item (any state) to another orderer. */
export async function reassign(
  db: Db,
  key: string,
  input: { ordererId: number; lockVersion?: number },
  actor: Actor,
  now = new Date(),
): Promise<number> {
  return transaction(db, async (tx) => {
    await requireOrderer(tx, input.ordererId);
    const row = await lockOrderItem(tx, key);
    await applyItemAction(tx, row, {
      action: { type: 'assign', ordererId: input.ordererId },
      actor,
      lockVersion: input.lockVersion,
      now,
    });
    return row.item.id;
  });
}
