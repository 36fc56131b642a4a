import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResponseSchema } from '../../domain/contract/lists';
import { comments, notifications, orderItemEvents, orderItems } from '../db/schema';
import { csvCell, toCsv } from '../services/order-items/csv-export';
import { buildOrder, buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { snapshot } from '../test/items';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceId: number;
let bobId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Ann Admin' });
  const o = await buildUser(ctx.database, { name: 'Alice Orderer' });
  const b = await buildUser(ctx.database, { name: 'Bob Orderer' });
  aliceId = o.id;
  bobId = b.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

function bulk(agent: Agent, body: Record<string, unknown>, csrf?: string | null) {
  return agent.request({
    method: 'POST',
    url: '/api/v1/order_items/bulk.json',
    payload: { bulk: body },
    csrf,
  });
}

async function bulkOk(agent: Agent, body: Record<string, unknown>) {
  const res = await bulk(agent, body);
  expect(res.statusCode, res.body).toBe(200);
  return BulkResponseSchema.parse(res.json());
}

const eventsOf = (ids: number[]) =>
  ctx.database.db
    .select()
    .from(orderItemEvents)
    .where(inArray(orderItemEvents.orderItemId, ids))
    .orderBy(asc(orderItemEvents.id));

const itemOf = async (id: number) =>
  (await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, id)))[0];

