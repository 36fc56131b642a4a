/** Translations and deed polls: the customer's documents are reviewed, translated, then despatched. */
import { TRANSLATION_DESPATCH_OPTIONS } from '../options';
import { type OrderItemState, type ProductLine, productLine } from '../states';
import { accept, inReminderDays, invalid, notifyAssignee, text, wrongState } from './result';
import type { ActionOf, Decision, WorkAttachment, WorkItem } from './types';

/** received_from_customer: the posted documents arrived; review them. */
export function receivedFromCustomer(item: WorkItem, action: ActionOf<'received_from_customer'>): Decision {
  if (item.currentState !== 'waiting_delivery') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'review_documents' });
}

// Review Documents is offered only on assigned items, so the actions behind it require an assignee too.
function reviewable(item: WorkItem): boolean {
  return item.currentState === 'review_documents' && item.userId !== null;
}

/** Where approved documents take each product line; certificates have none to review. */
const APPROVED_STATE: Readonly<Record<ProductLine, OrderItemState | null>> = {
  certificate: null,
  translation: 'ready_for_translation',
  deed_poll: 'despatch_required',
};

/**
 * Why the documents cannot be approved as they stand, or null: there must be a file to approve, and not
 * every file may be rejected. The SPA shows the same words before the click.
 */
export function documentsApprovalBlock(attachments: readonly WorkAttachment[]): string | null {
  if (attachments.length === 0) return 'no documents have been uploaded yet; upload them first';
  if (attachments.every((a) => a.approved === false))
    return 'every attachment is rejected; reject the documents or wait for new ones';
  return null;
}

/**
 * approve_documents: a translation is ready to translate; a deed poll is ready to despatch. The files not
 * reviewed yet are approved with the step; rejected files stay rejected (docs/decisions/document-review.md).
 */
export function approveDocuments(item: WorkItem, action: ActionOf<'approve_documents'>): Decision {
  if (!reviewable(item)) return wrongState(item, action.type);
  const next = APPROVED_STATE[productLine(item.orderableType)];
  if (next === null) return wrongState(item, action.type, 'certificates have no documents to review');
  const blocked = documentsApprovalBlock(item.attachments);
  if (blocked) return wrongState(item, action.type, blocked);
  const approveAttachmentIds = item.attachments.filter((a) => a.approved === null).map((a) => a.id);
  // Approving settles an outstanding rejection, unless the customer is awaited on an escalation matter.
  const settles = item.isEscalated
    ? {}
    : { waitingCustomerResponse: false, isOnHold: false, nextReminderAt: null };
  return accept(
    item,
    action,
    { currentState: next, approved: true, ...settles },
    { approveAttachmentIds, payload: { approved_attachment_ids: approveAttachmentIds } },
  );
}

/** reject_documents: stay in review, wait for the customer and e-mail them the feedback. */
export function rejectDocuments(item: WorkItem, action: ActionOf<'reject_documents'>, now: Date): Decision {
  if (!reviewable(item)) return wrongState(item, action.type);
  const notes = text(action.notes);
  if (!notes) return invalid('notes', 'Please provide some feedback to the customer!');
  return accept(
    item,
    action,
    { approved: false, waitingCustomerResponse: true, nextReminderAt: inReminderDays(now) },
    {
      emails: [
        {
          kind: 'documents_rejected',
          subject: `We need new documents – order ${item.ref}`,
          text: `We could not accept the documents you sent for order ${item.ref}:\n\n${notes}\n\nPlease upload new documents.`,
        },
      ],
      comments: [{ kind: 'review', body: notes }],
    },
  );
}

/** customer_upload: a new upload clears an outstanding rejection; the assignee hears of it either way. */
export function customerUpload(item: WorkItem, action: ActionOf<'customer_upload'>): Decision {
  const clearsRejection = item.currentState === 'review_documents' && item.waitingCustomerResponse;
  const patch = clearsRejection
    ? { waitingCustomerResponse: false, isOnHold: false, nextReminderAt: null }
    : {};
  return accept(item, action, patch, {
    notifications: [
      notifyAssignee(item, 'customer_upload', `The customer uploaded a document for ${item.ref}.`),
    ],
  });
}

/** send_for_translation: the documents go to a translator, who returns them to an office desk or the customer. */
export function sendForTranslation(item: WorkItem, action: ActionOf<'send_for_translation'>): Decision {
  if (item.currentState !== 'ready_for_translation') return wrongState(item, action.type);
  if (!TRANSLATION_DESPATCH_OPTIONS.some((o) => o.value === action.despatchTo)) {
    return invalid('despatch_to', 'Choose where the translation should be sent.');
  }
  const notes = text(action.notes);
  return accept(
    item,
    action,
    { currentState: 'waiting_translation' },
    { comments: notes ? [{ kind: 'translation', body: notes }] : [] },
  );
}

/** translation_received: the translation came back to the office; despatch it. */
export function translationReceived(item: WorkItem, action: ActionOf<'translation_received'>): Decision {
  if (item.currentState !== 'waiting_translation') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'despatch_required' });
}

/** translation_complete: the translator delivered straight to the customer. */
export function translationComplete(item: WorkItem, action: ActionOf<'translation_complete'>): Decision {
  if (item.currentState !== 'waiting_translation') return wrongState(item, action.type);
  return accept(item, action, { currentState: 'order_complete' });
}
