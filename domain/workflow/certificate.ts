/** The certificate path: GRO order, GRO replies, IPS/reorder, FCO apostille batches, scan-send, despatch. */
import { formatDate, londonToday } from '../format';
import { DIRECT_TO_CUSTOMER, GRO_DESTINATIONS } from '../options';
import { CARRIERS, defaultDespatchCost, findDespatchService, GRO_SERVICES, groServiceCost } from '../pricing';
import type { OrderItemState } from '../states';
import { accept, invalid, isFutureDay, isIsoDate, isPence, text, wrongState } from './result';
import type { ActionOf, Decision, WorkItem } from './types';

/** The next step after documents reach the office: apostille, then scan-send, then despatch. */
function nextOfficeStep(item: WorkItem, withApostille: boolean): OrderItemState {
  if (withApostille && item.orderable.apostilleCopies > 0) return 'apostille_required';
  return item.orderable.scanSend ? 'scan_send_required' : 'despatch_required';
}

/** gro_order_placed: gro_order_required → waiting_gro, the cost defaulting to the GRO service's cost. */
export function placeGroOrder(item: WorkItem, action: ActionOf<'gro_order_placed'>): Decision {
  if (item.currentState !== 'gro_order_required') return wrongState(item, action.type);
  const reference = text(action.reference);
  if (!reference) return invalid('reference', 'Enter the GRO reference.');
  const destination = GRO_DESTINATIONS.find((d) => d.value === action.destination)?.value;
  if (!destination) return invalid('destination', 'Choose where the GRO should send the certificate.');
  if (!GRO_SERVICES.some((s) => s.value === action.service))
    return invalid('service', 'Choose a GRO service.');
  const cost = action.cost ?? groServiceCost(action.service);
  if (!isPence(cost)) return invalid('cost', 'Enter a cost of £0.00 or more.');
  return accept(
    item,
    action,
    { currentState: 'waiting_gro' },
    {
      groOrder: {
        reference,
        data: text(action.data),
        destination,
        service: action.service,
        cost,
        isReorder: item.isReorder,
      },
      payload: { cost },
    },
  );
}

/** received_from_gro: waiting_gro → complete when the GRO posted to the customer, else the next office step. */
export function receivedFromGro(item: WorkItem, action: ActionOf<'received_from_gro'>): Decision {
  if (item.currentState !== 'waiting_gro') return wrongState(item, action.type);
  const currentState =
    item.groDestination === DIRECT_TO_CUSTOMER ? 'order_complete' : nextOfficeStep(item, true);
  return accept(item, action, { currentState });
}

// Only GRO-issued certificates talk to the GRO after completion, matching the panels of order_complete.
function groFollowUpAllowed(item: WorkItem, states: readonly OrderItemState[]): boolean {
  if (item.currentState === 'order_complete') return item.orderableType === 'Certificate';
  return states.includes(item.currentState);
}

/** gro_communication: a refund from the GRO moves to gro_refunded; otherwise the message is kept as a comment. */
export function groCommunication(item: WorkItem, action: ActionOf<'gro_communication'>): Decision {
  if (!groFollowUpAllowed(item, ['waiting_gro'])) return wrongState(item, action.type);
  if (!isPence(action.refundAmount)) return invalid('refund_amount', 'Enter a refund of £0.00 or more.');
  const message = text(action.message);
  if (action.refundAmount === 0 && !message) return invalid('message', 'Enter the GRO’s message.');
  const comments = message ? [{ kind: 'gro_communication', body: message }] : [];
  if (action.refundAmount === 0) return accept(item, action, {}, { comments });
  return accept(
    item,
    action,
    { currentState: 'gro_refunded' },
    { comments, groRefund: { amount: action.refundAmount } },
  );
}

const IPS_FROM: readonly OrderItemState[] = ['waiting_gro', 'gro_refunded', 'gro_refunded_response_received'];
const IPS_NOTES = 'Please provide details of the IPS you have completed.';

/** ips_submitted: the IPS (investigation) was sent to the GRO; wait for its confirmation. */
export function ipsSubmitted(item: WorkItem, action: ActionOf<'ips_submitted'>): Decision {
  if (!groFollowUpAllowed(item, IPS_FROM)) return wrongState(item, action.type);
  const notes = text(action.notes);
  if (!notes) return invalid('notes', IPS_NOTES);
  return accept(item, action, { currentState: 'waiting_ips' }, { comments: [{ kind: 'ips', body: notes }] });
}