describe('POST /order_items/bulk.json: assign', () => {
  it('an admin assigns unassigned items and reassigns assigned ones, one event and notification each', async () => {
    const fresh = await buildOrderItem(ctx.database);
    const held = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: bobId });
    const answer = await bulkOk(admin, {
      action: 'assign',
      orderer_id: aliceId,
      order_item_ids: [held.id, fresh.id],
    });
    expect(answer).toEqual({
      results: [
        { id: fresh.id, ref: fresh.ref, status: 'done', message: null },
        { id: held.id, ref: held.ref, status: 'done', message: null },
      ],
      done: 2,
      refused: 0,
    });
    expect(await itemOf(fresh.id)).toMatchObject({ userId: aliceId, currentState: 'gro_order_required' });
    expect(await itemOf(held.id)).toMatchObject({ userId: aliceId, currentState: 'waiting_gro' });
    const events = await eventsOf([fresh.id, held.id]);
    expect(events.map((e) => [e.orderItemId, e.action, e.fromState, e.toState])).toEqual([
      [fresh.id, 'assign', 'unassigned', 'gro_order_required'],
      [held.id, 'assign', 'waiting_gro', 'waiting_gro'],
    ]);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, aliceId), inArray(notifications.orderItemId, [fresh.id, held.id])));
    expect(told.map((n) => n.message).sort()).toEqual(
      [
        `Order item ${fresh.ref} has been assigned to you.`,
        `Order item ${held.ref} has been assigned to you.`,
      ].sort(),
    );
  });

  it('refuses an item with the single action’s reason while the others are done; the refused one is unchanged', async () => {
    const mine = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const fresh = await buildOrderItem(ctx.database);
    const before = await snapshot(ctx.database, mine.id);
    const answer = await bulkOk(admin, {
      action: 'assign',
      orderer_id: aliceId,
      order_item_ids: [mine.id, 987654321, fresh.id],
    });
    expect(answer.results).toEqual([
      {
        id: mine.id,
        ref: mine.ref,
        status: 'refused',
        message: 'Cannot assign: it is already assigned to this orderer.',
      },
      { id: fresh.id, ref: fresh.ref, status: 'done', message: null },
      { id: 987654321, ref: null, status: 'refused', message: 'Order item not found.' },
    ]);
    expect(answer).toMatchObject({ done: 1, refused: 2 });
    expect(await snapshot(ctx.database, mine.id)).toEqual(before);
    expect((await itemOf(fresh.id)).userId).toBe(aliceId);
  });

  it('answers 403 to an orderer (assigning is for administrators) and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const before = await snapshot(ctx.database, item.id);
    const res = await bulk(alice, { action: 'assign', orderer_id: aliceId, order_item_ids: [item.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'forbidden',
      message: 'Only an administrator may assign items.',
    });
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('answers 422 and changes nothing when the assignee is not an active orderer', async () => {
    const item = await buildOrderItem(ctx.database);
    const clerk = await buildUser(ctx.database, { is_orderer: false });
    const before = await snapshot(ctx.database, item.id);
    const res = await bulk(admin, { action: 'assign', orderer_id: clerk.id, order_item_ids: [item.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([{ field: 'orderer_id', message: 'Choose an active orderer.' }]);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });
});

describe('POST /order_items/bulk.json: flag, unflag, note', () => {
  it('flags each item once: an item already flagged is done without a second event', async () => {
    const plain = await buildOrderItem(ctx.database);
    const flagged = await buildOrderItem(ctx.database, { flagged: true });
    const answer = await bulkOk(alice, { action: 'flag', order_item_ids: [plain.id, flagged.id] });
    expect(answer.results).toEqual([
      { id: plain.id, ref: plain.ref, status: 'done', message: null },
      { id: flagged.id, ref: flagged.ref, status: 'done', message: 'Already flagged; nothing changed.' },
    ]);
    expect((await itemOf(plain.id)).flagged).toBe(true);
    expect((await itemOf(flagged.id)).flagged).toBe(true);
    expect((await eventsOf([plain.id, flagged.id])).map((e) => [e.orderItemId, e.action])).toEqual([
      [plain.id, 'toggle_flag'],
    ]);

    // The same call again (a retry, a double click) changes and records nothing.
    const again = await bulkOk(alice, { action: 'flag', order_item_ids: [plain.id, flagged.id] });
    expect(again.results.map((r) => r.message)).toEqual([
      'Already flagged; nothing changed.',
      'Already flagged; nothing changed.',
    ]);
    expect(await eventsOf([plain.id, flagged.id])).toHaveLength(1);
  });

  it('unflags flagged items and leaves unflagged ones alone', async () => {
    const flagged = await buildOrderItem(ctx.database, { flagged: true });
    const plain = await buildOrderItem(ctx.database);
    const before = await snapshot(ctx.database, plain.id);
    const answer = await bulkOk(admin, { action: 'unflag', order_item_ids: [flagged.id, plain.id] });
    expect(answer.results.map((r) => [r.id, r.status, r.message])).toEqual([
      [flagged.id, 'done', null],
      [plain.id, 'done', 'Not flagged; nothing changed.'],
    ]);
    expect((await itemOf(flagged.id)).flagged).toBe(false);
    expect(await snapshot(ctx.database, plain.id)).toEqual(before);
  });

  it('adds the note to each item as a comment with its own timeline event', async () => {
    const { items } = await buildOrder(ctx.database, { items: [{}, {}] });
    const ids = items.map((i) => i.id);
    const answer = await bulkOk(alice, { action: 'note', body: '  Chased the GRO  ', order_item_ids: ids });
    expect(answer).toMatchObject({ done: 2, refused: 0 });
    const notes = await ctx.database.db.select().from(comments).where(inArray(comments.orderItemId, ids));
    expect(notes.map((c) => [c.orderItemId, c.kind, c.body, c.userId])).toEqual(
      ids.map((id) => [id, 'note', 'Chased the GRO', aliceId]),
    );
    expect((await eventsOf(ids)).map((e) => [e.orderItemId, e.action])).toEqual(
      ids.map((id) => [id, 'add_note']),
    );
  });

  it('works the items in id order (the order it locks them in), whatever order they were sent in', async () => {
    const made = [await buildOrderItem(ctx.database), await buildOrderItem(ctx.database)];
    made.push(await buildOrderItem(ctx.database));
    const ids = made.map((i) => i.id);
    const answer = await bulkOk(admin, { action: 'flag', order_item_ids: [ids[2], ids[0], ids[1], ids[0]] });
    expect(answer.results.map((r) => r.id)).toEqual(ids);
    // Event ids are a sequence, so their order is the order the items were written in.
    expect((await eventsOf(ids)).map((e) => e.orderItemId)).toEqual(ids);
  });
});

describe('POST /order_items/bulk.json: refusals of the whole call', () => {
  it('answers 422 for a bad body, naming the field, and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database);
    const before = await snapshot(ctx.database, item.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'assign', order_item_ids: [item.id] }, 'orderer_id'],
      [{ action: 'note', body: '   ', order_item_ids: [item.id] }, 'body'],
      [{ action: 'flag', order_item_ids: [] }, 'order_item_ids'],
      [{ action: 'delete', order_item_ids: [item.id] }, 'action'],
      [{ action: 'flag', order_item_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'order_item_ids'],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const fields = res.json().error.details.map((d: { field: string }) => d.field);
      expect(
        fields.some((f: string) => f.endsWith(field)),
        JSON.stringify(fields),
      ).toBe(true);
    }
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('needs a session and the CSRF token', async () => {
    const item = await buildOrderItem(ctx.database);
    const payload = { bulk: { action: 'flag', order_item_ids: [item.id] } };
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/order_items/bulk.json', payload });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await bulk(alice, payload.bulk, null);
    expect(noCsrf.statusCode).toBe(403);
    expect((await itemOf(item.id)).flagged).toBe(false);
  });
});

describe('POST /order_items/export.csv', () => {
  const exportCsv = (agent: Agent, ids: unknown, csrf?: string | null) =>
    agent.request({
      method: 'POST',
      url: '/api/v1/order_items/export.csv',
      payload: { order_item_ids: ids },
      csrf,
    });

  it('answers the selected items as a CSV attachment, in the order given', async () => {
    const a = await buildOrderItem(
      ctx.database,
      {
        currentState: 'waiting_gro',
        userId: aliceId,
        netValue: 4550,
        despatchDueOn: '2020-01-02',
        flagged: true,
      },
      { customerName: 'Mary Jones', email: 'mary@example.test' },
    );
    const b = await buildOrderItem(ctx.database, { netValue: 2800 }, { customerName: 'Tom, "the" Smith' });
    const res = await exportCsv(admin, [b.id, a.id, 987654321]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="order-items-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Ref,Order,Type,State,Orderer,Customer,E-mail,Despatch by,Net value (£),Flags');
    expect(lines[1]).toBe(
      `${b.ref},${b.order.ref},Birth Certificate,Unassigned,,"Tom, ""the"" Smith",${b.order.email},,28.00,`,
    );
    expect(lines[2]).toBe(
      `${a.ref},${a.order.ref},Birth Certificate,Waiting GRO,Alice Orderer,Mary Jones,mary@example.test,02/01/2020,45.50,flagged; overdue`,
    );
    expect(lines.slice(3)).toEqual(['']);
  });

  it('writes a cell a spreadsheet would run as a formula as text', async () => {
    const item = await buildOrderItem(ctx.database, {}, { customerName: '=HYPERLINK("http://evil.test")' });
    const res = await exportCsv(alice, [item.id]);
    expect(res.statusCode).toBe(200);
    const row = res.rawPayload.toString('utf8').split('\r\n')[1];
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.test"")",`);
  });

  it('refuses a bad body (422), no session (401) and a missing CSRF token (403)', async () => {
    expect((await exportCsv(admin, [])).statusCode).toBe(422);
    expect(
      (
        await exportCsv(
          admin,
          Array.from({ length: 501 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(422);
    expect((await exportCsv(admin, ['x'])).statusCode).toBe(422);
    expect((await exportCsv(alice, [1], null)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/order_items/export.csv',
      payload: { order_item_ids: [1] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('\r1')).toBe(`"'\r1"`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('12.50')).toBe('12.50');
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', ''],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n');
  });
});
