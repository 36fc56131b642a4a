/** Notifications in groups, the unread/all filter, and marking read: only ever the caller's, repeat-safe. */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let alice: Agent;
let bob: Agent;
let aliceId: number;
let bobId: number;
let refA: string;
let refB: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database);
  const b = await buildUser(ctx.database);
  aliceId = a.id;
  bobId = b.id;
  alice = await signInAs(ctx.app, a.email);
  bob = await signInAs(ctx.app, b.email);
  const itemA = await buildOrderItem(ctx.database);
  const itemB = await buildOrderItem(ctx.database);
  refA = itemA.ref;
  refB = itemB.ref;
  const rows: (typeof notifications.$inferInsert)[] = [
    // Item A: three customer replies (one read), the newest group.
    ...[30, 20, 10].map((m, i) => ({
      userId: aliceId,
      kind: 'customer_reply',
      message: `Reply ${i + 1} on ${refA}`,
      orderItemId: itemA.id,
      createdAt: minutesAgo(m),
      readAt: i === 0 ? minutesAgo(25) : null,
    })),
    // Item A, another kind: its own group.
    {
      userId: aliceId,
      kind: 'assigned',
      message: `${refA} assigned`,
      orderItemId: itemA.id,
      createdAt: minutesAgo(60),
    },
    // Item B: all read.
    {
      userId: aliceId,
      kind: 'customer_reply',
      message: `Reply on ${refB}`,
      orderItemId: itemB.id,
      createdAt: minutesAgo(90),
      readAt: minutesAgo(80),
    },
    // About no item.
    { userId: aliceId, kind: 'unpaid_cart', message: 'A cart waits', createdAt: minutesAgo(120) },
    // Bob's, never Alice's business.
    { userId: bobId, kind: 'customer_reply', message: `Bob's reply on ${refA}`, orderItemId: itemA.id },
    { userId: bobId, kind: 'assigned', message: 'Bob assigned', orderItemId: itemB.id },
  ];
  await ctx.database.db.insert(notifications).values(rows);
});
afterAll(() => ctx.close());

const groups = async (agent: Agent, filter?: string) => {
  const res = await agent.request({
    method: 'GET',
    url: `/api/v1/notifications/groups.json${filter ? `?filter=${filter}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const unreadOf = async (userId: number) =>
  (
    await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  ).length;

describe('GET /notifications/groups', () => {
  it('groups by order item and kind, newest group first, each with its newest notifications', async () => {
    const g = await groups(alice, 'all');
    expect(g.unread_count).toBe(4);
    expect(
      g.groups.map(
        (x: { order_item_ref: string | null; kind: string; count: number; unread_count: number }) => [
          x.order_item_ref,
          x.kind,
          x.count,
          x.unread_count,
        ],
      ),
    ).toEqual([
      [refA, 'customer_reply', 3, 2],
      [refA, 'assigned', 1, 1],
      [refB, 'customer_reply', 1, 0],
      [null, 'unpaid_cart', 1, 1],
    ]);
    expect(g.groups[0].notifications.map((n: { message: string }) => n.message)).toEqual([
      `Reply 3 on ${refA}`,
      `Reply 2 on ${refA}`,
      `Reply 1 on ${refA}`,
    ]);
    expect(g.groups[0].notifications[2].read).toBe(true);
  });

  it('with filter=unread groups only the unread ones', async () => {
    const g = await groups(alice, 'unread');
    expect(g.filter).toBe('unread');
    expect(g.groups.map((x: { kind: string; count: number }) => [x.kind, x.count])).toEqual([
      ['customer_reply', 2],
      ['assigned', 1],
      ['unpaid_cart', 1],
    ]);
    expect(g.groups[0].notifications.every((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it('shows each user only their own', async () => {
    const g = await groups(bob);
    expect(g.groups).toHaveLength(2);
    expect(JSON.stringify(g)).not.toContain('Reply 1');
  });

  it('refuses an unknown filter with 422 naming it', async () => {
    const res = await alice.request({ method: 'GET', url: '/api/v1/notifications/groups.json?filter=new' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('filter');
  });
});

describe('marking read', () => {
  it('marks one group read, and only that group of the caller', async () => {
    const res = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_group_read.json',
      payload: { order_item_ref: refA, kind: 'customer_reply' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread_count: 2 });
    expect(await unreadOf(bobId)).toBe(2);
    const g = await groups(alice, 'unread');
    expect(g.groups.map((x: { kind: string }) => x.kind)).toEqual(['assigned', 'unpaid_cart']);
  });

  it('refuses a bad group (422 naming the field, 404 for an unknown item) and changes nothing', async () => {
    for (const payload of [{}, { kind: 'Bad Kind', order_item_ref: null }, { kind: 'assigned' }]) {
      const res = await alice.request({
        method: 'POST',
        url: '/api/v1/notifications/mark_group_read.json',
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const unknown = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_group_read.json',
      payload: { kind: 'assigned', order_item_ref: '999999-9' },
    });
    expect(unknown.statusCode).toBe(404);
    const noCsrf = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_group_read.json',
      payload: { kind: 'unpaid_cart', order_item_ref: null },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await unreadOf(aliceId)).toBe(2);
  });

  it('"Mark all read" is one call, marks only the caller\'s, and repeating it changes nothing', async () => {
    const markAll = () =>
      alice.request({ method: 'POST', url: '/api/v1/notifications/mark_read.json', payload: {} });
    const first = await markAll();
    expect(first.statusCode).toBe(200);
    expect(first.json().unread_count).toBe(0);
    const readAt = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, aliceId))
    ).map((n) => n.readAt?.toISOString());
    const second = await markAll();
    expect(second.statusCode).toBe(200);
    expect(second.json().unread_count).toBe(0);
    const readAtAgain = (
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, aliceId))
    ).map((n) => n.readAt?.toISOString());
    expect(readAtAgain).toEqual(readAt);
    expect(await unreadOf(bobId)).toBe(2);
    expect((await groups(alice, 'unread')).groups).toEqual([]);
  });

  it("ignores ids of someone else's notifications", async () => {
    const [bobs] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, bobId));
    const res = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_read.json',
      payload: { notification_ids: [bobs.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(await unreadOf(bobId)).toBe(2);
  });
});
