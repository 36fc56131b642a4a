/**
 * Money and customer e-mail happen exactly once (docs/decisions/exactly-once.md): every call that e-mails or
 * moves money, fired ten times in parallel, takes effect once (one refund row, one outbox e-mail, one event)
 * and the nine others answer 409; without the required lock_version nothing happens at all.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECONDITION_ACTIONS } from '../../../domain/workflow/once';
import {
  attachments,
  carts,
  comments,
  conversationReplies,
  conversations,
  despatches,
  fcoBatches,
  orderItemEvents,
  orderItems,
  outbox,
} from '../../db/schema';
import { buildAttachment, buildOrderItem, type ItemSpec } from '../../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';
import { act, snapshot } from '../../test/items';
import { receiveCustomerMessage } from '../conversations/conversations';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(
    ctx.app,
    (await buildUser(ctx.database, { role: 'admin', is_orderer: false })).email,
  );
  const al = await buildUser(ctx.database);
  aliceId = al.id;
  alice = await signInAs(ctx.app, al.email);
});
afterAll(() => ctx.close());

const TEN = 10;

/** The same call ten times at once; answers the status codes, sorted. */
async function tenAtOnce(call: () => Promise<LightMyRequestResponse>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: TEN }, call));
  for (const a of answers) {
    if (a.statusCode >= 500) throw new Error(`${a.statusCode} ${a.body}`);
  }
  return answers.map((a) => a.statusCode).sort();
}

const oneOkNineConflicts = [200, ...Array<number>(TEN - 1).fill(409)];

const escalated: ItemSpec = {
  currentState: 'despatch_escalation',
  isEscalated: true,
  stateBeforeEscalation: 'despatch_required',
};

/** An item; one in review holds the customer's document, as approving the documents needs. */
const build = async (spec: ItemSpec) => {
  const item = await buildOrderItem(ctx.database, { userId: aliceId, netValue: 2800, ...spec });
  if (item.currentState === 'review_documents') await buildAttachment(ctx.database, item.id);
  return item;
};

interface OnceCase {
  name: string;
  by: 'alice' | 'admin';
  item: ItemSpec;
  body: object;
  /** What the single effect leaves behind. */
  effect: { mails: number; refunds: number };
}

const onceCases: OnceCase[] = [
  {
    name: 'cancel_refund',
    by: 'admin',
    // refund_only leaves the state as it is: only the precondition stops a repeat (2800 → 1800 once).
    item: { ...escalated, currentState: 'cancelled' },
    body: { cancel_refund: { action: 'refund_only', reason: 'over_payment', amount: 1000 } },
    effect: { mails: 1, refunds: 1 },
  },
  {
    name: 'cancel_refund',
    by: 'admin',
    item: escalated,
    body: { cancel_refund: { action: 'partial', reason: 'late_delivery', amount: 500 } },
    effect: { mails: 1, refunds: 1 },
  },
  {
    name: 'contact_customer',
    by: 'admin',
    // No response required: the state stays, so again only the precondition stops a second e-mail.
    item: escalated,
    body: { message: { body: 'Your order is on its way.', response_required: false } },
    effect: { mails: 1, refunds: 0 },
  },
  {
    name: 'reject_documents',
    by: 'alice',
    item: { orderableType: 'AdultDeedPoll', currentState: 'review_documents' },
    body: { review: { notes: 'The scan is blurred.' } },
    effect: { mails: 1, refunds: 0 },
  },
  {
    name: 'despatch',
    by: 'alice',
    item: { currentState: 'despatch_required' },
    body: { despatch: { carrier: 'royal_mail', service: 'first_class' } },
    effect: { mails: 1, refunds: 0 },
  },
  {
    name: 'gro_communication',
    by: 'alice',
    item: { currentState: 'order_complete' },
    body: { gro_communication: { message: 'The GRO refunded us.', refund_amount: 925 } },
    effect: { mails: 0, refunds: 0 },
  },
  {
    name: 'gro_order_placed',
    by: 'alice',
    item: { currentState: 'gro_order_required' },
    body: { gro: { reference: 'GRO-1', destination: 'office_orders', service: 'standard' } },
    effect: { mails: 0, refunds: 0 },
  },
  {
    name: 'request_update',
    by: 'alice',
    item: { currentState: 'gro_order_required', orderable: { serviceLevel: 'standard', copies: 1 } },
    body: { order_item_update: { copies: 2 } },
    effect: { mails: 1, refunds: 0 },
  },
];

