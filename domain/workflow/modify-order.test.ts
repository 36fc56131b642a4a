import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALICE,
  BOB,
  SYSTEM,
  translationItem,
  type WorkItemOverrides,
  workItem,
} from '../testing/work-item';
import { applyPatch, decide } from './decide';
import { planUpdate } from './modify-order';
import type { Decision, OrderableUpdate, OrderSibling, Outcome, WorkItem } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');

function accepted(decision: Decision): Outcome {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

const request = (attributes: OrderableUpdate) => ({ type: 'request_update', attributes }) as const;

describe('request_update', () => {
  it('applies a change that costs the same at once', () => {
    // standard certificate 2800 → same level and copies with an apostille country only: 2800 − 2800 = 0
    const result = accepted(decide(workItem(), request({ apostilleCountry: 'FR' }), ALICE, NOW));
    expect(result.patch).toEqual({ orderable: { apostilleCountry: 'FR', subtotalInPence: 2800 } });
    expect(result.emails).toEqual([]);
  });

  it('waits for payment of an upgrade', () => {
    // 2 copies × 2800 = 5600; 5600 − 2800 = 2800 more
    const result = accepted(
      decide(workItem({ currentState: 'waiting_gro' }), request({ copies: 2 }), ALICE, NOW),
    );
    expect(result.patch).toEqual({
      currentState: 'waiting_upgrade_payment',
      stateBeforeUpdate: 'waiting_gro',
      pendingUpdate: {
        attributes: { copies: 2 },
        newTotalInPence: 5600,
        differenceInPence: 2800,
        requestedAt: NOW.toISOString(),
      },
      nextReminderAt: new Date('2026-03-17T10:00:00Z'),
    });
    expect(result.emails[0]).toMatchObject({ kind: 'upgrade_payment_request' });
    expect(result.emails[0]?.text).toContain('£28.00');
  });

  it('waits for approval of a downgrade', () => {
    // priority 6000 → standard 2800: 2800 − 6000 = −3200
    const item = workItem({ netValue: 6000, orderable: { serviceLevel: 'priority', subtotalInPence: 6000 } });
    const result = accepted(decide(item, request({ serviceLevel: 'standard' }), ALICE, NOW));
    expect(result.patch).toMatchObject({
      currentState: 'waiting_downgrade_approval',
      stateBeforeUpdate: 'gro_order_required',
    });
    expect(result.patch.pendingUpdate?.differenceInPence).toBe(-3200);
    expect(result.emails[0]).toMatchObject({ kind: 'downgrade_approval_request' });
  });

  it.each<[string, WorkItemOverrides, OrderableUpdate, string]>([
    ['a deed poll level on a certificate', {}, { serviceLevel: '1' }, 'service_level'],
    ['no copies', {}, { copies: 0 }, 'copies'],
    ['no pages', {}, { pages: 0 }, 'pages'],
    ['negative apostilles', {}, { apostilleCopies: -1 }, 'apostille_copies'],
  ])('refuses %s', (_name, over, attributes, field) => {
    const result = decide(workItem(over), request(attributes), ALICE, NOW);
    expect(result).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(!result.ok && result.details).toHaveProperty(field);
  });

  it('refuses while a change already waits, and on a cancelled item', () => {
    expect(
      decide(workItem({ currentState: 'waiting_upgrade_payment' }), request({ copies: 3 }), ALICE, NOW),
    ).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(workItem({ currentState: 'cancelled' }), request({ copies: 3 }), ADMIN, NOW)).toMatchObject(
      {
        code: 'wrong_state',
      },
    );
  });

  it('prices translations by the new attributes', () => {
    // certified level 0: 1 page 4995 → 3 pages 4995 + 2 × 4500 = 13995; difference 9000
    const result = accepted(
      decide(translationItem({ currentState: 'ready_for_translation' }), request({ pages: 3 }), ALICE, NOW),
    );
    expect(result.patch.pendingUpdate).toMatchObject({ newTotalInPence: 13995, differenceInPence: 9000 });
  });
});

