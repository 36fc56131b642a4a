/**
 * Escalation: an orderer hands a problem to the admins, who talk to the customer, wait for a reply (with
 * reminders and postponements), then return the item, cancel it or refund it.
 */
import { formatPence } from '../format';
import { CANCEL_REASONS } from '../options';
import {
  type CustomerStage,
  isEscalationState,
  isNormalState,
  isOnHoldState,
  isWaitingCustomerState,
  type NormalState,
  type OrderItemState,
  onHoldVariant,
  UPDATE_WAITING_STATES,
  waitingVariant,
} from '../states';
import { accept, inReminderDays, invalid, notifyAssignee, text, wrongState } from './result';
import type { ActionOf, Decision, ItemPatch, WorkItem } from './types';

/**
 * The escalation stage of each normal state (PRODUCT.md section 5); null when it has none. Typed over every
 * normal state, so a new one fails to compile until its stage is decided.
 */
const STAGE_OF_NORMAL_STATE: Readonly<
  Record<NormalState, CustomerStage | null | ((item: Pick<WorkItem, 'isReorder'>) => CustomerStage)>
> = {
  unassigned: null,
  gro_order_required: (item) => (item.isReorder ? 'gro_reorder' : 'gro_order'),
  waiting_gro: null,
  apostille_required: 'apostille',
  fco_order_placed: null,
  waiting_fco: null,
  scan_send_required: 'scan_send',
  despatch_required: 'despatch',
  gro_refunded: 'gro_refunded',
  gro_refunded_response_received: null,
  waiting_ips: null,
  waiting_delivery: null,
  review_documents: null,
  ready_for_translation: null,
  waiting_translation: null,
  order_complete: null,
  cancelled: null,
};

/** The escalation stage of a state (PRODUCT.md section 5); null when the state has none. */
export function escalationStage(item: Pick<WorkItem, 'currentState' | 'isReorder'>): CustomerStage | null {
  if (!isNormalState(item.currentState)) return null;
  const stage = STAGE_OF_NORMAL_STATE[item.currentState];
  return typeof stage === 'function' ? stage(item) : stage;
}

const stageOfState: ReadonlyMap<OrderItemState, CustomerStage> = new Map<OrderItemState, CustomerStage>([
  ['gro_order_escalation', 'gro_order'],
  ['gro_order_response_received', 'gro_order'],
  ['gro_reorder_escalation', 'gro_reorder'],
  ['gro_reorder_response_received', 'gro_reorder'],
  ['apostille_escalation', 'apostille'],
  ['apostille_response_received', 'apostille'],
  ['scan_send_escalation', 'scan_send'],
  ['scan_send_response_received', 'scan_send'],
  ['despatch_escalation', 'despatch'],
  ['despatch_response_received', 'despatch'],
  ['gro_refunded', 'gro_refunded'],
  ['gro_refunded_response_received', 'gro_refunded'],
]);

const waitingOfStage: Readonly<Record<CustomerStage, OrderItemState>> = {
  gro_order: 'waiting_gro_order_response',
  gro_reorder: 'waiting_gro_reorder_response',
  apostille: 'waiting_apostille_response',
  scan_send: 'waiting_scan_send_response',
  despatch: 'waiting_despatch_response',
  gro_refunded: 'waiting_gro_refunded_response',
};

const receivedOfWaiting: ReadonlyMap<OrderItemState, OrderItemState> = new Map<
  OrderItemState,
  OrderItemState
>([
  ['waiting_gro_order_response', 'gro_order_response_received'],
  ['waiting_gro_reorder_response', 'gro_reorder_response_received'],
  ['waiting_apostille_response', 'apostille_response_received'],
  ['waiting_scan_send_response', 'scan_send_response_received'],
  ['waiting_despatch_response', 'despatch_response_received'],
  ['waiting_gro_refunded_response', 'gro_refunded_response_received'],
]);

/** Whether the business is waiting for the customer (a flag, a waiting state or its on-hold variant). */
export function isWaitingForCustomer(item: WorkItem): boolean {
  const s = item.currentState;
  return item.waitingCustomerResponse || isWaitingCustomerState(s) || isOnHoldState(s);
}

/** Whether the customer's reminders are postponed. */
export function isHeld(item: WorkItem): boolean {
  return item.isOnHold || isOnHoldState(item.currentState);
}

/** The state without its on_hold_ prefix. */
function unheld(state: OrderItemState): OrderItemState {
  return isOnHoldState(state) ? waitingVariant(state) : state;
}

