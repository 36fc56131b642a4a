import { describe, expect, it } from 'vitest';
import { panelsFor } from '../panels';
import type { OrderItemState } from '../states';
import { ADMIN, ALICE, SYSTEM, type WorkItemOverrides, workItem } from '../testing/work-item';
import { decide } from './decide';
import { cancelRefundActions } from './escalation';
import type { Decision, ItemPatch, Outcome, WorkflowAction } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');
const WEEK_LATER = new Date('2026-03-17T10:00:00Z');

function accepted(decision: Decision): Outcome {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

const escalate: WorkflowAction = { type: 'escalate', message: 'Customer gave the wrong date' };
const contact = (responseRequired: boolean): WorkflowAction => ({
  type: 'contact_customer',
  body: 'Please confirm the date of birth.',
  responseRequired,
});

describe('escalate', () => {
  it.each<[OrderItemState, boolean, OrderItemState]>([
    ['gro_order_required', false, 'gro_order_escalation'],
    ['gro_order_required', true, 'gro_reorder_escalation'],
    ['apostille_required', false, 'apostille_escalation'],
    ['scan_send_required', false, 'scan_send_escalation'],
    ['despatch_required', false, 'despatch_escalation'],
    ['gro_refunded', false, 'gro_refunded'],
    ['waiting_gro', false, 'waiting_gro'],
    ['order_complete', false, 'order_complete'],
    ['review_documents', false, 'review_documents'],
    ['cancelled', false, 'cancelled'],
  ])('from %s (reorder %s) → %s, remembering the state', (from, isReorder, to) => {
    const result = accepted(decide(workItem({ currentState: from, isReorder }), escalate, ALICE, NOW));
    expect(result.patch).toEqual({ isEscalated: true, stateBeforeEscalation: from, currentState: to });
    expect(result.comments).toEqual([{ kind: 'escalation', body: 'Customer gave the wrong date' }]);
    expect(result.notifications[0]).toMatchObject({ to: 'admins', kind: 'escalated' });
  });

  it('needs a message, an assignee and no escalation yet', () => {
    expect(decide(workItem(), { type: 'escalate', message: '  ' }, ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
      message: 'Check you provided a message.',
      details: { message: 'Check you provided a message.' },
    });
    expect(decide(workItem({ userId: null }), escalate, ADMIN, NOW)).toMatchObject({ code: 'wrong_state' });
    expect(decide(workItem({ isEscalated: true }), escalate, ALICE, NOW)).toMatchObject({
      code: 'wrong_state',
    });
  });
});

describe('contact_customer', () => {
  it.each<[OrderItemState, OrderItemState]>([
    ['gro_order_escalation', 'waiting_gro_order_response'],
    ['gro_order_response_received', 'waiting_gro_order_response'],
    ['gro_reorder_escalation', 'waiting_gro_reorder_response'],
    ['apostille_escalation', 'waiting_apostille_response'],
    ['apostille_response_received', 'waiting_apostille_response'],
    ['scan_send_escalation', 'waiting_scan_send_response'],
    ['despatch_escalation', 'waiting_despatch_response'],
    ['despatch_response_received', 'waiting_despatch_response'],
    ['gro_refunded', 'waiting_gro_refunded_response'],
    ['gro_refunded_response_received', 'waiting_gro_refunded_response'],
    ['on_hold_waiting_apostille_response', 'waiting_apostille_response'],
    ['waiting_gro', 'waiting_gro'],
  ])('with a response required: %s → %s', (from, to) => {
    const result = accepted(
      decide(workItem({ currentState: from, isEscalated: true }), contact(true), ADMIN, NOW),
    );
    expect(result.patch).toEqual({
      currentState: to,
      waitingCustomerResponse: true,
      isOnHold: false,
      onHoldUntil: null,
      nextReminderAt: WEEK_LATER,
    });
    expect(result.emails).toEqual([
      {
        kind: 'customer_contact',
        subject: 'About your order 100234-1',
        text: 'Please confirm the date of birth.',
      },
    ]);
  });

  it('without a response required only e-mails', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'apostille_escalation', isEscalated: true }),
        contact(false),
        ADMIN,
        NOW,
      ),
    );
    expect(result.patch).toEqual({});
    expect(result.emails).toHaveLength(1);
  });

  it('needs an escalated item, a body and an admin', () => {
    expect(decide(workItem(), contact(true), ADMIN, NOW)).toMatchObject({ code: 'wrong_state' });
    const item = workItem({ currentState: 'apostille_escalation', isEscalated: true });
    expect(
      decide(item, { type: 'contact_customer', body: '', responseRequired: false }, ADMIN, NOW),
    ).toMatchObject({
      code: 'invalid_input',
    });
    expect(decide(item, contact(true), ALICE, NOW)).toMatchObject({ code: 'forbidden' });
  });
});