it('covers every action the domain says needs the precondition', () => {
  const tested = new Set([...onceCases.map((c) => c.name), 'confirm_update', 'withdraw_update']);
  expect([...tested].sort()).toEqual([...PRECONDITION_ACTIONS].sort());
});

describe.each(onceCases)('$name ($body)', (c) => {
  const agent = () => (c.by === 'admin' ? admin : alice);

  it('ten in parallel with the lock_version read: one takes effect, nine answer 409', async () => {
    const item = await build(c.item);
    const before = await snapshot(ctx.database, item.id);
    const codes = await tenAtOnce(() => act(agent(), item.ref, c.name, { ...c.body, lock_version: 0 }));
    expect(codes).toEqual(oneOkNineConflicts);
    const after = await snapshot(ctx.database, item.id);
    expect(after.events).toBe(before.events + 1);
    expect(after.mails).toBe(before.mails + c.effect.mails);
    expect(after.refunds).toBe(before.refunds + c.effect.refunds);
    expect(after.item.lockVersion).toBe(1);
  });

  it('without a lock_version it is refused (422 on lock_version) and nothing happens', async () => {
    const item = await build(c.item);
    const before = await snapshot(ctx.database, item.id);
    const codes = await tenAtOnce(() => act(agent(), item.ref, c.name, c.body));
    expect(codes).toEqual(Array(TEN).fill(422));
    const res = await act(agent(), item.ref, c.name, c.body);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'lock_version', message: expect.any(String) }),
    ]);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });
});

describe('refund_only sent twice', () => {
  it('refunds once: 2800 → 1800, whether the repeat carries the same lock_version or none', async () => {
    const item = await build({ ...escalated, currentState: 'order_complete' });
    const body = { cancel_refund: { action: 'refund_only', reason: 'over_payment', amount: 1000 } };
    expect((await act(admin, item.ref, 'cancel_refund', { ...body, lock_version: 0 })).statusCode).toBe(200);
    expect((await act(admin, item.ref, 'cancel_refund', { ...body, lock_version: 0 })).statusCode).toBe(409);
    expect((await act(admin, item.ref, 'cancel_refund', body)).statusCode).toBe(422);
    const after = await snapshot(ctx.database, item.id);
    expect(after.item.netValue).toBe(1800);
    expect(after.refunds).toBe(1);
    expect(after.mails).toBe(1);
  });
});

describe('confirm and withdraw a Modify Order request', () => {
  const waiting = () =>
    build({
      currentState: 'waiting_downgrade_approval',
      stateBeforeUpdate: 'gro_order_required',
      netValue: 5600,
      orderable: { serviceLevel: 'standard', copies: 2, subtotalInPence: 5600 },
      pendingUpdate: {
        attributes: { copies: 1 },
        newTotalInPence: 2800,
        differenceInPence: -2800,
        requestedAt: new Date().toISOString(),
      },
    });

  it('a downgrade confirmed ten times at once refunds once', async () => {
    const item = await waiting();
    const codes = await tenAtOnce(() => act(admin, item.ref, 'confirm_update', { lock_version: 0 }));
    expect(codes).toEqual(oneOkNineConflicts);
    const after = await snapshot(ctx.database, item.id);
    expect(after.refunds).toBe(1);
    expect(after.item.netValue).toBe(2800);
  });

  it('withdrawn ten times at once e-mails once', async () => {
    const item = await waiting();
    const codes = await tenAtOnce(() => act(admin, item.ref, 'withdraw_update', { lock_version: 0 }));
    expect(codes).toEqual(oneOkNineConflicts);
    expect((await snapshot(ctx.database, item.id)).mails).toBe(1);
  });
});

