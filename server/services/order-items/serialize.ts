/**
 * The order item as the API answers it (PRODUCT.md section 2): SPEC's field names, money in pence, plus
 * state_label, state_group and the panels the viewer may use now, computed by the shared domain code.
 */
import { pendingUpdateToWire } from '../../../domain/contract/order-item';
import { stateLabel } from '../../../domain/labels';
import { panelsFor } from '../../../domain/panels';
import { groupOf, type OrderableType, type OrderItemState } from '../../../domain/states';
import type { PendingUpdate } from '../../../domain/workflow/types';
import type { SessionUser } from '../../auth/sessions';
import type { addresses } from '../../db/schema';
import type { ItemRecordRow, OrderItemPageRow, OrderItemRow } from './read';

type AddressRow = typeof addresses.$inferSelect;

/** An address row as the wire shows it (orders and carts alike). */
export const addressWire = (a: AddressRow) => ({
  id: a.id,
  name: a.name,
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country_code: a.countryCode,
});

/** The domain's view of an item row, or of the columns of it read (its states are typed, not plain strings). */
export function domainItem<T extends Pick<OrderItemRow['item'], 'currentState' | 'orderableType'>>(item: T) {
  return {
    ...item,
    currentState: item.currentState as OrderItemState,
    orderableType: item.orderableType as OrderableType,
  };
}

/** A stored pending change as the record shows it. */
const pendingWire = (stored: unknown) => (stored ? pendingUpdateToWire(stored as PendingUpdate) : null);

/** One item for lists and for the record of an action's answer. */
export function orderItemWire(row: OrderItemRow, viewer: SessionUser) {
  const d = domainItem(row.item);
  return { ...itemRecord(row), panels: panelsFor(d, { id: viewer.id, role: viewer.role }) };
}

/**
 * The item as a shop sees it (storefront answers): its state, price, pending change, orderable and order,
 * without what only staff see (assignee, panels, flag, batch, lock version).
 */
export function storefrontItemWire(row: OrderItemRow) {
  const {
    id: _id,
    user: _user,
    flagged: _flagged,
    fco_batch_id: _batch,
    is_reorder: _reorder,
    lock_version: _lock,
    ...view
  } = itemRecord(row);
  return view;
}

/** Everything an item record carries that does not depend on who is looking. */
function itemRecord(row: OrderItemRow) {
  const { item, orderable: o, order, billing, shipping } = row;
  const d = domainItem(item);
  return {
    id: item.id,
    ref: item.ref,
    type: item.type,
    orderable_type: item.orderableType,
    current_state: item.currentState,
    state_label: stateLabel(d),
    state_group: groupOf(d),
    user: row.assignee ? { id: row.assignee.id, name: row.assignee.name } : null,
    is_escalated: item.isEscalated,
    is_on_hold: item.isOnHold,
    waiting_customer_response: item.waitingCustomerResponse,
    flagged: item.flagged,
    net_value: item.netValue,
    position: item.position,
    approved: item.approved,
    is_reorder: item.isReorder,
    fco_batch_id: item.fcoBatchId,
    original_received_on: item.originalReceivedOn,
    despatch_due_on: item.despatchDueOn,
    pending_update: pendingWire(item.pendingUpdate),
    lock_version: item.lockVersion,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
    orderable: {
      id: o.id,
      type: o.type,
      pages: o.pages,
      copies: o.copies,
      service_level: o.serviceLevel,
      apostille_copies: o.apostilleCopies,
      apostille_country: o.apostilleCountry,
      scan_send: o.scanSend,
      despatch_by: o.despatchBy,
      subtotal_in_pence: o.subtotalInPence,
      certificate_country: o.certificateCountry,
      source_language: o.sourceLanguage,
      documents_by_post: o.documentsByPost,
      firstname_a: o.firstnameA,
      surname_a: o.surnameA,
      firstname_b: o.firstnameB,
      surname_b: o.surnameB,
      firstname_c: o.firstnameC,
      surname_c: o.surnameC,
      event_date: o.eventDate,
      event_place: o.eventPlace,
    },
    order: {
      id: order.id,
      ref: order.ref,
      email: order.email,
      phone: order.phone,
      customer_name: billing.name,
      delivery_region: order.deliveryRegion,
      has_different_shipping_address: order.hasDifferentShippingAddress,
      placed_at: order.placedAt.toISOString(),
      billing_address: addressWire(billing),
      shipping_address: shipping ? addressWire(shipping) : null,
    },
  };
}

export type OrderItemWire = ReturnType<typeof orderItemWire>;

/**
 * An item's record as JSON: what PostgreSQL wrote of it (read.ts `itemRecordJson`) with its pending change
 * and the viewer's panels, which only the domain's code knows how to write, appended. The same value as
 * JSON.stringify(orderItemWire(…)) (record-json.test.ts); its last two keys come last.
 */
export function recordJson({ record, item }: ItemRecordRow, viewer: SessionUser): string {
  const panels = panelsFor(domainItem(item), { id: viewer.id, role: viewer.role });
  return `${record.slice(0, -1)},"pending_update":${JSON.stringify(pendingWire(item.pendingUpdate))},"panels":${JSON.stringify(panels)}}`;
}

/**
 * The whole order page record as JSON: the item's record (`recordJson`) with its attachments, comments and
 * timeline, which PostgreSQL wrote as one JSON object in the same statement (read.ts `loadOrderItemPage`).
 */
export function orderItemDetailJson(row: OrderItemPageRow, viewer: SessionUser): string {
  // Both are JSON objects: the record's keys, then the lists' (`{…}` + `{…}` → `{…, …}`).
  return `${recordJson(row, viewer).slice(0, -1)},${row.lists.slice(1)}`;
}
