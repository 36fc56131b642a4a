/**
 * The storefront API's answers and one of its rules. Every answer, refusals included, parses with its strict
 * contract schema (nothing more reaches a shop), and a message naming an order reaches that order's item only
 * when it comes from the order's own e-mail address (docs/decisions/conversations-and-storefront.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorSchema } from '../../domain/contract/session';
import {
  type StorefrontAddress,
  StorefrontCartResponseSchema,
  StorefrontMessageResponseSchema,
  StorefrontOrderResponseSchema,
  StorefrontOrderSchema,
} from '../../domain/contract/storefront';
import { despatchDueOn } from '../../domain/turnaround';
import {
  addresses,
  attachments,
  comments,
  conversations,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  salesDaily,
  salesDailyOrders,
} from '../db/schema';
import { addressRow, orderableValues, orderValues, priceItem } from '../services/orders/ingest-order';
import { localStorage } from '../storage/local';
import { buildOrder, buildOrderItem } from '../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../test/harness';
import { multipartFile, PNG_BYTES, snapshot } from '../test/items';

/** The shared error body, strictly: a refusal publishes nothing else. */
const StorefrontErrorSchema = z.strictObject({
  error: z.union(
    ErrorSchema.shape.error.options.map((option) => option.strict()),
  ) as unknown as typeof ErrorSchema.shape.error,
});

