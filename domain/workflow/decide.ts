/** The state machine's one entry point: who may do what, then the transition itself. */

import { isNormalState } from '../states';
import { assign } from './assignment';
import {
  addToFcoBatch,
  approveScanSend,
  despatch,
  fcoBatchDespatched,
  fcoBatchReceived,
  groCommunication,
  ipsConfirmed,
  ipsSubmitted,
  placeGroOrder,
  receivedFromGro,
  reorderRequired,
} from './certificate';
import {
  approveDocuments,
  customerUpload,
  receivedFromCustomer,
  rejectDocuments,
  sendForTranslation,
  translationComplete,
  translationReceived,
} from './documents';
import {
  cancelRefund,
  contactCustomer,
  customerReply,
  escalate,
  postponementEnded,
  postponeNotification,
  reminderDue,
  returnToOrderer,
} from './escalation';
import { confirmUpdate, requestUpdate, withdrawUpdate } from './modify-order';
import { addNote, originalReceived, toggleFlag } from './notes';
import { refuse } from './result';
import type { ActionType, Actor, Decision, Refusal, WorkflowAction, WorkItem } from './types';

/**
 * Who may take an action (PRODUCT.md section 3):
 * - workflow: admins on any item, orderers on items assigned to them;
 * - staff: any signed-in user (notes, flag, FCO batch steps — the server checks the batch holds their items);
 * - admin: admins only; system: storefront calls and scheduled jobs; admin_or_system: either;
 * - anyone: staff or system (a customer reply arrives by transfer or from the storefront).
 */
export type Permission = 'workflow' | 'staff' | 'admin' | 'system' | 'admin_or_system' | 'anyone';

export const ACTION_PERMISSIONS: Readonly<Record<ActionType, Permission>> = {
  assign: 'admin',
  gro_order_placed: 'workflow',
  received_from_gro: 'workflow',
  gro_communication: 'workflow',
  ips_submitted: 'workflow',
  reorder_required: 'workflow',
  ips_confirmed: 'workflow',
  add_to_fco_batch: 'workflow',
  fco_batch_despatched: 'staff',
  fco_batch_received: 'staff',
  approve_scan_send: 'workflow',
  despatch: 'workflow',
  received_from_customer: 'workflow',
  approve_documents: 'workflow',
  reject_documents: 'workflow',
  customer_upload: 'system',
  send_for_translation: 'workflow',
  translation_received: 'workflow',
  translation_complete: 'workflow',
  escalate: 'workflow',
  contact_customer: 'admin',
  customer_reply: 'anyone',
  postpone_notification: 'workflow',
  postponement_ended: 'system',
  reminder_due: 'system',
  return_to_orderer: 'admin',
  cancel_refund: 'admin',
  request_update: 'workflow',
  confirm_update: 'admin_or_system',
  withdraw_update: 'admin',
  add_note: 'staff',
  toggle_flag: 'staff',
  original_received: 'workflow',
};

/** The 403 refusal when this actor may not take this action on this item; null when allowed. */
export function permissionRefusal(
  item: Pick<WorkItem, 'userId'>,
  type: ActionType,
  actor: Actor,
): Refusal | null {
  const permission = ACTION_PERMISSIONS[type];
  if (permission === 'anyone') return null;
  if (actor.kind === 'system') {
    return permission === 'system' || permission === 'admin_or_system'
      ? null
      : refuse('forbidden', 'This action needs a signed-in member of staff.');
  }
  if (permission === 'system')
    return refuse('forbidden', 'Only the storefront or the scheduler may do this.');
  if (actor.role === 'admin' || permission === 'staff') return null;
  if (permission === 'admin' || permission === 'admin_or_system') {
    return refuse('forbidden', 'Only an administrator may do this.');
  }
  return item.userId === actor.id ? null : refuse('forbidden', 'This order item is not assigned to you.');
}

