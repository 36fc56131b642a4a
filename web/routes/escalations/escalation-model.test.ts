import { describe, expect, it } from 'vitest';
import { escalationAge, stageHref, stageStates } from './escalation-model';

describe('escalation model', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('says how long ago an item was escalated, in whole days', () => {
    expect(escalationAge(null, now)).toBe('—');
    expect(escalationAge('2026-03-10T08:00:00Z', now)).toBe('today');
    expect(escalationAge('2026-03-09T11:00:00Z', now)).toBe('1 day');
    expect(escalationAge('2026-03-07T12:00:00Z', now)).toBe('3 days');
  });

  it('narrows the desk to a stage by its two escalation states', () => {
    expect(stageStates('gro_order')).toEqual(['gro_order_escalation', 'gro_order_response_received']);
    expect(stageHref('scan_send')).toBe(
      '/escalations?state=scan_send_escalation%2Cscan_send_response_received',
    );
  });
});
