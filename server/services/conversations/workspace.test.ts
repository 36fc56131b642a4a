import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations, outbox } from '../../db/schema';
import { buildOrder } from '../../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let admin: Agent;
let staff: Agent;
let ordererId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  const o = await buildUser(ctx.database, { name: 'Olive Orderer' });
  ordererId = o.id;
  staff = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const storefrontMessage = (message: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/messages.json',
    payload: { message },
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
  });
const send = async (email: string, content: string, extra: object = {}) => {
  const res = await storefrontMessage({ email, name: 'Cass Tomer', subject: 'Hello', content, ...extra });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().conversation.id as number;
};
const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url: `/api/v1/${url}.json` });
const post = (agent: Agent, url: string, payload: object, csrf?: null) =>
  agent.request({ method: 'POST', url: `/api/v1/${url}.json`, payload, ...(csrf === null ? { csrf } : {}) });
const show = async (id: number) => (await get(staff, `conversations/${id}`)).json().conversation;
const mailsTo = async (email: string) =>
  (await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;

describe('one thread per customer', () => {
  it("a follow-up joins the customer's open thread (any case); a repeat is stored once; another customer starts one", async () => {
    const first = await send('thread@example.com', '<p>First</p>', { message_id: 'm-1' });
    const before = await show(first);
    const second = await send('Thread@Example.com', '<p>Second</p>', { message_id: 'm-2' });
    expect(second).toBe(first);
    const repeat = await storefrontMessage({
      email: 'thread@example.com',
      content: '<p>Second</p>',
      message_id: 'm-2',
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().conversation.id).toBe(first);
    const thread = await show(first);
    expect(thread.messages.map((m: { kind: string; content: string }) => [m.kind, m.content])).toEqual([
      ['customer', '<p>First</p>'],
      ['customer', '<p>Second</p>'],
    ]);
    expect(thread.content).toBe('<p>Second</p>');
    expect(thread.lock_version).toBeGreaterThan(before.lock_version);
    expect(await send('other@example.com', '<p>Mine</p>')).not.toBe(first);
  });

  it('a follow-up to an archived thread joins it and brings it back to the inbox', async () => {
    const id = await send('back@example.com', '<p>One</p>');
    expect((await post(staff, `conversations/${id}/toggle`, {})).json().conversation.active).toBe(false);
    expect(await send('back@example.com', '<p>Two</p>')).toBe(id);
    const thread = await show(id);
    expect(thread.active).toBe(true);
    expect(thread.messages).toHaveLength(2);
  });
});

describe('reply and reply-and-archive', () => {
  it('Reply e-mails once and stays in the inbox; its repeat is 409 stale and sends nothing', async () => {
    const id = await send('stay@example.com', '<p>Question</p>');
    const { lock_version } = await show(id);
    const missing = await post(staff, `conversations/${id}/replies`, { response: { content: 'Hi' } });
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json().error.details)).toContain('response.lock_version');
    const body = { response: { content: 'We are on it.', lock_version } };
    const res = await post(staff, `conversations/${id}/replies`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation).toMatchObject({ active: true, lock_version: lock_version + 1 });
    expect(res.json().conversation.messages.at(-1)).toMatchObject({
      kind: 'reply',
      content: 'We are on it.',
      author: 'Olive Orderer',
    });
    const again = await post(staff, `conversations/${id}/replies`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('stale');
    expect(await mailsTo('stay@example.com')).toBe(1);
  });

  it('a customer message that arrives while staff write makes the Reply stale', async () => {
    const id = await send('race@example.com', '<p>One</p>');
    const { lock_version } = await show(id);
    await send('race@example.com', '<p>Actually, two</p>');
    const res = await post(staff, `conversations/${id}/replies`, {
      response: { content: 'Hi', lock_version },
    });
    expect(res.statusCode).toBe(409);
    expect(await mailsTo('race@example.com')).toBe(0);
  });

  it('Reply and archive e-mails once and archives; its repeat is 409 wrong_state', async () => {
    const id = await send('archive@example.com', '<p>Question</p>');
    const body = { response: { content: 'Done.' } };
    const res = await post(staff, `conversations/${id}/reply`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation.active).toBe(false);
    const again = await post(staff, `conversations/${id}/reply`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('wrong_state');
    // Reply (stay) on the archived thread is refused too.
    const { lock_version } = await show(id);
    expect(
      (await post(staff, `conversations/${id}/replies`, { response: { content: 'x', lock_version } }))
        .statusCode,
    ).toBe(409);
    expect(await mailsTo('archive@example.com')).toBe(1);
  });
});

describe('notes', () => {
  it('are shown in the thread as notes, never e-mailed, and leave lock_version alone', async () => {
    const id = await send('note@example.com', '<p>Hello</p>');
    const before = await show(id);
    expect((await post(staff, `conversations/${id}/notes`, { note: { body: '' } })).statusCode).toBe(422);
    expect((await post(staff, `conversations/${id}/notes`, { note: { body: 'x' } }, null)).statusCode).toBe(
      403,
    );
    const res = await post(staff, `conversations/${id}/notes`, { note: { body: 'Called her: <b>VIP</b>' } });
    expect(res.statusCode, res.body).toBe(200);
    const conversation = res.json().conversation;
    expect(conversation.messages.at(-1)).toMatchObject({
      kind: 'note',
      content: 'Called her: <b>VIP</b>',
      author: 'Olive Orderer',
    });
    expect(conversation.replies).toEqual([]);
    expect(conversation.lock_version).toBe(before.lock_version);
    expect(await mailsTo('note@example.com')).toBe(0);
    expect((await post(staff, 'conversations/999999/notes', { note: { body: 'x' } })).statusCode).toBe(404);
  });
});

describe('canned replies', () => {
  it('orderers read them; only admins add, change and delete them; bad input is 4xx', async () => {
    const body = {
      canned_reply: { title: 'Thanks', body: 'Dear {{customer_name}}, about {{order_ref}}: thanks.' },
    };
    expect((await post(staff, 'canned_replies', body)).statusCode).toBe(403);
    expect((await post(admin, 'canned_replies', body, null)).statusCode).toBe(403);
    const unknown = await post(admin, 'canned_replies', {
      canned_reply: { title: 'Bad', body: 'Hi {{first_name}}' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json().error.details)).toContain('canned_reply.body');
    expect((await post(admin, 'canned_replies', { canned_reply: { title: '', body: 'x' } })).statusCode).toBe(
      422,
    );
    const created = await post(admin, 'canned_replies', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().canned_reply.id;
    expect((await post(admin, 'canned_replies', body)).statusCode).toBe(409);
    const list = (await get(staff, 'canned_replies')).json().canned_replies;
    expect(list).toEqual([expect.objectContaining({ id, title: 'Thanks' })]);

    const put = (agent: Agent, target: number, payload: object) =>
      agent.request({ method: 'PUT', url: `/api/v1/canned_replies/${target}.json`, payload });
    const changed = { canned_reply: { title: 'Thank you', body: 'Thanks, {{customer_name}}.' } };
    expect((await put(staff, id, changed)).statusCode).toBe(403);
    expect((await put(admin, 999999, changed)).statusCode).toBe(404);
    const updated = await put(admin, id, changed);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().canned_reply).toMatchObject({ title: 'Thank you' });

    const del = (agent: Agent, target: number | string) =>
      agent.request({ method: 'DELETE', url: `/api/v1/canned_replies/${target}.json` });
    expect((await del(staff, id)).statusCode).toBe(403);
    expect((await del(admin, 'abc')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await del(admin, id)).json()).toEqual({ canned_replies: [] });
    expect((await del(admin, id)).statusCode).toBe(404);
  });
});

describe('assignment', () => {
  it('assigns and unassigns; the inbox filters by me, unassigned and a person; garbage is 422', async () => {
    const mine = await send('mine@example.com', '<p>Mine</p>');
    const loose = await send('loose@example.com', '<p>Loose</p>');
    const assign = (id: number, assignee_id: unknown) =>
      post(admin, `conversations/${id}/assign`, { conversation: { assignee_id } });
    expect((await assign(mine, 'bob')).statusCode).toBe(422);
    const nobody = await assign(mine, 999999);
    expect(nobody.statusCode).toBe(422);
    expect(JSON.stringify(nobody.json().error.details)).toContain('conversation.assignee_id');
    const res = await assign(mine, ordererId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conversation.assignee).toEqual({ id: ordererId, name: 'Olive Orderer' });
    const ids = async (agent: Agent, query: string) =>
      (await agent.request({ method: 'GET', url: `/api/v1/conversations/active.json?${query}` }))
        .json()
        .conversations.map((c: { id: number }) => c.id);
    expect(await ids(staff, 'assignee=me')).toEqual([mine]);
    expect(await ids(admin, 'assignee=me')).toEqual([]);
    expect(await ids(admin, `assignee=${ordererId}`)).toEqual([mine]);
    const unassigned = await ids(admin, 'assignee=unassigned');
    expect(unassigned).toContain(loose);
    expect(unassigned).not.toContain(mine);
    for (const bad of ['someone', '-1', '0', '99999999999']) {
      const r = await staff.request({
        method: 'GET',
        url: `/api/v1/conversations/active.json?assignee=${bad}`,
      });
      expect(r.statusCode, bad).toBe(422);
    }
    expect((await assign(mine, null)).json().conversation.assignee).toBeNull();
    expect((await get(staff, 'conversations/assignees')).json().assignees).toContainEqual({
      id: ordererId,
      name: 'Olive Orderer',
    });
  });
});

describe("the sender's orders", () => {
  it('lists orders of the address in any case with their items; a message transfers to one item once', async () => {
    const { order, items } = await buildOrder(ctx.database, {
      email: 'Buyer@Example.com',
      items: [{}, {}],
    });
    await buildOrder(ctx.database, { email: 'someone@example.com' });
    const id = await send('buyer@example.com', '<p>About my order</p>');
    const res = await get(staff, `conversations/${id}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order_count: 1,
      orders: [{ ref: order.ref, items: [{ ref: items[0].ref }, { ref: items[1].ref }] }],
    });
    const [message] = await ctx.database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, id));
    const transfer = (body: object) => post(staff, `conversations/${id}/transfer`, body);
    expect((await transfer({ order_item: { ref: order.ref } })).json().error.code).toBe('choose_item');
    expect((await transfer({ order_item: { ref: items[1].ref }, message_id: 999999 })).statusCode).toBe(422);
    const done = await transfer({ order_item: { ref: items[1].ref }, message_id: message.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().conversation.messages[0]).toMatchObject({
      kind: 'customer',
      order_item_ref: items[1].ref,
    });
    expect((await transfer({ order_item: { ref: items[0].ref } })).json().error.code).toBe('wrong_state');
    const [stored] = await ctx.database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.active, false)));
    expect(stored).toBeDefined();
    expect((await get(staff, 'conversations/999999/orders')).statusCode).toBe(404);
  });
});
