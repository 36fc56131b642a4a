/**
 * FCO apostille batches: several apostille items posted to the FCO together. The batch and its items move
 * in one transaction; an item refused by the workflow refuses the whole step.
 */

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { keyKind } from '../../../domain/contract/common';
import { londonToday } from '../../../domain/format';
import type { Actor, WorkflowAction } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { fcoBatches, orderItems } from '../../db/schema';
import { AppError, forbidden, invalidInput, notFound } from '../../errors';
import { publishChange } from '../live/publish';
import { fcoBatchWire } from './queries';
import { applyItemAction, lockOrderItem } from './run-action';

type Batch = typeof fcoBatches.$inferSelect;

const batchKey = (key: string) => {
  const named = keyKind(key);
  if (named.kind === 'none') return sql`false`;
  return named.kind === 'id' ? eq(fcoBatches.id, named.id) : eq(fcoBatches.ref, key);
};

async function batchItems(db: Db | Tx, batchId: number) {
  return db
    .select({ id: orderItems.id, ref: orderItems.ref, userId: orderItems.userId })
    .from(orderItems)
    .where(eq(orderItems.fcoBatchId, batchId))
    .orderBy(orderItems.id);
}

/** One batch with its items; 404 when unknown. */
export async function showFcoBatch(db: Db, key: string) {
  if (/^\d+$/.test(key) && Number(key) > 2_147_483_647) throw notFound('FCO batch');
  const [batch] = await db.select().from(fcoBatches).where(batchKey(key)).limit(1);
  if (!batch) throw notFound('FCO batch');
  return { fco_batch: fcoBatchWire(batch, await batchItems(db, batch.id)) };
}

/** Places an FCO order for ticked apostille items: a new batch pending despatch, the items in it. */
export async function createFcoBatch(
  db: Db,
  input: { orderItemIds: number[]; fcoReference: string; fcoCost: number },
  actor: Extract<Actor, { kind: 'user' }>,
  now = new Date(),
) {
  const ids = [...new Set(input.orderItemIds)].sort((a, b) => a - b);
  const batchId = await transaction(db, async (tx) => {
    const [batch] = await tx
      .insert(fcoBatches)
      .values({
        ref: `new-${randomUUID()}`,
        state: 'pending_despatch',
        fcoReference: input.fcoReference.trim(),
        fcoCost: input.fcoCost,
        createdById: actor.id,
        createdAt: now,
      })
      .returning({ id: fcoBatches.id });
    // A readable ref from the identity value: FCO-000042.
    const ref = `FCO-${String(batch.id).padStart(6, '0')}`;
    await tx.update(fcoBatches).set({ ref }).where(eq(fcoBatches.id, batch.id));
    for (const id of ids) {
      const row = await lockOrderItem(tx, id);
      await applyItemAction(tx, row, { action: { type: 'add_to_fco_batch', batchId: batch.id }, actor, now });
    }
    await publishChange(tx, { topic: 'fco_batch', id: ref });
    return batch.id;
  });
  return showFcoBatch(db, String(batchId));
}

async function moveBatch(
  db: Db,
  key: string,
  actor: Extract<Actor, { kind: 'user' }>,
  step: {
    from: Batch['state'];
    to: Batch['state'];
    action: WorkflowAction;
    patch: Partial<typeof fcoBatches.$inferInsert>;
    lockVersion?: number;
  },
  now: Date,
) {
  await transaction(db, async (tx) => {
    const [batch] = await tx.select().from(fcoBatches).where(batchKey(key)).for('update');
    if (!batch) throw notFound('FCO batch');
    if (step.lockVersion !== undefined && step.lockVersion !== batch.lockVersion) {
      throw new AppError('stale', 'Someone else changed this FCO batch since you opened it.');
    }
    if (batch.state !== step.from) {
      throw new AppError('wrong_state', `This FCO batch is ${batch.state.replaceAll('_', ' ')}.`);
    }
    const items = await batchItems(tx, batch.id);
    // Orderers move only batches holding their own items; admins any batch.
    if (actor.role !== 'admin' && !items.some((i) => i.userId === actor.id)) {
      throw forbidden('This FCO batch holds none of your order items.');
    }
    await tx
      .update(fcoBatches)
      .set({ ...step.patch, state: step.to, lockVersion: sql`${fcoBatches.lockVersion} + 1` })
      .where(eq(fcoBatches.id, batch.id));
    for (const item of items) {
      const row = await lockOrderItem(tx, item.id);
      await applyItemAction(tx, row, { action: step.action, actor, now });
    }
    await publishChange(tx, { topic: 'fco_batch', id: batch.ref });
  });
  return showFcoBatch(db, key);
}

/** Posts a batch to the FCO: pending_despatch → waiting_fco, with its items; never on a future day. */
export async function despatchFcoBatch(
  db: Db,
  key: string,
  input: {
    despatchedOn?: string | null;
    despatchCost: number;
    despatchReference?: string | null;
    lockVersion?: number;
  },
  actor: Extract<Actor, { kind: 'user' }>,
  now = new Date(),
) {
  // The form's date picker stops at today; a batch posted on a future day is a typing mistake.
  if (input.despatchedOn && input.despatchedOn > londonToday(now)) {
    throw invalidInput('Check the despatch.', [
      { field: 'despatch.despatched_on', message: 'A despatch date cannot be in the future.' },
    ]);
  }
  return moveBatch(
    db,
    key,
    actor,
    {
      from: 'pending_despatch',
      to: 'waiting_fco',
      action: { type: 'fco_batch_despatched' },
      patch: {
        despatchedOn: input.despatchedOn ?? londonToday(now),
        despatchCost: input.despatchCost,
        despatchReference: input.despatchReference?.trim() || null,
      },
      lockVersion: input.lockVersion,
    },
    now,
  );
}

/** The FCO sent a batch back: waiting_fco → received, its items on to scan-send or despatch. */
export function receiveFcoBatch(
  db: Db,
  key: string,
  actor: Extract<Actor, { kind: 'user' }>,
  now = new Date(),
) {
  return moveBatch(
    db,
    key,
    actor,
    {
      from: 'waiting_fco',
      to: 'received',
      action: { type: 'fco_batch_received' },
      patch: { receivedOn: londonToday(now) },
    },
    now,
  );
}
