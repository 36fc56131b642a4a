/** Display labels of PRODUCT.md section 6: what staff read in lists, badges and the order page. */
import {
  isEscalationState,
  isOnHoldState,
  isWaitingCustomerState,
  type NormalState,
  type OrderItemState,
} from './states';

/** SPEC.md's label for each state of the normal workflow. */
export const BASE_LABELS: Readonly<Record<NormalState, string>> = {
  unassigned: 'Unassigned',
  gro_order_required: 'GRO Order Reqd.',
  waiting_gro: 'Waiting GRO',
  apostille_required: 'Apostille Reqd.',
  fco_order_placed: 'Dispatch to FCO',
  waiting_fco: 'Waiting FCO',
  scan_send_required: 'Scan Send Reqd.',
  despatch_required: 'Dispatch Reqd.',
  gro_refunded: 'GRO Refunded',
  gro_refunded_response_received: 'GRO Refunded',
  waiting_ips: 'Waiting IPS Confirmation',
  waiting_delivery: 'Docs In Post From Customer',
  review_documents: 'Review Attachments',
  ready_for_translation: 'Ready for Translation',
  waiting_translation: 'Waiting Translation',
  order_complete: 'Complete',
  cancelled: 'Cancelled',
};

/** The fields of an item its label depends on. */
export interface LabelledItem {
  currentState: OrderItemState;
  isEscalated: boolean;
  isOnHold: boolean;
  waitingCustomerResponse: boolean;
}

/** The label of an item exactly as PRODUCT.md section 6's pseudo-code. */
export function stateLabel(item: LabelledItem): string {
  const state = item.currentState;
  // gro_refunded_response_received is a normal state, so it never reaches this branch.
  if (isEscalationState(state)) return 'Escalated';
  if (isOnHoldState(state)) return 'On Hold';
  if (isWaitingCustomerState(state)) return 'Waiting Customer';
  const base = item.waitingCustomerResponse ? 'Waiting Customer' : BASE_LABELS[state];
  if (item.isEscalated) return item.isOnHold ? `On Hold (${base})` : `Escalated (${base})`;
  return base;
}

/**
 * Text as the end of a sentence: a full stop added unless it ends with one already, so a label that is an
 * abbreviation ("Dispatch Reqd.") closes a sentence without a second one ("moves on to Dispatch Reqd.").
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
