/**
 * Builders of wire records for the SPA's unit tests, valid against the contract's schemas, with overrides:
 * `orderItem({ ref: '100234-2', order: { customer_name: 'Ann Smith' } })`. Test code only (not measured
 * for coverage, see vitest.config.ts).
 */
import type { Order, Orderable, OrderItem, OrderItemDetail } from '../../domain/contract/order-item';

type ItemOverrides = Partial<Omit<OrderItem, 'order' | 'orderable'>> & {
  order?: Partial<Order>;
  orderable?: Partial<Orderable>;
};

/** An order item as GET /order_items/{ref} and search answer it: an unassigned birth certificate. */
export function orderItem(over: ItemOverrides = {}): OrderItem {
  const { order, orderable, ...item } = over;
  return {
    id: 1,
    ref: '100234-1',
    type: 'Birth Certificate',
    orderable_type: 'Certificate',
    current_state: 'unassigned',
    state_label: 'Unassigned',
    state_group: 'in_progress',
    user: null,
    is_escalated: false,
    is_on_hold: false,
    waiting_customer_response: false,
    flagged: false,
    net_value: 2800,
    position: 1,
    approved: false,
    is_reorder: false,
    fco_batch_id: null,
    original_received_on: null,
    despatch_due_on: '2026-03-12',
    pending_update: null,
    lock_version: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    panels: [],
    ...item,
    orderable: {
      id: 1,
      type: 'BirthCertificate',
      pages: null,
      copies: 1,
      service_level: 'standard',
      apostille_copies: 0,
      apostille_country: null,
      scan_send: false,
      despatch_by: 'standard',
      subtotal_in_pence: 2800,
      certificate_country: 'EW',
      source_language: null,
      documents_by_post: false,
      firstname_a: 'John',
      surname_a: 'Smith',
      firstname_b: null,
      surname_b: null,
      firstname_c: null,
      surname_c: null,
      event_date: '1970-01-01',
      event_place: 'London',
      ...orderable,
    },
    order: {
      id: 1,
      ref: '100234',
      email: 'ann@example.com',
      phone: null,
      customer_name: 'Ann Smith',
      delivery_region: 'UK',
      has_different_shipping_address: false,
      placed_at: '2026-03-01T09:00:00.000Z',
      billing_address: {
        id: 1,
        name: 'Ann Smith',
        line_1: '1 High Street',
        line_2: null,
        city: 'London',
        state: null,
        zip: 'SW1A 1AA',
        country_code: 'GB',
      },
      shipping_address: null,
      ...order,
    },
  };
}

/** An order item as the order page has it: the item with its attachments, comments and events (none). */
export function orderItemDetail(over: ItemOverrides = {}): OrderItemDetail {
  return { ...orderItem(over), ukds_attachments: [], comments: [], events: [] };
}