/** escalate: remember the state, raise the flag and move into the stage's escalation state if it has one. */
export function escalate(item: WorkItem, action: ActionOf<'escalate'>): Decision {
  if (item.userId === null) return wrongState(item, action.type, 'the item is not assigned');
  if (item.isEscalated) return wrongState(item, action.type, 'the item is already escalated');
  const message = text(action.message);
  if (!message) return invalid('message', 'Check you provided a message.');
  const stage = escalationStage(item);
  const currentState: OrderItemState =
    stage === null || stage === 'gro_refunded' ? item.currentState : (`${stage}_escalation` as const);
  return accept(
    item,
    action,
    { isEscalated: true, stateBeforeEscalation: item.currentState, currentState },
    {
      comments: [{ kind: 'escalation', body: message }],
      notifications: [
        { to: 'admins', kind: 'escalated', message: `Order item ${item.ref} was escalated: ${message}` },
      ],
    },
  );
}

/** The state a response-required contact moves to: the stage's waiting state, or off hold. */
function contactedState(item: WorkItem): OrderItemState {
  const stage = stageOfState.get(item.currentState);
  if (stage) return waitingOfStage[stage];
  return unheld(item.currentState);
}

/** contact_customer: e-mail the customer; when a reply is needed, wait for it with weekly reminders. */
export function contactCustomer(item: WorkItem, action: ActionOf<'contact_customer'>, now: Date): Decision {
  if (!item.isEscalated) return wrongState(item, action.type, 'the item is not escalated');
  const body = text(action.body);
  if (!body) return invalid('body', 'Enter a message to the customer.');
  const patch: ItemPatch = action.responseRequired
    ? {
        currentState: contactedState(item),
        waitingCustomerResponse: true,
        isOnHold: false,
        onHoldUntil: null,
        nextReminderAt: inReminderDays(now),
      }
    : {};
  return accept(item, action, patch, {
    emails: [{ kind: 'customer_contact', subject: `About your order ${item.ref}`, text: body }],
    comments: [{ kind: 'customer_contact', body }],
  });
}

/** customer_reply: the customer answered; stop waiting and tell the assignee. Never refused. */
export function customerReply(item: WorkItem, action: ActionOf<'customer_reply'>): Decision {
  const notification = notifyAssignee(item, 'customer_reply', `The customer replied about ${item.ref}.`);
  if (!isWaitingForCustomer(item)) return accept(item, action, {}, { notifications: [notification] });
  const state = unheld(item.currentState);
  // A Modify Order request still waits for payment or approval, so its reminders go on.
  const stillWaiting = UPDATE_WAITING_STATES.includes(state);
  return accept(
    item,
    action,
    {
      currentState: receivedOfWaiting.get(state) ?? state,
      waitingCustomerResponse: false,
      isOnHold: false,
      onHoldUntil: null,
      ...(stillWaiting ? {} : { nextReminderAt: null }),
    },
    { notifications: [notification] },
  );
}

/** postpone_notification: hold the item and postpone the reminder by a week. */
export function postponeNotification(
  item: WorkItem,
  action: ActionOf<'postpone_notification'>,
  now: Date,
): Decision {
  if (!isWaitingForCustomer(item))
    return wrongState(item, action.type, 'the customer is not being waited on');
  if (isHeld(item)) return wrongState(item, action.type, 'the reminder is already postponed');
  const s = item.currentState;
  return accept(item, action, {
    isOnHold: true,
    onHoldUntil: inReminderDays(now),
    nextReminderAt: inReminderDays(now),
    currentState: isWaitingCustomerState(s) ? onHoldVariant(s) : s,
  });
}

/** (scheduled) the postponement ended: off hold, back to the waiting state; reminders resume. */
export function postponementEnded(item: WorkItem, action: ActionOf<'postponement_ended'>): Decision {
  if (!isHeld(item)) return wrongState(item, action.type, 'the item is not on hold');
  return accept(item, action, {
    isOnHold: false,
    onHoldUntil: null,
    currentState: unheld(item.currentState),
  });
}

function reminderText(item: WorkItem): string {
  const pending = item.pendingUpdate;
  if (item.currentState === 'waiting_upgrade_payment' && pending) {
    return `Your change to order ${item.ref} costs ${formatPence(pending.differenceInPence)} more. Please pay the difference so that we can go ahead.`;
  }
  if (item.currentState === 'waiting_downgrade_approval' && pending) {
    return `Please approve the change to order ${item.ref}; we will refund ${formatPence(-pending.differenceInPence)}.`;
  }
  return `We are still waiting for your reply about order ${item.ref}. Please get in touch so that we can go ahead.`;
}

/** (scheduled) reminder: e-mail a waiting customer who is not on hold, and schedule the next one. */
export function reminderDue(item: WorkItem, action: ActionOf<'reminder_due'>, now: Date): Decision {
  if (!isWaitingForCustomer(item) || isHeld(item)) {
    return wrongState(item, action.type, 'no reminder is due for this item');
  }
  return accept(
    item,
    action,
    { nextReminderAt: inReminderDays(now) },
    {
      emails: [
        { kind: 'reminder', subject: `Reminder about your order ${item.ref}`, text: reminderText(item) },
      ],
    },
  );
}

/** States that an escalation or its customer contact put the item in, undone by return_to_orderer. */
function isEscalationDerived(state: OrderItemState): boolean {
  if (isEscalationState(state)) return true;
  return receivedOfWaiting.has(unheld(state));
}

