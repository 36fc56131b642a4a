import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_DATA_SCHEMAS, WEBHOOK_EVENT_TYPES, WebhookEnvelopeSchema } from './contract/webhooks';
import { anyAction, anyActor, anyItem } from './testing/arbitraries';
import { ADMIN, ALICE, workItem } from './testing/work-item';
import { webhookEventsOf } from './webhooks';
import { decide } from './workflow/decide';
import type { WorkflowAction, WorkItem } from './workflow/types';

const NOW = new Date('2026-05-11T09:00:00Z');

/** The events of an action decided on `item` (the action must be accepted). */
function eventsOf(item: WorkItem, action: WorkflowAction, actor = ADMIN) {
  const outcome = decide(item, action, actor, NOW);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return webhookEventsOf(item, '700100', action, outcome);
}

const refs = { order_ref: '700100', order_item_ref: '700100-1' };
const escalated = workItem({
  ref: '700100-1',
  currentState: 'despatch_escalation',
  isEscalated: true,
  stateBeforeEscalation: 'despatch_required',
});

describe('the events of each action', () => {
  it('a refund only: order_item.refunded with the amount, the reason and the net value after', () => {
    expect(
      eventsOf(escalated, {
        type: 'cancel_refund',
        action: 'refund_only',
        reason: 'over_payment',
        amount: 1000,
        notes: null,
      }),
    ).toEqual([
      {
        type: 'order_item.refunded',
        data: {
          ...refs,
          amount_in_pence: 1000,
          refund_action: 'refund_only',
          reason: 'over_payment',
          net_value_in_pence: 1800,
        },
      },
    ]);
  });

  it('a cancellation with a partial refund: state_changed, cancelled, refunded', () => {
    const events = eventsOf(escalated, {
      type: 'cancel_refund',
      action: 'partial',
      reason: 'late_delivery',
      amount: 500,
      notes: 'internal note',
    });
    expect(events).toEqual([
      {
        type: 'order_item.state_changed',
        data: { ...refs, from_state: 'despatch_escalation', to_state: 'cancelled', action: 'cancel_refund' },
      },
      {
        type: 'order_item.cancelled',
        data: { ...refs, reason: 'late_delivery', refunded_in_pence: 500, net_value_in_pence: 2300 },
      },
      {
        type: 'order_item.refunded',
        data: {
          ...refs,
          amount_in_pence: 500,
          refund_action: 'partial',
          reason: 'late_delivery',
          net_value_in_pence: 2300,
        },
      },
    ]);
    // Staff notes stay in the back office.
    expect(JSON.stringify(events)).not.toContain('internal note');
  });

  it('a cancellation without a refund sends no refunded event', () => {
    const types = eventsOf(escalated, {
      type: 'cancel_refund',
      action: 'cancel',
      reason: 'duplicate',
      amount: null,
      notes: null,
    }).map((e) => e.type);
    expect(types).toEqual(['order_item.state_changed', 'order_item.cancelled']);
  });

  it('an upgrade waits for payment: update_requested with what to pay and how to confirm', () => {
    const item = workItem({ ref: '700100-1', currentState: 'gro_order_required' });
    const events = eventsOf(item, { type: 'request_update', attributes: { copies: 2 } }, ALICE);
    expect(events.map((e) => e.type)).toEqual(['order_item.state_changed', 'order_item.update_requested']);
    const requested = events[1];
    expect(requested).toMatchObject({
      type: 'order_item.update_requested',
      data: {
        ...refs,
        kind: 'payment_required',
        changes: { copies: 2 },
        confirm: { method: 'POST', path: '/api/v1/storefront/order_items/700100-1/update_confirmed.json' },
      },
    });
    if (requested.type !== 'order_item.update_requested') throw new Error('not an update');
    expect(requested.data.amount_in_pence).toBe(requested.data.new_subtotal_in_pence - 2800);
    expect(requested.data.amount_in_pence).toBeGreaterThan(0);
  });

  it('a downgrade waits for approval: update_requested with what will be refunded', () => {
    const item = workItem({
      ref: '700100-1',
      currentState: 'gro_order_required',
      orderable: { copies: 3, subtotalInPence: 8400 },
      netValue: 8400,
    });
    const [, requested] = eventsOf(item, { type: 'request_update', attributes: { copies: 1 } }, ALICE);
    expect(requested).toMatchObject({
      type: 'order_item.update_requested',
      data: { kind: 'approval_required', changes: { copies: 1 } },
    });
  });

  it('the confirmed downgrade sends the refund', () => {
    const waiting = workItem({
      ref: '700100-1',
      currentState: 'waiting_downgrade_approval',
      stateBeforeUpdate: 'gro_order_required',
      netValue: 5600,
      pendingUpdate: {
        attributes: { copies: 1 },
        newTotalInPence: 2800,
        differenceInPence: -2800,
        requestedAt: NOW.toISOString(),
      },
    });
    const events = eventsOf(waiting, { type: 'confirm_update' }, { kind: 'system' });
    expect(events.map((e) => e.type)).toEqual(['order_item.state_changed', 'order_item.refunded']);
    expect(events[1].data).toMatchObject({
      amount_in_pence: 2800,
      refund_action: 'downgrade',
      reason: 'service_downgrade',
      net_value_in_pence: 2800,
    });
  });

  it('a despatch: despatched with the carrier, the service and the tracking reference', () => {
    const item = workItem({ ref: '700100-1', currentState: 'despatch_required' });
    const events = eventsOf(
      item,
      {
        type: 'despatch',
        despatchedOn: '2026-05-11',
        carrier: 'royal_mail',
        service: 'signed_for',
        cost: null,
        reference: 'AB123456789GB',
      },
      ALICE,
    );
    expect(events).toEqual([
      {
        type: 'order_item.state_changed',
        data: { ...refs, from_state: 'despatch_required', to_state: 'order_complete', action: 'despatch' },
      },
      {
        type: 'order_item.despatched',
        data: {
          ...refs,
          despatched_on: '2026-05-11',
          carrier: 'royal_mail',
          service: 'signed_for',
          tracking_reference: 'AB123456789GB',
        },
      },
    ]);
  });

  it('rejected documents: the feedback and where to upload new ones; no state change', () => {
    const item = workItem({
      ref: '700100-1',
      orderableType: 'AdultDeedPoll',
      currentState: 'review_documents',
    });
    expect(eventsOf(item, { type: 'reject_documents', notes: '  The scan is blurred.  ' }, ALICE)).toEqual([
      {
        type: 'order_item.documents_rejected',
        data: {
          ...refs,
          feedback: 'The scan is blurred.',
          upload: { method: 'POST', path: '/api/v1/storefront/order_items/700100-1/attachments.json' },
        },
      },
    ]);
  });

  it('an action that changes nothing a shop sees sends nothing', () => {
    expect(eventsOf(workItem(), { type: 'add_note', body: 'Called the GRO.' })).toEqual([]);
    expect(eventsOf(workItem(), { type: 'toggle_flag' })).toEqual([]);
  });
});

describe('every event of every accepted action', () => {
  it('matches its schema, names the item by its refs and comes in the order of WEBHOOK_EVENT_TYPES', () => {
    fc.assert(
      fc.property(anyItem, anyAction, anyActor, (item, action, actor) => {
        const outcome = decide(item, action, actor, NOW);
        if (!outcome.ok) return;
        const events = webhookEventsOf(item, '700100', action, outcome);
        for (const event of events) {
          WEBHOOK_DATA_SCHEMAS[event.type].parse(event.data);
          WebhookEnvelopeSchema.parse({ type: event.type, timestamp: NOW.toISOString(), data: event.data });
          expect(event.data).toMatchObject({ order_ref: '700100', order_item_ref: item.ref });
        }
        const order = events.map((e) =>
          WEBHOOK_EVENT_TYPES.indexOf(e.type as (typeof WEBHOOK_EVENT_TYPES)[number]),
        );
        expect(order).toEqual([...order].sort((a, b) => a - b));
        // A state change is announced exactly when the state changes.
        const changed =
          outcome.patch.currentState !== undefined && outcome.patch.currentState !== item.currentState;
        expect(events.some((e) => e.type === 'order_item.state_changed')).toBe(changed);
      }),
      { numRuns: 3000 },
    );
  });
});
