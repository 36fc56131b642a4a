/**
 * Walks the state machine from every product line's unassigned item, trying every action with typical
 * inputs, and lists the transitions it finds. The workflow diagram is drawn from this walk, so the picture
 * is whatever decide() actually does and cannot drift from it.
 */
import { priceOf } from '../pricing';
import type { OrderItemState } from '../states';
import { applyPatch, decide } from './decide';
import { priceContextOf } from './modify-order';
import type { ActionType, Actor, WorkflowAction, WorkItem, WorkOrderable } from './types';

/** One transition found: from a state, by an action, to a different state. */
export interface Transition {
  from: OrderItemState;
  action: ActionType;
  to: OrderItemState;
}

const ADMIN: Actor = { kind: 'user', id: 1, role: 'admin' };
const SYSTEM: Actor = { kind: 'system' };

function startItem(
  orderableType: WorkItem['orderableType'],
  orderable: Partial<WorkOrderable>,
  deliveryRegion: WorkItem['deliveryRegion'] = 'UK',
): WorkItem {
  const base: WorkOrderable = {
    type: orderableType === 'Translation' ? 'CertifiedTranslation' : null,
    serviceLevel: orderableType === 'Translation' ? '0' : 'standard',
    pages: 1,
    copies: 2,
    apostilleCopies: 0,
    apostilleCountry: null,
    scanSend: false,
    despatchBy: 'standard',
    subtotalInPence: 0,
    documentsByPost: false,
    ...orderable,
  };
  const item: WorkItem = {
    id: 1,
    ref: '1-1',
    type: orderableType,
    orderableType,
    currentState: 'unassigned',
    userId: null,
    isEscalated: false,
    isOnHold: false,
    waitingCustomerResponse: false,
    flagged: false,
    netValue: 0,
    position: 1,
    approved: false,
    isReorder: false,
    stateBeforeEscalation: null,
    stateBeforeUpdate: null,
    pendingUpdate: null,
    fcoBatchId: null,
    originalReceivedOn: null,
    nextReminderAt: null,
    onHoldUntil: null,
    deliveryRegion,
    groDestination: null,
    orderable: base,
    attachments: [{ id: 1, selected: true, approved: true }],
  };
  // Priced as the storefront would, so a same-price Modify Order really costs the same.
  const subtotal = priceOf(base, priceContextOf(item));
  return { ...item, netValue: subtotal, orderable: { ...base, subtotalInPence: subtotal } };
}

/** One item per product line and path shape. */
export const START_ITEMS: readonly WorkItem[] = [
  startItem('Certificate', {}),
  startItem('Certificate', { apostilleCopies: 1, scanSend: true }),
  startItem('Certificate', { scanSend: true }),
  startItem('DivorceCertificate', {}),
  startItem('Translation', {}),
  startItem('Translation', { documentsByPost: true }),
  startItem('AdultDeedPoll', {}),
];

