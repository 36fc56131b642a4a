/**
 * The order item's answer, written once: one column map from the contract's keys (domain/contract/order-item.ts)
 * to the columns of the joined read, from which json-sql.ts generates the SQL of the record (OrderItemSchema),
 * the list row (OrderItemListRowSchema) and the order page's lists (attachments, comments, timeline). Only the
 * pending change and the panels are the app's to add (serialize.ts): the domain's code writes them.
 */
import type { SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Address,
  AddressSchema,
  AttachmentSchema,
  type Attachment as AttachmentWire,
  type Comment,
  CommentSchema,
  type OrderItem,
  type OrderItemEvent,
  OrderItemEventSchema,
  OrderItemListRowSchema,
  OrderItemSchema,
} from '../../../domain/contract/order-item';
import { type JsonColumnsOf, jsonObjectSql, nestedJson } from '../../db/json-sql';
import { commentNeedsActionSql, isoTimestampSql, stateGroupSql, stateLabelSql } from '../../db/labels-sql';
import {
  addresses,
  attachments,
  comments,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  users,
} from '../../db/schema';

export const billing = alias(addresses, 'billing');
export const shipping = alias(addresses, 'shipping');
export const assignee = alias(users, 'assignee');
/** The orderer an assignment event names (its payload holds the id; the timeline shows the name). */
export const assignedTo = alias(users, 'assigned_to');
export const event = alias(orderItemEvents, 'event');
export const actor = alias(users, 'actor');
export const comment = alias(comments, 'comment');
export const author = alias(users, 'author');
export const attachment = alias(attachments, 'attachment');
export const reviewer = alias(users, 'reviewer');

/** The keys of the record the app writes itself (serialize.ts): the domain's code computes them. */
export const APP_KEYS = ['pending_update', 'panels'] as const;

/** The address columns of `addresses` or an alias of it. */
type AddressTable = Record<
  'id' | 'name' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'countryCode',
  SQLWrapper
>;

const addressColumns = (a: AddressTable): JsonColumnsOf<Address> => ({
  id: a.id,
  name: a.name,
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country_code: a.countryCode,
});

/** An address (AddressSchema) as JSON, from `addresses` or an alias of it: an order's, a cart's. */
export const addressJson = (a: AddressTable) => jsonObjectSql(AddressSchema, addressColumns(a));

/** Every key of the record (and so of the list row) but the app's, from the item's joined read (read.ts). */
const itemColumns: JsonColumnsOf<Omit<OrderItem, (typeof APP_KEYS)[number]>> = {
  id: orderItems.id,
  ref: orderItems.ref,
  type: orderItems.type,
  orderable_type: orderItems.orderableType,
  current_state: orderItems.currentState,
  state_label: stateLabelSql(orderItems),
  state_group: stateGroupSql(orderItems),
  user: nestedJson({ id: assignee.id, name: assignee.name }, assignee.id),
  is_escalated: orderItems.isEscalated,
  is_on_hold: orderItems.isOnHold,
  waiting_customer_response: orderItems.waitingCustomerResponse,
  flagged: orderItems.flagged,
  net_value: orderItems.netValue,
  position: orderItems.position,
  approved: orderItems.approved,
  is_reorder: orderItems.isReorder,
  fco_batch_id: orderItems.fcoBatchId,
  original_received_on: orderItems.originalReceivedOn,
  despatch_due_on: orderItems.despatchDueOn,
  lock_version: orderItems.lockVersion,
  created_at: isoTimestampSql(orderItems.createdAt),
  updated_at: isoTimestampSql(orderItems.updatedAt),
  orderable: nestedJson({
    id: orderables.id,
    type: orderables.type,
    pages: orderables.pages,
    copies: orderables.copies,
    service_level: orderables.serviceLevel,
    apostille_copies: orderables.apostilleCopies,
    apostille_country: orderables.apostilleCountry,
    scan_send: orderables.scanSend,
    despatch_by: orderables.despatchBy,
    subtotal_in_pence: orderables.subtotalInPence,
    certificate_country: orderables.certificateCountry,
    source_language: orderables.sourceLanguage,
    documents_by_post: orderables.documentsByPost,
    firstname_a: orderables.firstnameA,
    surname_a: orderables.surnameA,
    firstname_b: orderables.firstnameB,
    surname_b: orderables.surnameB,
    firstname_c: orderables.firstnameC,
    surname_c: orderables.surnameC,
    event_date: orderables.eventDate,
    event_place: orderables.eventPlace,
  }),
  order: nestedJson({
    id: orders.id,
    ref: orders.ref,
    email: orders.email,
    phone: orders.phone,
    customer_name: billing.name,
    delivery_region: orders.deliveryRegion,
    has_different_shipping_address: orders.hasDifferentShippingAddress,
    placed_at: isoTimestampSql(orders.placedAt),
    billing_address: nestedJson(addressColumns(billing)),
    shipping_address: nestedJson(addressColumns(shipping), shipping.id),
  }),
};

/**
 * An item's record (OrderItemSchema) as JSON, but for the app's keys (APP_KEYS). Not for many records at once
 * where columns would do: PostgreSQL 15 spends ~20 µs a row in json_build_object.
 */
export const itemRecordJson = jsonObjectSql(OrderItemSchema, itemColumns, { omit: APP_KEYS });

/** One list row (OrderItemListRowSchema) as JSON: the record's columns the list shows, from the same map. */
export const listRowJson = jsonObjectSql(OrderItemListRowSchema, itemColumns);

/** A file on the order page, with who reviewed it, from `attachment` joined to `reviewer`. */
export const attachmentJson = jsonObjectSql(AttachmentSchema, {
  id: attachment.id,
  filename: attachment.filename,
  content_type: attachment.contentType,
  byte_size: attachment.byteSize,
  source: attachment.source,
  selected: attachment.selected,
  approved: attachment.approved,
  reviewed_by: reviewer.name,
  reviewed_at: isoTimestampSql(attachment.reviewedAt),
  rejection_reason: attachment.rejectionReason,
  created_at: isoTimestampSql(attachment.createdAt),
} satisfies JsonColumnsOf<AttachmentWire>);

/** A comment with its author and whether it needs action, from `comment` joined to `author`. */
export const commentJson = jsonObjectSql(CommentSchema, {
  id: comment.id,
  kind: comment.kind,
  body: comment.body,
  needs_action: commentNeedsActionSql(comment.kind),
  actioned: comment.actioned,
  author: author.name,
  created_at: isoTimestampSql(comment.createdAt),
} satisfies JsonColumnsOf<Comment>);

/** A timeline entry with who did it and, for an assignment, the orderer's name (`event`, `actor`, `assigned_to`). */
export const eventJson = jsonObjectSql(OrderItemEventSchema, {
  id: event.id,
  action: event.action,
  from_state: event.fromState,
  to_state: event.toState,
  payload: event.payload,
  user: actor.name,
  assigned_to: assignedTo.name,
  created_at: isoTimestampSql(event.createdAt),
} satisfies JsonColumnsOf<OrderItemEvent>);
