import { describe, expect, it } from 'vitest';
import { type Panel, type PanelItem, panelsFor, panelsForState } from './panels';
import type { OrderItemState } from './states';

const ADMIN = { id: 1, role: 'admin' as const };
const ALICE = { id: 2, role: 'orderer' as const };
const BOB = { id: 3, role: 'orderer' as const };

const item = (currentState: OrderItemState, over: Partial<PanelItem> = {}): PanelItem => ({
  currentState,
  orderableType: 'Certificate',
  userId: ALICE.id,
  isEscalated: false,
  netValue: 5000,
  ...over,
});

describe('panelsForState: SPEC.md section 4 table (assigned, not escalated)', () => {
  it.each<[OrderItemState, Panel[]]>([
    ['gro_order_required', ['GRO Order']],
    ['waiting_gro', ['Received from GRO', 'GRO Communication', 'IPS/Reorder']],
    ['apostille_required', ['Apostille']],
    ['scan_send_required', ['Scan Send']],
    ['despatch_required', ['Dispatch']],
    ['gro_refunded', ['IPS/Reorder']],
    ['gro_refunded_response_received', ['IPS/Reorder']],
    ['order_complete', ['GRO Communication', 'IPS/Reorder']],
    ['waiting_ips', ['IPS Confirmed']],
    ['review_documents', ['Review Documents']],
    ['ready_for_translation', ['Send for Translation']],
    ['waiting_translation', ['Complete Translation']],
    ['waiting_delivery', ['Received From Customer']],
    ['fco_order_placed', []],
    ['waiting_fco', []],
    ['cancelled', []],
    ['waiting_upgrade_payment', []],
  ])('%s', (state, panels) => {
    expect(panelsForState(item(state))).toEqual(['Modify Order', ...panels, 'Escalate', 'Add Notes']);
  });
});

describe('panelsForState: further rules', () => {
  it('order_complete offers GRO panels only for a Certificate', () => {
    for (const orderableType of [
      'DivorceCertificate',
      'Translation',
      'AdultDeedPoll',
      'ChildDeedPoll',
    ] as const) {
      expect(panelsForState(item('order_complete', { orderableType }))).toEqual([
        'Modify Order',
        'Escalate',
        'Add Notes',
      ]);
    }
  });

  it('unassigned: no Escalate, no Review Documents', () => {
    expect(panelsForState(item('review_documents', { userId: null }))).toEqual(['Modify Order', 'Add Notes']);
    expect(panelsForState(item('unassigned', { userId: null }))).toEqual(['Modify Order', 'Add Notes']);
    expect(panelsForState(item('gro_order_required', { userId: null }))).toEqual([
      'Modify Order',
      'GRO Order',
      'Add Notes',
    ]);
  });

  it('escalated with net value: Contact Customer, Return to Orderer, Cancellations & Refunds', () => {
    expect(panelsForState(item('gro_order_escalation', { isEscalated: true }))).toEqual([
      'Modify Order',
      'Contact Customer',
      'Return to Orderer',
      'Cancellations & Refunds',
      'Add Notes',
    ]);
  });

  it('escalated with net value 0: no Cancellations & Refunds', () => {
    expect(panelsForState(item('gro_refunded', { isEscalated: true, netValue: 0 }))).toEqual([
      'Modify Order',
      'IPS/Reorder',
      'Contact Customer',
      'Return to Orderer',
      'Add Notes',
    ]);
  });

  it('escalated and unassigned still offers the escalation panels', () => {
    expect(panelsForState(item('waiting_gro', { isEscalated: true, userId: null }))).toContain(
      'Contact Customer',
    );
  });
});

describe('panelsFor: role filtering', () => {
  const escalated = item('waiting_gro', { isEscalated: true });
  it.each<[string, PanelItem, typeof ADMIN | typeof ALICE, Panel[]]>([
    ['admin sees everything', escalated, ADMIN, panelsForState(escalated)],
    [
      'assignee orderer loses admin-only panels',
      escalated,
      ALICE,
      ['Modify Order', 'Received from GRO', 'GRO Communication', 'IPS/Reorder', 'Add Notes'],
    ],
    ['other orderer only adds notes', escalated, BOB, ['Add Notes']],
    [
      'assignee on a normal item',
      item('despatch_required'),
      ALICE,
      ['Modify Order', 'Dispatch', 'Escalate', 'Add Notes'],
    ],
    ['other orderer on a normal item', item('despatch_required'), BOB, ['Add Notes']],
    ['orderer on an unassigned item', item('unassigned', { userId: null }), ALICE, ['Add Notes']],
    [
      'admin on an unassigned item',
      item('unassigned', { userId: null }),
      ADMIN,
      ['Modify Order', 'Add Notes'],
    ],
  ])('%s', (_name, it_, user, panels) => {
    expect(panelsFor(it_, user)).toEqual(panels);
  });
});
