/**
 * Modify Order requests that change what the item is or where the order goes, from the request to the
 * customer's answer: a translation changing kind renames the item once applied, a region change is the
 * order's (kept with the waiting request, set on the order when applied), and the other items it reprices
 * travel with it. A region the order already has is no change.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, SYSTEM, translationItem, workItem } from '../testing/work-item';
import { applyPatch, decide } from './decide';
import type { Decision, OrderableUpdate, OrderSibling, Outcome, WorkItem } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');

function accepted(decision: Decision): Outcome {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

const request = (attributes: OrderableUpdate) => ({ type: 'request_update', attributes }) as const;

/** The request made, then the customer's confirmation of it on the item the request left. */
function requestThenConfirm(item: WorkItem, attributes: OrderableUpdate) {
  const requested = accepted(decide(item, request(attributes), ALICE, NOW));
  const waiting = applyPatch(item, requested);
  return { requested, confirmed: accepted(decide(waiting, { type: 'confirm_update' }, SYSTEM, NOW)) };
}

/** Another open item of the same order, sent by courier (its price depends on the region). */
const courierSibling: OrderSibling = {
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
};

describe('a translation changing kind', () => {
  it('waits with the new kind, and the item is renamed once the customer pays', () => {
    const { requested, confirmed } = requestThenConfirm(translationItem(), { type: 'SwornTranslation' });
    expect(requested.patch).toMatchObject({
      currentState: 'waiting_upgrade_payment',
      pendingUpdate: { attributes: { type: 'SwornTranslation' } },
    });
    expect(requested.patch.type).toBeUndefined();
    expect(confirmed.patch).toMatchObject({
      currentState: 'review_documents',
      type: 'Sworn Translation',
      orderable: { type: 'SwornTranslation' },
    });
    expect(confirmed.orderRegion).toBeUndefined();
  });

  it('a change of anything else keeps the item’s type', () => {
    const { confirmed } = requestThenConfirm(translationItem(), { copies: 2 });
    expect(confirmed.patch.type).toBeUndefined();
  });
});

describe("the order's delivery region", () => {
  it.each<[string, WorkItem, OrderableUpdate, Record<string, unknown>]>([
    [
      'a new region that moves no price is set on the order at once',
      workItem(),
      { deliveryRegion: 'EC' },
      { patch: { orderable: { subtotalInPence: 2800 } }, orderRegion: 'EC' },
    ],
    [
      'the region the order has is no change of region',
      workItem(),
      { deliveryRegion: 'UK', apostilleCountry: 'FR' },
      { patch: { orderable: { apostilleCountry: 'FR', subtotalInPence: 2800 } } },
    ],
  ])('%s', (_name, item, attributes, expected) => {
    const result = accepted(decide(item, request(attributes), ALICE, NOW));
    expect(result).toMatchObject(expected);
    if (!('orderRegion' in expected)) expect(result.orderRegion).toBeUndefined();
    expect(result.repriced).toBeUndefined(); // no other item's price moved
  });

  it('a region the order has is left out of the waiting request', () => {
    const result = accepted(decide(workItem(), request({ deliveryRegion: 'UK', copies: 2 }), ALICE, NOW));
    expect(result.patch.pendingUpdate?.attributes).toEqual({ copies: 2 });
  });

  it('a new region that reprices another item waits with it, and both are applied on payment', () => {
    const item = workItem({
      orderable: { despatchBy: 'courier', subtotalInPence: 7795 },
      orderSiblings: [courierSibling],
    });
    const { requested, confirmed } = requestThenConfirm(item, { deliveryRegion: 'EC' });
    expect(requested.patch).toMatchObject({
      currentState: 'waiting_upgrade_payment',
      pendingUpdate: {
        attributes: { deliveryRegion: 'EC' },
        repriced: [{ id: 43, ref: '100234-2' }],
      },
    });
    expect(requested.events[0]?.payload).toMatchObject({ repriced: ['100234-2'] });
    expect(requested.orderRegion).toBeUndefined();

    expect(confirmed.orderRegion).toBe('EC');
    expect(confirmed.repriced).toMatchObject([{ id: 43, ref: '100234-2', currentInPence: 7795 }]);
  });

  it('a waiting change that moves no other item confirms with none repriced', () => {
    const { requested, confirmed } = requestThenConfirm(workItem(), { copies: 2 });
    expect(requested.patch.pendingUpdate).not.toHaveProperty('repriced');
    expect(requested.events[0]?.payload).not.toHaveProperty('repriced');
    expect(confirmed.repriced).toBeUndefined();
    expect(confirmed.orderRegion).toBeUndefined();
  });
});
