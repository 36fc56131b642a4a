/**
 * Undo (issue 49) through the API: each reversible change (reassign, assign ticked items, flag, bulk assign and
 * flag, archive) answers an offer, and POST /undo.json really puts back what it changed, with an `undo` event on
 * each item's timeline; a token works once, for its owner, within its window, and only while nothing changed
 * since (409, nothing undone, all or none for a bulk change); bad input answers 4xx naming the field.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationArchivedSchema } from '../../domain/contract/conversations';
import { BulkUndoableResponseSchema } from '../../domain/contract/lists';
import {
  OrderItemListUndoableSchema,
  OrderItemUndoableResponseSchema,
} from '../../domain/contract/order-item';
import { UndoResultSchema } from '../../domain/contract/undo';
import { ASSIGNMENT_UNDONE_KIND } from '../../domain/workflow/undo';
import { conversations, notifications, orderItemEvents, orderItems, undoActions } from '../db/schema';
import { buildOrderItem } from '../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../test/harness';
import { act, snapshot } from '../test/items';

let ctx: TestContext;
let admin: Agent;
let otherAdmin: Agent;
let alice: Agent;
let adminId: number;
let aliceId: number;
let bobId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Ann Admin' });
  const a2 = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Abe Admin' });
  const o = await buildUser(ctx.database, { name: 'Alice Orderer' });
  const b = await buildUser(ctx.database, { name: 'Bob Orderer' });
  adminId = a.id;
  aliceId = o.id;
  bobId = b.id;
  admin = await signInAs(ctx.app, a.email);
  otherAdmin = await signInAs(ctx.app, a2.email);
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const undo = (agent: Agent, token: unknown, csrf?: string | null) =>
  agent.request({ method: 'POST', url: '/api/v1/undo.json', payload: { undo: { token } }, csrf });

async function undoOk(agent: Agent, token: string) {
  const res = await undo(agent, token);
  expect(res.statusCode, res.body).toBe(200);
  return UndoResultSchema.parse(res.json()).undone;
}

async function reassignOk(agent: Agent, ref: string, ordererId: number) {
  const res = await act(agent, ref, 'reassign', { reassign: { orderer_id: ordererId } });
  expect(res.statusCode, res.body).toBe(200);
  return OrderItemUndoableResponseSchema.parse(res.json());
}

async function flagOk(agent: Agent, ref: string) {
  const res = await act(agent, ref, 'toggle_flag');
  expect(res.statusCode, res.body).toBe(200);
  return OrderItemUndoableResponseSchema.parse(res.json());
}

async function bulkOk(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.request({
    method: 'POST',
    url: '/api/v1/order_items/bulk.json',
    payload: { bulk: body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return BulkUndoableResponseSchema.parse(res.json());
}

const itemOf = async (id: number) =>
  (await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, id)))[0];

const eventsOf = (id: number) =>
  ctx.database.db
    .select()
    .from(orderItemEvents)
    .where(eq(orderItemEvents.orderItemId, id))
    .orderBy(asc(orderItemEvents.id));

const noticesOf = (userId: number, itemId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.orderItemId, itemId)))
    .orderBy(asc(notifications.id));

/** The timeline as the order page shows it (GET answers events newest first). */
async function timeline(agent: Agent, ref: string) {
  const res = await agent.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` });
  expect(res.statusCode).toBe(200);
  return res.json().order_item.events as {
    action: string;
    from_state: string | null;
    to_state: string | null;
    payload: Record<string, unknown>;
    user: string | null;
    assigned_to?: string | null;
  }[];
}

describe('undo an assignment', () => {
  it('puts an assigned item back unassigned, says so on the timeline and removes the unread notification', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, aliceId);
    expect(answer.order_item.user?.id).toBe(aliceId);
    expect(Date.parse(answer.undo.expires_at)).toBeGreaterThan(Date.now());
    expect(await noticesOf(aliceId, item.id)).toHaveLength(1);
    const assigned = await itemOf(item.id);

    const undone = await undoOk(admin, answer.undo.token);
    expect(undone).toEqual({
      kind: 'assign',
      message: `Undone: ${item.ref} assigned to Alice Orderer.`,
      order_item_refs: [item.ref],
      conversation_id: null,
    });
    const now = await itemOf(item.id);
    expect(now).toMatchObject({
      userId: null,
      currentState: 'unassigned',
      lockVersion: assigned.lockVersion + 1,
    });
    const [latest] = await timeline(admin, item.ref);
    expect(latest).toMatchObject({
      action: 'undo',
      from_state: 'gro_order_required',
      to_state: 'unassigned',
      payload: { undone: 'assign', ordererId: aliceId, back_to: null },
      user: 'Ann Admin',
      assigned_to: 'Alice Orderer',
    });
    expect((await eventsOf(item.id)).map((e) => e.action)).toEqual(['assign', 'undo']);
    // Alice never read it: the notice of an assignment that no longer holds is gone, and nothing else came.
    expect(await noticesOf(aliceId, item.id)).toEqual([]);
  });

  it('gives the item back to whoever had it; an assignee who read the notice is told it was undone', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: bobId });
    const answer = await reassignOk(admin, item.ref, aliceId);
    const [notice] = await noticesOf(aliceId, item.id);
    const read = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_read.json',
      payload: { notification_ids: [notice.id] },
    });
    expect(read.statusCode, read.body).toBe(200);

    await undoOk(admin, answer.undo.token);
    expect(await itemOf(item.id)).toMatchObject({ userId: bobId, currentState: 'waiting_gro' });
    const [latest] = await timeline(admin, item.ref);
    expect(latest).toMatchObject({
      action: 'undo',
      from_state: 'waiting_gro',
      to_state: 'waiting_gro',
      payload: { undone: 'assign', ordererId: aliceId, back_to: 'Bob Orderer' },
    });
    const notices = await noticesOf(aliceId, item.id);
    expect(notices.map((n) => [n.id === notice.id, n.kind])).toEqual([
      [true, 'assigned'],
      [false, ASSIGNMENT_UNDONE_KIND],
    ]);
    expect(notices[1].message).toBe(
      `Order item ${item.ref} is no longer assigned to you: the assignment was undone.`,
    );
    // Bob is not told anything twice: he had no notice of the reassignment away, and gets none back.
    expect(await noticesOf(bobId, item.id)).toEqual([]);
  });

  it('puts back every item of an assignment of ticked items', async () => {
    const first = await buildOrderItem(ctx.database);
    const second = await buildOrderItem(ctx.database, { orderableType: 'AdultDeedPoll' });
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/order_items/assign_to_orderer.json',
      payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [second.id, first.id] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = OrderItemListUndoableSchema.parse(res.json());
    expect(answer.order_items.map((i) => i.user?.id)).toEqual([aliceId, aliceId]);

    const undone = await undoOk(admin, answer.undo.token);
    expect(undone.message).toBe('Undone: 2 items assigned to Alice Orderer.');
    expect(undone.order_item_refs).toEqual([first.ref, second.ref]);
    for (const id of [first.id, second.id]) {
      expect(await itemOf(id)).toMatchObject({ userId: null, currentState: 'unassigned' });
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['assign', 'undo']);
      expect(await noticesOf(aliceId, id)).toEqual([]);
    }
  });
});

describe('undo a flag', () => {
  it('unflags what was flagged and flags what was unflagged, any member of staff, on the timeline', async () => {
    // Alice may flag an item that is not hers (flagging is for any member of staff), and so undo it.
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: bobId });
    const flagged = await flagOk(alice, item.ref);
    expect(flagged.order_item.flagged).toBe(true);
    expect(await undoOk(alice, flagged.undo.token)).toMatchObject({
      kind: 'flag',
      message: `Undone: ${item.ref} flagged.`,
    });
    expect((await itemOf(item.id)).flagged).toBe(false);
    expect((await timeline(alice, item.ref))[0]).toMatchObject({
      action: 'undo',
      payload: { undone: 'flag' },
      user: 'Alice Orderer',
    });

    await flagOk(alice, item.ref);
    const unflagged = await flagOk(alice, item.ref);
    expect(unflagged.order_item.flagged).toBe(false);
    expect((await undoOk(alice, unflagged.undo.token)).message).toBe(`Undone: ${item.ref} unflagged.`);
    expect((await itemOf(item.id)).flagged).toBe(true);
    expect((await timeline(alice, item.ref))[0].payload).toEqual({ undone: 'unflag' });
  });
});

describe('undo a bulk change', () => {
  it('puts back each item a bulk assign changed: unassigned ones unassigned, held ones with their holder', async () => {
    const fresh = await buildOrderItem(ctx.database);
    const fresh2 = await buildOrderItem(ctx.database);
    const held = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: bobId });
    const answer = await bulkOk(admin, {
      action: 'assign',
      orderer_id: aliceId,
      order_item_ids: [fresh.id, fresh2.id, held.id],
    });
    expect(answer.done).toBe(3);
    expect(answer.undo).not.toBeNull();

    const undone = await undoOk(admin, answer.undo?.token ?? '');
    expect(undone.message).toBe('Undone: 3 items assigned to Alice Orderer.');
    expect(await itemOf(fresh.id)).toMatchObject({ userId: null, currentState: 'unassigned' });
    expect(await itemOf(fresh2.id)).toMatchObject({ userId: null, currentState: 'unassigned' });
    expect(await itemOf(held.id)).toMatchObject({ userId: bobId, currentState: 'waiting_gro' });
    for (const { id } of [fresh, fresh2, held]) {
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['assign', 'undo']);
    }
  });

  it('takes back only the items a bulk flag changed; a bulk note offers no undo', async () => {
    const plain = await buildOrderItem(ctx.database);
    const already = await buildOrderItem(ctx.database, { flagged: true });
    const answer = await bulkOk(alice, { action: 'flag', order_item_ids: [plain.id, already.id] });
    const undone = await undoOk(alice, answer.undo?.token ?? '');
    expect(undone).toMatchObject({ kind: 'flag', order_item_refs: [plain.ref] });
    expect((await itemOf(plain.id)).flagged).toBe(false);
    expect((await itemOf(already.id)).flagged).toBe(true);
    expect((await eventsOf(already.id)).map((e) => e.action)).toEqual([]);

    const noted = await bulkOk(alice, { action: 'note', order_item_ids: [plain.id], body: 'Checked' });
    expect(noted.undo).toBeNull();
    const nothing = await bulkOk(alice, { action: 'flag', order_item_ids: [already.id] });
    expect(nothing.undo).toBeNull();
  });

  it('answers 409 and puts back none when one item changed since', async () => {
    const a = await buildOrderItem(ctx.database);
    const b = await buildOrderItem(ctx.database);
    const c = await buildOrderItem(ctx.database);
    const answer = await bulkOk(admin, {
      action: 'assign',
      orderer_id: aliceId,
      order_item_ids: [a.id, b.id, c.id],
    });
    // Someone works on the middle one meanwhile.
    expect((await act(alice, b.ref, 'add_note', { note: { body: 'On it' } })).statusCode).toBe(200);
    const before = await Promise.all([a, b, c].map((i) => snapshot(ctx.database, i.id)));

    const res = await undo(admin, answer.undo?.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'stale',
      message: `Cannot undo: ${b.ref} has changed since (another change was made after yours). Nothing was undone.`,
      details: { changed: [b.ref] },
    });
    expect(await Promise.all([a, b, c].map((i) => snapshot(ctx.database, i.id)))).toEqual(before);
    expect(await itemOf(a.id)).toMatchObject({ userId: aliceId });
    // Still not used: the same answer again, nothing changed.
    expect((await undo(admin, answer.undo?.token)).statusCode).toBe(409);
  });
});

describe('undo an archive', () => {
  let seq = 0;
  const newThread = async () => {
    seq += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/storefront/messages.json',
      payload: {
        message: {
          email: `undo-${seq}@example.com`,
          name: `Cust ${seq}`,
          subject: 'Hi',
          content: '<p>Hi</p>',
        },
      },
      headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().conversation.id as number;
  };
  const archive = async (agent: Agent, id: number) => {
    const res = await agent.request({ method: 'POST', url: `/api/v1/conversations/${id}/archive.json` });
    expect(res.statusCode, res.body).toBe(200);
    return ConversationArchivedSchema.parse(res.json());
  };
  const inboxIds = async (agent: Agent, folder: string) => {
    const res = await agent.request({
      method: 'GET',
      url: `/api/v1/conversations/inbox.json?folder=${folder}`,
    });
    return (res.json().conversations as { id: number }[]).map((c) => c.id);
  };

  it('puts the thread back in the inbox; archiving an archived thread offers nothing', async () => {
    const id = await newThread();
    const answer = await archive(alice, id);
    expect(answer.conversation.active).toBe(false);
    expect(await inboxIds(alice, 'inbox')).not.toContain(id);
    expect(answer.undo).not.toBeNull();
    expect((await archive(alice, id)).undo).toBeNull();

    expect(await undoOk(alice, answer.undo?.token ?? '')).toEqual({
      kind: 'archive',
      message: 'Undone: the conversation is back in the inbox.',
      order_item_refs: [],
      conversation_id: id,
    });
    expect(await inboxIds(alice, 'inbox')).toContain(id);
    expect(await inboxIds(alice, 'archived')).not.toContain(id);
  });

  it('puts a snoozed thread back to its snooze', async () => {
    const id = await newThread();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await alice.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/snooze.json`,
      payload: { conversation: { snoozed_until: until } },
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const answer = await archive(alice, id);
    expect(answer.conversation.snoozed_until).toBeNull();
    expect((await undoOk(alice, answer.undo?.token ?? '')).message).toBe(
      'Undone: the conversation is snoozed again, as it was before.',
    );
    const [row] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row.active).toBe(true);
    expect(row.snoozedUntil?.toISOString()).toBe(until);
  });

  it('answers 409 and leaves the thread archived when it was moved back and archived again meanwhile', async () => {
    const id = await newThread();
    const answer = await archive(alice, id);
    expect(
      (await admin.request({ method: 'POST', url: `/api/v1/conversations/${id}/toggle.json` })).statusCode,
    ).toBe(200);
    await archive(admin, id);
    const res = await undo(alice, answer.undo?.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('stale');
    expect(res.json().error.message).toMatch(
      /^Cannot undo: the conversation has changed since it was archived/,
    );
    const [row] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row.active).toBe(false);
  });
});

