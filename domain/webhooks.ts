/**
 * What the shops are told of a workflow action (issue 48): the webhook events an accepted outcome sends, in
 * the order a receiver gets them. Pure: the server writes them in the action's transaction
 * (server/services/webhooks/events.ts), so an event is sent exactly when its change committed.
 */
import { orderableUpdateToWire } from './contract/order-item';
import type { WebhookEvent } from './contract/webhooks';
import type { Outcome, WorkflowAction, WorkItem } from './workflow/types';

/** The storefront calls an event points the shop to (docs/storefront.md). */
export const storefrontPaths = {
  updateConfirmed: (itemRef: string) =>
    `/api/v1/storefront/order_items/${encodeURIComponent(itemRef)}/update_confirmed.json`,
  upload: (itemRef: string) =>
    `/api/v1/storefront/order_items/${encodeURIComponent(itemRef)}/attachments.json`,
};

/** The webhook events of an accepted action on `item` (as it was before), of the order `orderRef`. */
/** What wrote an outcome: a workflow action, or the undo of one (docs/decisions/undo.md). */
export type OutcomeCause = WorkflowAction | { type: 'undo' };

export function webhookEventsOf(
  item: Pick<WorkItem, 'ref' | 'currentState' | 'netValue'>,
  orderRef: string,
  action: OutcomeCause,
  outcome: Outcome,
): WebhookEvent[] {
  const refs = { order_ref: orderRef, order_item_ref: item.ref };
  const events: WebhookEvent[] = [];
  const { patch } = outcome;
  const netValue = patch.netValue ?? item.netValue;
  const to = patch.currentState;
  if (to !== undefined && to !== item.currentState) {
    events.push({
      type: 'order_item.state_changed',
      data: { ...refs, from_state: item.currentState, to_state: to, action: action.type },
    });
  }
  if (to === 'cancelled' && item.currentState !== 'cancelled' && action.type === 'cancel_refund') {
    events.push({
      type: 'order_item.cancelled',
      data: {
        ...refs,
        reason: action.reason,
        refunded_in_pence: outcome.refunds.reduce((sum, r) => sum + r.amount, 0),
        net_value_in_pence: netValue,
      },
    });
  }
  for (const refund of outcome.refunds) {
    events.push({
      type: 'order_item.refunded',
      data: {
        ...refs,
        amount_in_pence: refund.amount,
        refund_action: refund.action,
        reason: refund.reason,
        net_value_in_pence: netValue,
      },
    });
  }
  const pending = patch.pendingUpdate;
  if (action.type === 'request_update' && pending) {
    const difference = pending.differenceInPence;
    events.push({
      type: 'order_item.update_requested',
      data: {
        ...refs,
        kind: difference > 0 ? 'payment_required' : 'approval_required',
        amount_in_pence: Math.abs(difference),
        changes: orderableUpdateToWire(pending.attributes),
        new_subtotal_in_pence: pending.newTotalInPence,
        confirm: { method: 'POST', path: storefrontPaths.updateConfirmed(item.ref) },
      },
    });
  }
  if (outcome.despatch) {
    const d = outcome.despatch;
    events.push({
      type: 'order_item.despatched',
      data: {
        ...refs,
        despatched_on: d.despatchedOn,
        carrier: d.carrier,
        service: d.service,
        tracking_reference: d.reference,
      },
    });
  }
  if (action.type === 'reject_documents') {
    events.push({
      type: 'order_item.documents_rejected',
      data: {
        ...refs,
        feedback: outcome.comments.find((c) => c.kind === 'review')?.body ?? action.notes.trim(),
        upload: { method: 'POST', path: storefrontPaths.upload(item.ref) },
      },
    });
  }
  return events;
}
