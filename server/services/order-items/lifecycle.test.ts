import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { despatches, fcoBatches, groOrders, outbox, refunds } from '../../db/schema';
import { buildAttachment, buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { act, actAsRead, multipartFile, PNG_BYTES } from '../../test/items';
import { runItemAction } from './run-action';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-life-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const o = await buildUser(ctx.database, { name: 'Alice Orderer' });
  aliceId = o.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const state = async (agent: Agent, ref: string) =>
  (await agent.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` })).json().order_item;

async function ok(res: Awaited<ReturnType<typeof act>>, expectedState?: string) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const item = res.json().order_item;
  if (expectedState) expect(item.current_state).toBe(expectedState);
  return item;
}

async function assign(ref: string, id: number) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/order_items/assign_to_orderer.json',
    payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [id] } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return state(alice, ref);
}

describe('life cycles through the API', () => {
  it('certificate with apostille via an FCO batch and scan-send, to complete', async () => {
    const item = await buildOrderItem(ctx.database, {
      netValue: 17700,
      orderable: {
        apostilleCopies: 1,
        scanSend: true,
        serviceLevel: 'rapid',
        copies: 2,
        subtotalInPence: 17700,
      },
    });
    expect((await assign(item.ref, item.id)).current_state).toBe('gro_order_required');

    let current = await ok(
      await actAsRead(alice, item.ref, 'gro_order_placed', {
        gro: {
          reference: 'GRO-123',
          data: 'Smith 1980',
          destination: 'office_orders',
          service: 'priority',
          cost: null,
        },
      }),
      'waiting_gro',
    );
    const [gro] = await ctx.database.db.select().from(groOrders).where(eq(groOrders.orderItemId, item.id));
    expect(gro.cost).toBe(2340);

    current = await ok(
      await act(alice, item.ref, 'received_from_gro', { lock_version: current.lock_version }),
      'apostille_required',
    );

    const batchRes = await alice.request({
      method: 'POST',
      url: '/api/v1/fco_batches.json',
      payload: { order_item_ids: [item.id], fco_batch: { fco_reference: 'FCO-REF-1', fco_cost: 3000 } },
    });
    expect(batchRes.statusCode, batchRes.body).toBe(201);
    const batch = batchRes.json().fco_batch;
    expect(batch).toMatchObject({
      state: 'pending_despatch',
      fco_reference: 'FCO-REF-1',
      order_items: [{ ref: item.ref }],
    });
    expect(batch.ref).toMatch(/^FCO-\d{6}$/);
    expect((await state(alice, item.ref)).current_state).toBe('fco_order_placed');

    const pending = (
      await alice.request({ method: 'GET', url: '/api/v1/fco_batches/pending_despatch.json' })
    ).json();
    expect(pending.fco_batches.map((b: { ref: string }) => b.ref)).toContain(batch.ref);

    const despatched = await alice.request({
      method: 'POST',
      url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
      payload: {
        despatch: { despatch_cost: 650, despatch_reference: 'RM123' },
        lock_version: batch.lock_version,
      },
    });
    expect(despatched.statusCode, despatched.body).toBe(200);
    expect(despatched.json().fco_batch).toMatchObject({ state: 'waiting_fco', despatch_cost: 650 });
    expect(despatched.json().fco_batch.despatched_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await state(alice, item.ref)).current_state).toBe('waiting_fco');
    // The same step twice is refused: nothing happens a second time.
    const again = await alice.request({
      method: 'POST',
      url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
      payload: { despatch: { despatch_cost: 650 }, lock_version: batch.lock_version },
    });
    expect(again.statusCode).toBe(409);

    const received = await alice.request({
      method: 'POST',
      url: `/api/v1/fco_batches/${batch.id}/received.json`,
      payload: {},
    });
    expect(received.statusCode, received.body).toBe(200);
    expect((await state(alice, item.ref)).current_state).toBe('scan_send_required');
    const [batchRow] = await ctx.database.db.select().from(fcoBatches).where(eq(fcoBatches.id, batch.id));
    expect(batchRow.state).toBe('received');

    // Scan-send needs a selected attachment.
    expect((await act(alice, item.ref, 'approve_scan_send')).statusCode).toBe(422);
    const upload = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('scan.png', PNG_BYTES, 'image/png'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const attachment = upload.json().order_item.ukds_attachments[0];
    expect(attachment).toMatchObject({
      filename: 'scan.png',
      content_type: 'image/png',
      selected: false,
      approved: null,
    });
    await ok(await act(alice, item.ref, `attachments/${attachment.id}/attach`));
    current = await ok(await act(alice, item.ref, 'approve_scan_send'), 'despatch_required');

    current = await ok(
      await actAsRead(alice, item.ref, 'despatch', {
        despatch: { carrier: 'royal_mail', service: 'first_class', reference: 'RM-999' },
        lock_version: current.lock_version,
      }),
      'order_complete',
    );
    const [desp] = await ctx.database.db.select().from(despatches).where(eq(despatches.orderItemId, item.id));
    expect(desp.cost).toBe(65);

    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.orderItemId, item.id));
    const scanMail = mails.find((m) => m.attachmentIds !== null);
    expect(scanMail?.attachmentIds).toEqual([attachment.id]);
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const detail = await state(alice, item.ref);
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining([
        'assign',
        'gro_order_placed',
        'received_from_gro',
        'add_to_fco_batch',
        'despatch',
      ]),
    );
    // Newest first; an assignment names who made it and the orderer it went to.
    const times = detail.events.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const assigned = detail.events.find((e: { action: string }) => e.action === 'assign');
    expect(assigned).toMatchObject({ user: expect.any(String), assigned_to: expect.any(String) });
    expect(assigned.assigned_to).toBe(detail.user.name);
  });

  it('translation by post, to complete', async () => {
    const item = await buildOrderItem(ctx.database, {
      orderableType: 'Translation',
      orderable: { documentsByPost: true },
    });
    expect((await assign(item.ref, item.id)).current_state).toBe('waiting_delivery');
    await ok(await act(alice, item.ref, 'received_from_customer'), 'review_documents');
    await buildAttachment(ctx.database, item.id);
    await ok(await act(alice, item.ref, 'approve_documents'), 'ready_for_translation');
    await ok(
      await act(alice, item.ref, 'send_for_translation', {
        translation_request: { notes: 'Urgent', despatch_to: 'office_orders' },
      }),
      'waiting_translation',
    );
    await ok(await act(alice, item.ref, 'translation_received'), 'despatch_required');
    await ok(
      await actAsRead(alice, item.ref, 'despatch', {
        despatch: { carrier: 'ups', service: 'ups_uk', cost: 700 },
      }),
      'order_complete',
    );
  });

  it('deed poll, with a rejection e-mailed to the customer first', async () => {
    const item = await buildOrderItem(ctx.database, { orderableType: 'AdultDeedPoll' });
    expect((await assign(item.ref, item.id)).current_state).toBe('review_documents');
    const rejected = await ok(
      await actAsRead(alice, item.ref, 'reject_documents', { review: { notes: 'The scan is blurred.' } }),
      'review_documents',
    );
    expect(rejected.waiting_customer_response).toBe(true);
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.orderItemId, item.id));
    expect(mails.some((m) => m.textBody.includes('The scan is blurred.'))).toBe(true);
    await buildAttachment(ctx.database, item.id);
    await ok(await act(alice, item.ref, 'approve_documents'), 'despatch_required');
    await ok(
      await actAsRead(alice, item.ref, 'despatch', {
        despatch: { carrier: 'royal_mail', service: 'first_class' },
      }),
      'order_complete',
    );
  });
});

describe('escalation paths', () => {
  async function escalated(netValue = 5000) {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'despatch_required',
      userId: aliceId,
      netValue,
    });
    const res = await act(alice, item.ref, 'escalate', { escalation: { message: 'Address looks wrong' } });
    const body = await ok(res, 'despatch_escalation');
    expect(body.is_escalated).toBe(true);
    expect(body.state_label).toBe('Escalated');
    return item;
  }

  it('contact customer with a response, the reply, postpone, then return to orderer', async () => {
    const item = await escalated();
    // Orderers may not contact the customer.
    expect(
      (
        await actAsRead(alice, item.ref, 'contact_customer', {
          message: { body: 'Hi', response_required: true },
        })
      ).statusCode,
    ).toBe(403);
    const waiting = await ok(
      await actAsRead(admin, item.ref, 'contact_customer', {
        message: { body: 'Please confirm your address.', response_required: true },
      }),
      'waiting_despatch_response',
    );
    expect(waiting.waiting_customer_response).toBe(true);
    const onHold = await ok(
      await act(admin, item.ref, 'postpone_notification'),
      'on_hold_waiting_despatch_response',
    );
    expect(onHold.is_on_hold).toBe(true);
    expect(onHold.state_label).toBe('On Hold');
    const back = await ok(
      await act(admin, item.ref, 'return_to_orderer', {
        comment: { message: 'Customer confirmed by phone.' },
      }),
      'despatch_required',
    );
    expect(back.is_escalated).toBe(false);
    expect(back.comments.map((c: { body: string }) => c.body)).toContain('Customer confirmed by phone.');
  });

  it('a customer reply to a waiting item moves it to response received and tells the assignee', async () => {
    const item = await escalated();
    await ok(
      await actAsRead(admin, item.ref, 'contact_customer', {
        message: { body: 'Which address?', response_required: true },
      }),
      'waiting_despatch_response',
    );
    // The reply arrives from outside (conversation transfer or storefront): the system acts.
    await runItemAction(ctx.database.db, {
      key: item.ref,
      action: { type: 'customer_reply' },
      actor: { kind: 'system' },
    });
    const after = await state(alice, item.ref);
    expect(after).toMatchObject({
      current_state: 'despatch_response_received',
      waiting_customer_response: false,
    });
    const notes = (await alice.request({ method: 'GET', url: '/api/v1/notifications.json' })).json();
    expect(notes.notifications.some((n: { order_item_ref: string }) => n.order_item_ref === item.ref)).toBe(
      true,
    );
  });

  it.each([
    ['cancel', null, 'cancelled', 0, 5000],
    ['full', null, 'cancelled', 5000, 0],
    ['partial', 2000, 'cancelled', 2000, 3000],
    ['refund_only', 1500, 'despatch_escalation', 1500, 3500],
  ] as const)('cancel_refund %s', async (action, amount, expectedState, refunded, netAfter) => {
    const item = await escalated(5000);
    const body = await ok(
      await actAsRead(admin, item.ref, 'cancel_refund', {
        cancel_refund: { action, reason: 'customer_request', amount, notes: 'As asked' },
      }),
      expectedState,
    );
    expect(body.net_value).toBe(netAfter);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderItemId, item.id));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(refunded);
  });

  it.each(['cancel', 'partial'] as const)(
    'after %s the item stays escalated: the panel stays and a further refund needs no new escalation',
    async (action) => {
      const item = await escalated(5000);
      const cancelled = await ok(
        await actAsRead(admin, item.ref, 'cancel_refund', {
          cancel_refund: { action, reason: 'customer_request', amount: action === 'partial' ? 1000 : null },
        }),
        'cancelled',
      );
      expect(cancelled.is_escalated).toBe(true);
      expect(cancelled.panels).toContain('Cancellations & Refunds');
      const net = cancelled.net_value;
      const refunded = await ok(
        await actAsRead(admin, item.ref, 'cancel_refund', {
          cancel_refund: { action: 'refund_only', reason: 'customer_request', amount: 500 },
        }),
        'cancelled',
      );
      expect(refunded.net_value).toBe(net - 500);
      // Exactly once still holds: the same lock_version again is refused.
      const again = await act(admin, item.ref, 'cancel_refund', {
        cancel_refund: { action: 'refund_only', reason: 'customer_request', amount: 500 },
        lock_version: cancelled.lock_version,
      });
      expect(again.statusCode).toBe(409);
      const returned = await ok(
        await act(admin, item.ref, 'return_to_orderer', { comment: { message: 'Refunded' } }),
        'cancelled',
      );
      expect(returned.is_escalated).toBe(false);
      expect(returned.panels).not.toContain('Cancellations & Refunds');
    },
  );

  it('an escalated complete item offers only refund_only', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'order_complete',
      userId: aliceId,
      netValue: 4000,
    });
    await ok(
      await act(alice, item.ref, 'escalate', { escalation: { message: 'Customer says lost in post' } }),
    );
    expect(
      (
        await actAsRead(admin, item.ref, 'cancel_refund', {
          cancel_refund: { action: 'full', reason: 'lost_in_post' },
        })
      ).statusCode,
    ).toBe(409);
    const body = await ok(
      await actAsRead(admin, item.ref, 'cancel_refund', {
        cancel_refund: { action: 'refund_only', reason: 'lost_in_post', amount: 4000 },
      }),
      'order_complete',
    );
    expect(body.net_value).toBe(0);
  });
});