let ctx: TestContext;
let admin: Agent;
let ordererId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  ordererId = (await buildUser(ctx.database)).id;
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, key: string | null = STOREFRONT_KEY) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/storefront/${url}.json`,
    payload,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
  });

/** The body of an answer with this status, parsed by the strict schema (fails on any extra field). */
function answer<T extends z.ZodType>(
  res: { statusCode: number; body: string },
  status: number,
  schema: T,
): z.output<T> {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(JSON.parse(res.body));
  expect(parsed.error, res.body).toBeUndefined();
  return parsed.data as z.output<T>;
}

const waiting = {
  currentState: 'waiting_gro_order_response',
  isEscalated: true,
  waitingCustomerResponse: true,
} as const;

describe('a message naming an order', () => {
  it("from the order's own address (any case) reaches its item and is the customer's reply", async () => {
    const item = await buildOrderItem(
      ctx.database,
      { ...waiting, userId: ordererId },
      { email: 'Kim@Example.com' },
    );
    const res = await post('messages', {
      message: { email: 'kim@example.COM', content: 'It was Leeds.', order_ref: item.order.ref },
    });
    const { conversation } = answer(res, 201, StorefrontMessageResponseSchema);
    expect(conversation.order_item_ref).toBe(item.ref);
    const detail = (
      await admin.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    expect(detail.current_state).toBe('gro_order_response_received');
    expect(detail.comments.map((c: { body: string }) => c.body)).toContain('kim@example.COM: It was Leeds.');
  });

  it('from another address lands in the inbox unlinked and changes nothing on the item', async () => {
    const item = await buildOrderItem(
      ctx.database,
      { ...waiting, userId: ordererId },
      { email: 'owner@example.com' },
    );
    const before = await snapshot(ctx.database, item.id);
    for (const order_ref of [item.ref, item.order.ref]) {
      const res = await post('messages', {
        message: { email: 'someone.else@example.com', content: `About ${order_ref}`, order_ref },
      });
      const { conversation } = answer(res, 201, StorefrontMessageResponseSchema);
      expect(conversation.order_item_ref).toBeNull();
      const [stored] = await ctx.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, conversation.id));
      // The ref the customer gave is kept for staff to see; the conversation waits in the inbox.
      expect(stored).toMatchObject({ active: true, orderItemId: null, orderRef: order_ref });
    }
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    expect(await ctx.database.db.select().from(comments).where(eq(comments.orderItemId, item.id))).toEqual(
      [],
    );

    // Staff can still move it onto the item, as a decision: the transfer asks them to confirm.
    // Both messages joined the sender's one thread, the latest (naming the order) on top.
    const [unlinked] = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.email, 'someone.else@example.com'));
    const transfer = await admin.request({
      method: 'POST',
      url: `/api/v1/conversations/${unlinked.id}/transfer.json`,
      payload: { order_item: { ref: item.ref } },
    });
    expect(transfer.statusCode, transfer.body).toBe(409);
    expect(transfer.json().error.code).toBe('different_customer');
  });

  it('naming an order with several items lands in the inbox unlinked, even from its own address', async () => {
    const { order, items } = await buildOrder(ctx.database, {
      email: 'two@example.com',
      items: [{ ...waiting }, { ...waiting }],
    });
    const res = await post('messages', {
      message: { email: 'two@example.com', content: 'Which one?', order_ref: order.ref },
    });
    expect(answer(res, 201, StorefrontMessageResponseSchema).conversation.order_item_ref).toBeNull();
    for (const item of items) {
      const [row] = await ctx.database.db
        .select({ n: comments.id })
        .from(comments)
        .where(eq(comments.orderItemId, item.id));
      expect(row).toBeUndefined();
    }
  });

  it('sent again answers 200 with the same conversation and item', async () => {
    const item = await buildOrderItem(ctx.database, {}, { email: 'again@example.com' });
    const body = { message: { email: 'again@example.com', content: 'Twice', order_ref: item.ref } };
    const first = answer(await post('messages', body), 201, StorefrontMessageResponseSchema);
    const again = answer(await post('messages', body), 200, StorefrontMessageResponseSchema);
    expect(again).toEqual(first);
    expect(first.conversation.order_item_ref).toBe(item.ref);
  });
});

describe('answers match their strict schemas', () => {
  const order = {
    order: {
      ref: '930001',
      email: 'strict@example.com',
      delivery_region: 'UK',
      placed_at: '2026-03-02T09:00:00Z',
      billing_address: { name: 'Sid Strict' },
      items: [
        {
          orderable_type: 'Certificate',
          type: 'Birth Certificate',
          net_value: 2800,
          orderable: { service_level: 'standard' },
        },
      ],
    },
  };
  const cart = {
    cart: {
      ref: 'C-STRICT',
      email: 'strict@example.com',
      billing_address: { name: 'Sid Strict' },
      items: [{ type: 'Birth Certificate', net_value: 2800 }],
      total_in_pence: 2800,
    },
  };

  it('orders and carts: 201 new, 200 again; the cart without what only staff see', async () => {
    const created = answer(await post('orders', order), 201, StorefrontOrderResponseSchema);
    expect(answer(await post('orders', order), 200, StorefrontOrderResponseSchema)).toEqual(created);
    const stored = answer(await post('carts', cart), 201, StorefrontCartResponseSchema).cart;
    expect(stored).toMatchObject({ ref: 'C-STRICT', state: 'unpaid', closed_at: null });
    expect(stored).not.toHaveProperty('apology_email');
    expect(answer(await post('carts', cart), 200, StorefrontCartResponseSchema).cart).toEqual(stored);
    const paid = answer(await post('carts/C-STRICT/paid', {}), 200, StorefrontCartResponseSchema).cart;
    expect(paid.state).toBe('paid');
    // Reported paid again: the same answer, nothing changes.
    expect(answer(await post('carts/C-STRICT/paid', {}), 200, StorefrontCartResponseSchema).cart).toEqual(
      paid,
    );
  });

  it('refusals carry the error shape: 401, 404 (an unreadable path too), 409, 413, 422 (a cart names each bad field)', async () => {
    for (const key of [null, 'wrong-key']) {
      const error = answer(await post('carts', cart, key), 401, StorefrontErrorSchema).error;
      expect(error.code).toBe('unauthenticated');
    }
    expect(answer(await post('carts/NO-SUCH-CART/paid', {}), 404, StorefrontErrorSchema).error.code).toBe(
      'not_found',
    );
    const item = await buildOrderItem(ctx.database);
    const nothingWaiting = await post(`order_items/${item.ref}/update_confirmed`, {});
    expect(answer(nothingWaiting, 409, StorefrontErrorSchema).error.code).toBe('wrong_state');
    const unknownItem = await post('order_items/999999-9/update_confirmed', {});
    expect(answer(unknownItem, 404, StorefrontErrorSchema).error.code).toBe('not_found');
    const badPath = await post('carts/a%00b/paid', {});
    expect(answer(badPath, 404, StorefrontErrorSchema).error.code).toBe('not_found');
    const huge = await post('messages', {
      message: { email: 'big@example.com', content: 'x'.repeat(1_100_000) },
    });
    expect(answer(huge, 413, StorefrontErrorSchema).error.code).toBe('payload_too_large');
    const bad = await post('carts', { cart: { ...cart.cart, email: 'nope', total_in_pence: -1 } });
    expect(answer(bad, 422, StorefrontErrorSchema).error).toHaveProperty('details', [
      { field: 'cart.email', message: 'Enter a valid e-mail address.' },
      { field: 'cart.total_in_pence', message: 'Enter £0.00 or more.' },
    ]);
  });
});

describe('orders arriving together', () => {
  const certificate = (type: string) => ({
    orderable_type: 'Certificate',
    type,
    net_value: 2800,
    orderable: { service_level: 'standard' },
  });
  const orderOf = (n: number, types: string[]) => ({
    order: {
      ref: `9400${String(n).padStart(2, '0')}`,
      email: `together${n}@example.com`,
      delivery_region: 'UK',
      placed_at: '2026-03-05T10:00:00Z',
      billing_address: { name: `Tess Together ${n}` },
      items: types.map(certificate),
    },
  });

  it('are all stored and counted once each, whatever their items (no deadlock in the sales summary)', async () => {
    // Half list a birth certificate first, half a death certificate first: before migration 0020 two such
    // orders on real PostgreSQL locked the day's summary rows in opposite orders and one got a 500.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        post(
          'orders',
          orderOf(
            n,
            n % 2 ? ['Birth Certificate', 'Death Certificate'] : ['Death Certificate', 'Birth Certificate'],
          ),
        ),
      ),
    );
    for (const res of answers) answer(res, 201, StorefrontOrderResponseSchema);
    const [day] = await ctx.database.db
      .select()
      .from(salesDailyOrders)
      .where(eq(salesDailyOrders.day, '2026-03-05'));
    expect(day.orders).toBe(16);
    // A cell's rows are its slots (migration 0030): the orders' transactions added to several of them.
    const cells = await ctx.database.db
      .select({ type: salesDaily.type, items: sql<number>`sum(${salesDaily.items})::int` })
      .from(salesDaily)
      .where(eq(salesDaily.day, '2026-03-05'))
      .groupBy(salesDaily.type);
    expect(cells.map((c) => [c.type, c.items]).sort()).toEqual([
      ['Birth Certificate', 16],
      ['Death Certificate', 16],
    ]);
  });
});

describe("an order's rows", () => {
  it('each item has its own orderable, and the billing and shipping addresses their own roles', async () => {
    // Both are inserted in one statement per table (ingest-order.ts) and matched by id: eight orders at once,
    // so on PostgreSQL their rows take interleaved ids from the sequences.
    const orderOf = (n: number) => ({
      order: {
        ref: `9500${n}`,
        email: `rows${n}@example.com`,
        delivery_region: 'UK',
        placed_at: '2026-03-06T10:00:00Z',
        billing_address: { name: `Billing ${n}`, zip: 'SW1A 1AA' },
        ...(n % 2 ? {} : { shipping_address: { name: `Shipping ${n}`, zip: 'EH1 1AA' } }),
        items: [1, 2, 3].map((copies) => ({
          orderable_type: 'Certificate',
          type: copies === 2 ? 'Death Certificate' : 'Birth Certificate',
          net_value: 2800 * copies,
          orderable: { service_level: 'standard', copies, apostille_copies: copies - 1 },
        })),
      },
    });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => post('orders', orderOf(n))));
    for (const res of answers) answer(res, 201, StorefrontOrderResponseSchema);
    for (let n = 0; n < 8; n++) {
      const { rows } = await ctx.database.db.execute<{
        position: number;
        type: string;
        copies: number;
        apostille_copies: number;
        billing: string;
        shipping: string | null;
      }>(sql`
        select oi.position, oi.type, ob.copies, ob.apostille_copies, b.name as billing, s.name as shipping
        from orders o join order_items oi on oi.order_id = o.id join orderables ob on ob.id = oi.orderable_id
        join addresses b on b.id = o.billing_address_id left join addresses s on s.id = o.shipping_address_id
        where o.ref = ${`9500${n}`} order by oi.position`);
      expect(rows.map((r) => [r.position, r.type, r.copies, r.apostille_copies])).toEqual([
        [1, 'Birth Certificate', 1, 0],
        [2, 'Death Certificate', 2, 1],
        [3, 'Birth Certificate', 3, 2],
      ]);
      expect(rows[0].billing).toBe(`Billing ${n}`);
      expect(rows[0].shipping).toBe(n % 2 ? null : `Shipping ${n}`);
    }
  });
});

describe('an order stored by its one statement (ingest-order.ts)', () => {
  const count = async (table: string) =>
    Number(
      (await ctx.database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0].n,
    );
  const counts = async () => ({
    addresses: await count('addresses'),
    orders: await count('orders'),
    orderables: await count('orderables'),
    order_items: await count('order_items'),
  });

  it('sent many times at once is stored once: one 201, the rest 200 with the same order, no stray rows', async () => {
    const order = {
      order: {
        ref: '9600001',
        email: 'twice@example.com',
        delivery_region: 'UK',
        placed_at: '2026-03-07T10:00:00Z',
        billing_address: { name: 'Twice Billing' },
        shipping_address: { name: 'Twice Shipping' },
        items: ['Birth Certificate', 'Death Certificate'].map((type) => ({
          orderable_type: 'Certificate',
          type,
          net_value: 2800,
          orderable: { service_level: 'standard' },
        })),
      },
    };
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('orders', order)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(
      answers.map((res) => answer(res, res.statusCode, StorefrontOrderResponseSchema).order.id),
    );
    expect(ids.size).toBe(1);
    // Two addresses, one order, an orderable and an item per line: the requests that lost wrote nothing.
    expect(await counts()).toEqual({
      addresses: before.addresses + 2,
      orders: before.orders + 1,
      orderables: before.orderables + 2,
      order_items: before.order_items + 2,
    });
    answer(await post('orders', order), 200, StorefrontOrderResponseSchema);
    expect((await counts()).addresses).toBe(before.addresses + 2);
  });

  it('stores every field as sent: the order, both addresses, each orderable and item', async () => {
    const sent = {
      order: {
        ref: '9600002',
        email: 'Every.Field@example.com',
        phone: '+44 20 7946 0000',
        delivery_region: 'EC',
        placed_at: '2026-03-09T16:30:00Z',
        billing_address: {
          name: 'Bea Billing',
          line_1: '1 High Street',
          line_2: 'Flat 2',
          city: 'London',
          state: 'Greater London',
          zip: 'SW1A 1AA',
          country_code: 'gb',
        },
        shipping_address: {
          name: 'Sam Shipping',
          line_1: '3 Rue Neuve',
          city: 'Paris',
          zip: '75001',
          country_code: 'FR',
        },
        items: [
          {
            orderable_type: 'Certificate',
            type: 'Marriage Certificate',
            net_value: 5400,
            orderable: {
              service_level: 'rapid',
              copies: 2,
              apostille_copies: 1,
              apostille_country: 'ES',
              scan_send: true,
              despatch_by: 'courier',
              certificate_country: 'SC',
              documents_by_post: true,
              firstname_a: 'Ada',
              surname_a: 'Lovelace',
              firstname_b: 'William',
              surname_b: 'King',
              firstname_c: 'Anne',
              surname_c: 'Milbanke',
              event_date: '1835-07-08',
              event_place: 'Fordhook',
            },
          },
          {
            orderable_type: 'Translation',
            type: 'Certified Translation',
            net_value: 4500,
            orderable: { service_level: '1', pages: 3, source_language: 'fr' },
          },
        ],
      },
    };
    const res = answer(await post('orders', sent), 201, StorefrontOrderResponseSchema);
    const o = StorefrontOrderSchema.parse(sent).order;
    const placedAt = new Date(o.placed_at);

    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, res.order.id));
    const billingAddressId = stored.billingAddressId;
    const shippingAddressId = stored.shippingAddressId as number;
    expect(stored).toMatchObject(orderValues(o, placedAt, billingAddressId, shippingAddressId));
    const [billing] = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, billingAddressId));
    const [shipping] = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, shippingAddressId));
    expect(billing).toEqual({ id: billingAddressId, ...addressRow(o.billing_address) });
    expect(shipping).toEqual({
      id: shippingAddressId,
      ...addressRow(o.shipping_address as StorefrontAddress),
    });

    const items = await ctx.database.db
      .select({ item: orderItems, orderable: orderables })
      .from(orderItems)
      .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
      .where(eq(orderItems.orderId, res.order.id))
      .orderBy(orderItems.position);
    expect(items).toHaveLength(2);
    o.items.forEach((item, index) => {
      const { item: row, orderable } = items[index];
      const subtotal = priceItem(item, index, o.delivery_region) as number;
      expect(orderable).toEqual({ id: row.orderableId, ...orderableValues(item, subtotal) });
      expect(row).toMatchObject({
        ref: `9600002-${index + 1}`,
        position: index + 1,
        type: item.type,
        orderableType: item.orderable_type,
        currentState: 'unassigned',
        userId: null,
        netValue: item.net_value,
        despatchDueOn: despatchDueOn(placedAt, item.orderable_type, item.orderable.service_level ?? null),
        createdAt: placedAt,
        updatedAt: placedAt,
      });
    });
  });
});

describe("a customer's upload (one transaction: the file's row and the item's customer_upload)", () => {
  const files = localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-storefront-upload-')));
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestApp({ storage: files });
  });
  afterAll(() => own.close());

  const upload = (ref: string) => {
    const { payload, headers } = multipartFile('signed.png', PNG_BYTES);
    return own.app.inject({
      method: 'POST',
      url: `/api/v1/storefront/order_items/${ref}/attachments.json`,
      payload,
      headers: { ...headers, authorization: `Bearer ${STOREFRONT_KEY}` },
    });
  };
  const rejected = async () =>
    buildOrderItem(own.database, {
      orderableType: 'AdultDeedPoll',
      currentState: 'review_documents',
      waitingCustomerResponse: true,
      userId: (await buildUser(own.database)).id,
    });
  const attachmentsOf = (itemId: number) =>
    own.database.db.select().from(attachments).where(eq(attachments.orderItemId, itemId));
  const eventsOf = async (itemId: number) =>
    (await own.database.db.select().from(orderItemEvents).where(eq(orderItemEvents.orderItemId, itemId))).map(
      (e) => e.action,
    );

  it('stores the file and the item takes it: the rejection is cleared, both on the timeline', async () => {
    const item = await rejected();
    const res = await upload(item.ref);
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await attachmentsOf(item.id);
    expect(stored).toMatchObject({
      id: res.json().attachment.id,
      source: 'customer',
      filename: 'signed.png',
    });
    expect(await files.exists(stored.storageKey)).toBe(true);
    expect(await eventsOf(item.id)).toEqual(['attachment_uploaded', 'customer_upload']);
    const [after] = await own.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(after.waitingCustomerResponse).toBe(false);
  });

  it('an action that fails leaves no attachment row, no stored file and the item as it was', async () => {
    const item = await rejected();
    const before = await snapshot(own.database, item.id);
    const keysBefore = await files.keys();
    // The action's own write fails (as a fault in its transaction would): nothing of the upload may stay.
    await own.database.db.execute(
      sql.raw(`create function refuse_customer_upload() returns trigger language plpgsql as $$
        begin
          if new.action = 'customer_upload' and new.order_item_id = ${item.id} then
            raise exception 'customer_upload refused for the test';
          end if;
          return new;
        end $$`),
    );
    await own.database.db.execute(
      sql.raw(`create trigger refuse_customer_upload before insert on order_item_events
        for each row execute function refuse_customer_upload()`),
    );
    try {
      const res = await upload(item.ref);
      expect(res.statusCode).toBe(500);
    } finally {
      await own.database.db.execute(sql.raw('drop trigger refuse_customer_upload on order_item_events'));
      await own.database.db.execute(sql.raw('drop function refuse_customer_upload()'));
    }
    expect(await attachmentsOf(item.id)).toEqual([]);
    expect(await snapshot(own.database, item.id)).toEqual(before);
    expect(await files.keys()).toEqual(keysBefore);
  });
});