describe('customer reply', () => {
  const waiting = { isEscalated: true, waitingCustomerResponse: true } as const;
  it.each<[OrderItemState, boolean, OrderItemState]>([
    ['waiting_gro_order_response', false, 'gro_order_response_received'],
    ['waiting_gro_reorder_response', false, 'gro_reorder_response_received'],
    ['waiting_apostille_response', false, 'apostille_response_received'],
    ['waiting_scan_send_response', false, 'scan_send_response_received'],
    ['waiting_despatch_response', false, 'despatch_response_received'],
    ['waiting_gro_refunded_response', false, 'gro_refunded_response_received'],
    ['on_hold_waiting_despatch_response', true, 'despatch_response_received'],
    ['on_hold_waiting_gro_refunded_response', true, 'gro_refunded_response_received'],
    ['waiting_gro', false, 'waiting_gro'],
  ])('%s (on hold %s) → %s, flags cleared, assignee notified', (from, isOnHold, to) => {
    const result = accepted(
      decide(workItem({ ...waiting, currentState: from, isOnHold }), { type: 'customer_reply' }, SYSTEM, NOW),
    );
    expect(result.patch).toEqual({
      currentState: to,
      waitingCustomerResponse: false,
      isOnHold: false,
      onHoldUntil: null,
      nextReminderAt: null,
    });
    expect(result.notifications).toEqual([
      { to: 2, kind: 'customer_reply', message: 'The customer replied about 100234-1.' },
    ]);
  });

  it('on an item nobody waits on, only notifies', () => {
    const result = accepted(decide(workItem(), { type: 'customer_reply' }, ALICE, NOW));
    expect(result.patch).toEqual({});
    expect(result.notifications).toHaveLength(1);
  });

  it('a reply does not settle a pending upgrade, only lifts the hold', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'on_hold_waiting_upgrade_payment', isOnHold: true }),
        { type: 'customer_reply' },
        SYSTEM,
        NOW,
      ),
    );
    expect(result.patch.currentState).toBe('waiting_upgrade_payment');
    expect(result.patch.nextReminderAt).toBeUndefined();
  });
});

