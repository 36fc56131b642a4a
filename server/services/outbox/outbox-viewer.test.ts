/** The outbox viewer's API: filters, one message in full, resend exactly once per key, and who may do it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, outbox } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Agent;
let orderer: Agent;
let itemRef: string;
const ids: Record<string, number> = {};

/** An outbox row as the services would have queued it, with what the test cares about. */
async function message(values: Partial<typeof outbox.$inferInsert> & { toAddress: string }) {
  const [row] = await ctx.database.db
    .insert(outbox)
    .values({
      kind: 'customer_contact',
      subject: 'About your order',
      textBody: 'Hello',
      messageId: `<t.${Math.random().toString(36).slice(2)}@test>`,
      ...values,
    })
    .returning();
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const o = await buildUser(ctx.database);
  admin = await signInAs(ctx.app, a.email);
  orderer = await signInAs(ctx.app, o.email);
  const item = await buildOrderItem(ctx.database);
  itemRef = item.ref;
  const [file] = await ctx.database.db
    .insert(attachments)
    .values({
      orderItemId: item.id,
      filename: 'apostille.pdf',
      contentType: 'application/pdf',
      byteSize: 10,
      storageKey: 'nowhere/apostille.pdf',
      source: 'staff',
    })
    .returning();
  ids.sent = await message({
    toAddress: 'jane.long-address-for-testing@example.co.uk',
    subject: 'Your certificate',
    kind: 'despatched',
    textBody: 'Your certificate is on its way.',
    htmlBody: '<p>Your certificate is <b>on its way</b>.</p><script>alert(1)</script>',
    status: 'sent',
    attempts: 1,
    sentAt: new Date('2026-11-20T10:00:00Z'),
    createdAt: new Date('2026-11-20T09:59:00Z'),
    orderItemId: item.id,
    attachmentIds: [file.id],
  });
  ids.failed = await message({
    toAddress: 'bounce@example.com',
    status: 'failed',
    attempts: 8,
    lastError: '550 mailbox unavailable',
    createdAt: new Date('2026-11-10T12:00:00Z'),
  });
  ids.pending = await message({
    toAddress: 'wait_100%@example.com',
    createdAt: new Date('2026-11-24T23:30:00Z'),
  });
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await admin.request({ method: 'GET', url: `/api/v1/outbox.json${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: { id: number }[]; total_count: number }>();
};

describe('GET /outbox filters', () => {
  it('lists everything newest first without filters', async () => {
    const page = await list('');
    expect(page.messages.map((m) => m.id)).toEqual([ids.pending, ids.sent, ids.failed]);
  });

  it('narrows by status, kind and recipient (part of the address, case-insensitive, % taken literally)', async () => {
    expect((await list('?status=failed')).messages.map((m) => m.id)).toEqual([ids.failed]);
    expect((await list('?kind=despatched')).messages.map((m) => m.id)).toEqual([ids.sent]);
    expect((await list('?to=JANE.LONG')).messages.map((m) => m.id)).toEqual([ids.sent]);
    expect((await list('?to=100%25')).messages.map((m) => m.id)).toEqual([ids.pending]);
    expect((await list('?to=%25')).messages.map((m) => m.id)).toEqual([ids.pending]);
    expect((await list('?status=sent&kind=customer_contact')).total_count).toBe(0);
  });

  it('narrows by London days, both ends included (23:30 UTC on 24/11 is 24/11 in London in winter)', async () => {
    expect((await list('?from=2026-11-20&until=2026-11-24')).messages.map((m) => m.id)).toEqual([
      ids.pending,
      ids.sent,
    ]);
    expect((await list('?until=2026-11-19')).messages.map((m) => m.id)).toEqual([ids.failed]);
    expect((await list('?from=2026-11-25')).total_count).toBe(0);
  });

  it('refuses garbage filters with 422 naming the field', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?kind=DROP%20TABLE', 'kind'],
      ['?from=2026-02-31', 'from'],
      ['?from=2026-11-20&until=2026-11-01', 'until'],
      [`?to=${'x'.repeat(300)}`, 'to'],
      ['?page=0', 'page'],
    ]) {
      const res = await admin.request({ method: 'GET', url: `/api/v1/outbox.json${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.body, query).toContain(field);
    }
  });

  it('lists the kinds for the kind filter', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/outbox/kinds.json' });
    expect(res.json()).toEqual({ kinds: ['customer_contact', 'despatched'] });
  });
});

