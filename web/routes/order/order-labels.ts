/** Words the order page shows for comment kinds, timeline entries, raw states and the orderable's names. */
import { stateLabel } from '../../../domain/labels';
import { isOrderItemState, type OrderableType, type ProductLine, productLine } from '../../../domain/states';

export const COMMENT_KINDS: Readonly<Record<string, string>> = {
  note: 'Note',
  escalation: 'Escalation',
  customer_contact: 'To the customer',
  customer: 'From the customer',
  return_to_orderer: 'Returned to orderer',
  gro_communication: 'GRO communication',
  ips: 'IPS',
  reorder: 'Reorder',
  review: 'Feedback to the customer',
  translation: 'For the translator',
};

/** How each timeline entry reads, past tense. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  assign: 'Assigned',
  reassign: 'Reassigned',
  gro_order_placed: 'GRO order placed',
  received_from_gro: 'Received from GRO',
  gro_communication: 'GRO communication',
  ips_submitted: 'IPS completed',
  reorder_required: 'Reorder required',
  ips_confirmed: 'IPS confirmed',
  add_to_fco_batch: 'FCO order placed',
  fco_batch_despatched: 'Despatched to the FCO',
  fco_batch_received: 'Received from the FCO',
  approve_scan_send: 'Scans e-mailed',
  despatch: 'Despatched',
  received_from_customer: 'Documents received from the customer',
  approve_documents: 'Documents approved',
  reject_documents: 'Documents rejected',
  customer_upload: 'Customer uploaded documents',
  send_for_translation: 'Sent for translation',
  translation_received: 'Translation received',
  translation_complete: 'Translation delivered to the customer',
  escalate: 'Escalated',
  contact_customer: 'Customer contacted',
  customer_reply: 'Customer replied',
  postpone_notification: 'Reminder postponed',
  postponement_ended: 'Postponement ended',
  reminder_due: 'Reminder sent',
  return_to_orderer: 'Returned to orderer',
  cancel_refund: 'Cancellation / refund',
  request_update: 'Order change requested',
  confirm_update: 'Order change confirmed',
  withdraw_update: 'Order change withdrawn',
  add_note: 'Note added',
  toggle_flag: 'Flag changed',
  original_received: 'Originals received',
  edit_field: 'Field edited',
  repriced: 'Repriced by a region change',
  undo: 'Undone',
  attachment_uploaded: 'Attachment uploaded',
  attachment_attach: 'Attachment selected',
  attachment_unattach: 'Attachment unselected',
  attachment_toggle_approval: 'Attachment review changed',
  attachment_approved: 'Attachment approved',
  attachment_rejected: 'Attachment rejected',
  email_bounced: 'E-mail bounced',
};

export function eventLabel(action: string): string {
  return EVENT_LABELS[action] ?? action.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

/** The label of a bare state (no flags), for a timeline's from → to. */
export function bareStateLabel(state: string | null): string | null {
  if (!state) return null;
  if (!isOrderItemState(state)) return state;
  return stateLabel({
    currentState: state,
    isEscalated: false,
    isOnHold: false,
    waitingCustomerResponse: false,
  });
}

/** What the a/b/c name fields mean for this kind of item (PRODUCT.md section 4); absent: not used. */
export function nameRoles(orderableType: string, type: string): Partial<Record<'a' | 'b' | 'c', string>> {
  return NAME_ROLES[productLine(orderableType as OrderableType)](type);
}

/** Whose names a, b and c are, per product line (PRODUCT.md section 4); a new line fails to compile here. */
const NAME_ROLES: Readonly<Record<ProductLine, (type: string) => Partial<Record<'a' | 'b' | 'c', string>>>> =
  {
    translation: () => ({ a: 'Document holder' }),
    deed_poll: () => ({ a: 'Current name', b: 'New name' }),
    certificate: (type) => {
      if (type.startsWith('Birth')) return { a: 'Registered person', b: 'Father', c: 'Mother' };
      if (type.startsWith('Death')) return { a: 'Deceased' };
      return { a: 'First party', b: 'Second party' };
    },
  };

/** The details card's heading for each product line. */
export const PRODUCT_LINE_TITLES: Readonly<Record<ProductLine, string>> = {
  certificate: 'Certificate',
  deed_poll: 'Deed poll',
  translation: 'Translation',
};

/** Field names as the timeline shows an edit. */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  email: 'e-mail',
  phone: 'phone',
  firstname_a: 'first name (a)',
  surname_a: 'surname (a)',
  firstname_b: 'first name (b)',
  surname_b: 'surname (b)',
  firstname_c: 'first name (c)',
  surname_c: 'surname (c)',
  event_date: 'event date',
  event_place: 'event place',
  certificate_country: 'certificate country',
  apostille_country: 'apostille country',
  source_language: 'source language',
  delivery_region: 'delivery region',
  name: 'name',
  line_1: 'address line 1',
  line_2: 'address line 2',
  city: 'town or city',
  state: 'county/state',
  zip: 'postcode',
  country_code: 'country',
  address: 'address',
};

/** Which address an edit changed, as the timeline names it. */
export const ADDRESS_RECORD_NAMES: Readonly<Record<string, string>> = {
  billing_address_attributes: 'billing',
  shipping_address_attributes: 'shipping',
};