/** Typical inputs for every action (several for the ones whose input decides where they go). */
function candidateActions(item: WorkItem): [WorkflowAction, Actor][] {
  const staff = (a: WorkflowAction): [WorkflowAction, Actor] => [a, ADMIN];
  const system = (a: WorkflowAction): [WorkflowAction, Actor] => [a, SYSTEM];
  const gro = (destination: string): WorkflowAction => ({
    type: 'gro_order_placed',
    reference: 'GRO',
    data: null,
    destination,
    service: 'standard',
    cost: null,
  });
  const cancel = (action: 'cancel' | 'partial' | 'full' | 'refund_only'): WorkflowAction => ({
    type: 'cancel_refund',
    action,
    reason: 'customer_request',
    amount: 1,
    notes: null,
  });
  return [
    staff({ type: 'assign', ordererId: item.userId === 2 ? 3 : 2 }),
    staff(gro('office_orders')),
    staff(gro('customer')),
    staff({ type: 'received_from_gro' }),
    staff({ type: 'gro_communication', message: 'GRO', refundAmount: 0 }),
    staff({ type: 'gro_communication', message: 'GRO', refundAmount: 925 }),
    staff({ type: 'ips_submitted', notes: 'IPS' }),
    staff({ type: 'reorder_required', notes: 'Reorder' }),
    staff({ type: 'ips_confirmed' }),
    staff({ type: 'add_to_fco_batch', batchId: 1 }),
    staff({ type: 'fco_batch_despatched' }),
    staff({ type: 'fco_batch_received' }),
    staff({ type: 'approve_scan_send' }),
    staff({
      type: 'despatch',
      despatchedOn: null,
      carrier: 'royal_mail',
      service: 'first_class',
      cost: null,
      reference: null,
    }),
    staff({ type: 'received_from_customer' }),
    staff({ type: 'approve_documents' }),
    staff({ type: 'reject_documents', notes: 'Blurred' }),
    system({ type: 'customer_upload' }),
    staff({ type: 'send_for_translation', notes: null, despatchTo: 'office_orders' }),
    staff({ type: 'translation_received' }),
    staff({ type: 'translation_complete' }),
    staff({ type: 'escalate', message: 'Problem' }),
    staff({ type: 'contact_customer', body: 'Question', responseRequired: true }),
    system({ type: 'customer_reply' }),
    staff({ type: 'postpone_notification' }),
    system({ type: 'postponement_ended' }),
    system({ type: 'reminder_due' }),
    staff({ type: 'return_to_orderer', message: 'Back to you' }),
    staff(cancel('cancel')),
    staff(cancel('partial')),
    staff(cancel('full')),
    staff(cancel('refund_only')),
    staff({ type: 'request_update', attributes: { copies: 3 } }),
    staff({ type: 'request_update', attributes: { copies: 1 } }),
    system({ type: 'confirm_update' }),
    staff({ type: 'withdraw_update' }),
  ];
}

// What makes two items behave differently for the walk (not their money or notes).
function configurationKey(item: WorkItem): string {
  return JSON.stringify([
    item.orderableType,
    item.orderable.apostilleCopies,
    item.orderable.scanSend,
    item.orderable.documentsByPost,
    item.currentState,
    item.userId === null,
    item.isEscalated,
    item.isOnHold,
    item.waitingCustomerResponse,
    item.isReorder,
    item.netValue > 0,
    item.stateBeforeEscalation,
    item.stateBeforeUpdate,
    item.pendingUpdate === null ? 0 : Math.sign(item.pendingUpdate.differenceInPence),
    item.groDestination,
  ]);
}

/** Every distinct transition reachable from the start items, sorted by from, action and to. */
export function exploreTransitions(starts: readonly WorkItem[] = START_ITEMS, limit = 50_000): Transition[] {
  const now = new Date('2026-01-01T12:00:00Z');
  const seen = new Set<string>();
  const found = new Map<string, Transition>();
  const queue = [...starts];
  for (let i = 0; i < queue.length && seen.size < limit; i++) {
    const item = queue[i] as WorkItem;
    const key = configurationKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const [action, actor] of candidateActions(item)) {
      const decision = decide(item, action, actor, now);
      if (!decision.ok) continue;
      let next = applyPatch(item, decision);
      // The GRO destination lives on the GRO order row, which the server writes alongside the patch.
      if (decision.groOrder) next = { ...next, groDestination: decision.groOrder.destination };
      if (next.currentState !== item.currentState) {
        const t = { from: item.currentState, action: action.type, to: next.currentState };
        found.set(`${t.from} ${t.action} ${t.to}`, t);
      }
      if (!seen.has(configurationKey(next))) queue.push(next);
    }
  }
  return [...found.values()].sort(
    (a, b) => a.from.localeCompare(b.from) || a.action.localeCompare(b.action) || a.to.localeCompare(b.to),
  );
}
