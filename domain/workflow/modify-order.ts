/**
 * Modify Order: staff change what the customer bought. A change that costs the same applies at once; one that
 * costs more waits for the customer's payment, one that costs less for their approval (and then refunds).
 */
import { formatPence } from '../format';
import { isServiceLevelOf } from '../options';
import { DESPATCH_BY, type PriceContext, priceEstimate } from '../pricing';
import { productLine, UPDATE_WAITING_STATES } from '../states';
import { accept, inReminderDays, notifyAssignee, refuse, wrongState } from './result';
import type { ActionOf, Decision, ItemPatch, OrderableUpdate, WorkItem, WorkOrderable } from './types';

/** The pricing context of an item. */
export function priceContextOf(item: WorkItem): PriceContext {
  return { orderableType: item.orderableType, deliveryRegion: item.deliveryRegion, position: item.position };
}

/** The orderable with a Modify Order request's attributes applied. */
export function applyUpdate(orderable: WorkOrderable, update: OrderableUpdate): WorkOrderable {
  const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
  return { ...orderable, ...defined };
}

const isCount = (n: number | undefined, min: number) =>
  n === undefined || (Number.isSafeInteger(n) && n >= min);

/** Field errors of a Modify Order request for this item's product line (wire names). */
export function updateErrors(item: WorkItem, update: OrderableUpdate): Record<string, string> {
  const errors: Record<string, string> = {};
  if (
    update.serviceLevel !== undefined &&
    !isServiceLevelOf(productLine(item.orderableType), update.serviceLevel)
  ) {
    errors.service_level = 'Choose a service level this product offers.';
  }
  if (!isCount(update.copies, 1)) errors.copies = 'Enter at least 1 copy.';
  if (!isCount(update.pages, 1)) errors.pages = 'Enter at least 1 page.';
  if (!isCount(update.apostilleCopies, 0)) errors.apostille_copies = 'Enter 0 or more apostille copies.';
  if (update.despatchBy !== undefined && !DESPATCH_BY.includes(update.despatchBy)) {
    errors.despatch_by = 'Choose a despatch option.';
  }
  return errors;
}

/** request_update: price the change; apply it now, or wait for the customer's payment or approval. */
export function requestUpdate(item: WorkItem, action: ActionOf<'request_update'>, now: Date): Decision {
  if (UPDATE_WAITING_STATES.includes(item.currentState)) {
    return wrongState(item, action.type, 'a change is already waiting for the customer');
  }
  if (item.currentState === 'cancelled') return wrongState(item, action.type);
  const errors = updateErrors(item, action.attributes);
  if (Object.keys(errors).length > 0) return refuse('invalid_input', 'Check the changes.', errors);
  const updated = applyUpdate(item.orderable, action.attributes);
  const estimate = priceEstimate(item.orderable.subtotalInPence, updated, priceContextOf(item));
  const difference = estimate.differenceInPence;
  const payload = { new_in_pence: estimate.newInPence, difference_in_pence: difference };
  if (difference === 0) {
    return accept(
      item,
      action,
      { orderable: { ...action.attributes, subtotalInPence: estimate.newInPence } },
      { payload },
    );
  }
  const upgrade = difference > 0;
  const email = upgrade
    ? {
        kind: 'upgrade_payment_request',
        subject: `Please pay for the change to your order ${item.ref}`,
        text: `We have changed order ${item.ref} as requested. The change costs ${formatPence(difference)} more; please pay the difference so that we can go ahead.`,
      }
    : {
        kind: 'downgrade_approval_request',
        subject: `Please approve the change to your order ${item.ref}`,
        text: `We propose to change order ${item.ref}. The change costs ${formatPence(-difference)} less, which we will refund once you approve it.`,
      };
  return accept(
    item,
    action,
    {
      currentState: upgrade ? 'waiting_upgrade_payment' : 'waiting_downgrade_approval',
      stateBeforeUpdate: item.currentState,
      pendingUpdate: {
        attributes: action.attributes,
        newTotalInPence: estimate.newInPence,
        differenceInPence: difference,
        requestedAt: now.toISOString(),
      },
      nextReminderAt: inReminderDays(now),
    },
    { emails: [email], payload },
  );
}

// The pending request and the state to return to, or null when no request is waiting.
function pendingOf(item: WorkItem) {
  if (!UPDATE_WAITING_STATES.includes(item.currentState)) return null;
  if (!item.pendingUpdate || !item.stateBeforeUpdate) return null;
  return { update: item.pendingUpdate, restore: item.stateBeforeUpdate };
}

// Leaving the waiting state: back to the remembered state, reminders only if the customer is still awaited.
function restorePatch(item: WorkItem, restore: WorkItem['currentState']): ItemPatch {
  return {
    currentState: restore,
    stateBeforeUpdate: null,
    pendingUpdate: null,
    isOnHold: false,
    onHoldUntil: null,
    ...(item.waitingCustomerResponse ? {} : { nextReminderAt: null }),
  };
}

/** confirm_update: the customer paid or approved; apply the change, restore the state, refund a downgrade. */
export function confirmUpdate(item: WorkItem, action: ActionOf<'confirm_update'>): Decision {
  const pending = pendingOf(item);
  if (!pending) return wrongState(item, action.type, 'no change is waiting for the customer');
  const { update, restore } = pending;
  const difference = update.differenceInPence;
  // An upgrade is paid on top of what the customer paid; a downgrade refunds at most what is left.
  const refund = difference < 0 ? Math.min(-difference, item.netValue) : 0;
  const netValue = difference > 0 ? item.netValue + difference : item.netValue - refund;
  return accept(
    item,
    action,
    {
      ...restorePatch(item, restore),
      netValue,
      orderable: { ...update.attributes, subtotalInPence: update.newTotalInPence },
    },
    {
      refunds:
        refund > 0 ? [{ action: 'downgrade', amount: refund, reason: 'service_downgrade', notes: null }] : [],
      notifications: [
        notifyAssignee(item, 'update_confirmed', `The customer confirmed the change to ${item.ref}.`),
      ],
      payload: { difference_in_pence: difference, refund_in_pence: refund },
    },
  );
}

/** withdraw_update: an admin drops the request; the item returns to where it was. */
export function withdrawUpdate(item: WorkItem, action: ActionOf<'withdraw_update'>): Decision {
  const pending = pendingOf(item);
  if (!pending) return wrongState(item, action.type, 'no change is waiting for the customer');
  return accept(item, action, restorePatch(item, pending.restore), {
    emails: [
      {
        kind: 'update_withdrawn',
        subject: `Change to your order ${item.ref} withdrawn`,
        text: `The change we proposed to order ${item.ref} has been withdrawn; your order goes ahead as placed.`,
      },
    ],
  });
}