/** return_to_orderer: clear the flags and go back to the state before the escalation. */
export function returnToOrderer(item: WorkItem, action: ActionOf<'return_to_orderer'>): Decision {
  if (!item.isEscalated) return wrongState(item, action.type, 'the item is not escalated');
  const message = text(action.message);
  if (!message) return invalid('message', 'Enter a message for the orderer.');
  const before = item.stateBeforeEscalation ?? item.currentState;
  const patch: ItemPatch = {
    isEscalated: false,
    waitingCustomerResponse: false,
    isOnHold: false,
    onHoldUntil: null,
    stateBeforeEscalation: null,
  };
  if (UPDATE_WAITING_STATES.includes(item.currentState)) {
    // A Modify Order request still awaits the customer: keep it, but let it restore the pre-escalation state.
    patch.currentState = unheld(item.currentState);
    if (item.stateBeforeUpdate && isEscalationDerived(item.stateBeforeUpdate))
      patch.stateBeforeUpdate = before;
  } else {
    patch.nextReminderAt = null;
    // gro_refunded_response_received stays: the customer's answer is what the orderer works from next.
    if (isEscalationDerived(item.currentState) && item.currentState !== 'gro_refunded_response_received') {
      patch.currentState = before;
    }
  }
  return accept(item, action, patch, {
    comments: [{ kind: 'return_to_orderer', body: message }],
    notifications: [
      notifyAssignee(item, 'returned', `Order item ${item.ref} was returned to you: ${message}`),
    ],
  });
}

/** The refund a cancel/refund action makes, or a refusal when the amount breaks its rule. */
function refundAmount(item: WorkItem, action: ActionOf<'cancel_refund'>): number | Decision {
  const amount = action.amount;
  switch (action.action) {
    case 'cancel':
      return 0;
    case 'full':
      return item.netValue;
    case 'partial':
      if (amount === null || !Number.isSafeInteger(amount) || amount <= 0 || amount >= item.netValue) {
        return invalid('amount', `Enter an amount above £0.00 and below ${formatPence(item.netValue)}.`);
      }
      return amount;
    case 'refund_only':
      if (amount === null || !Number.isSafeInteger(amount) || amount <= 0 || amount > item.netValue) {
        return invalid('amount', `Enter an amount above £0.00 and up to ${formatPence(item.netValue)}.`);
      }
      return amount;
  }
}

/** The cancel/refund actions an escalated item offers: only refund_only once it is cancelled or complete. */
export function cancelRefundActions(
  item: Pick<WorkItem, 'currentState'>,
): ActionOf<'cancel_refund'>['action'][] {
  return item.currentState === 'cancelled' || item.currentState === 'order_complete'
    ? ['refund_only']
    : ['cancel', 'partial', 'full', 'refund_only'];
}

/** cancel_refund: cancel (with no, part or full refund) or refund only; every refund lowers net_value. */
export function cancelRefund(item: WorkItem, action: ActionOf<'cancel_refund'>): Decision {
  if (!item.isEscalated) return wrongState(item, action.type, 'the item is not escalated');
  if (item.netValue <= 0) return wrongState(item, action.type, 'nothing is left to refund');
  if (!cancelRefundActions(item).includes(action.action)) {
    return wrongState(item, action.type, 'a cancelled or complete item can only be refunded');
  }
  if (!CANCEL_REASONS.some((r) => r.value === action.reason)) return invalid('reason', 'Choose a reason.');
  const amount = refundAmount(item, action);
  if (typeof amount !== 'number') return amount;
  const notes = text(action.notes);
  const refunds = amount > 0 ? [{ action: action.action, amount, reason: action.reason, notes }] : [];
  const refunded = amount > 0 ? ` We have refunded ${formatPence(amount)} to you.` : '';
  if (action.action === 'refund_only') {
    return accept(
      item,
      action,
      { netValue: item.netValue - amount },
      {
        refunds,
        emails: [{ kind: 'refund', subject: `Refund for your order ${item.ref}`, text: refunded.trim() }],
      },
    );
  }
  // A cancellation ends the item's work: any wait and any pending Modify Order end with it. The escalation
  // stays (PRODUCT.md section 5: an escalated cancelled item offers refund_only), so an admin can still refund
  // more without escalating again; return_to_orderer clears it and leaves the item cancelled.
  return accept(
    item,
    action,
    {
      currentState: 'cancelled',
      netValue: item.netValue - amount,
      waitingCustomerResponse: false,
      isOnHold: false,
      onHoldUntil: null,
      nextReminderAt: null,
      stateBeforeEscalation: null,
      stateBeforeUpdate: null,
      pendingUpdate: null,
    },
    {
      refunds,
      emails: [
        {
          kind: 'cancelled',
          subject: `Your order ${item.ref} has been cancelled`,
          text: `We have cancelled order ${item.ref}.${refunded}`,
        },
      ],
    },
  );
}
