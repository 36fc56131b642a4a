/**
 * Every order-item action: the happy path, the role it refuses, a missing CSRF token, invalid input, the
 * wrong state and a stale lock_version — and after every refusal the item, its events and the outbox are
 * exactly as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderItemState } from '../../../domain/states';
import { buildAttachment, buildOrderItem, type ItemSpec } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { act, snapshot } from '../../test/items';

let ctx: TestContext;
const agents: Record<'admin' | 'alice' | 'bob', Agent> = {} as Record<'admin' | 'alice' | 'bob', Agent>;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const alice = await buildUser(ctx.database);
  const bob = await buildUser(ctx.database);
  aliceId = alice.id;
  agents.admin = await signInAs(ctx.app, admin.email);
  agents.alice = await signInAs(ctx.app, alice.email);
  agents.bob = await signInAs(ctx.app, bob.email);
});
afterAll(() => ctx.close());

interface Case {
  name: string;
  item: ItemSpec;
  body: object;
  /** Who performs it: the assignee (alice) or an admin. */
  by: 'alice' | 'admin';
  /** Who must be refused with 403 (absent: any member of staff may). */
  refused?: 'bob' | 'alice';
  invalid?: object;
  wrongState?: ItemSpec;
}

const escalatedItem: ItemSpec = {
  currentState: 'despatch_escalation',
  isEscalated: true,
  stateBeforeEscalation: 'despatch_required',
};
const translation = (currentState: OrderItemState): ItemSpec => ({
  orderableType: 'Translation',
  currentState,
});