describe('who may undo, when and how often', () => {
  it('works once: a second undo answers 409 and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, aliceId);
    await undoOk(admin, answer.undo.token);
    const before = await snapshot(ctx.database, item.id);
    const again = await undo(admin, answer.undo.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'wrong_state',
      message: 'This change has already been undone.',
    });
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it("refuses someone else's token (403), even an administrator's, and changes nothing", async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, aliceId);
    const before = await snapshot(ctx.database, item.id);
    for (const other of [otherAdmin, alice]) {
      const res = await undo(other, answer.undo.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'forbidden',
        message: 'Only the person who made a change can undo it.',
      });
    }
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    // Its owner still can.
    await undoOk(admin, answer.undo.token);
  });

  it('refuses an expired token (410) and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await flagOk(alice, item.ref);
    await ctx.database.db
      .update(undoActions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(undoActions.userId, aliceId));
    const before = await snapshot(ctx.database, item.id);
    const res = await undo(alice, answer.undo.token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('expired');
    expect(res.json().error.message).toMatch(/^Too late to undo/);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('answers 409 and changes nothing when the item changed after the change', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, aliceId);
    await flagOk(alice, item.ref);
    const before = await snapshot(ctx.database, item.id);
    const res = await undo(admin, answer.undo.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('stale');
    expect(res.json().error.message).toBe(
      `Cannot undo: ${item.ref} has changed since (another change was made after yours). Nothing was undone.`,
    );
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    expect(await itemOf(item.id)).toMatchObject({ userId: aliceId, flagged: true });
    expect(await noticesOf(aliceId, item.id)).toHaveLength(1);
  });

  it('refuses without the CSRF token (403) and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await flagOk(alice, item.ref);
    const before = await snapshot(ctx.database, item.id);
    const res = await undo(alice, answer.undo.token, null);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf_failed');
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    await undoOk(alice, answer.undo.token);
  });

  it('refuses without a session (401)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/undo.json',
      payload: { undo: { token: 'a'.repeat(43) } },
    });
    expect(res.statusCode).toBe(401);
  });

  it('holds the undo to the change’s own rule: an administrator no longer one may not undo an assignment', async () => {
    const demoted = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Dee Demoted' });
    const dee = await signInAs(ctx.app, demoted.email);
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(dee, item.ref, aliceId);
    const change = await admin.request({
      method: 'PUT',
      url: `/api/v1/users/${demoted.id}.json`,
      payload: { role: 'orderer' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const before = await snapshot(ctx.database, item.id);
    const res = await undo(dee, answer.undo.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'forbidden',
      message: 'Only an administrator may do this.',
    });
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('answers 422 naming the field for a malformed body, 404 for an unknown token, and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await flagOk(alice, item.ref);
    const before = await snapshot(ctx.database, item.id);
    const bodies: unknown[] = [
      {},
      { undo: {} },
      { undo: { token: 'short' } },
      { undo: { token: 42 } },
      { undo: 'token' },
    ];
    for (const payload of bodies) {
      const res = await alice.request({
        method: 'POST',
        url: '/api/v1/undo.json',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const fields = (res.json().error.details as { field: string }[]).map((d) => d.field);
      expect(
        fields.some((f) => f === 'undo' || f === 'undo.token'),
        JSON.stringify(fields),
      ).toBe(true);
    }
    const tokenRes = await undo(alice, 'short');
    expect(tokenRes.json().error.details).toEqual([
      { field: 'undo.token', message: 'Send the undo token the change answered with.' },
    ]);
    const unknown = await undo(
      alice,
      `${answer.undo.token.slice(0, -1)}${answer.undo.token.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.details).toEqual([
      {
        field: 'undo.token',
        message: 'There is no such change to undo: send the token the change answered with.',
      },
    ]);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    await undoOk(alice, answer.undo.token);
  });

  it('lets exactly one of two undos racing on one token through', async () => {
    const items = await Promise.all([buildOrderItem(ctx.database), buildOrderItem(ctx.database)]);
    const answer = await bulkOk(admin, {
      action: 'assign',
      orderer_id: aliceId,
      order_item_ids: items.map((i) => i.id),
    });
    const token = answer.undo?.token ?? '';
    const results = await Promise.all([undo(admin, token), undo(admin, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const { id } of items) {
      expect(await itemOf(id)).toMatchObject({ userId: null, currentState: 'unassigned' });
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['assign', 'undo']);
    }
  });

  it('keeps only a hash of the token, for the user who made the change', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, bobId);
    const rows = await ctx.database.db
      .select()
      .from(undoActions)
      .where(inArray(undoActions.userId, [adminId]));
    expect(rows.some((r) => r.tokenHash === answer.undo.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('an undo racing another change', () => {
  it('either goes first (the other change then applies on top) or answers 409 stale; never loses either', async () => {
    const item = await buildOrderItem(ctx.database);
    const answer = await reassignOk(admin, item.ref, aliceId);
    const [undone, flagged] = await Promise.all([
      undo(admin, answer.undo.token),
      act(alice, item.ref, 'toggle_flag'),
    ]);
    expect(flagged.statusCode).toBe(200);
    const now = await itemOf(item.id);
    expect(now.flagged).toBe(true);
    if (undone.statusCode === 200) {
      expect(now).toMatchObject({ userId: null, currentState: 'unassigned' });
    } else {
      expect(undone.statusCode).toBe(409);
      expect(undone.json().error.code).toBe('stale');
      expect(now).toMatchObject({ userId: aliceId, currentState: 'gro_order_required' });
    }
  });
});
