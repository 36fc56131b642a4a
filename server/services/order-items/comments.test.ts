/** Only comments that need action carry the "Actioned" tick (docs/decisions/comments-and-timeline.md). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { act } from '../../test/items';

let ctx: TestContext;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const al = await buildUser(ctx.database, { name: 'Alice Orderer' });
  aliceId = al.id;
  alice = await signInAs(ctx.app, al.email);
});
afterAll(() => ctx.close());

const toggle = (ref: string, id: number, csrf?: string | null) =>
  alice.request({
    method: 'POST',
    url: `/api/v1/order_items/${ref}/comments/${id}/toggle.json`,
    payload: {},
    csrf,
  });

async function commentsOf(itemId: number) {
  const res = await alice.request({ method: 'GET', url: `/api/v1/order_items/${itemId}/comments.json` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comments as { id: number; kind: string; needs_action: boolean; actioned: boolean }[];
}

describe('comments that need action', () => {
  it('marks notes and customer messages as needing action, our own e-mails to the customer not', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    await act(alice, item.ref, 'add_note', { note: { body: 'Chase the GRO on Monday' } });
    // What the contact-customer action records beside the e-mail it sends, then the customer's answer.
    await ctx.database.db.insert(comments).values([
      { orderItemId: item.id, kind: 'customer_contact', body: 'Your certificate is on its way.' },
      { orderItemId: item.id, kind: 'customer', body: 'jo@example.com: Any news?' },
    ]);
    const list = await commentsOf(item.id);
    expect(list.map((c) => [c.kind, c.needs_action, c.actioned])).toEqual([
      ['note', true, false],
      ['customer_contact', false, false],
      ['customer', true, false],
    ]);
    // The order page record carries the same flag.
    const detail = (
      await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json();
    expect(
      detail.order_item.comments.map((c: { kind: string; needs_action: boolean }) => [
        c.kind,
        c.needs_action,
      ]),
    ).toEqual([
      ['note', true],
      ['customer_contact', false],
      ['customer', true],
    ]);
    // PostgreSQL writes the page's comments (read.ts); the comments call maps rows in the app: the same answer.
    expect(detail.order_item.comments).toEqual(list);
  });

  it('ticks a customer message as actioned and back', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const [c] = await ctx.database.db
      .insert(comments)
      .values({ orderItemId: item.id, kind: 'customer', body: 'jo@example.com: Any news?' })
      .returning();
    const ticked = await toggle(item.ref, c.id);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().order_item.comments.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      needs_action: true,
      actioned: true,
    });
    expect((await toggle(item.ref, c.id)).statusCode).toBe(200);
    expect((await commentsOf(item.id))[0].actioned).toBe(false);
  });

  it('refuses to action an outgoing e-mail (409) and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const [sent] = await ctx.database.db
      .insert(comments)
      .values({ orderItemId: item.id, kind: 'customer_contact', body: 'We have ordered your certificate.' })
      .returning();
    const res = await toggle(item.ref, sent.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'wrong_state',
      message: expect.stringMatching(/no action/),
    });
    const [row] = await ctx.database.db.select().from(comments).where(eq(comments.id, sent.id));
    expect(row.actioned).toBe(false);
  });

  it('refuses without the CSRF token (403), and a comment of another item (404)', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const other = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const [c] = await ctx.database.db
      .insert(comments)
      .values({ orderItemId: item.id, kind: 'note', body: 'Call back' })
      .returning();
    expect((await toggle(item.ref, c.id, null)).statusCode).toBe(403);
    expect((await toggle(other.ref, c.id)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row.actioned).toBe(false);
  });
});