const cases: Case[] = [
  {
    name: 'gro_order_placed',
    item: { currentState: 'gro_order_required' },
    body: { gro: { reference: 'G1', destination: 'office_orders', service: 'standard' } },
    by: 'alice',
    refused: 'bob',
    invalid: { gro: { reference: ' ', destination: 'office_orders', service: 'standard' } },
    wrongState: { currentState: 'waiting_gro' },
  },
  {
    name: 'received_from_gro',
    item: { currentState: 'waiting_gro' },
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: { currentState: 'gro_order_required' },
  },
  {
    name: 'gro_communication',
    item: { currentState: 'waiting_gro' },
    body: { gro_communication: { message: 'Refund for a duplicate', refund_amount: 925 } },
    by: 'alice',
    refused: 'bob',
    invalid: { gro_communication: { message: 'x', refund_amount: -1 } },
    wrongState: { currentState: 'apostille_required' },
  },
  {
    name: 'ips_submitted',
    item: { currentState: 'waiting_gro' },
    body: { ips: { notes: 'IPS 42 sent' } },
    by: 'alice',
    refused: 'bob',
    invalid: { ips: { notes: '' } },
    wrongState: { currentState: 'apostille_required' },
  },
  {
    name: 'reorder_required',
    item: { currentState: 'gro_refunded' },
    body: { reorder: { notes: 'Wrong year; reorder' } },
    by: 'alice',
    refused: 'bob',
    invalid: { reorder: { notes: '  ' } },
    wrongState: { currentState: 'despatch_required' },
  },
  {
    name: 'ips_confirmed',
    item: { currentState: 'waiting_ips' },
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: { currentState: 'waiting_gro' },
  },
  {
    name: 'despatch',
    item: { currentState: 'despatch_required' },
    body: { despatch: { carrier: 'royal_mail', service: 'first_class', reference: 'RM1' } },
    by: 'alice',
    refused: 'bob',
    invalid: { despatch: { carrier: 'royal_mail', service: 'teleport' } },
    wrongState: { currentState: 'waiting_gro' },
  },
  {
    name: 'received_from_customer',
    item: translation('waiting_delivery'),
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: translation('review_documents'),
  },
  {
    name: 'approve_documents',
    item: translation('review_documents'),
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: translation('waiting_delivery'),
  },
  {
    name: 'reject_documents',
    item: translation('review_documents'),
    body: { review: { notes: 'Page 2 is missing' } },
    by: 'alice',
    refused: 'bob',
    invalid: { review: { notes: '' } },
    wrongState: translation('waiting_delivery'),
  },
  {
    name: 'send_for_translation',
    item: translation('ready_for_translation'),
    body: { translation_request: { notes: 'Two pages', despatch_to: 'customer' } },
    by: 'alice',
    refused: 'bob',
    invalid: { translation_request: { despatch_to: 'the moon' } },
    wrongState: translation('review_documents'),
  },
  {
    name: 'translation_complete',
    item: translation('waiting_translation'),
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: translation('ready_for_translation'),
  },
  {
    name: 'translation_received',
    item: translation('waiting_translation'),
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: translation('ready_for_translation'),
  },
  {
    name: 'escalate',
    item: { currentState: 'despatch_required' },
    body: { escalation: { message: 'Customer moved house' } },
    by: 'alice',
    refused: 'bob',
    invalid: { escalation: { message: '' } },
    wrongState: escalatedItem,
  },
  {
    name: 'contact_customer',
    item: escalatedItem,
    body: { message: { body: 'Please confirm the address.', response_required: true } },
    by: 'admin',
    refused: 'alice',
    invalid: { message: { body: 'Hello', response_required: 'yes' } },
    wrongState: { currentState: 'despatch_required' },
  },
  {
    name: 'return_to_orderer',
    item: escalatedItem,
    body: { comment: { message: 'Sorted with the customer' } },
    by: 'admin',
    refused: 'alice',
    invalid: { comment: { message: '' } },
    wrongState: { currentState: 'despatch_required' },
  },
  {
    name: 'cancel_refund',
    item: { ...escalatedItem, netValue: 5000 },
    body: { cancel_refund: { action: 'full', reason: 'duplicate', notes: 'Ordered twice' } },
    by: 'admin',
    refused: 'alice',
    invalid: { cancel_refund: { action: 'partial', reason: 'duplicate', amount: 999999 } },
    wrongState: { currentState: 'despatch_required', netValue: 5000 },
  },
  {
    name: 'request_update',
    item: { currentState: 'gro_order_required' },
    body: { order_item_update: { copies: 3 } },
    by: 'alice',
    refused: 'bob',
    invalid: { order_item_update: { service_level: 'warp-speed' } },
    wrongState: { currentState: 'cancelled' },
  },
  {
    name: 'postpone_notification',
    item: { currentState: 'waiting_despatch_response', isEscalated: true, waitingCustomerResponse: true },
    body: {},
    by: 'alice',
    refused: 'bob',
    wrongState: { currentState: 'despatch_required' },
  },
  {
    name: 'add_note',
    item: { currentState: 'waiting_gro' },
    body: { note: { body: 'Called the GRO' } },
    by: 'alice',
    invalid: { note: { body: ' ' } },
  },
  { name: 'toggle_flag', item: { currentState: 'waiting_gro' }, body: {}, by: 'alice' },
  {
    name: 'original_received',
    item: { currentState: 'review_documents', orderableType: 'Translation' },
    body: { original_received: { received_on: '2026-11-20' } },
    by: 'alice',
    refused: 'bob',
    invalid: { original_received: { received_on: '20/11/2026' } },
  },
];

/** An item; one in review holds the customer's document, as approving the documents needs. */
const build = async (spec: ItemSpec) => {
  const item = await buildOrderItem(ctx.database, { userId: aliceId, netValue: 4000, ...spec });
  if (item.currentState === 'review_documents') await buildAttachment(ctx.database, item.id);
  return item;
};

async function expectRefused(
  res: Awaited<ReturnType<typeof act>>,
  status: number,
  code: string,
  itemId: number,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  expect(await snapshot(ctx.database, itemId)).toEqual(before);
}

