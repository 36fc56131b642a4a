/**
 * The record PostgreSQL writes from the contract (wire.ts, completed by serialize.ts `orderItemWire`) holds, value
 * for value, what the item's rows say, for every item of the demo data (every state, flag and product line) and
 * a few edge cases (names JSON must escape, a pending change, a shipping address), seen by an admin and by an
 * orderer: the order page, search results, storefront answers and every action's answer are built this way.
 * `expectedRecord` below is an independent statement of the mapping, field by field, from the Drizzle rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderItemDetailSchema,
  OrderItemSchema,
  pendingUpdateToWire,
} from '../../../domain/contract/order-item';
import { stateLabel } from '../../../domain/labels';
import { panelsFor } from '../../../domain/panels';
import { groupOf } from '../../../domain/states';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { orderItems } from '../../db/schema';
import { seedDemoIfEmpty } from '../../seed/demo';
import { buildOrderItem } from '../../test/factories';
import { buildUser, freshDatabase } from '../../test/harness';
import {
  loadOrderItem,
  loadOrderItemPage,
  loadOrderItemRecord,
  loadOrderItemRecords,
  loadOrderItemRows,
  type OrderItemRow,
} from './read';
import { orderItemDetail, orderItemWire, storefrontItemWire } from './serialize';

let database: Database;
let ids: number[];
let viewers: SessionUser[];
beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db);
  const orderer = await buildUser(database, { name: 'Zoë "Quote" O\'Brien \\ \n' });
  const admin = await buildUser(database, { role: 'admin' });
  // Names JSON must escape, a pending change, a shipping address, an escalated item worth refunding.
  await buildOrderItem(
    database,
    {
      userId: orderer.id,
      currentState: 'gro_order_required',
      isEscalated: true,
      stateBeforeEscalation: 'gro_order_required',
      netValue: 4200,
      flagged: true,
      originalReceivedOn: '2026-11-20',
      despatchDueOn: '2026-12-01',
      pendingUpdate: {
        attributes: { copies: 2, serviceLevel: 'priority' },
        newTotalInPence: 4200,
        differenceInPence: 1000,
        requestedAt: '2026-11-26T10:00:00.000Z',
        repriced: [{ id: 1, ref: '1-2', currentInPence: 100, newTotalInPence: 200 }],
      },
      orderable: {
        firstnameA: 'Émile "Em"',
        surnameA: "D'Arcy\t😀",
        eventDate: '1990-02-28',
        eventPlace: 'Leeds',
      },
    },
    { shippingAddress: { name: 'Ship </script> To', zip: 'SW1A 1AA' }, customerName: 'Ann\u2028Line' },
  );
  await buildOrderItem(
    database,
    { orderableType: 'Translation', userId: orderer.id },
    { shippingAddress: null },
  );
  ids = (await database.db.select({ id: orderItems.id }).from(orderItems)).map((r) => r.id);
  const viewer = (u: typeof admin): SessionUser => ({ ...u, isOrderer: u.isOrderer ?? false });
  viewers = [viewer(admin), viewer(orderer)];
}, 60_000);
afterAll(() => database.close());

const address = (a: NonNullable<OrderItemRow['shipping']>) => ({
  id: a.id,
  name: a.name,
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country_code: a.countryCode,
});

/** The record the contract describes, from the item's Drizzle rows: the test's own statement of the mapping. */
function expectedRecord(row: OrderItemRow, viewer: SessionUser) {
  const { item, orderable: o, order, billing, shipping } = row;
  const d = item;
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
    pending_update: item.pendingUpdate ? pendingUpdateToWire(item.pendingUpdate) : null,
    lock_version: item.lockVersion,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
    panels: panelsFor(d, { id: viewer.id, role: viewer.role }),
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
      billing_address: address(billing),
      shipping_address: shipping ? address(shipping) : null,
    },
  };
}

describe("an item's record as PostgreSQL writes it", () => {
  it("is what the rows say, with the order page's lists after it, for every item and viewer", async () => {
    expect(ids.length).toBeGreaterThan(100);
    const rows = new Map((await loadOrderItemRows(database.db, ids)).map((r) => [r.item.id, r]));
    const records = new Map((await loadOrderItemRecords(database.db, ids)).map((r) => [r.item.id, r]));
    // The demo data has items in an FCO batch, with a pending change and with a shipping address.
    const all = [...rows.values()];
    expect(all.some((r) => r.item.fcoBatchId !== null)).toBe(true);
    expect(all.some((r) => r.item.pendingUpdate !== null)).toBe(true);
    expect(all.some((r) => r.shipping !== null)).toBe(true);
    for (const id of ids) {
      const page = await loadOrderItemPage(database.db, id);
      const row = rows.get(id);
      const record = records.get(id);
      if (!row || !record) throw new Error(`item ${id} not read`);
      for (const viewer of viewers) {
        const expected = expectedRecord(row, viewer);
        expect(orderItemWire(record, viewer), `item ${id}`).toStrictEqual(expected);
        expect(OrderItemSchema.strict().safeParse(orderItemWire(record, viewer)).success).toBe(true);
        const detail = orderItemDetail(page, viewer);
        expect(detail).toStrictEqual({
          ...expected,
          ukds_attachments: page.attachments,
          comments: page.comments,
          events: page.events,
        });
        expect(OrderItemDetailSchema.safeParse(detail).error).toBeUndefined();
      }
    }
  });

  it('is what a shop sees without what only staff see', async () => {
    const id = ids[ids.length - 2];
    const row = await loadOrderItem(database.db, id);
    const {
      panels: _p,
      id: _i,
      user: _u,
      flagged: _f,
      fco_batch_id: _b,
      is_reorder: _r,
      lock_version: _l,
      ...shop
    } = expectedRecord(row, viewers[0]);
    expect(storefrontItemWire(await loadOrderItemRecord(database.db, id))).toStrictEqual(shop);
  });

  it('is read by ref as by id', async () => {
    const id = ids[ids.length - 1];
    const { ref } = (await loadOrderItem(database.db, id)).item;
    expect(await loadOrderItemPage(database.db, ref)).toStrictEqual(await loadOrderItemPage(database.db, id));
    expect(await loadOrderItemRecord(database.db, ref)).toStrictEqual(
      await loadOrderItemRecord(database.db, id),
    );
  });
});
