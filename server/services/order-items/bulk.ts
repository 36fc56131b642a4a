/**
 * Bulk actions (issue 18): assign, flag, unflag or note many order items at once. Each item goes the way its
 * single action goes (lock the row, ask the workflow, write the outcome with its timeline event, notifications
 * and live update) in a transaction of its own, in id order; the answer says per item whether it was done or
 * refused and why, in the words the single action would use. A refusal changes nothing of that item and the
 * others still proceed (docs/decisions/bulk-actions.md).
 */

import type { BulkRequest, BulkResponse, BulkUndoableResponse } from '../../../domain/contract/lists';
import { permissionRefusal } from '../../../domain/workflow/decide';
import type { StaffActor } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import type { UndoTarget } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { itemTarget, offerUndo } from '../undo/offers';
import { requireOrderer } from './assignment';
import type { ActionItemRow } from './read';
import { applyItemAction, lockOrderItem } from './run-action';

type BulkInput = BulkRequest['bulk'];
type BulkResult = BulkResponse['results'][number];

/** What an item could not be changed for when the failure is ours, not the item's (logged with the id). */
export const UNEXPECTED_FAILURE = 'Could not be changed just now (our failure). Try this item again.';

/** What one item's step did: the answer's message, and what an undo must know of a change it can take back. */
interface BulkStep {
  message: string | null;
  undo: UndoTarget | null;
}

/**
 * One item's step inside its transaction: the single action's service path. A flag or unflag that finds the
 * item as asked already is done without a second event (the single action is a toggle, so it has no
 * "already flagged" refusal to borrow; a repeat of the same bulk call must not flip the flag back), and has
 * nothing to undo.
 */
async function applyBulkStep(
  tx: Tx,
  row: ActionItemRow,
  input: BulkInput,
  actor: StaffActor,
  now: Date,
): Promise<BulkStep> {
  switch (input.action) {
    case 'assign': {
      // The contract's refinement guarantees the orderer for 'assign'.
      const ordererId = input.orderer_id as number;
      await requireOrderer(tx, ordererId);
      const outcome = await applyItemAction(tx, row, { action: { type: 'assign', ordererId }, actor, now });
      return { message: null, undo: await itemTarget(tx, row, outcome) };
    }
    case 'flag':
    case 'unflag': {
      const wanted = input.action === 'flag';
      if (row.item.flagged === wanted) {
        const refusal = permissionRefusal(row.item, 'toggle_flag', actor);
        if (refusal) throw new AppError(refusal.code, refusal.message);
        return {
          message: wanted ? 'Already flagged; nothing changed.' : 'Not flagged; nothing changed.',
          undo: null,
        };
      }
      const outcome = await applyItemAction(tx, row, { action: { type: 'toggle_flag' }, actor, now });
      return { message: null, undo: await itemTarget(tx, row, outcome) };
    }
    case 'note':
      await applyItemAction(tx, row, { action: { type: 'add_note', body: input.body ?? '' }, actor, now });
      return { message: null, undo: null };
  }
}

/**
 * Runs a bulk action. An assignee who is not an active orderer refuses the whole call (422, nothing changed):
 * it is the request that is wrong, not any one item. `onUnexpected` hears of a failure that is not a refusal
 * (the database gone, a bug); that item is reported refused and the rest still run, so the caller learns
 * exactly which items were done and can retry only the others. An assign, flag or unflag that changed items
 * answers an offer to take back all of them at once (docs/decisions/undo.md).
 */
export async function runBulkAction(
  db: Db,
  input: BulkInput,
  actor: StaffActor,
  {
    now = new Date(),
    onUnexpected,
  }: { now?: Date; onUnexpected?: (error: unknown, id: number) => void } = {},
): Promise<BulkUndoableResponse> {
  // Assigning is for administrators: an orderer's call is refused whole (403), as a single assign is, rather
  // than answered 200 with every item refused.
  if (input.action === 'assign' && !(actor.kind === 'user' && actor.role === 'admin'))
    throw forbidden('Only an administrator may assign items.');
  if (input.action === 'assign') await requireOrderer(db, input.orderer_id as number);
  // Locking in id order keeps two bulk calls over the same items (or a bulk and an assign) from deadlocking.
  const ids = [...new Set(input.order_item_ids)].sort((a, b) => a - b);
  const results: BulkResult[] = [];
  const changed: UndoTarget[] = [];
  for (const id of ids) {
    let ref: string | null = null;
    try {
      const step = await transaction(db, async (tx) => {
        const row = await lockOrderItem(tx, id);
        ref = row.item.ref;
        return applyBulkStep(tx, row, input, actor, now);
      });
      if (step.undo) changed.push(step.undo);
      results.push({ id, ref, status: 'done', message: step.message });
    } catch (error) {
      if (!(error instanceof AppError)) onUnexpected?.(error, id);
      const message = error instanceof AppError ? error.message : UNEXPECTED_FAILURE;
      results.push({ id, ref, status: 'refused', message });
    }
  }
  const done = results.filter((r) => r.status === 'done').length;
  const undo =
    changed.length === 0 || input.action === 'note'
      ? null
      : await offerUndo(db, {
          userId: actor.id,
          kind: input.action === 'assign' ? 'assign' : 'flag',
          targets: changed,
          // The window starts when the answer goes, not when the call came: 500 items take a while.
          now: new Date(),
        });
  return { results, done, refused: results.length - done, undo };
}