describe.each(cases)('$name', (c) => {
  it('happy path: answers the updated record and records one event', async () => {
    const item = await build(c.item);
    const before = await snapshot(ctx.database, item.id);
    const res = await act(agents[c.by], item.ref, c.name, { ...c.body, lock_version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().order_item;
    expect(body.lock_version).toBe(1);
    expect(body.events).toHaveLength(1);
    expect(body.events[0].action).toBe(c.name === 'request_update' ? 'request_update' : c.name);
    expect((await snapshot(ctx.database, item.id)).events).toBe(before.events + 1);
  });

  it('refuses a missing CSRF token (403) and changes nothing', async () => {
    const item = await build(c.item);
    const before = await snapshot(ctx.database, item.id);
    await expectRefused(
      await act(agents[c.by], item.ref, c.name, c.body, null),
      403,
      'csrf_failed',
      item.id,
      before,
    );
  });

  it('refuses a stale lock_version (409) and changes nothing', async () => {
    const item = await build(c.item);
    const before = await snapshot(ctx.database, item.id);
    await expectRefused(
      await act(agents[c.by], item.ref, c.name, { ...c.body, lock_version: 7 }),
      409,
      'stale',
      item.id,
      before,
    );
  });

  if (c.refused) {
    const who = c.refused;
    it(`refuses ${who === 'bob' ? 'another orderer' : 'an orderer'} (403) and changes nothing`, async () => {
      const item = await build(c.item);
      const before = await snapshot(ctx.database, item.id);
      await expectRefused(
        await act(agents[who], item.ref, c.name, { ...c.body, lock_version: 0 }),
        403,
        'forbidden',
        item.id,
        before,
      );
    });
  }

  if (c.invalid) {
    const invalid = c.invalid;
    it('refuses invalid input (422 with field details) and changes nothing', async () => {
      const item = await build(c.item);
      const before = await snapshot(ctx.database, item.id);
      const res = await act(agents[c.by], item.ref, c.name, invalid);
      await expectRefused(res, 422, 'invalid_input', item.id, before);
      expect(res.json().error.details.length).toBeGreaterThan(0);
    });
  }

  if (c.wrongState) {
    const wrong = c.wrongState;
    it('refuses the wrong state (409) and changes nothing', async () => {
      const item = await build(wrong);
      const before = await snapshot(ctx.database, item.id);
      await expectRefused(
        await act(agents[c.by], item.ref, c.name, { ...c.body, lock_version: 0 }),
        409,
        'wrong_state',
        item.id,
        before,
      );
    });
  }
});

describe('a repeated action is not applied twice', () => {
  it('a second despatch is refused: one despatch e-mail, one event', async () => {
    const item = await build({ currentState: 'despatch_required' });
    const body = { despatch: { carrier: 'royal_mail', service: 'first_class' }, lock_version: 0 };
    expect((await act(agents.alice, item.ref, 'despatch', body)).statusCode).toBe(200);
    const after = await snapshot(ctx.database, item.id);
    expect((await act(agents.alice, item.ref, 'despatch', body)).statusCode).toBe(409);
    expect(await snapshot(ctx.database, item.id)).toEqual(after);
    expect(after.mails).toBe(1);
  });

  it('a second full refund is refused: one refund', async () => {
    const item = await build({ ...escalatedItem, netValue: 5000 });
    const body = { cancel_refund: { action: 'full', reason: 'duplicate' }, lock_version: 0 };
    expect((await act(agents.admin, item.ref, 'cancel_refund', body)).statusCode).toBe(200);
    const after = await snapshot(ctx.database, item.id);
    expect((await act(agents.admin, item.ref, 'cancel_refund', body)).statusCode).toBe(409);
    expect(await snapshot(ctx.database, item.id)).toEqual(after);
    expect(after.refunds).toBe(1);
  });
});

describe('unknown records', () => {
  it('answers 404 for an unknown item', async () => {
    const res = await act(agents.admin, '424242-9', 'toggle_flag');
    expect(res.statusCode).toBe(404);
  });
});
