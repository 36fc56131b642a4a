/**
 * Escalation: an item is escalated, the customer is e-mailed about it, and it is either returned to its
 * orderer or cancelled and/or refunded.
 */
import * as C from '../../../domain/contract/order-item-actions';
import { type ActionRow, action, ONCE, once } from './action';

/** The escalation calls, as rows of the action table. */
export const escalationActions: ActionRow[] = [
  action(
    'escalate',
    C.EscalateSchema,
    (b) => ({ type: 'escalate', message: b.escalation.message }),
    'Escalate',
  ),
  action(
    'contact_customer',
    once(C.ContactCustomerSchema),
    (b) => ({
      type: 'contact_customer',
      body: b.message.body,
      responseRequired: b.message.response_required,
    }),
    'E-mail the customer about an escalated item',
    ONCE,
  ),
  action(
    'return_to_orderer',
    C.ReturnToOrdererSchema,
    (b) => ({ type: 'return_to_orderer', message: b.comment.message }),
    'Return an escalated item to its orderer',
  ),
  action(
    'cancel_refund',
    once(C.CancelRefundSchema),
    (b) => ({
      type: 'cancel_refund',
      action: b.cancel_refund.action,
      reason: b.cancel_refund.reason,
      amount: b.cancel_refund.amount ?? null,
      notes: b.cancel_refund.notes ?? null,
    }),
    'Cancel and/or refund an escalated item',
    ONCE,
  ),
];
