import { describe, expect, it } from 'vitest';
import { CUSTOMER_STAGES } from '../../../domain/states';
import { escalationAge, STAGE_LABELS, stageHref } from './escalation-model';

describe('escalation model', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('says how long ago an item was escalated, in whole days', () => {
    expect(escalationAge(null, now)).toBe('—');
    expect(escalationAge('2026-03-10T08:00:00Z', now)).toBe('today');
    expect(escalationAge('2026-03-09T11:00:00Z', now)).toBe('1 day');
    expect(escalationAge('2026-03-07T12:00:00Z', now)).toBe('3 days');
  });

  it('narrows the desk to every state its stage chip counts', () => {
    expect(stageHref('scan_send')).toBe(
      '/escalations?state=scan_send_escalation%2Cscan_send_response_received%2Cwaiting_scan_send_response%2Con_hold_waiting_scan_send_response',
    );
  });

  it('names and narrows to the GRO refunded stage, escalated in place', () => {
    expect(STAGE_LABELS.gro_refunded).toBe('GRO refunded');
    expect(stageHref('gro_refunded')).toBe(
      '/escalations?state=gro_refunded%2Cgro_refunded_response_received%2Cwaiting_gro_refunded_response%2Con_hold_waiting_gro_refunded_response',
    );
    for (const stage of CUSTOMER_STAGES) expect(STAGE_LABELS[stage], stage).toBeTruthy();
  });
});
