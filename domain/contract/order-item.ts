/**
 * Order item responses (PRODUCT.md section 2): SPEC's field names, money in pence, plus state_label,
 * state_group, panels and lock_version. Response fields backed by database text stay plain strings.
 */
import { z } from 'zod';
import { PANELS } from '../panels';
import { DELIVERY_REGIONS, DESPATCH_BY } from '../pricing';
import { STATE_GROUPS } from '../states';
import type { OrderableUpdate, PendingUpdate } from '../workflow/types';
import { IdSchema, IsoDateSchema, TimestampSchema, UserRefSchema } from './common';
import {
  type OrderItemUpdateAttributes,
  OrderItemUpdateAttributesSchema,
  RepricedItemSchema,
} from './order-item-actions';
import { UndoOfferSchema } from './undo';

export const AddressSchema = z.object({
  id: IdSchema,
  name: z.string(),
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  zip: z.string(),
  country_code: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;

export const OrderSchema = z.object({
  id: IdSchema,
  ref: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  customer_name: z.string(),
  delivery_region: z.enum(DELIVERY_REGIONS),
  has_different_shipping_address: z.boolean(),
  placed_at: TimestampSchema,
  billing_address: AddressSchema,
  shipping_address: AddressSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderableSchema = z.object({
  id: IdSchema,
  type: z.string(),
  pages: z.number().int().nullable(),
  copies: z.number().int(),
  service_level: z.string().nullable(),
  apostille_copies: z.number().int(),
  apostille_country: z.string().nullable(),
  scan_send: z.boolean(),
  despatch_by: z.enum(DESPATCH_BY),
  subtotal_in_pence: z.number().int(),
  certificate_country: z.string().nullable(),
  source_language: z.string().nullable(),
  documents_by_post: z.boolean(),
  firstname_a: z.string().nullable(),
  surname_a: z.string().nullable(),
  firstname_b: z.string().nullable(),
  surname_b: z.string().nullable(),
  firstname_c: z.string().nullable(),
  surname_c: z.string().nullable(),
  event_date: IsoDateSchema.nullable(),
  event_place: z.string().nullable(),
});
export type Orderable = z.infer<typeof OrderableSchema>;

/** A Modify Order request waiting for the customer, as the wire shows it. */
export const PendingUpdateSchema = z.object({
  attributes: OrderItemUpdateAttributesSchema,
  new_total_in_pence: z.number().int(),
  difference_in_pence: z.number().int(),
  requested_at: TimestampSchema,
  /** Other items of the order the change reprices (a delivery region change). */
  other_items: z.array(RepricedItemSchema),
});
export type PendingUpdateWire = z.infer<typeof PendingUpdateSchema>;

/** Modify Order's wire attributes as the domain's update (absent fields stay absent). */
export function orderableUpdateFromWire(u: OrderItemUpdateAttributes): OrderableUpdate {
  const update: OrderableUpdate = {
    serviceLevel: u.service_level,
    pages: u.pages,
    copies: u.copies,
    apostilleCopies: u.apostille_copies,
    apostilleCountry: u.apostille_country,
    scanSend: u.scan_send,
    despatchBy: u.despatch_by,
    type: u.type,
    deliveryRegion: u.delivery_region,
  };
  return Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
}

/** The domain's update as wire attributes. */
export function orderableUpdateToWire(u: OrderableUpdate): OrderItemUpdateAttributes {
  const wire: OrderItemUpdateAttributes = {
    service_level: u.serviceLevel,
    pages: u.pages,
    copies: u.copies,
    apostille_copies: u.apostilleCopies,
    apostille_country: u.apostilleCountry,
    scan_send: u.scanSend,
    despatch_by: u.despatchBy,
    type: u.type,
    delivery_region: u.deliveryRegion,
  };
  return Object.fromEntries(Object.entries(wire).filter(([, v]) => v !== undefined));
}

/** A stored pending update as the wire shows it. */
export function pendingUpdateToWire(p: PendingUpdate): PendingUpdateWire {
  return {
    attributes: orderableUpdateToWire(p.attributes),
    new_total_in_pence: p.newTotalInPence,
    difference_in_pence: p.differenceInPence,
    requested_at: p.requestedAt,
    other_items: (p.repriced ?? []).map((r) => ({
      ref: r.ref,
      current_in_pence: r.currentInPence,
      new_in_pence: r.newTotalInPence,
    })),
  };
}

/** One order item, as lists show it and as every workflow action answers it. */
export const OrderItemSchema = z.object({
  id: IdSchema,
  ref: z.string(),
  type: z.string(),
  orderable_type: z.string(),
  current_state: z.string(),
  state_label: z.string(),
  state_group: z.enum(STATE_GROUPS),
  /** The assignee, null when unassigned. */
  user: UserRefSchema.nullable(),
  is_escalated: z.boolean(),
  is_on_hold: z.boolean(),
  waiting_customer_response: z.boolean(),
  flagged: z.boolean(),
  net_value: z.number().int(),
  position: z.number().int(),
  approved: z.boolean(),
  is_reorder: z.boolean(),
  fco_batch_id: IdSchema.nullable(),
  original_received_on: IsoDateSchema.nullable(),
  despatch_due_on: IsoDateSchema.nullable(),
  pending_update: PendingUpdateSchema.nullable(),
  lock_version: z.number().int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** The panels the signed-in user may use now, "Modify Order" first, "Add Notes" last. */
  panels: z.array(z.enum(PANELS)),
  orderable: OrderableSchema,
  order: OrderSchema,
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/**
 * One order item in a list (the dashboard and the queues): what a list row shows. The rest of the orderable,
 * the addresses and the panels come with the item itself (GET /order_items/{ref}), not with every row.
 */
export const OrderItemListRowSchema = OrderItemSchema.pick({
  id: true,
  ref: true,
  type: true,
  orderable_type: true,
  current_state: true,
  state_label: true,
  state_group: true,
  user: true,
  is_escalated: true,
  is_on_hold: true,
  waiting_customer_response: true,
  flagged: true,
  net_value: true,
  fco_batch_id: true,
  original_received_on: true,
  despatch_due_on: true,
  lock_version: true,
  created_at: true,
  updated_at: true,
}).extend({
  /** How many apostilles the item needs (the FCO order lists them). */
  orderable: OrderableSchema.pick({ apostille_copies: true }),
  order: OrderSchema.pick({
    id: true,
    ref: true,
    email: true,
    customer_name: true,
    delivery_region: true,
    placed_at: true,
  }),
});
export type OrderItemListRow = z.infer<typeof OrderItemListRowSchema>;

/** Who added a file: staff on the order page, or the customer through the storefront. */
export const ATTACHMENT_SOURCES = ['staff', 'customer'] as const;

export const AttachmentSchema = z.object({
  id: IdSchema,
  filename: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  source: z.enum(ATTACHMENT_SOURCES),
  selected: z.boolean(),
  /** null: not reviewed yet; false: rejected. */
  approved: z.boolean().nullable(),
  /** Who reviewed the file and when; null while not reviewed. */
  reviewed_by: z.string().nullable(),
  reviewed_at: TimestampSchema.nullable(),
  /** Why the file was rejected; null unless rejected. */
  rejection_reason: z.string().nullable(),
  created_at: TimestampSchema,
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const CommentSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  body: z.string(),
  /** Whether this kind of comment asks for follow-up (domain/comments.ts); only these can be actioned. */
  needs_action: z.boolean(),
  actioned: z.boolean(),
  /** The author's name; null for the customer or the system. */
  author: z.string().nullable(),
  created_at: TimestampSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListSchema = z.object({ comments: z.array(CommentSchema) });
export type CommentList = z.infer<typeof CommentListSchema>;

/** One row of the item's timeline. */
export const OrderItemEventSchema = z.object({
  id: IdSchema,
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  payload: z.unknown(),
  /** Who did it; null for the customer or the system. */
  user: z.string().nullable(),
  /**
   * An assignment: the name of the orderer the item went to (the payload holds only the id); an undone one
   * (`undo` with payload.undone 'assign'): the orderer it had gone to.
   */
  assigned_to: z.string().nullable().optional(),
  created_at: TimestampSchema,
});
export type OrderItemEvent = z.infer<typeof OrderItemEventSchema>;

/** The order page record: the item with its attachments, comments and timeline. */
export const OrderItemDetailSchema = OrderItemSchema.extend({
  ukds_attachments: z.array(AttachmentSchema),
  comments: z.array(CommentSchema),
  events: z.array(OrderItemEventSchema),
});
export type OrderItemDetail = z.infer<typeof OrderItemDetailSchema>;

export const OrderItemResponseSchema = z.object({ order_item: OrderItemDetailSchema });
export type OrderItemResponse = z.infer<typeof OrderItemResponseSchema>;

export const OrderItemListSchema = z.object({ order_items: z.array(OrderItemSchema) });
export type OrderItemList = z.infer<typeof OrderItemListSchema>;

/** A reassignment or a flag of one item: the item as it is now, and the offer to undo it (undo.ts). */
export const OrderItemUndoableResponseSchema = OrderItemResponseSchema.extend({ undo: UndoOfferSchema });
export type OrderItemUndoableResponse = z.infer<typeof OrderItemUndoableResponseSchema>;

/** Ticked items assigned to an orderer (all or none): the items, and the offer to undo it. */
export const OrderItemListUndoableSchema = OrderItemListSchema.extend({ undo: UndoOfferSchema });
