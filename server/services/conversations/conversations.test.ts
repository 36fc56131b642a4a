import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, comments, conversations, orderItems, outbox } from '../../db/schema';
import { buildOrder, buildOrderItem } from '../../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';
import { multipartFile, PNG_BYTES } from '../../test/items';
import { receiveCustomerMessage } from './conversations';

let ctx: TestContext;
let admin: Agent;
let staff: Agent;
let ordererId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  const o = await buildUser(ctx.database);
  ordererId = o.id;
  staff = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const storefront = (url: string, payload: object, key = STOREFRONT_KEY) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/storefront/${url}.json`,
    payload,
    headers: { authorization: `Bearer ${key}` },
  });
const message = (content: string, extra: object = {}) =>
  receiveCustomerMessage(ctx.database.db, {
    email: 'cust@example.com',
    name: 'Cass Tomer',
    subject: 'Hello',
    content,
    ...extra,
  }).then((stored) => stored.id);

describe('every state-changing conversation and cart call', () => {
  it('needs the CSRF token (403) and valid input (422), and then changes nothing', async () => {
    const id = await message('<p>Guarded</p>', { email: 'guard@example.com' });
    const cart = {
      cart: {
        ref: 'C-GUARD',
        email: 'guard@example.com',
        billing_address: { name: 'Gus Guard' },
        items: [{ type: 'Birth Certificate', net_value: 2800 }],
        total_in_pence: 2800,
      },
    };
    expect((await storefront('carts', cart)).statusCode).toBe(201);
    // Toggle and close take no body, so they have no invalid input to try.
    const calls: [string, object, object | null][] = [
      [`conversations/${id}/reply`, { response: { content: 'Hi' } }, { response: { content: '' } }],
      [`conversations/${id}/toggle`, {}, null],
      [`conversations/${id}/transfer`, { order_item: { ref: 'X-1' } }, { order_item: {} }],
      ['carts/C-GUARD/notify_and_close', { message: { body: 'Sorry' } }, { message: { body: '' } }],
      ['carts/C-GUARD/close', {}, null],
    ];
    const current = async () => ({
      conversation: (await ctx.database.db.select().from(conversations).where(eq(conversations.id, id)))[0],
      cart: (await ctx.database.db.select().from(carts).where(eq(carts.ref, 'C-GUARD')))[0],
      mails: (await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, 'guard@example.com')))
        .length,
    });
    const start = await current();
    for (const [path, good, bad] of calls) {
      const url = `/api/v1/${path}.json`;
      const noCsrf = await staff.request({ method: 'POST', url, payload: good, csrf: null });
      expect(noCsrf.statusCode, path).toBe(403);
      if (!bad) continue;
      const invalid = await staff.request({ method: 'POST', url, payload: bad });
      expect(invalid.statusCode, `${path} ${invalid.body}`).toBe(422);
    }
    expect(await current()).toEqual(start);
  });
});

describe('conversations', () => {
  it('pages the inbox 25 at a time with the paging fields; page 0 is 422; past the end is empty', async () => {
    for (let i = 0; i < 27; i++) await message(`<p>Message ${i}</p>`, { email: `page${i}@example.com` });
    const first = (
      await staff.request({ method: 'GET', url: '/api/v1/conversations/active.json?active=true&page=1' })
    ).json();
    expect(first.conversations).toHaveLength(25);
    expect(first).toMatchObject({ page: 1, per_page: 25 });
    expect(first.total_count).toBeGreaterThanOrEqual(27);
    const last = (
      await staff.request({
        method: 'GET',
        url: `/api/v1/conversations/active.json?active=true&page=${first.total_pages}`,
      })
    ).json();
    expect(last.conversations.length).toBeGreaterThan(0);
    const past = (
      await staff.request({
        method: 'GET',
        url: `/api/v1/conversations/active.json?page=${first.total_pages + 1}`,
      })
    ).json();
    expect(past.conversations).toEqual([]);
    expect(
      (await staff.request({ method: 'GET', url: '/api/v1/conversations/active.json?page=0' })).statusCode,
    ).toBe(422);
    expect(
      (await staff.request({ method: 'GET', url: '/api/v1/conversations/active.json?page=x' })).statusCode,
    ).toBe(422);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/conversations/active.json' })).statusCode,
    ).toBe(401);
  });

  it('never lets <script> or onerror= reach the client', async () => {
    const id = await message(
      '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:evil()">x</a></p>',
    );
    const [stored] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(stored.content).not.toMatch(/script|onerror|javascript:/i);
    const served = (await staff.request({ method: 'GET', url: `/api/v1/conversations/${id}.json` })).body;
    expect(served).not.toMatch(/<script|onerror|javascript:/i);
    // Even a row written around the service (an old import) is cleaned when served.
    await ctx.database.db
      .update(conversations)
      .set({ content: '<b onmouseover="x()">b</b><script>1</script>' })
      .where(eq(conversations.id, id));
    const again = (await staff.request({ method: 'GET', url: `/api/v1/conversations/${id}.json` })).json();
    expect(again.conversation.content).toBe('<b>b</b>');
  });

  it('reply e-mails the customer once and archives; toggle brings it back', async () => {
    const id = await message('<p>Where is my order?</p>');
    const res = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/reply.json`,
      payload: { response: { content: 'It left today.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation).toMatchObject({
      active: false,
      replies: [{ content: 'It left today.' }],
    });
    const mails = (
      await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'conversation_reply'))
    ).filter((m) => m.textBody.startsWith('It left today.\n\n'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'cust@example.com', subject: 'Re: Hello' });
    const toggled = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/toggle.json`,
      payload: {},
    });
    expect(toggled.json().conversation.active).toBe(true);
    expect(
      (
        await staff.request({
          method: 'POST',
          url: `/api/v1/conversations/${id}/reply.json`,
          payload: { response: { content: ' ' } },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await staff.request({
          method: 'POST',
          url: `/api/v1/conversations/${id}/toggle.json`,
          payload: {},
          csrf: null,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await staff.request({ method: 'POST', url: '/api/v1/conversations/999999/toggle.json', payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('transfer to a waiting item makes it the customer reply; a wrong ref is 404 and changes nothing', async () => {
    const item = await buildOrderItem(
      ctx.database,
      {
        currentState: 'waiting_despatch_response',
        isEscalated: true,
        waitingCustomerResponse: true,
        userId: ordererId,
      },
      { email: 'Cust@Example.com' },
    );
    const id = await message('<p>The address is <b>4 Mill Lane</b>.</p>');
    const wrong = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/transfer.json`,
      payload: { order_item: { ref: '000000-9' } },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBeTruthy();
    const [still] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(still.active).toBe(true);
    const res = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/transfer.json`,
      payload: { order_item: { ref: item.ref } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      conversation: { active: false, order_item_ref: item.ref },
      order_item_ref: item.ref,
    });
    const detail = (
      await staff.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    expect(detail).toMatchObject({
      current_state: 'despatch_response_received',
      waiting_customer_response: false,
    });
    expect(detail.comments.some((c: { body: string }) => c.body.includes('4 Mill Lane'))).toBe(true);
  });
});

describe('transfer to an order by order ref', () => {
  const transfer = (id: number, body: object) =>
    staff.request({ method: 'POST', url: `/api/v1/conversations/${id}/transfer.json`, payload: body });
  /** What a refused transfer must leave as it was: the conversation, the items and their comments. */
  const snapshot = async (id: number, itemIds: number[]) => ({
    conversation: (await ctx.database.db.select().from(conversations).where(eq(conversations.id, id)))[0],
    items: await ctx.database.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.id, itemIds))
      .orderBy(orderItems.id),
    comments: await ctx.database.db.select().from(comments).where(inArray(comments.orderItemId, itemIds)),
  });
  const waiting = {
    currentState: 'waiting_despatch_response',
    isEscalated: true,
    waitingCustomerResponse: true,
  } as const;

  it('an order with one item takes its order ref', async () => {
    const single = await buildOrderItem(
      ctx.database,
      { ...waiting, userId: ordererId },
      { email: 'single@example.com' },
    );
    const id = await message('<p>It is 12 High St.</p>', { email: 'single@example.com' });
    const res = await transfer(id, { order_item: { ref: single.order.ref } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order_item_ref: single.ref,
      conversation: { active: false, order_item_ref: single.ref },
    });
    const [after] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, single.id));
    expect(after.currentState).toBe('despatch_response_received');
    // Exactly once: a second transfer is refused and posts nothing more.
    const again = await transfer(id, { order_item: { ref: single.order.ref } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('wrong_state');
    const onItem = await ctx.database.db.select().from(comments).where(eq(comments.orderItemId, single.id));
    expect(onItem.filter((c) => c.body.includes('12 High St'))).toHaveLength(1);
  });

  it('an order with several items answers 409 choose_item with its items, then takes the chosen one', async () => {
    const { order, items } = await buildOrder(ctx.database, {
      email: 'multi@example.com',
      items: [
        { ...waiting, userId: ordererId },
        { ...waiting, userId: ordererId },
      ],
    });
    const ids = items.map((i) => i.id);
    const id = await message('<p>About the second one.</p>', { email: 'multi@example.com' });
    const before = await snapshot(id, ids);

    const refused = await transfer(id, { order_item: { ref: order.ref } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'choose_item',
      details: {
        order_ref: order.ref,
        items: [
          { ref: `${order.ref}-1`, type: 'Birth Certificate', state_label: 'Waiting Customer' },
          { ref: `${order.ref}-2`, type: 'Birth Certificate', current_state: 'waiting_despatch_response' },
        ],
      },
    });
    expect(await snapshot(id, ids)).toEqual(before);

    const notOfOrder = await transfer(id, { order_item: { ref: order.ref, item_ref: '000000-1' } });
    expect(notOfOrder.statusCode).toBe(422);
    expect(notOfOrder.json().error.details).toEqual([
      { field: 'order_item.item_ref', message: `Order ${order.ref} has no item 000000-1.` },
    ]);
    expect(
      (await transfer(id, { order_item: { ref: order.ref, item_ref: 'x'.repeat(41) } })).statusCode,
    ).toBe(422);
    expect(await snapshot(id, ids)).toEqual(before);

    const res = await transfer(id, { order_item: { ref: order.ref, item_ref: `${order.ref}-2` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item_ref).toBe(`${order.ref}-2`);
    const after = await snapshot(id, ids);
    expect(after.items.map((i) => i.currentState)).toEqual([
      'waiting_despatch_response',
      'despatch_response_received',
    ]);
    expect(after.comments.map((c) => c.orderItemId)).toEqual([items[1].id]);
    expect(
      (await transfer(id, { order_item: { ref: order.ref, item_ref: `${order.ref}-1` } })).statusCode,
    ).toBe(409);
  });

  it("another customer's order needs confirm_different_customer; without it 409 names both e-mails and changes nothing", async () => {
    const item = await buildOrderItem(
      ctx.database,
      { ...waiting, userId: ordererId },
      { email: 'owner@example.com' },
    );
    const id = await message('<p>Not the owner.</p>', { email: 'stranger@example.com' });
    const before = await snapshot(id, [item.id]);
    for (const body of [
      { order_item: { ref: item.order.ref } },
      { order_item: { ref: item.ref } },
      { order_item: { ref: item.ref }, confirm_different_customer: false },
    ]) {
      const refused = await transfer(id, body);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'different_customer',
        details: {
          conversation_email: 'stranger@example.com',
          order_email: 'owner@example.com',
          order_item_ref: item.ref,
        },
      });
    }
    expect(
      (await transfer(id, { order_item: { ref: item.ref }, confirm_different_customer: 'yes' })).statusCode,
    ).toBe(422);
    expect(await snapshot(id, [item.id])).toEqual(before);

    const res = await transfer(id, { order_item: { ref: item.order.ref }, confirm_different_customer: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot(id, [item.id]);
    expect(after.items[0].currentState).toBe('despatch_response_received');
    expect(after.conversation).toMatchObject({ active: false, orderItemId: item.id });
  });

  it('an unknown order ref is 404 and changes nothing', async () => {
    const id = await message('<p>Lost.</p>', { email: 'lost@example.com' });
    const res = await transfer(id, { order_item: { ref: '000000' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('There is no order 000000.');
    const [still] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(still).toMatchObject({ active: true, orderItemId: null });
  });
});

describe('unpaid carts', () => {
  it('lists, shows the apology, notifies and closes once; close twice is 409', async () => {
    const cart = {
      ref: 'C-T1',
      email: 'payer@example.com',
      billing_address: { name: 'Pat Payer' },
      items: [{ type: 'Birth Certificate', net_value: 2800 }],
      total_in_pence: 2800,
    };
    expect((await storefront('carts', { cart })).statusCode).toBe(201);
    expect((await storefront('carts', { cart })).statusCode).toBe(200);
    const list = (await staff.request({ method: 'GET', url: '/api/v1/carts/unpaid.json' })).json().carts;
    expect(list.filter((c: { ref: string }) => c.ref === 'C-T1')).toHaveLength(1);
    const shown = (await staff.request({ method: 'GET', url: '/api/v1/carts/C-T1.json' })).json().cart;
    expect(shown.apology_email).toContain('Dear Pat Payer');
    const res = await staff.request({
      method: 'POST',
      url: '/api/v1/carts/C-T1/notify_and_close.json',
      payload: { message: { body: 'Sorry, Pat.' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cart.state).toBe('closed');
    expect(
      (
        await staff.request({
          method: 'POST',
          url: '/api/v1/carts/C-T1/notify_and_close.json',
          payload: { message: { body: 'Again' } },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await staff.request({ method: 'POST', url: '/api/v1/carts/C-T1/close.json', payload: {} })).statusCode,
    ).toBe(409);
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'payer@example.com'));
    // The edited apology as the unpaid_cart template lays it out (server/mail/templates/unpaid-cart.tsx).
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toMatch(
      /^Basket C-T1\n\nYour order has not been completed\n\nSorry, Pat\.\n\n/,
    );
    expect((await staff.request({ method: 'GET', url: '/api/v1/carts/NOPE.json' })).statusCode).toBe(404);
    expect(
      (
        await staff.request({
          method: 'POST',
          url: '/api/v1/carts/C-T1/notify_and_close.json',
          payload: { message: { body: '' } },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('a cart paid after all leaves the list', async () => {
    const cart = {
      ref: 'C-T2',
      email: 'late@example.com',
      billing_address: { name: 'Lee Late' },
      items: [],
      total_in_pence: 100,
    };
    await storefront('carts', { cart });
    expect((await storefront('carts/C-T2/paid', {})).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(carts).where(eq(carts.ref, 'C-T2'));
    expect(row.state).toBe('paid');
  });
});

describe('storefront', () => {
  const order = {
    order: {
      ref: '990001',
      email: 'shop@example.com',
      delivery_region: 'UK',
      placed_at: '2026-11-01T10:00:00Z',
      billing_address: { name: 'Sam Shop', line_1: '1 Road', city: 'York', zip: 'YO1 1AA' },
      items: [
        {
          orderable_type: 'Certificate',
          type: 'Birth Certificate',
          net_value: 2800,
          orderable: { service_level: 'standard', copies: 1 },
        },
        {
          orderable_type: 'AdultDeedPoll',
          type: 'Adult Deed Poll',
          net_value: 2000,
          orderable: { service_level: 'standard' },
        },
      ],
    },
  };

  it('an order posted twice is stored once, items unassigned and priced; a wrong key is 401', async () => {
    expect((await storefront('orders', order)).statusCode).toBe(201);
    expect((await storefront('orders', order)).statusCode).toBe(200);
    const dash = (await staff.request({ method: 'GET', url: '/api/v1/order_items/dashboard.json' })).json()
      .order_items;
    const mine = dash.filter((i: { ref: string }) => i.ref.startsWith('990001-'));
    // A list row is slim: the priced orderable comes with the item itself.
    const priced = [];
    for (const { ref } of mine as { ref: string }[]) {
      const item = (await staff.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` })).json()
        .order_item as { ref: string; orderable: { subtotal_in_pence: number } };
      priced.push([item.ref, item.orderable.subtotal_in_pence]);
    }
    expect(priced).toEqual([
      ['990001-1', 2800],
      ['990001-2', 2000],
    ]);
    expect((await storefront('orders', order, 'wrong-key')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/storefront/orders.json', payload: order }))
        .statusCode,
    ).toBe(401);
    expect((await storefront('orders', { order: { ...order.order, ref: 'abc' } })).statusCode).toBe(422);
    // Staff sessions do not open the storefront API.
    expect(
      (await admin.request({ method: 'POST', url: '/api/v1/storefront/orders.json', payload: order }))
        .statusCode,
    ).toBe(401);
  });

  it('a message posted twice is one conversation (by message_id, or by content the same day); one naming a waiting item is its reply, once', async () => {
    // From the order's own address: only then does a message reach the item (docs/storefront.md).
    const item = await buildOrderItem(
      ctx.database,
      {
        currentState: 'waiting_gro_order_response',
        isEscalated: true,
        waitingCustomerResponse: true,
        userId: ordererId,
      },
      { email: 'c@example.com' },
    );
    const body = {
      message: { email: 'c@example.com', content: 'Born in Leeds, not York.', order_ref: item.ref },
    };
    const first = await storefront('messages', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await storefront('messages', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().conversation.id).toBe(first.json().conversation.id);
    const stored = await ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.content, 'Born in Leeds, not York.'));
    expect(stored).toHaveLength(1);
    const detail = (
      await staff.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    expect(detail.current_state).toBe('gro_order_response_received');
    // The repeat did not deliver the reply a second time.
    expect(detail.comments.filter((c: { body: string }) => c.body.includes('Born in Leeds'))).toHaveLength(1);

    // With the shop's message id, two posts are one message even if the text was edited in between.
    const a = await storefront('messages', {
      message: { email: 'd@example.com', content: 'v1', message_id: 'm-77' },
    });
    const b = await storefront('messages', {
      message: { email: 'd@example.com', content: 'v2', message_id: 'm-77' },
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().conversation.id).toBe(a.json().conversation.id);
    // Different messages from the same customer are kept apart.
    const c = await storefront('messages', { message: { email: 'd@example.com', content: 'v3' } });
    expect(c.statusCode).toBe(201);

    expect(
      (await storefront('messages', { message: { email: 'not-an-email', content: 'x' } })).statusCode,
    ).toBe(422);
    expect((await storefront('messages', body, 'wrong-key-wrong-key-wrong')).statusCode).toBe(401);
  });

  it('a customer upload clears a rejection', async () => {
    const item = await buildOrderItem(ctx.database, {
      orderableType: 'AdultDeedPoll',
      currentState: 'review_documents',
      waitingCustomerResponse: true,
      userId: ordererId,
    });
    const upload = multipartFile('signed.png', PNG_BYTES);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/storefront/order_items/${item.ref}/attachments.json`,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${STOREFRONT_KEY}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (
      await staff.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    expect(detail.waiting_customer_response).toBe(false);
    expect(detail.ukds_attachments[0]).toMatchObject({ source: 'customer' });
  });
});

describe('outbox', () => {
  it('admins list messages and their delivery state; orderers are refused', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/outbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await staff.request({ method: 'GET', url: '/api/v1/outbox.json' })).statusCode).toBe(403);
  });

  it('an admin sends a failed message again; anything else is 409, orderers 403, no CSRF 403', async () => {
    const [failed] = await ctx.database.db
      .insert(outbox)
      .values({
        kind: 'customer_contact',
        toAddress: 'bounce@example.com',
        subject: 'About your order',
        textBody: 'Hello',
        messageId: '<retry-test@ukds.back-office>',
        status: 'failed',
        attempts: 8,
        lastError: 'mailbox unavailable',
      })
      .returning();
    const url = `/api/v1/outbox/${failed.id}/retry.json`;
    expect((await staff.request({ method: 'POST', url, payload: {} })).statusCode).toBe(403);
    expect((await admin.request({ method: 'POST', url, payload: {}, csrf: null })).statusCode).toBe(403);
    const res = await admin.request({ method: 'POST', url, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(row.messageId).toBe('<retry-test@ukds.back-office>');
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await admin.request({ method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(
      (await admin.request({ method: 'POST', url: '/api/v1/outbox/999999/retry.json', payload: {} }))
        .statusCode,
    ).toBe(404);
  });
});
