import { describe, expect, it } from 'vitest';
import { endSentence, stateLabel } from './labels';
import { ALL_STATES, groupOf, type OrderItemState, type StateGroup } from './states';

const item = (
  currentState: OrderItemState,
  flags: Partial<Record<'esc' | 'hold' | 'wait', boolean>> = {},
) => ({
  currentState,
  isEscalated: flags.esc ?? false,
  isOnHold: flags.hold ?? false,
  waitingCustomerResponse: flags.wait ?? false,
});

describe('stateLabel: base labels of SPEC.md section 4', () => {
  it.each<[OrderItemState, string]>([
    ['gro_order_required', 'GRO Order Reqd.'],
    ['apostille_required', 'Apostille Reqd.'],
    ['scan_send_required', 'Scan Send Reqd.'],
    ['fco_order_placed', 'Dispatch to FCO'],
    ['despatch_required', 'Dispatch Reqd.'],
    ['waiting_gro', 'Waiting GRO'],
    ['waiting_fco', 'Waiting FCO'],
    ['gro_refunded', 'GRO Refunded'],
    ['gro_refunded_response_received', 'GRO Refunded'],
    ['order_complete', 'Complete'],
    ['cancelled', 'Cancelled'],
    ['unassigned', 'Unassigned'],
    ['waiting_ips', 'Waiting IPS Confirmation'],
    ['review_documents', 'Review Attachments'],
    ['ready_for_translation', 'Ready for Translation'],
    ['waiting_translation', 'Waiting Translation'],
    ['waiting_delivery', 'Docs In Post From Customer'],
  ])('%s → %s', (state, label) => {
    expect(stateLabel(item(state))).toBe(label);
  });
});

describe('stateLabel: state families', () => {
  it.each<[OrderItemState, string]>([
    ['gro_order_escalation', 'Escalated'],
    ['gro_order_response_received', 'Escalated'],
    ['gro_reorder_escalation', 'Escalated'],
    ['gro_reorder_response_received', 'Escalated'],
    ['apostille_escalation', 'Escalated'],
    ['apostille_response_received', 'Escalated'],
    ['scan_send_escalation', 'Escalated'],
    ['scan_send_response_received', 'Escalated'],
    ['despatch_escalation', 'Escalated'],
    ['despatch_response_received', 'Escalated'],
    ['waiting_downgrade_approval', 'Waiting Customer'],
    ['waiting_upgrade_payment', 'Waiting Customer'],
    ['waiting_gro_order_response', 'Waiting Customer'],
    ['waiting_gro_reorder_response', 'Waiting Customer'],
    ['waiting_apostille_response', 'Waiting Customer'],
    ['waiting_scan_send_response', 'Waiting Customer'],
    ['waiting_despatch_response', 'Waiting Customer'],
    ['waiting_gro_refunded_response', 'Waiting Customer'],
    ['on_hold_waiting_downgrade_approval', 'On Hold'],
    ['on_hold_waiting_upgrade_payment', 'On Hold'],
    ['on_hold_waiting_gro_order_response', 'On Hold'],
    ['on_hold_waiting_gro_reorder_response', 'On Hold'],
    ['on_hold_waiting_apostille_response', 'On Hold'],
    ['on_hold_waiting_scan_send_response', 'On Hold'],
    ['on_hold_waiting_despatch_response', 'On Hold'],
    ['on_hold_waiting_gro_refunded_response', 'On Hold'],
  ])('%s → %s, whatever the flags', (state, label) => {
    expect(stateLabel(item(state))).toBe(label);
    expect(stateLabel(item(state, { esc: true, hold: true, wait: true }))).toBe(label);
  });
});

describe('stateLabel: flags on normal states', () => {
  it.each<[string, OrderItemState, Parameters<typeof item>[1], string]>([
    ['waiting customer overrides the base', 'waiting_gro', { wait: true }, 'Waiting Customer'],
    ['escalated wraps the base', 'waiting_gro', { esc: true }, 'Escalated (Waiting GRO)'],
    ['escalated and on hold', 'waiting_gro', { esc: true, hold: true }, 'On Hold (Waiting GRO)'],
    [
      'escalated and waiting customer',
      'gro_refunded',
      { esc: true, wait: true },
      'Escalated (Waiting Customer)',
    ],
    ['all three', 'review_documents', { esc: true, hold: true, wait: true }, 'On Hold (Waiting Customer)'],
    ['escalated complete', 'order_complete', { esc: true }, 'Escalated (Complete)'],
    ['escalated cancelled', 'cancelled', { esc: true }, 'Escalated (Cancelled)'],
    ['on hold without escalation shows the base', 'review_documents', { hold: true }, 'Review Attachments'],
    [
      'gro_refunded_response_received escalated',
      'gro_refunded_response_received',
      { esc: true },
      'Escalated (GRO Refunded)',
    ],
  ])('%s', (_name, state, flags, label) => {
    expect(stateLabel(item(state, flags))).toBe(label);
  });

  it('gives every state a non-empty label', () => {
    for (const state of ALL_STATES) expect(stateLabel(item(state)).length).toBeGreaterThan(0);
  });
});

describe('groupOf agrees with the label', () => {
  it('never shows one label in two colours, over every state and flag combination', () => {
    const groupsOfLabel = new Map<string, Set<StateGroup>>();
    for (const state of ALL_STATES) {
      for (const esc of [false, true]) {
        for (const hold of [false, true]) {
          for (const wait of [false, true]) {
            const shown = item(state, { esc, hold, wait });
            const label = stateLabel(shown);
            groupsOfLabel.set(label, (groupsOfLabel.get(label) ?? new Set()).add(groupOf(shown)));
          }
        }
      }
    }
    const mixed = [...groupsOfLabel].filter(([, groups]) => groups.size > 1);
    expect(mixed.map(([label, groups]) => `${label}: ${[...groups].join(', ')}`)).toEqual([]);
    expect([...(groupsOfLabel.get('Waiting Customer') ?? [])]).toEqual(['waiting']);
  });
});

describe('endSentence', () => {
  it.each([
    ['100234-1 moves on to Dispatch Reqd.', '100234-1 moves on to Dispatch Reqd.'],
    ['100234-1 moves on to Ready for Translation', '100234-1 moves on to Ready for Translation.'],
    ['Are you sure?', 'Are you sure?'],
  ])('%j → %j', (text, sentence) => {
    expect(endSentence(text)).toBe(sentence);
  });
});
