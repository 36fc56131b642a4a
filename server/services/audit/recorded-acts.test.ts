/**
 * The data-relevant acts the audit log records (issue 50 item 2), each through the API as staff do it: who
 * (user, address, user agent), what, to what, and for changes before and after: reference content (by the
 * database's trigger, any path), money moved by a workflow action (a price change, a refund), a CSV export,
 * an outbox retry and resend, a document download and a cover letter. Nothing secret or personal is kept.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outbox } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { actAsRead, multipartFile, PNG_BYTES } from '../../test/items';

let ctx: TestContext;
let admin: Agent;
let adminId: number;
const UA = 'AuditTest/1.0';
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: true, name: 'Ada Acts' });
  adminId = a.id;
  admin = await signInAs(ctx.app, a.email);
});
afterAll(() => ctx.close());

/** A call as the admin, from a browser that says who it is. */
const call = (opts: Parameters<Agent['request']>[0]) =>
  admin.request({ ...opts, headers: { 'user-agent': UA, ...opts.headers } });

/** The newest rows of a kind. */
const rowsOf = (kind: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.kind, kind))
    .orderBy(sql`${auditEvents.id} desc`);

/** The request's own actor, address and user agent. */
const byAdmin = () => ({ actorId: adminId, ip: '127.0.0.1', userAgent: UA });

describe('the audit log records', () => {
  it('reference content created, changed and deleted, with only what changed', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/v1/registries.json',
      payload: { registry: { name: 'Audit Registry', details: 'Open 9–5' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().registry.id;
    const changed = await call({
      method: 'PUT',
      url: `/api/v1/registries/${id}.json`,
      payload: { registry: { details: 'Open 10–4' } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [add] = await rowsOf('reference.created');
    expect(add).toMatchObject({
      ...byAdmin(),
      actorId: adminId,
      targetType: 'reference',
      targetId: `registries:${id}`,
      summary: 'Added to registries: Audit Registry',
      before: null,
      after: { id, name: 'Audit Registry', details: 'Open 9–5' },
    });
    const [update] = await rowsOf('reference.updated');
    expect(update).toMatchObject({
      ...byAdmin(),
      targetId: `registries:${id}`,
      before: { details: 'Open 9–5' },
      after: { details: 'Open 10–4' },
    });

    const reply = await call({
      method: 'POST',
      url: '/api/v1/canned_replies.json',
      payload: { canned_reply: { title: 'Audit reply', body: 'Thank you.' } },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replyId = reply.json().canned_reply.id;
    const deleted = await call({ method: 'DELETE', url: `/api/v1/canned_replies/${replyId}.json` });
    expect(deleted.statusCode).toBe(200);
    const [removal] = await rowsOf('reference.deleted');
    expect(removal).toMatchObject({
      ...byAdmin(),
      targetId: `canned_replies:${replyId}`,
      before: { title: 'Audit reply', body: 'Thank you.' },
      after: null,
    });
  });

  it('a change refused as invalid records nothing', async () => {
    const before = (await rowsOf('reference.created')).length;
    const res = await call({
      method: 'POST',
      url: '/api/v1/registries.json',
      payload: { registry: { name: '' } },
    });
    expect(res.statusCode).toBe(422);
    expect((await rowsOf('reference.created')).length).toBe(before);
  });

  it('a refund and the price it changes, as the request that moved the money', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'despatch_escalation',
      isEscalated: true,
      stateBeforeEscalation: 'despatch_required',
      netValue: 2800,
      userId: adminId,
    });
    const res = await actAsRead(admin, item.ref, 'cancel_refund', {
      cancel_refund: { action: 'refund_only', reason: 'over_payment', amount: 1000, notes: 'Jo Bloggs rang' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [refund] = await rowsOf('refund.recorded');
    expect(refund).toMatchObject({
      actorId: adminId,
      ip: '127.0.0.1',
      targetType: 'order_item',
      targetId: item.ref,
      after: { action: 'refund_only', amount_in_pence: 1000, reason: 'over_payment' },
    });
    expect(JSON.stringify(refund)).not.toContain('Bloggs');
    const [price] = await rowsOf('order_item.price_changed');
    expect(price).toMatchObject({
      actorId: adminId,
      targetId: item.ref,
      before: { net_value_in_pence: 2800 },
      after: { net_value_in_pence: 1800 },
    });
  });

  it('an action that moves no money records nothing', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'despatch_required', userId: adminId });
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    const res = await actAsRead(admin, item.ref, 'escalate', { escalation: { message: 'Courier lost it' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
    expect(after[0].n).toBe(before[0].n);
  });

  it('a CSV export of order items', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'order_complete' });
    const res = await call({
      method: 'POST',
      url: '/api/v1/order_items/export.csv',
      payload: { order_item_ids: [item.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOf('export.order_items_csv');
    expect(row).toMatchObject({ ...byAdmin(), after: { order_item_ids: [item.id] } });
  });

  it('an outbox retry and resend, without the address or the body', async () => {
    const [failed] = await ctx.database.db
      .insert(outbox)
      .values({
        kind: 'customer_contact',
        toAddress: 'private.person@example.com',
        subject: 'About your order',
        textBody: 'Private words',
        messageId: '<audit-retry@ukds.back-office>',
        status: 'failed',
        attempts: 8,
      })
      .returning();
    expect(
      (await call({ method: 'POST', url: `/api/v1/outbox/${failed.id}/retry.json`, payload: {} })).statusCode,
    ).toBe(200);
    const [retry] = await rowsOf('outbox.retried');
    expect(retry).toMatchObject({ ...byAdmin(), targetType: 'outbox', targetId: String(failed.id) });

    await ctx.database.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, failed.id));
    const payload = { resend_key: 'audit-resend-key-0001' };
    const resent = await call({ method: 'POST', url: `/api/v1/outbox/${failed.id}/resend.json`, payload });
    expect(resent.statusCode, resent.body).toBe(201);
    // The same key again makes no copy and no second row.
    expect(
      (await call({ method: 'POST', url: `/api/v1/outbox/${failed.id}/resend.json`, payload })).statusCode,
    ).toBe(200);
    const resends = await rowsOf('outbox.resent');
    expect(resends).toHaveLength(1);
    expect(resends[0]).toMatchObject({ ...byAdmin(), targetId: String(failed.id) });
    expect(JSON.stringify([retry, resends])).not.toMatch(/private|Private/);
  });

  it('a document download and a cover letter', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: adminId });
    const upload = await admin.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('scan.png', PNG_BYTES, 'image/png'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().order_item.ukds_attachments[0].id;
    const file = await call({ method: 'GET', url: `/api/v1/order_items/${item.ref}/attachments/${id}/file` });
    expect(file.statusCode).toBe(200);
    const [download] = await rowsOf('document.downloaded');
    expect(download).toMatchObject({
      ...byAdmin(),
      targetType: 'attachment',
      targetId: String(id),
      summary: `Downloaded a image/png document of ${item.ref}`,
    });
    const letter = await call({ method: 'GET', url: `/api/v1/order_items/${item.ref}/cover_letter.pdf` });
    expect(letter.statusCode).toBe(200);
    const [opened] = await rowsOf('document.downloaded');
    expect(opened).toMatchObject({ ...byAdmin(), targetType: 'order_item', targetId: item.ref });
  });
});
