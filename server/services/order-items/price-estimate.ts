/** The Modify Order price-change estimate, computed by the same domain code that applies the change. */
import { planUpdate, updateErrors } from '../../../domain/workflow/modify-order';
import type { OrderableUpdate } from '../../../domain/workflow/types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { loadOrderItemForAction } from './read';
import { toWorkItem } from './run-action';

/** Prices a Modify Order request without changing anything. */
export async function estimatePriceChange(db: Db, key: string, update: OrderableUpdate) {
  const item = await toWorkItem(db, await loadOrderItemForAction(db, key), { siblings: true });
  const errors = updateErrors(item, update);
  if (Object.keys(errors).length > 0) {
    throw new AppError(
      'invalid_input',
      'Check the changes.',
      Object.entries(errors).map(([field, message]) => ({ field, message })),
    );
  }
  const plan = planUpdate(item, update);
  if (!('estimate' in plan)) throw new AppError(plan.code, plan.message);
  const { estimate } = plan;
  return {
    estimate: {
      current_in_pence: estimate.currentInPence,
      new_in_pence: estimate.newInPence,
      difference_in_pence: estimate.differenceInPence,
      other_items: plan.repriced.map((r) => ({
        ref: r.ref,
        current_in_pence: r.currentInPence,
        new_in_pence: r.newTotalInPence,
      })),
    },
  };
}
