/**
 * The customer's documents: they arrive (scans, then the originals), and the office approves them, e-mails
 * the selected scans, or rejects them with feedback to the customer.
 */
import * as C from '../../../domain/contract/order-item-actions';
import { type ActionRow, action, NoPayload, ONCE, ONE_WAY, once } from './action';

/** The document calls, as rows of the action table. */
export const documentActions: ActionRow[] = [
  action(
    'received_from_customer',
    NoPayload,
    () => ({ type: 'received_from_customer' }),
    "The customer's documents arrived",
  ),
  action(
    'approve_scan_send',
    NoPayload,
    () => ({ type: 'approve_scan_send' }),
    'E-mail the selected scans',
    ONE_WAY,
  ),
  action('approve_documents', NoPayload, () => ({ type: 'approve_documents' }), 'Approve the documents'),
  action(
    'reject_documents',
    once(C.RejectDocumentsSchema),
    (b) => ({ type: 'reject_documents', notes: b.review.notes }),
    'Reject the documents with feedback to the customer',
    ONCE,
  ),
  action(
    'original_received',
    C.OriginalReceivedSchema.nullable(),
    (b) => ({ type: 'original_received', receivedOn: b?.original_received?.received_on ?? null }),
    "The customer's original documents arrived",
  ),
];
