/**
 * Modify Order: staff change what the customer bought. A change that costs the same applies at once; one that
 * costs more waits for the customer's payment, one that costs less for their approval (and then refunds).
 */
import { formatPence } from '../format';
import { isServiceLevelOf } from '../options';
import {
  DELIVERY_REGIONS,
  DESPATCH_BY,
  type DeliveryRegion,
  type PriceContext,
  type PriceEstimate,
  priceOf,
} from '../pricing';
import { isFinalState, productLine, TRANSLATION_TYPES, UPDATE_WAITING_STATES } from '../states';
import { accept, inReminderDays, notifyAssignee, refuse, wrongState } from './result';
import type {
  ActionOf,
  Decision,
  EmailIntent,
  ItemPatch,
  OrderablePatch,
  OrderableUpdate,
  Refusal,
  RepricedItem,
  WorkItem,
  WorkOrderable,
} from './types';

/** The pricing context of an item (in another delivery region when one is given). */
export function priceContextOf(item: WorkItem, region: DeliveryRegion = item.deliveryRegion): PriceContext {
  return { orderableType: item.orderableType, deliveryRegion: region, position: item.position };
}

/** The orderable attributes of a request: everything but the order's delivery region. */
export function orderablePart(update: OrderableUpdate): OrderablePatch {
  const { deliveryRegion: _region, ...rest } = update;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

/** The orderable with a Modify Order request's attributes applied. */
export function applyUpdate(orderable: WorkOrderable, update: OrderableUpdate): WorkOrderable {
  return { ...orderable, ...orderablePart(update) };
}

/** The item's type once a translation changes kind ("Sworn Translation"); unchanged otherwise. */
function itemTypeAfter(item: WorkItem, update: OrderableUpdate): string {
  return update.type ? update.type.replace(/Translation$/, ' Translation') : item.type;
}

/** A Modify Order request priced: this item's estimate plus the other items a region change reprices. */
export interface UpdatePlan {
  /** The whole difference: new totals minus current subtotals of this item and the repriced ones. */
  estimate: PriceEstimate;
  /** This item's new subtotal. */
  newTotalInPence: number;
  /** The region to set on the order, when it changes. */
  region: DeliveryRegion | null;
  repriced: RepricedItem[];
}

/**
 * Prices a Modify Order request. A delivery region belongs to the order, so a new region reprices the
 * order's other open items too and the customer pays (or gets back) the whole difference through this
 * request. Refused while another item of the order has a change waiting that this one would interfere with.
 */
export function planUpdate(item: WorkItem, update: OrderableUpdate): UpdatePlan | Refusal {
  const siblings = item.orderSiblings ?? [];
  const regionWaiting = siblings.find(
    (s) => UPDATE_WAITING_STATES.includes(s.currentState) && s.pendingUpdate?.attributes.deliveryRegion,
  );
  if (regionWaiting) {
    return wrongState(
      item,
      'request_update',
      `a delivery region change requested on ${regionWaiting.ref} is waiting for the customer`,
    );
  }
  const region =
    update.deliveryRegion !== undefined && update.deliveryRegion !== item.deliveryRegion
      ? update.deliveryRegion
      : null;
  const newTotalInPence = priceOf(
    applyUpdate(item.orderable, update),
    priceContextOf(item, region ?? undefined),
  );
  const repriced: RepricedItem[] = [];
  if (region) {
    for (const s of siblings) {
      // A finished item is not despatched again, so its price no longer depends on the region.
      if (isFinalState(s.currentState)) continue;
      const next = priceOf(s.orderable, {
        orderableType: s.orderableType,
        deliveryRegion: region,
        position: s.position,
      });
      if (next === s.orderable.subtotalInPence) continue;
      if (UPDATE_WAITING_STATES.includes(s.currentState)) {
        return wrongState(
          item,
          'request_update',
          `the new region changes the price of ${s.ref}, which has a change waiting for the customer`,
        );
      }
      repriced.push({
        id: s.id,
        ref: s.ref,
        currentInPence: s.orderable.subtotalInPence,
        newTotalInPence: next,
      });
    }
  }
  const currentInPence =
    item.orderable.subtotalInPence + repriced.reduce((sum, r) => sum + r.currentInPence, 0);
  const newInPence = newTotalInPence + repriced.reduce((sum, r) => sum + r.newTotalInPence, 0);
  return {
    estimate: { currentInPence, newInPence, differenceInPence: newInPence - currentInPence },
    newTotalInPence,
    region,
    repriced,
  };
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
  if (update.type !== undefined) {
    if (productLine(item.orderableType) !== 'translation') {
      errors.type = 'Only a translation changes kind.';
    } else if (!TRANSLATION_TYPES.includes(update.type)) {
      errors.type = 'Choose a kind of translation.';
    }
  }
  if (update.deliveryRegion !== undefined && !DELIVERY_REGIONS.includes(update.deliveryRegion)) {
    errors.delivery_region = 'Choose a delivery region.';
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
  const plan = planUpdate(item, action.attributes);
  if (!('estimate' in plan)) return plan;
  const { estimate, repriced } = plan;
  const difference = estimate.differenceInPence;
  const payload = {
    new_in_pence: plan.newTotalInPence,
    difference_in_pence: difference,
    ...(repriced.length > 0 ? { repriced: repriced.map((r) => r.ref) } : {}),
  };
  if (difference === 0) {
    return accept(
      item,
      action,
      {
        orderable: { ...orderablePart(action.attributes), subtotalInPence: plan.newTotalInPence },
        ...(action.attributes.type ? { type: itemTypeAfter(item, action.attributes) } : {}),
      },
      { payload, ...(plan.region ? { orderRegion: plan.region } : {}), repriced },
    );
  }
  const upgrade = difference > 0;
  const email: EmailIntent = upgrade
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
        attributes: plan.region
          ? action.attributes
          : Object.fromEntries(Object.entries(action.attributes).filter(([k]) => k !== 'deliveryRegion')),
        newTotalInPence: plan.newTotalInPence,
        differenceInPence: difference,
        requestedAt: now.toISOString(),
        ...(repriced.length > 0 ? { repriced } : {}),
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
      orderable: { ...orderablePart(update.attributes), subtotalInPence: update.newTotalInPence },
      ...(update.attributes.type ? { type: itemTypeAfter(item, update.attributes) } : {}),
    },
    {
      ...(update.attributes.deliveryRegion ? { orderRegion: update.attributes.deliveryRegion } : {}),
      repriced: update.repriced ?? [],
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
