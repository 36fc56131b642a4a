import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, conversations, outbox } from '../../db/schema';
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
    for (let i = 0; i < 27; i++) await message(`<p>Message ${i}</p>`);
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
    ).filter((m) => m.textBody === 'It left today.');
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
    const item = await buildOrderItem(ctx.database, {
      currentState: 'waiting_despatch_response',
      isEscalated: true,
      waitingCustomerResponse: true,
      userId: ordererId,
    });
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

describe('unpaid carts', () => {
  it('transfer takes an order ref when the order has one item; with several it names the choice and changes nothing', async () => {
    const single = await buildOrderItem(ctx.database, {
      currentState: 'waiting_despatch_response',
      isEscalated: true,
      waitingCustomerResponse: true,
      userId: ordererId,
    });
    const id = await message('<p>It is 12 High St.</p>', { email: 'single@example.com' });
    const res = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/transfer.json`,
      payload: { order_item: { ref: single.order.ref } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item_ref).toBe(single.ref);

    const { order } = await buildOrder(ctx.database, { items: [{}, {}] });
    const other = await message('<p>Which one?</p>', { email: 'multi@example.com' });
    const refused = await staff.request({
      method: 'POST',
      url: `/api/v1/conversations/${other}/transfer.json`,
      payload: { order_item: { ref: order.ref } },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toContain('has 2 items');
    const [still] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, other));
    expect(still).toMatchObject({ active: true, orderItemId: null });
  });

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
    expect(mails.map((m) => m.textBody)).toEqual(['Sorry, Pat.']);
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
    const item = await buildOrderItem(ctx.database, {
      currentState: 'waiting_gro_order_response',
      isEscalated: true,
      waitingCustomerResponse: true,
      userId: ordererId,
    });
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
