import { describe, expect, it } from 'vitest';
import { ALL_STATES } from '../states';
import { exploreTransitions } from './explore';

describe('exploring the state machine', () => {
  const transitions = exploreTransitions();

  it('reaches every one of the 43 states from the unassigned items', () => {
    const reached = new Set(['unassigned', ...transitions.map((t) => t.to)]);
    expect(ALL_STATES.filter((s) => !reached.has(s))).toEqual([]);
  });

  it('finds each product line its way to completion', () => {
    const has = (from: string, action: string, to: string) =>
      transitions.some((t) => t.from === from && t.action === action && t.to === to);
    expect(has('unassigned', 'assign', 'gro_order_required')).toBe(true);
    expect(has('unassigned', 'assign', 'waiting_delivery')).toBe(true);
    expect(has('waiting_fco', 'fco_batch_received', 'scan_send_required')).toBe(true);
    expect(has('waiting_translation', 'translation_complete', 'order_complete')).toBe(true);
    expect(has('despatch_required', 'despatch', 'order_complete')).toBe(true);
  });

  it('never leaves a final state except by the documented routes', () => {
    const fromFinal = transitions.filter((t) => t.from === 'cancelled' || t.from === 'order_complete');
    const allowed = new Set(['gro_communication', 'ips_submitted', 'reorder_required', 'request_update']);
    expect(fromFinal.filter((t) => !allowed.has(t.action))).toEqual([]);
    expect(fromFinal.every((t) => t.from === 'order_complete')).toBe(true);
  });
});