describe('postponements and reminders', () => {
  it.each<[OrderItemState, WorkItemOverrides, OrderItemState]>([
    [
      'waiting_apostille_response',
      { isEscalated: true, waitingCustomerResponse: true },
      'on_hold_waiting_apostille_response',
    ],
    ['waiting_upgrade_payment', {}, 'on_hold_waiting_upgrade_payment'],
    ['waiting_downgrade_approval', {}, 'on_hold_waiting_downgrade_approval'],
    ['review_documents', { waitingCustomerResponse: true }, 'review_documents'],
  ])('postpone_notification: %s → %s, on hold a week', (from, over, to) => {
    const result = accepted(
      decide(workItem({ ...over, currentState: from }), { type: 'postpone_notification' }, ALICE, NOW),
    );
    expect(result.patch).toEqual({
      isOnHold: true,
      onHoldUntil: WEEK_LATER,
      nextReminderAt: WEEK_LATER,
      currentState: to,
    });
  });

  it('refuses to postpone when nobody waits or it is already postponed', () => {
    expect(decide(workItem(), { type: 'postpone_notification' }, ALICE, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(
      decide(
        workItem({ currentState: 'on_hold_waiting_upgrade_payment', isOnHold: true }),
        { type: 'postpone_notification' },
        ALICE,
        NOW,
      ),
    ).toMatchObject({ code: 'wrong_state' });
  });

  it('the end of a postponement returns to the waiting state', () => {
    const result = accepted(
      decide(
        workItem({ currentState: 'on_hold_waiting_scan_send_response', isOnHold: true }),
        { type: 'postponement_ended' },
        SYSTEM,
        NOW,
      ),
    );
    expect(result.patch).toEqual({
      isOnHold: false,
      onHoldUntil: null,
      currentState: 'waiting_scan_send_response',
    });
    expect(decide(workItem(), { type: 'postponement_ended' }, SYSTEM, NOW)).toMatchObject({
      code: 'wrong_state',
    });
  });

  it('a due reminder e-mails a waiting customer who is not on hold and schedules the next', () => {
    const item = workItem({
      currentState: 'waiting_despatch_response',
      isEscalated: true,
      waitingCustomerResponse: true,
    });
    const result = accepted(decide(item, { type: 'reminder_due' }, SYSTEM, NOW));
    expect(result.patch).toEqual({ nextReminderAt: WEEK_LATER });
    expect(result.emails[0]).toMatchObject({ kind: 'reminder' });
    const held = { ...item, currentState: 'on_hold_waiting_despatch_response', isOnHold: true } as const;
    expect(decide(held, { type: 'reminder_due' }, SYSTEM, NOW)).toMatchObject({ code: 'wrong_state' });
    expect(decide(workItem(), { type: 'reminder_due' }, SYSTEM, NOW)).toMatchObject({ code: 'wrong_state' });
  });

  it('a reminder for an upgrade names the amount', () => {
    const item = workItem({
      currentState: 'waiting_upgrade_payment',
      pendingUpdate: {
        attributes: { copies: 2 },
        newTotalInPence: 5600,
        differenceInPence: 2800,
        requestedAt: NOW.toISOString(),
      },
    });
    expect(accepted(decide(item, { type: 'reminder_due' }, SYSTEM, NOW)).emails[0]?.text).toContain('£28.00');
  });
});

describe('return_to_orderer', () => {
  const cleared: ItemPatch = {
    isEscalated: false,
    waitingCustomerResponse: false,
    isOnHold: false,
    onHoldUntil: null,
    stateBeforeEscalation: null,
    nextReminderAt: null,
  };
  it.each<[OrderItemState, OrderItemState, OrderItemState]>([
    ['apostille_escalation', 'apostille_required', 'apostille_required'],
    ['despatch_response_received', 'despatch_required', 'despatch_required'],
    ['waiting_gro_order_response', 'gro_order_required', 'gro_order_required'],
    ['on_hold_waiting_scan_send_response', 'scan_send_required', 'scan_send_required'],
    ['waiting_gro_refunded_response', 'gro_refunded', 'gro_refunded'],
    ['gro_refunded_response_received', 'gro_refunded', 'gro_refunded_response_received'],
    ['gro_refunded', 'gro_refunded', 'gro_refunded'],
    ['waiting_ips', 'gro_refunded', 'waiting_ips'],
    ['order_complete', 'order_complete', 'order_complete'],
  ])('from %s (escalated from %s) → %s', (from, before, to) => {
    const item = workItem({
      currentState: from,
      stateBeforeEscalation: before,
      isEscalated: true,
      waitingCustomerResponse: true,
    });
    const result = accepted(
      decide(item, { type: 'return_to_orderer', message: 'Customer confirmed' }, ADMIN, NOW),
    );
    const expected = to === from ? cleared : { ...cleared, currentState: to };
    expect(result.patch).toEqual(expected);
    expect(result.comments).toEqual([{ kind: 'return_to_orderer', body: 'Customer confirmed' }]);
    expect(result.notifications[0]).toMatchObject({ to: 2, kind: 'returned' });
  });

  it('follows work done while escalated, so returning comes back to where the work is', () => {
    const item = workItem({
      currentState: 'waiting_gro',
      isEscalated: true,
      stateBeforeEscalation: 'waiting_gro',
    });
    const refunded = accepted(
      decide(item, { type: 'gro_communication', message: 'No record', refundAmount: 925 }, ALICE, NOW),
    );
    expect(refunded.patch).toEqual({ currentState: 'gro_refunded', stateBeforeEscalation: 'gro_refunded' });
    const notEscalated = accepted(
      decide(
        { ...item, isEscalated: false },
        { type: 'gro_communication', message: 'x', refundAmount: 925 },
        ALICE,
        NOW,
      ),
    );
    expect(notEscalated.patch).toEqual({ currentState: 'gro_refunded' });
  });

  it('keeps a pending Modify Order request but points it at the pre-escalation state', () => {
    const item = workItem({
      currentState: 'on_hold_waiting_upgrade_payment',
      stateBeforeUpdate: 'apostille_escalation',
      stateBeforeEscalation: 'apostille_required',
      isEscalated: true,
      isOnHold: true,
    });
    const result = accepted(decide(item, { type: 'return_to_orderer', message: 'Over to you' }, ADMIN, NOW));
    expect(result.patch).toMatchObject({
      currentState: 'waiting_upgrade_payment',
      stateBeforeUpdate: 'apostille_required',
    });
  });

  it('needs an escalated item, a message and an admin', () => {
    const item = workItem({ currentState: 'apostille_escalation', isEscalated: true });
    expect(decide(workItem(), { type: 'return_to_orderer', message: 'x' }, ADMIN, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(item, { type: 'return_to_orderer', message: '' }, ADMIN, NOW)).toMatchObject({
      code: 'invalid_input',
    });
    expect(decide(item, { type: 'return_to_orderer', message: 'x' }, ALICE, NOW)).toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('cancel_refund', () => {
  const escalated = (over: WorkItemOverrides = {}) =>
    workItem({
      currentState: 'gro_order_escalation',
      isEscalated: true,
      netValue: 5000,
      stateBeforeEscalation: 'gro_order_required',
      ...over,
    });
  const action = (
    kind: 'cancel' | 'partial' | 'full' | 'refund_only',
    amount: number | null = null,
  ): WorkflowAction => ({
    type: 'cancel_refund',
    action: kind,
    reason: 'no_record_found',
    amount,
    notes: 'As agreed',
  });

  it.each<[string, WorkflowAction, OrderItemState, number, number]>([
    ['cancel: cancelled, no refund', action('cancel'), 'cancelled', 5000, 0],
    ['full: cancelled, refund net value', action('full'), 'cancelled', 0, 5000],
    ['partial: cancelled, refund the amount', action('partial', 1200), 'cancelled', 3800, 1200],
    ['refund_only: state unchanged', action('refund_only', 1200), 'gro_order_escalation', 3800, 1200],
    ['refund_only of everything', action('refund_only', 5000), 'gro_order_escalation', 0, 5000],
  ])('%s', (_name, act, to, netValue, refunded) => {
    const result = accepted(decide(escalated(), act, ADMIN, NOW));
    expect(result.patch.currentState ?? 'gro_order_escalation').toBe(to);
    expect(result.patch.netValue).toBe(netValue);
    const kind = act.type === 'cancel_refund' && act.action;
    const refunds = [{ action: kind, amount: refunded, reason: 'no_record_found', notes: 'As agreed' }];
    expect(result.refunds).toEqual(refunded > 0 ? refunds : []);
    expect(result.emails).toHaveLength(1);
  });

  it.each(['cancel', 'partial', 'full'] as const)('%s keeps the escalation and ends any wait', (kind) => {
    const item = escalated({ waitingCustomerResponse: true, nextReminderAt: NOW });
    const result = accepted(decide(item, action(kind, 1000), ADMIN, NOW));
    expect(result.patch).toMatchObject({
      currentState: 'cancelled',
      waitingCustomerResponse: false,
      nextReminderAt: null,
      stateBeforeEscalation: null,
      pendingUpdate: null,
    });
    expect(result.patch.isEscalated).toBeUndefined();
    const cancelled = escalated({
      currentState: 'cancelled',
      netValue: result.patch.netValue,
      isEscalated: result.patch.isEscalated ?? item.isEscalated,
    });
    // A full refund leaves nothing to refund, so only then does the panel go.
    expect(panelsFor(cancelled, { id: 1, role: 'admin' }).includes('Cancellations & Refunds')).toBe(
      kind !== 'full',
    );
    expect(cancelRefundActions(cancelled)).toEqual(['refund_only']);
    if (kind !== 'full') {
      expect(accepted(decide(cancelled, action('refund_only', 100), ADMIN, NOW)).patch).toEqual({
        netValue: cancelled.netValue - 100,
      });
    }
    const returned = accepted(
      decide(cancelled, { type: 'return_to_orderer', message: 'Done' }, ADMIN, NOW),
    ).patch;
    expect(returned).toMatchObject({ isEscalated: false });
    expect(returned.currentState).toBeUndefined();
  });

  it.each<[string, number | null]>([
    ['no amount', null],
    ['zero', 0],
    ['the whole net value', 5000],
    ['more than the net value', 6000],
    ['a fraction of a penny', 10.5],
  ])('refuses a partial refund of %s', (_name, amount) => {
    expect(decide(escalated(), action('partial', amount), ADMIN, NOW)).toMatchObject({
      code: 'invalid_input',
    });
  });

  it.each<[string, number | null]>([
    ['no amount', null],
    ['zero', 0],
    ['more than the net value', 5001],
  ])('refuses a refund_only of %s', (_name, amount) => {
    expect(decide(escalated(), action('refund_only', amount), ADMIN, NOW)).toMatchObject({
      code: 'invalid_input',
    });
  });

  it.each<OrderItemState>(['cancelled', 'order_complete'])('a %s item offers only refund_only', (state) => {
    const item = escalated({ currentState: state });
    for (const kind of ['cancel', 'partial', 'full'] as const) {
      expect(decide(item, action(kind, 100), ADMIN, NOW)).toMatchObject({ code: 'wrong_state' });
    }
    expect(accepted(decide(item, action('refund_only', 100), ADMIN, NOW)).patch).toEqual({ netValue: 4900 });
  });

  it('needs an escalated item with net value, a known reason and an admin', () => {
    expect(decide(escalated({ isEscalated: false }), action('cancel'), ADMIN, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(escalated({ netValue: 0 }), action('cancel'), ADMIN, NOW)).toMatchObject({
      code: 'wrong_state',
    });
    expect(decide(escalated(), action('cancel'), ALICE, NOW)).toMatchObject({ code: 'forbidden' });
    const unknownReason = { ...action('cancel'), reason: 'whim' } as unknown as WorkflowAction;
    expect(decide(escalated(), unknownReason, ADMIN, NOW)).toMatchObject({ code: 'invalid_input' });
  });
});