/** reorder_required: back to gro_order_required, the item now a reorder. */
export function reorderRequired(item: WorkItem, action: ActionOf<'reorder_required'>): Decision {
  if (!groFollowUpAllowed(item, IPS_FROM)) return wrongState(item, action.type);
  const notes = text(action.notes);
  if (!notes) return invalid('notes', IPS_NOTES);
  return accept(
    item,
    action,
    { currentState: 'gro_order_required', isReorder: true },
    { comments: [{ kind: 'reorder', body: notes }] },
  );
}

/** ips_confirmed: the GRO accepted the IPS; the certificate is on its way again. */
export function ipsConfirmed(item: WorkItem, action: ActionOf<'ips_confirmed'>): Decision {
  if (item.currentState !== 'waiting_ips') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'waiting_gro' });
}

/** POST /fco_batches: the item joins a batch pending despatch to the FCO for its apostille. */
export function addToFcoBatch(item: WorkItem, action: ActionOf<'add_to_fco_batch'>): Decision {
  if (item.currentState !== 'apostille_required') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'fco_order_placed', fcoBatchId: action.batchId });
}

/** The item's batch was posted to the FCO. */
export function fcoBatchDespatched(item: WorkItem, action: ActionOf<'fco_batch_despatched'>): Decision {
  if (item.currentState !== 'fco_order_placed') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'waiting_fco' });
}

/** The item's batch came back apostilled: scan-send or despatch next. */
export function fcoBatchReceived(item: WorkItem, action: ActionOf<'fco_batch_received'>): Decision {
  if (item.currentState !== 'waiting_fco') return wrongState(item, action.type);
  return accept(item, action, { currentState: nextOfficeStep(item, false) });
}

/** approve_scan_send: e-mail the selected scans to the customer, then despatch the originals. */
export function approveScanSend(item: WorkItem, action: ActionOf<'approve_scan_send'>): Decision {
  if (item.currentState !== 'scan_send_required') return wrongState(item, action.type);
  const attachmentIds = item.attachments.filter((a) => a.selected).map((a) => a.id);
  if (attachmentIds.length === 0) return invalid('attachments', 'Select at least one attachment to send.');
  return accept(
    item,
    action,
    { currentState: 'despatch_required' },
    {
      emails: [
        {
          kind: 'scan_send',
          subject: `Scans of your documents – order ${item.ref}`,
          text: `Please find attached the scans of your documents for order ${item.ref}. The originals will follow by post.`,
          attachmentIds,
        },
      ],
      payload: { attachment_ids: attachmentIds },
    },
  );
}

/** despatch: despatch_required → order_complete; date defaults to today, cost to the service's price. */
export function despatch(item: WorkItem, action: ActionOf<'despatch'>, now: Date): Decision {
  if (item.currentState !== 'despatch_required') return wrongState(item, action.type);
  const despatchedOn = action.despatchedOn ?? londonToday(now);
  if (!isIsoDate(despatchedOn)) return invalid('despatched_on', 'Enter the despatch date.');
  if (isFutureDay(despatchedOn, now))
    return invalid('despatched_on', 'A despatch date cannot be in the future.');
  const service = findDespatchService(action.carrier, action.service);
  if (!service) return invalid('service', 'Choose a service of the chosen carrier.');
  const cost = action.cost ?? defaultDespatchCost(action.carrier, action.service, item.deliveryRegion);
  if (cost === null)
    return invalid('cost', 'This service has no price for the order’s region: enter the cost.');
  if (!isPence(cost)) return invalid('cost', 'Enter a cost of £0.00 or more.');
  const reference = text(action.reference);
  const tracking = reference ? ` Your tracking reference is ${reference}.` : '';
  const carrier = CARRIERS.find((c) => c.value === action.carrier)?.label ?? action.carrier;
  return accept(
    item,
    action,
    { currentState: 'order_complete' },
    {
      despatch: { despatchedOn, carrier: action.carrier, service: action.service, cost, reference },
      emails: [
        {
          kind: 'despatched',
          subject: `Your documents are on their way – order ${item.ref}`,
          text: `Your documents for order ${item.ref} were despatched on ${formatDate(despatchedOn)} by ${carrier} ${service.label}.${tracking}`,
        },
      ],
      payload: { despatched_on: despatchedOn, cost },
    },
  );
}
