import { describe, expect, it } from 'vitest';
import type { OrderItemState } from '../states';
import {
  ADMIN,
  ALICE,
  deedPollItem,
  translationItem,
  type WorkItemOverrides,
  workItem,
} from '../testing/work-item';
import { decide } from './decide';
import type { Decision, Outcome, WorkflowAction } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');

function accepted(decision: Decision): Outcome {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

const gro = (over: Partial<Extract<WorkflowAction, { type: 'gro_order_placed' }>> = {}): WorkflowAction => ({
  type: 'gro_order_placed',
  reference: 'GRO-1',
  data: null,
  destination: 'office_orders',
  service: 'standard',
  cost: null,
  ...over,
});
const despatchAction = (
  over: Partial<Extract<WorkflowAction, { type: 'despatch' }>> = {},
): WorkflowAction => ({
  type: 'despatch',
  despatchedOn: null,
  carrier: 'royal_mail',
  service: 'first_class',
  cost: null,
  reference: null,
  ...over,
});

describe('assignment', () => {
  it.each<[string, WorkItemOverrides, 'cert' | 'translation' | 'deed', OrderItemState]>([
    ['certificate', {}, 'cert', 'gro_order_required'],
    ['divorce certificate', { orderableType: 'DivorceCertificate' }, 'cert', 'gro_order_required'],
    ['translation with uploads', {}, 'translation', 'review_documents'],
    ['translation by post', { orderable: { documentsByPost: true } }, 'translation', 'waiting_delivery'],
    ['adult deed poll', {}, 'deed', 'review_documents'],
    ['child deed poll', { orderableType: 'ChildDeedPoll' }, 'deed', 'review_documents'],
  ])('an unassigned %s moves on assignment', (_name, over, kind, to) => {
    const build = { cert: workItem, translation: translationItem, deed: deedPollItem }[kind];
    const item = build({ ...over, currentState: 'unassigned', userId: null });
    const result = accepted(decide(item, { type: 'assign', ordererId: 3 }, ADMIN, NOW));
    expect(result.patch).toEqual({ userId: 3, currentState: to });
    expect(result.notifications).toEqual([
      { to: 3, kind: 'assigned', message: 'Order item 100234-1 has been assigned to you.' },
    ]);
    expect(result.events[0]).toMatchObject({ action: 'assign', fromState: 'unassigned', toState: to });
  });

  it('reassigning keeps the state', () => {
    const result = accepted(
      decide(workItem({ currentState: 'waiting_gro' }), { type: 'assign', ordererId: 3 }, ADMIN, NOW),
    );
    expect(result.patch).toEqual({ userId: 3, currentState: 'waiting_gro' });
  });

  it('refuses assigning to the current assignee, and orderers', () => {
    expect(decide(workItem(), { type: 'assign', ordererId: 2 }, ADMIN, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(workItem(), { type: 'assign', ordererId: 3 }, ALICE, NOW)).toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('certificate path: transitions of PRODUCT.md section 5', () => {
  it.each<[string, WorkItemOverrides, WorkflowAction, OrderItemState]>([
    ['gro_order_placed', {}, gro(), 'waiting_gro'],
    [
      'received_from_gro, direct to customer',
      { currentState: 'waiting_gro', groDestination: 'customer' },
      { type: 'received_from_gro' },
      'order_complete',
    ],
    [
      'received_from_gro, apostille copies',
      {
        currentState: 'waiting_gro',
        groDestination: 'office_orders',
        orderable: { apostilleCopies: 1, scanSend: true },
      },
      { type: 'received_from_gro' },
      'apostille_required',
    ],
    [
      'received_from_gro, scan send',
      { currentState: 'waiting_gro', orderable: { scanSend: true } },
      { type: 'received_from_gro' },
      'scan_send_required',
    ],
    [
      'received_from_gro, otherwise',
      { currentState: 'waiting_gro' },
      { type: 'received_from_gro' },
      'despatch_required',
    ],
    [
      'gro_communication with a refund',
      { currentState: 'waiting_gro' },
      { type: 'gro_communication', message: 'No record', refundAmount: 925 },
      'gro_refunded',
    ],
    [
      'gro_communication with a refund after completion',
      { currentState: 'order_complete' },
      { type: 'gro_communication', message: '', refundAmount: 925 },
      'gro_refunded',
    ],
    [
      'gro_communication without a refund',
      { currentState: 'waiting_gro' },
      { type: 'gro_communication', message: 'Delayed', refundAmount: 0 },
      'waiting_gro',
    ],
    [
      'ips_submitted from waiting_gro',
      { currentState: 'waiting_gro' },
      { type: 'ips_submitted', notes: 'IPS 1' },
      'waiting_ips',
    ],
    [
      'ips_submitted from gro_refunded',
      { currentState: 'gro_refunded' },
      { type: 'ips_submitted', notes: 'IPS 1' },
      'waiting_ips',
    ],
    [
      'ips_submitted from gro_refunded_response_received',
      { currentState: 'gro_refunded_response_received' },
      { type: 'ips_submitted', notes: 'IPS' },
      'waiting_ips',
    ],
    [
      'ips_submitted from order_complete',
      { currentState: 'order_complete' },
      { type: 'ips_submitted', notes: 'IPS' },
      'waiting_ips',
    ],
    [
      'reorder_required from waiting_gro',
      { currentState: 'waiting_gro' },
      { type: 'reorder_required', notes: 'Reorder' },
      'gro_order_required',
    ],
    [
      'reorder_required from gro_refunded',
      { currentState: 'gro_refunded' },
      { type: 'reorder_required', notes: 'Reorder' },
      'gro_order_required',
    ],
    [
      'reorder_required from order_complete',
      { currentState: 'order_complete' },
      { type: 'reorder_required', notes: 'Reorder' },
      'gro_order_required',
    ],
    ['ips_confirmed', { currentState: 'waiting_ips' }, { type: 'ips_confirmed' }, 'waiting_gro'],
    [
      'added to an FCO batch',
      { currentState: 'apostille_required' },
      { type: 'add_to_fco_batch', batchId: 7 },
      'fco_order_placed',
    ],
    [
      'batch despatched',
      { currentState: 'fco_order_placed' },
      { type: 'fco_batch_despatched' },
      'waiting_fco',
    ],
    [
      'batch received, scan send',
      { currentState: 'waiting_fco', orderable: { scanSend: true, apostilleCopies: 1 } },
      { type: 'fco_batch_received' },
      'scan_send_required',
    ],
    [
      'batch received, otherwise',
      { currentState: 'waiting_fco', orderable: { apostilleCopies: 1 } },
      { type: 'fco_batch_received' },
      'despatch_required',
    ],
    [
      'approve_scan_send',
      { currentState: 'scan_send_required', attachments: [{ id: 5, selected: true, approved: true }] },
      { type: 'approve_scan_send' },
      'despatch_required',
    ],
    ['despatch', { currentState: 'despatch_required' }, despatchAction(), 'order_complete'],
  ])('%s', (_name, over, action, to) => {
    const item = workItem(over);
    const result = accepted(decide(item, action, ALICE, NOW));
    expect(result.patch.currentState ?? item.currentState).toBe(to);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({
      action: action.type,
      fromState: item.currentState,
      toState: to,
    });
  });

  it.each<[string, WorkItemOverrides, WorkflowAction]>([
    ['gro_order_placed outside gro_order_required', { currentState: 'waiting_gro' }, gro()],
    ['received_from_gro outside waiting_gro', {}, { type: 'received_from_gro' }],
    [
      'gro_communication from gro_refunded',
      { currentState: 'gro_refunded' },
      { type: 'gro_communication', message: 'x', refundAmount: 0 },
    ],
    ['ips_submitted from gro_order_required', {}, { type: 'ips_submitted', notes: 'x' }],
    [
      'GRO follow-up of a complete divorce certificate',
      { currentState: 'order_complete', orderableType: 'DivorceCertificate' },
      { type: 'ips_submitted', notes: 'x' },
    ],
    ['ips_confirmed outside waiting_ips', { currentState: 'waiting_gro' }, { type: 'ips_confirmed' }],
    [
      'FCO batch outside apostille_required',
      { currentState: 'despatch_required' },
      { type: 'add_to_fco_batch', batchId: 1 },
    ],
    [
      'batch despatch outside fco_order_placed',
      { currentState: 'waiting_fco' },
      { type: 'fco_batch_despatched' },
    ],
    [
      'batch received outside waiting_fco',
      { currentState: 'fco_order_placed' },
      { type: 'fco_batch_received' },
    ],
    [
      'scan send outside scan_send_required',
      { currentState: 'despatch_required' },
      { type: 'approve_scan_send' },
    ],
    ['despatch outside despatch_required', { currentState: 'order_complete' }, despatchAction()],
  ])('refuses %s with wrong_state', (_name, over, action) => {
    expect(decide(workItem(over), action, ADMIN, NOW)).toMatchObject({ ok: false, code: 'wrong_state' });
  });
});

describe('certificate path: inputs and effects', () => {
  it('defaults the GRO cost to the service cost and records the order', () => {
    const standard = accepted(decide(workItem(), gro(), ALICE, NOW));
    expect(standard.groOrder).toEqual({
      reference: 'GRO-1',
      data: null,
      destination: 'office_orders',
      service: 'standard',
      cost: 925,
      isReorder: false,
    });
    expect(accepted(decide(workItem(), gro({ service: 'priority' }), ALICE, NOW)).groOrder?.cost).toBe(2340);
    expect(accepted(decide(workItem(), gro({ cost: 1000 }), ALICE, NOW)).groOrder?.cost).toBe(1000);
    expect(accepted(decide(workItem({ isReorder: true }), gro(), ALICE, NOW)).groOrder?.isReorder).toBe(true);
  });

  it.each<[string, WorkflowAction, string]>([
    ['blank reference', gro({ reference: '  ' }), 'reference'],
    ['unknown destination', gro({ destination: 'moon' }), 'destination'],
    ['negative cost', gro({ cost: -1 }), 'cost'],
  ])('refuses a GRO order with %s', (_name, action, field) => {
    const result = decide(workItem(), action, ALICE, NOW);
    expect(result).toMatchObject({ ok: false, code: 'invalid_input' });
    expect(!result.ok && result.details).toHaveProperty(field);
  });

  it('records a GRO refund without touching net value, and keeps the message', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'waiting_gro' }),
        { type: 'gro_communication', message: 'No trace', refundAmount: 925 },
        ALICE,
        NOW,
      ),
    );
    expect(result.groRefund).toEqual({ amount: 925 });
    expect(result.patch.netValue).toBeUndefined();
    expect(result.comments).toEqual([{ kind: 'gro_communication', body: 'No trace' }]);
  });

  it('needs a message when the GRO refunds nothing, and a non-negative refund', () => {
    const item = workItem({ currentState: 'waiting_gro' });
    expect(
      decide(item, { type: 'gro_communication', message: ' ', refundAmount: 0 }, ALICE, NOW),
    ).toMatchObject({ code: 'invalid_input' });
    expect(
      decide(item, { type: 'gro_communication', message: 'x', refundAmount: -5 }, ALICE, NOW),
    ).toMatchObject({ code: 'invalid_input' });
    const kept = accepted(
      decide(item, { type: 'gro_communication', message: 'Delayed', refundAmount: 0 }, ALICE, NOW),
    );
    expect(kept.patch).toEqual({});
    expect(kept.comments).toEqual([{ kind: 'gro_communication', body: 'Delayed' }]);
  });

  it('needs IPS notes, and marks a reorder', () => {
    const item = workItem({ currentState: 'waiting_gro' });
    for (const type of ['ips_submitted', 'reorder_required'] as const) {
      const result = decide(item, { type, notes: '' }, ALICE, NOW);
      expect(result).toMatchObject({
        code: 'invalid_input',
        message: 'Please provide details of the IPS you have completed.',
      });
    }
    expect(accepted(decide(item, { type: 'reorder_required', notes: 'again' }, ALICE, NOW)).patch).toEqual({
      currentState: 'gro_order_required',
      isReorder: true,
    });
  });

  it('remembers the FCO batch', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'apostille_required' }),
        { type: 'add_to_fco_batch', batchId: 7 },
        ALICE,
        NOW,
      ),
    );
    expect(result.patch.fcoBatchId).toBe(7);
  });

  it('scan-send needs a selected attachment and e-mails the selected ones', () => {
    const none = workItem({
      currentState: 'scan_send_required',
      attachments: [{ id: 1, selected: false, approved: null }],
    });
    expect(decide(none, { type: 'approve_scan_send' }, ALICE, NOW)).toMatchObject({ code: 'invalid_input' });
    const some = workItem({
      currentState: 'scan_send_required',
      attachments: [
        { id: 1, selected: true, approved: null },
        { id: 2, selected: false, approved: true },
        { id: 3, selected: true, approved: true },
      ],
    });
    const result = accepted(decide(some, { type: 'approve_scan_send' }, ALICE, NOW));
    expect(result.emails).toHaveLength(1);
    expect(result.emails[0]).toMatchObject({ kind: 'scan_send', attachmentIds: [1, 3] });
  });

  it.each<[string, WorkItemOverrides, WorkflowAction, number]>([
    ['1st Class UK', {}, despatchAction(), 65],
    ['1st Class EC', { deliveryRegion: 'EC' }, despatchAction(), 117],
    ['1st Class WW', { deliveryRegion: 'WW' }, despatchAction(), 140],
    ['Signed For UK', {}, despatchAction({ service: 'signed_for' }), 400],
    [
      'International Tracked NA',
      { deliveryRegion: 'NA' },
      despatchAction({ service: 'international_tracked' }),
      970,
    ],
    ['UPS Europe', { deliveryRegion: 'EC' }, despatchAction({ carrier: 'ups', service: 'ups_europe' }), 2665],
    ['typed cost wins', {}, despatchAction({ cost: 1234 }), 1234],
  ])('despatch cost defaults by service and region: %s', (_name, over, action, cost) => {
    const result = accepted(
      decide(workItem({ currentState: 'despatch_required', ...over }), action, ALICE, NOW),
    );
    expect(result.despatch?.cost).toBe(cost);
  });

  it('despatch defaults the date to the London day and e-mails the customer', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'despatch_required' }),
        despatchAction({ reference: 'RM123' }),
        ALICE,
        new Date('2026-06-30T23:30:00Z'),
      ),
    );
    expect(result.despatch).toEqual({
      despatchedOn: '2026-07-01',
      carrier: 'royal_mail',
      service: 'first_class',
      cost: 65,
      reference: 'RM123',
    });
    expect(result.emails[0]?.text).toContain('01/07/2026');
    expect(result.emails[0]?.text).toContain('RM123');
  });

  it('refuses a despatch service with no price for the region unless a cost is typed', () => {
    const item = workItem({ currentState: 'despatch_required', deliveryRegion: 'EC' });
    expect(decide(item, despatchAction({ service: 'signed_for' }), ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
    });
    expect(decide(item, despatchAction({ service: 'signed_for', cost: 800 }), ALICE, NOW).ok).toBe(true);
    expect(decide(item, despatchAction({ service: 'pigeon' }), ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
    });
    expect(decide(item, despatchAction({ despatchedOn: '1/2/26' }), ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
    });
  });
});