describe("SPEC's calls without a payload still take an empty body, and happen once", () => {
  it('approve_scan_send ten times at once with no body: one scan e-mail, nine 409 wrong_state', async () => {
    const item = await build({ currentState: 'scan_send_required', orderable: { scanSend: true } });
    await ctx.database.db.insert(attachments).values({
      orderItemId: item.id,
      filename: 'scan.png',
      contentType: 'image/png',
      byteSize: 10,
      storageKey: randomUUID(),
      source: 'staff',
      selected: true,
    });
    const answers = await Promise.all(
      Array.from({ length: TEN }, () =>
        alice.request({ method: 'POST', url: `/api/v1/order_items/${item.ref}/approve_scan_send.json` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort(), answers[0].body).toEqual(oneOkNineConflicts);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.code)).toEqual(
      Array(TEN - 1).fill('wrong_state'),
    );
    const after = await snapshot(ctx.database, item.id);
    expect(after.mails).toBe(1);
    expect(after.events).toBe(1);
  });
});

describe.each<[string, ItemSpec]>([
  ['toggle_flag', { currentState: 'waiting_gro' }],
  ['received_from_gro', { currentState: 'waiting_gro' }],
  ['received_from_customer', { orderableType: 'Translation', currentState: 'waiting_delivery' }],
  ['approve_documents', { orderableType: 'Translation', currentState: 'review_documents' }],
  ['translation_complete', { orderableType: 'Translation', currentState: 'waiting_translation' }],
  ['translation_received', { orderableType: 'Translation', currentState: 'waiting_translation' }],
  ['ips_confirmed', { currentState: 'waiting_ips' }],
  ['original_received', { orderableType: 'Translation', currentState: 'review_documents' }],
  [
    'postpone_notification',
    { currentState: 'waiting_despatch_response', isEscalated: true, waitingCustomerResponse: true },
  ],
])('SPEC call %s', (name, spec) => {
  it('works with no body at all, as SPEC sends it', async () => {
    const item = await build(spec);
    const res = await alice.request({ method: 'POST', url: `/api/v1/order_items/${item.ref}/${name}.json` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item.lock_version).toBe(1);
  });
});

describe('FCO batches', () => {
  const apostilleItems = () => Promise.all([1, 2].map(() => build({ currentState: 'apostille_required' })));
  const batchEvents = async (ids: number[], action: string) =>
    (await ctx.database.db.select().from(orderItemEvents)).filter(
      (e) => ids.includes(e.orderItemId) && e.action === action,
    ).length;

  it('placed ten times at once for the same items: one batch, one FCO cost', async () => {
    const items = await apostilleItems();
    const ids = items.map((i) => i.id);
    const reference = `FCO-REF-${randomUUID()}`;
    const codes = await tenAtOnce(() =>
      alice.request({
        method: 'POST',
        url: '/api/v1/fco_batches.json',
        payload: { order_item_ids: ids, fco_batch: { fco_reference: reference, fco_cost: 1200 } },
      }),
    );
    expect(codes).toEqual([201, ...Array<number>(TEN - 1).fill(409)]);
    const batches = await ctx.database.db
      .select()
      .from(fcoBatches)
      .where(eq(fcoBatches.fcoReference, reference));
    expect(batches).toHaveLength(1);
    expect(await batchEvents(ids, 'add_to_fco_batch')).toBe(2);
  });

  it('despatched and received ten times at once: each step once', async () => {
    const items = await apostilleItems();
    const ids = items.map((i) => i.id);
    const created = await alice.request({
      method: 'POST',
      url: '/api/v1/fco_batches.json',
      payload: { order_item_ids: ids, fco_batch: { fco_reference: 'F-PAR', fco_cost: 1200 } },
    });
    const batch = created.json().fco_batch;
    const despatched = await tenAtOnce(() =>
      alice.request({
        method: 'POST',
        url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
        payload: { despatch: { despatch_cost: 650 }, lock_version: batch.lock_version },
      }),
    );
    expect(despatched).toEqual(oneOkNineConflicts);
    expect(await batchEvents(ids, 'fco_batch_despatched')).toBe(2);
    const noLock = await alice.request({
      method: 'POST',
      url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
      payload: { despatch: { despatch_cost: 650 } },
    });
    expect(noLock.statusCode).toBe(422);

    // SPEC's received takes no payload: an empty body still works, once.
    const received = await tenAtOnce(() =>
      alice.request({ method: 'POST', url: `/api/v1/fco_batches/${batch.ref}/received.json` }),
    );
    expect(received).toEqual(oneOkNineConflicts);
    expect(await batchEvents(ids, 'fco_batch_received')).toBe(2);
    const [row] = await ctx.database.db.select().from(fcoBatches).where(eq(fcoBatches.id, batch.id));
    expect(row).toMatchObject({ state: 'received', despatchCost: 650 });
    expect(await ctx.database.db.select().from(despatches).where(eq(despatches.orderItemId, ids[0]))).toEqual(
      [],
    );
  });
});

describe('conversations', () => {
  const conversation = (tag: string) =>
    receiveCustomerMessage(ctx.database.db, {
      email: `once-${tag}@example.com`,
      subject: 'Where is it?',
      content: `<p>Message ${tag}</p>`,
    }).then((c) => c.id);
  const mailsTo = async (tag: string) =>
    (
      await ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, `once-${tag}@example.com`))
    ).length;
  const reply = (id: number, content = 'It left today.') =>
    alice.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/reply.json`,
      payload: { response: { content } },
    });

  it('ten replies at once: one e-mail, one reply, nine 409', async () => {
    const tag = randomUUID();
    const id = await conversation(tag);
    expect(await tenAtOnce(() => reply(id))).toEqual(oneOkNineConflicts);
    expect(await mailsTo(tag)).toBe(1);
    const replies = await ctx.database.db
      .select()
      .from(conversationReplies)
      .where(eq(conversationReplies.conversationId, id));
    expect(replies).toHaveLength(1);
  });

  it('a reply to an archived conversation is refused (409) and e-mails nothing; back in the inbox it may', async () => {
    const tag = randomUUID();
    const id = await conversation(tag);
    await alice.request({ method: 'POST', url: `/api/v1/conversations/${id}/toggle.json` });
    const refused = await reply(id, 'Late answer');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('wrong_state');
    expect(await mailsTo(tag)).toBe(0);
    await alice.request({ method: 'POST', url: `/api/v1/conversations/${id}/toggle.json` });
    expect((await reply(id, 'Now answered')).statusCode).toBe(200);
    expect(await mailsTo(tag)).toBe(1);
  });

  it('ten transfers at once: the message lands on the item once', async () => {
    const item = await build({ currentState: 'waiting_gro' });
    const tag = randomUUID();
    const id = await conversation(tag);
    const codes = await tenAtOnce(() =>
      alice.request({
        method: 'POST',
        url: `/api/v1/conversations/${id}/transfer.json`,
        payload: { order_item: { ref: item.ref }, confirm_different_customer: true },
      }),
    );
    expect(codes).toEqual(oneOkNineConflicts);
    const onItem = await ctx.database.db.select().from(comments).where(eq(comments.orderItemId, item.id));
    expect(onItem).toHaveLength(1);
    const [stored] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(stored).toMatchObject({ active: false, orderItemId: item.id });
  });
});

describe('unpaid carts', () => {
  it('notify and close ten times at once: one apology e-mail', async () => {
    const ref = `C-ONCE-${randomUUID().slice(0, 8)}`;
    const email = `cart-${ref}@example.com`;
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/storefront/carts.json',
      headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
      payload: {
        cart: {
          ref,
          email,
          billing_address: { name: 'Carla Cart' },
          items: [{ type: 'Birth Certificate', net_value: 2800 }],
          total_in_pence: 2800,
        },
      },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const codes = await tenAtOnce(() =>
      alice.request({
        method: 'POST',
        url: `/api/v1/carts/${ref}/notify_and_close.json`,
        payload: { message: { body: 'Sorry, your payment failed.' } },
      }),
    );
    expect(codes).toEqual(oneOkNineConflicts);
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(1);
    const [cart] = await ctx.database.db.select().from(carts).where(eq(carts.ref, ref));
    expect(cart.state).toBe('closed');
  });
});

describe('the order item row is what serialises the calls', () => {
  it('ten despatches without a shared lock_version still make one despatch (the state moved under the lock)', async () => {
    const item = await build({ currentState: 'despatch_required' });
    // Each caller reads the item first, as ten browser tabs would, then all send at once.
    const reads = await Promise.all(
      Array.from({ length: TEN }, () =>
        alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` }),
      ),
    );
    const answers = await Promise.all(
      reads.map((r) =>
        act(alice, item.ref, 'despatch', {
          despatch: { carrier: 'royal_mail', service: 'first_class' },
          lock_version: r.json().order_item.lock_version,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual(oneOkNineConflicts);
    expect(
      await ctx.database.db.select().from(despatches).where(eq(despatches.orderItemId, item.id)),
    ).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.currentState).toBe('order_complete');
  });
});
