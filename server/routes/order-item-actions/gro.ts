/**
 * The General Register Office: the certificate is ordered from the GRO and comes back, the IPS is done and
 * confirmed or the certificate reordered, and what the GRO writes (with any refund) is recorded.
 */
import * as C from '../../../domain/contract/order-item-actions';
import { type ActionRow, action, NoPayload, ONCE, once } from './action';

/** The GRO calls, as rows of the action table. */
export const groActions: ActionRow[] = [
  action(
    'gro_order_placed',
    once(C.GroOrderPlacedSchema),
    (b) => ({
      type: 'gro_order_placed',
      reference: b.gro.reference,
      data: b.gro.data ?? null,
      destination: b.gro.destination,
      service: b.gro.service,
      cost: b.gro.cost ?? null,
    }),
    'Record a GRO order',
    ONCE,
  ),
  action(
    'received_from_gro',
    NoPayload,
    () => ({ type: 'received_from_gro' }),
    'The certificate came from the GRO',
  ),
  action(
    'ips_submitted',
    C.IpsSubmittedSchema,
    (b) => ({ type: 'ips_submitted', notes: b.ips.notes }),
    'IPS completed',
  ),
  action(
    'reorder_required',
    C.ReorderRequiredSchema,
    (b) => ({ type: 'reorder_required', notes: b.reorder.notes }),
    'Reorder from the GRO',
  ),
  action('ips_confirmed', NoPayload, () => ({ type: 'ips_confirmed' }), 'The GRO confirmed the IPS'),
  action(
    'gro_communication',
    once(C.GroCommunicationSchema),
    (b) => ({
      type: 'gro_communication',
      message: b.gro_communication.message,
      refundAmount: b.gro_communication.refund_amount,
    }),
    'Record a message (and refund) from the GRO',
    ONCE,
  ),
];
