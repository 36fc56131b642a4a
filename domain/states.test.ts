import { describe, expect, it } from 'vitest';
import {
  ALL_STATES,
  CUSTOMER_STAGES,
  ESCALATION_STATES,
  escalationStageOf,
  groupOf,
  isOrderItemState,
  NORMAL_STATES,
  ON_HOLD_STATES,
  onHoldVariant,
  productLine,
  statesOfStage,
  WAITING_CUSTOMER_STATES,
  waitingVariant,
} from './states';

describe('states', () => {
  it('has 17 normal, 10 escalation, 8 waiting-customer and 8 on-hold states, all distinct', () => {
    expect(NORMAL_STATES).toHaveLength(17);
    expect(ESCALATION_STATES).toHaveLength(10);
    expect(WAITING_CUSTOMER_STATES).toHaveLength(8);
    expect(ON_HOLD_STATES).toHaveLength(8);
    expect(new Set(ALL_STATES).size).toBe(43);
  });

  it('pairs every waiting state with its on_hold_ variant', () => {
    for (const s of WAITING_CUSTOMER_STATES) {
      expect(ON_HOLD_STATES).toContain(onHoldVariant(s));
      expect(waitingVariant(onHoldVariant(s))).toBe(s);
    }
  });

  it('recognises known states only', () => {
    expect(isOrderItemState('waiting_gro')).toBe(true);
    expect(isOrderItemState('on_hold_waiting_gro')).toBe(false);
  });

  it.each([
    ['Certificate', 'certificate'],
    ['DivorceCertificate', 'certificate'],
    ['Translation', 'translation'],
    ['AdultDeedPoll', 'deed_poll'],
    ['ChildDeedPoll', 'deed_poll'],
  ] as const)('product line of %s is %s', (type, line) => {
    expect(productLine(type)).toBe(line);
  });
});

describe('groupOf', () => {
  const base = { isEscalated: false, isOnHold: false, waitingCustomerResponse: false };
  it.each([
    ['gro_order_required', {}, 'in_progress'],
    ['unassigned', {}, 'in_progress'],
    ['waiting_gro', {}, 'waiting'],
    ['waiting_delivery', {}, 'waiting'],
    ['review_documents', { waitingCustomerResponse: true }, 'waiting'],
    ['waiting_upgrade_payment', {}, 'waiting'],
    ['apostille_escalation', { isEscalated: true }, 'escalated'],
    ['waiting_gro', { isEscalated: true }, 'escalated'],
    ['on_hold_waiting_despatch_response', { isEscalated: true, isOnHold: true }, 'on_hold'],
    ['order_complete', {}, 'done'],
    ['order_complete', { isEscalated: true }, 'escalated'],
    ['cancelled', {}, 'cancelled'],
    ['cancelled', { isEscalated: true }, 'escalated'],
    ['waiting_despatch_response', { isEscalated: true, waitingCustomerResponse: true }, 'waiting'],
    ['despatch_required', { isEscalated: true, isOnHold: true }, 'on_hold'],
  ] as const)('%s %o → %s', (currentState, flags, group) => {
    expect(groupOf({ ...base, ...flags, currentState })).toBe(group);
  });
});

describe('escalation stages', () => {
  it('names the stage of escalated, answered and waited-on states, and of neither else', () => {
    expect(escalationStageOf('gro_order_escalation')).toBe('gro_order');
    expect(escalationStageOf('despatch_response_received')).toBe('despatch');
    expect(escalationStageOf('waiting_apostille_response')).toBe('apostille');
    expect(escalationStageOf('on_hold_waiting_scan_send_response')).toBe('scan_send');
    expect(escalationStageOf('gro_refunded')).toBe('gro_refunded');
    expect(escalationStageOf('gro_refunded_response_received')).toBe('gro_refunded');
    expect(escalationStageOf('on_hold_waiting_gro_refunded_response')).toBe('gro_refunded');
    expect(escalationStageOf('waiting_gro')).toBeNull();
    expect(escalationStageOf('waiting_upgrade_payment')).toBeNull();
  });

  it('selects, for each stage, exactly the states that name it (the chip counts what its link shows)', () => {
    const selected = CUSTOMER_STAGES.flatMap((stage) => statesOfStage(stage).map((state) => [stage, state]));
    for (const [stage, state] of selected) expect(escalationStageOf(state), state).toBe(stage);
    const named = ALL_STATES.filter((state) => escalationStageOf(state) !== null);
    expect(selected.map(([, state]) => state).sort()).toEqual([...named].sort());
    for (const stage of CUSTOMER_STAGES) expect(statesOfStage(stage).length, stage).toBe(4);
  });
});