describe('GET /outbox/{id}', () => {
  it('answers the whole message: headers, both bodies as stored, attachments with their download path', async () => {
    const res = await admin.request({ method: 'GET', url: `/api/v1/outbox/${ids.sent}.json` });
    expect(res.statusCode).toBe(200);
    const m = res.json().message;
    expect(m).toMatchObject({
      id: ids.sent,
      from: 'UKDS Test <test@ukds.example>',
      to: 'jane.long-address-for-testing@example.co.uk',
      subject: 'Your certificate',
      kind: 'despatched',
      status: 'sent',
      attempts: 1,
      text_body: 'Your certificate is on its way.',
      order_item_ref: itemRef,
      next_attempt_at: null,
      resent_from_id: null,
      resends: [],
    });
    // Stored as it was queued; the SPA shows it in a sandboxed frame where no script runs.
    expect(m.html_body).toContain('<b>on its way</b>');
    expect(m.attachments).toEqual([
      {
        id: expect.any(Number),
        filename: 'apostille.pdf',
        content_type: 'application/pdf',
        download_path: `/api/v1/order_items/${itemRef}/attachments/${m.attachments[0].id}/file`,
      },
    ]);
  });

  it('is 404 for an unknown message, and for an id that cannot be one (as every id path answers)', async () => {
    expect((await admin.request({ method: 'GET', url: '/api/v1/outbox/999999.json' })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: '/api/v1/outbox/abc.json' })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: '/api/v1/outbox/99999999999.json' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /outbox/{id}/resend', () => {
  const resend = (id: number, key: string, agent = admin) =>
    agent.request({ method: 'POST', url: `/api/v1/outbox/${id}/resend.json`, payload: { resend_key: key } });
  const copiesOf = async (id: number) =>
    ctx.database.db.select().from(outbox).where(eq(outbox.resentFromId, id));

  it('queues one copy per key: a repeated click answers the same copy and queues nothing more', async () => {
    const first = await resend(ids.sent, 'click-aaaa-0001');
    expect(first.statusCode, first.body).toBe(201);
    const copy = first.json().message;
    expect(copy).toMatchObject({
      status: 'pending',
      attempts: 0,
      resent_from_id: ids.sent,
      to: 'jane.long-address-for-testing@example.co.uk',
      subject: 'Your certificate',
      text_body: 'Your certificate is on its way.',
      order_item_ref: itemRef,
      attachment_count: 1,
    });
    expect(copy.html_body).toContain('<b>on its way</b>');
    const again = await Promise.all([
      resend(ids.sent, 'click-aaaa-0001'),
      resend(ids.sent, 'click-aaaa-0001'),
    ]);
    for (const r of again) {
      expect(r.statusCode).toBe(200);
      expect(r.json().message.id).toBe(copy.id);
    }
    const rows = await copiesOf(ids.sent);
    expect(rows).toHaveLength(1);
    const [original] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, ids.sent));
    expect(rows[0].messageId).not.toBe(original.messageId);
    // The original shows its copy.
    const detail = await admin.request({ method: 'GET', url: `/api/v1/outbox/${ids.sent}.json` });
    expect(detail.json().message.resends).toEqual([
      { id: copy.id, status: 'pending', created_at: expect.any(String) },
    ]);
  });

  it('a second click (a new key) is a second copy; a key reused for another message is 409', async () => {
    expect((await resend(ids.failed, 'click-bbbb-0001')).statusCode).toBe(201);
    expect((await resend(ids.failed, 'click-bbbb-0002')).statusCode).toBe(201);
    expect(await copiesOf(ids.failed)).toHaveLength(2);
    const reused = await resend(ids.sent, 'click-bbbb-0001');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('conflict');
    expect(await copiesOf(ids.sent)).toHaveLength(1);
  });

  it('refuses a message still on its way (409), an unknown one (404) and garbage keys (422), changing nothing', async () => {
    const before = (await ctx.database.db.select().from(outbox)).length;
    expect((await resend(ids.pending, 'click-cccc-0001')).statusCode).toBe(409);
    expect((await resend(999999, 'click-cccc-0002')).statusCode).toBe(404);
    for (const payload of [
      {},
      { resend_key: 'short' },
      { resend_key: 'has spaces in it' },
      { resend_key: 42 },
    ]) {
      const res = await admin.request({
        method: 'POST',
        url: `/api/v1/outbox/${ids.sent}/resend.json`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.body).toContain('resend_key');
    }
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
  });

  it('is for admins only, and needs the CSRF token', async () => {
    const before = (await ctx.database.db.select().from(outbox)).length;
    expect((await resend(ids.sent, 'click-dddd-0001', orderer)).statusCode).toBe(403);
    expect((await orderer.request({ method: 'GET', url: '/api/v1/outbox.json' })).statusCode).toBe(403);
    expect(
      (await orderer.request({ method: 'GET', url: `/api/v1/outbox/${ids.sent}.json` })).statusCode,
    ).toBe(403);
    const noCsrf = await admin.request({
      method: 'POST',
      url: `/api/v1/outbox/${ids.sent}/resend.json`,
      payload: { resend_key: 'click-dddd-0002' },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
  });
});