describe('confirm_update and withdraw_update', () => {
  const pendingItem = (differenceInPence: number, over: WorkItemOverrides = {}): WorkItem =>
    workItem({
      currentState: differenceInPence > 0 ? 'waiting_upgrade_payment' : 'waiting_downgrade_approval',
      stateBeforeUpdate: 'waiting_gro',
      netValue: 6000,
      pendingUpdate: {
        attributes: { copies: 2 },
        newTotalInPence: 6000 + differenceInPence,
        differenceInPence,
        requestedAt: NOW.toISOString(),
      },
      ...over,
    });

  it('an upgrade paid: applied, state restored, net value up by the difference', () => {
    const result = accepted(decide(pendingItem(2800), { type: 'confirm_update' }, SYSTEM, NOW));
    expect(result.patch).toEqual({
      currentState: 'waiting_gro',
      stateBeforeUpdate: null,
      pendingUpdate: null,
      isOnHold: false,
      onHoldUntil: null,
      nextReminderAt: null,
      netValue: 8800,
      orderable: { copies: 2, subtotalInPence: 8800 },
    });
    expect(result.refunds).toEqual([]);
  });

  it('a downgrade approved: applied and the difference refunded', () => {
    const result = accepted(decide(pendingItem(-3200), { type: 'confirm_update' }, ADMIN, NOW));
    expect(result.patch).toMatchObject({ currentState: 'waiting_gro', netValue: 2800 });
    expect(result.refunds).toEqual([
      { action: 'downgrade', amount: 3200, reason: 'service_downgrade', notes: null },
    ]);
  });

  it('a downgrade never refunds more than is left', () => {
    const result = accepted(
      decide(pendingItem(-3200, { netValue: 1000 }), { type: 'confirm_update' }, ADMIN, NOW),
    );
    expect(result.patch.netValue).toBe(0);
    expect(result.refunds[0]?.amount).toBe(1000);
  });

  it('confirms from the on-hold variant too', () => {
    const item = pendingItem(2800, { currentState: 'on_hold_waiting_upgrade_payment', isOnHold: true });
    expect(accepted(decide(item, { type: 'confirm_update' }, SYSTEM, NOW)).patch.currentState).toBe(
      'waiting_gro',
    );
  });

  it('a confirmation while escalated becomes the state to return to', () => {
    const item = pendingItem(2800, { isEscalated: true, stateBeforeEscalation: 'waiting_upgrade_payment' });
    expect(accepted(decide(item, { type: 'confirm_update' }, SYSTEM, NOW)).patch.stateBeforeEscalation).toBe(
      'waiting_gro',
    );
    const fromEscalation = pendingItem(2800, {
      isEscalated: true,
      stateBeforeUpdate: 'apostille_escalation',
      stateBeforeEscalation: 'apostille_required',
    });
    expect(
      accepted(decide(fromEscalation, { type: 'confirm_update' }, SYSTEM, NOW)).patch.stateBeforeEscalation,
    ).toBeUndefined();
  });

  it('withdraw restores the state and tells the customer', () => {
    const result = accepted(decide(pendingItem(2800), { type: 'withdraw_update' }, ADMIN, NOW));
    expect(result.patch).toEqual({
      currentState: 'waiting_gro',
      stateBeforeUpdate: null,
      pendingUpdate: null,
      isOnHold: false,
      onHoldUntil: null,
      nextReminderAt: null,
    });
    expect(result.emails[0]).toMatchObject({ kind: 'update_withdrawn' });
  });

  it('refuses without a pending change, and for orderers', () => {
    expect(decide(workItem(), { type: 'confirm_update' }, ADMIN, NOW)).toMatchObject({ code: 'wrong_state' });
    expect(decide(workItem(), { type: 'withdraw_update' }, ADMIN, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(pendingItem(2800), { type: 'confirm_update' }, ALICE, NOW)).toMatchObject({
      code: 'forbidden',
    });
    expect(decide(pendingItem(2800), { type: 'withdraw_update' }, ALICE, NOW)).toMatchObject({
      code: 'forbidden',
    });
  });

  it('round trip: request then confirm leaves the item priced and in its old state', () => {
    const item = workItem({ currentState: 'despatch_required' });
    const requested = applyPatch(item, decide(item, request({ copies: 3 }), ALICE, NOW));
    const confirmed = applyPatch(requested, decide(requested, { type: 'confirm_update' }, SYSTEM, NOW));
    // 3 × 2800 = 8400; paid 2800 + 5600 difference = 8400
    expect(confirmed).toMatchObject({
      currentState: 'despatch_required',
      netValue: 8400,
      pendingUpdate: null,
    });
    expect(confirmed.orderable).toMatchObject({ copies: 3, subtotalInPence: 8400 });
  });
});

describe('permissions of PRODUCT.md section 3', () => {
  const gro = {
    type: 'gro_order_placed',
    reference: 'R',
    data: null,
    destination: 'customer',
    service: 'standard',
    cost: null,
  } as const;
  it.each([
    ['orderer on their own item', ALICE, true],
    ['orderer on someone else’s item', BOB, false],
    ['admin on any item', ADMIN, true],
    ['the system', SYSTEM, false],
  ] as const)('workflow action: %s', (_name, actor, allowed) => {
    const result = decide(workItem(), gro, actor, NOW);
    expect(result.ok ? 'ok' : result.code).toBe(allowed ? 'ok' : 'forbidden');
  });

  it('orderers may not act on unassigned items', () => {
    expect(decide(workItem({ userId: null }), gro, ALICE, NOW)).toMatchObject({ code: 'forbidden' });
  });

  it('scheduled actions are the system’s only', () => {
    const item = workItem({ currentState: 'waiting_upgrade_payment' });
    expect(decide(item, { type: 'reminder_due' }, ADMIN, NOW)).toMatchObject({ code: 'forbidden' });
    expect(decide(item, { type: 'postponement_ended' }, ADMIN, NOW)).toMatchObject({ code: 'forbidden' });
    expect(decide(item, { type: 'customer_upload' }, ALICE, NOW)).toMatchObject({ code: 'forbidden' });
  });

  it('FCO batch steps are open to any staff member', () => {
    expect(
      decide(workItem({ currentState: 'fco_order_placed' }), { type: 'fco_batch_despatched' }, BOB, NOW).ok,
    ).toBe(true);
  });

  it('a refusal for the role comes before one for the state', () => {
    expect(decide(workItem({ currentState: 'waiting_gro' }), gro, BOB, NOW)).toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('planUpdate: the delivery region belongs to the order', () => {
  const courier = { despatchBy: 'courier' as const, subtotalInPence: 7795 };
  const sibling = (over: Partial<OrderSibling> = {}): OrderSibling => ({
    id: 43,
    ref: '100234-2',
    orderableType: 'Certificate',
    position: 2,
    currentState: 'waiting_gro',
    pendingUpdate: null,
    orderable: {
      type: null,
      serviceLevel: 'standard',
      pages: null,
      copies: 1,
      apostilleCopies: 0,
      scanSend: false,
      despatchBy: 'courier',
      subtotalInPence: 7795,
    },
    ...over,
  });

  it("prices the order's other open items with the new region, and only those whose price moves", () => {
    const item = workItem({
      orderable: courier,
      orderSiblings: [
        sibling(),
        sibling({ id: 44, ref: '100234-3', currentState: 'cancelled' }),
        sibling({
          id: 45,
          ref: '100234-4',
          orderable: { ...sibling().orderable, despatchBy: 'standard', subtotalInPence: 2800 },
        }),
      ],
    });
    const plan = planUpdate(item, { deliveryRegion: 'EC' });
    expect(plan).toMatchObject({
      region: 'EC',
      newTotalInPence: 9295,
      estimate: { currentInPence: 15590, newInPence: 18590, differenceInPence: 3000 },
      repriced: [{ id: 43, ref: '100234-2', currentInPence: 7795, newTotalInPence: 9295 }],
    });
  });

  it('ignores a region equal to the current one', () => {
    const plan = planUpdate(workItem({ orderable: courier, orderSiblings: [sibling()] }), {
      deliveryRegion: 'UK',
    });
    expect(plan).toMatchObject({ region: null, repriced: [], estimate: { differenceInPence: 0 } });
  });

  it('is refused while another item of the order waits on a region change, or on a change the region reprices', () => {
    const waitingRegion = sibling({
      currentState: 'waiting_upgrade_payment',
      pendingUpdate: {
        attributes: { deliveryRegion: 'EC' },
        newTotalInPence: 9295,
        differenceInPence: 1500,
        requestedAt: NOW.toISOString(),
      },
    });
    const held = decide(workItem({ orderSiblings: [waitingRegion] }), request({ copies: 2 }), ALICE, NOW);
    expect(held).toMatchObject({ ok: false, code: 'wrong_state' });

    const waitingCopies = sibling({
      currentState: 'waiting_upgrade_payment',
      pendingUpdate: {
        attributes: { copies: 2 },
        newTotalInPence: 10595,
        differenceInPence: 2800,
        requestedAt: NOW.toISOString(),
      },
    });
    const refused = decide(
      workItem({ orderable: courier, orderSiblings: [waitingCopies] }),
      request({ deliveryRegion: 'EC' }),
      ALICE,
      NOW,
    );
    expect(refused).toMatchObject({ ok: false, code: 'wrong_state' });
    expect((refused as { message: string }).message).toContain('100234-2');
  });

  it('a region change that moves no price applies at once and sets the order region', () => {
    const result = accepted(decide(workItem(), request({ deliveryRegion: 'WW' }), ALICE, NOW));
    expect(result.orderRegion).toBe('WW');
    expect(result.patch.orderable).toEqual({ subtotalInPence: 2800 });
  });

  it('a translation may change kind, a certificate may not', () => {
    const sworn = accepted(
      decide(
        translationItem({ currentState: 'ready_for_translation' }),
        request({ type: 'SwornTranslation' }),
        ALICE,
        NOW,
      ),
    );
    expect(sworn.patch.pendingUpdate?.attributes).toEqual({ type: 'SwornTranslation' });
    expect(decide(workItem(), request({ type: 'SwornTranslation' }), ALICE, NOW)).toMatchObject({
      ok: false,
      code: 'invalid_input',
    });
  });
});
