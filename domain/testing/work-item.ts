/** Builders of work items and actors for the domain's tests and the workflow diagram's exploration. */
import type { Actor, WorkItem, WorkOrderable } from '../workflow/types';

/** Fields to override; the orderable may be overridden field by field. */
export type WorkItemOverrides = Omit<Partial<WorkItem>, 'orderable'> & { orderable?: Partial<WorkOrderable> };

export const ADMIN: Actor = { kind: 'user', id: 1, role: 'admin' };
export const ALICE: Actor = { kind: 'user', id: 2, role: 'orderer' };
export const BOB: Actor = { kind: 'user', id: 3, role: 'orderer' };
export const SYSTEM: Actor = { kind: 'system' };

/** A certificate assigned to Alice in gro_order_required, paid £28.00; override any field. */
export function workItem(over: WorkItemOverrides = {}): WorkItem {
  return {
    id: 42,
    ref: '100234-1',
    type: 'Birth Certificate',
    orderableType: 'Certificate',
    currentState: 'gro_order_required',
    userId: 2,
    isEscalated: false,
    isOnHold: false,
    waitingCustomerResponse: false,
    flagged: false,
    netValue: 2800,
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
    deliveryRegion: 'UK',
    groDestination: null,
    attachments: [],
    ...over,
    orderable: {
      type: null,
      serviceLevel: 'standard',
      pages: null,
      copies: 1,
      apostilleCopies: 0,
      apostilleCountry: null,
      scanSend: false,
      despatchBy: 'standard',
      subtotalInPence: 2800,
      documentsByPost: false,
      ...over.orderable,
    },
  };
}

/** The customer's document an item in review carries, not reviewed yet. */
export const UPLOADED_DOCUMENT = { id: 7, selected: false, approved: null } as const;

/** A certified translation assigned to Alice in review_documents with one upload, paid £49.95. */
export function translationItem(over: WorkItemOverrides = {}): WorkItem {
  return workItem({
    type: 'Certified Translation',
    orderableType: 'Translation',
    currentState: 'review_documents',
    netValue: 4995,
    attachments: [UPLOADED_DOCUMENT],
    ...over,
    orderable: {
      type: 'CertifiedTranslation',
      serviceLevel: '0',
      pages: 1,
      copies: 1,
      apostilleCopies: 0,
      apostilleCountry: null,
      scanSend: false,
      despatchBy: 'standard',
      subtotalInPence: 4995,
      documentsByPost: false,
      ...over.orderable,
    },
  });
}

/** An adult deed poll assigned to Alice in review_documents with one upload, paid £20.00. */
export function deedPollItem(over: WorkItemOverrides = {}): WorkItem {
  return workItem({
    type: 'Adult Deed Poll',
    orderableType: 'AdultDeedPoll',
    currentState: 'review_documents',
    netValue: 2000,
    attachments: [UPLOADED_DOCUMENT],
    ...over,
    orderable: { subtotalInPence: 2000, ...over.orderable },
  });
}