function transition(item: WorkItem, action: WorkflowAction, now: Date): Decision {
  switch (action.type) {
    case 'assign':
      return assign(item, action);
    case 'gro_order_placed':
      return placeGroOrder(item, action);
    case 'received_from_gro':
      return receivedFromGro(item, action);
    case 'gro_communication':
      return groCommunication(item, action);
    case 'ips_submitted':
      return ipsSubmitted(item, action);
    case 'reorder_required':
      return reorderRequired(item, action);
    case 'ips_confirmed':
      return ipsConfirmed(item, action);
    case 'add_to_fco_batch':
      return addToFcoBatch(item, action);
    case 'fco_batch_despatched':
      return fcoBatchDespatched(item, action);
    case 'fco_batch_received':
      return fcoBatchReceived(item, action);
    case 'approve_scan_send':
      return approveScanSend(item, action);
    case 'despatch':
      return despatch(item, action, now);
    case 'received_from_customer':
      return receivedFromCustomer(item, action);
    case 'approve_documents':
      return approveDocuments(item, action);
    case 'reject_documents':
      return rejectDocuments(item, action, now);
    case 'customer_upload':
      return customerUpload(item, action);
    case 'send_for_translation':
      return sendForTranslation(item, action);
    case 'translation_received':
      return translationReceived(item, action);
    case 'translation_complete':
      return translationComplete(item, action);
    case 'escalate':
      return escalate(item, action);
    case 'contact_customer':
      return contactCustomer(item, action, now);
    case 'customer_reply':
      return customerReply(item, action);
    case 'postpone_notification':
      return postponeNotification(item, action, now);
    case 'postponement_ended':
      return postponementEnded(item, action);
    case 'reminder_due':
      return reminderDue(item, action, now);
    case 'return_to_orderer':
      return returnToOrderer(item, action);
    case 'cancel_refund':
      return cancelRefund(item, action);
    case 'request_update':
      return requestUpdate(item, action, now);
    case 'confirm_update':
      return confirmUpdate(item, action);
    case 'withdraw_update':
      return withdrawUpdate(item, action);
    case 'add_note':
      return addNote(item, action);
    case 'toggle_flag':
      return toggleFlag(item, action);
    case 'original_received':
      return originalReceived(item, action, now);
  }
}

/** Actions of the escalation machinery and Modify Order requests, which manage the remembered states. */
const MANAGES_REMEMBERED_STATE: ReadonlySet<ActionType> = new Set<ActionType>([
  'escalate',
  'contact_customer',
  'customer_reply',
  'postpone_notification',
  'postponement_ended',
  'reminder_due',
  'return_to_orderer',
  'cancel_refund',
  'request_update',
]);

// Work may go on while an item is escalated in a state without a stage (the GRO refunds a waiting_gro item, a
// Modify Order is confirmed); returning the item must then come back to where the work is now.
function followWork(item: WorkItem, action: WorkflowAction, decision: Decision): Decision {
  if (!decision.ok || !item.isEscalated || MANAGES_REMEMBERED_STATE.has(action.type)) return decision;
  const to = decision.patch.currentState;
  if (to === undefined || to === item.currentState || !isNormalState(to)) return decision;
  return { ...decision, patch: { ...decision.patch, stateBeforeEscalation: to } };
}

/**
 * Decide an action on an item: a refusal (forbidden → 403, wrong_state → 409, invalid_input → 422) or the
 * outcome to write in one transaction. Pure: the item is never mutated and `now` is the only clock.
 */
export function decide(item: WorkItem, action: WorkflowAction, actor: Actor, now: Date): Decision {
  const refusal = permissionRefusal(item, action.type, actor);
  return refusal ?? followWork(item, action, transition(item, action, now));
}

/** The item with an outcome's patch applied, as the server will store it (for previews and tests). */
export function applyPatch(item: WorkItem, decision: Decision): WorkItem {
  if (!decision.ok) return item;
  const { orderable, ...fields } = decision.patch;
  return { ...item, ...fields, orderable: { ...item.orderable, ...orderable } };
}
