import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_STATES } from '../states';
import { anyAction, anyItem } from '../testing/arbitraries';
import { ADMIN, ALICE } from '../testing/work-item';
import { applyPatch, decide } from './decide';
import { movesMoneyOrMails, PRECONDITION_ACTIONS, SCHEDULED_ACTIONS } from './once';
import type { WorkflowAction } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');
// ALICE's id: she is the assignee, so both an orderer and an admin may act.
const ALICE_ID = 2;
const guardedByCaller = new Set<string>([...PRECONDITION_ACTIONS, ...SCHEDULED_ACTIONS]);

describe('exactly once', () => {
  it('an action that e-mails or moves money without a required precondition is refused when repeated', () => {
    // Every state, with varied flags and attachments, against a few inputs of every other action.
    const items = fc.sample(anyItem, { numRuns: 40, seed: 15 });
    const perType = new Map<string, WorkflowAction[]>();
    for (const action of fc.sample(anyAction, { numRuns: 5000, seed: 15 })) {
      if (guardedByCaller.has(action.type)) continue;
      const some = perType.get(action.type) ?? [];
      if (some.length < 12) perType.set(action.type, [...some, action]);
    }
    // Typical inputs too, so that an action wrongly taken off the precondition list is caught here.
    const typical: WorkflowAction[] = [
      { type: 'cancel_refund', action: 'refund_only', reason: 'over_payment', amount: 1, notes: null },
      { type: 'contact_customer', body: 'Question', responseRequired: false },
      { type: 'reject_documents', notes: 'Blurred' },
      { type: 'gro_communication', message: 'GRO', refundAmount: 925 },
      { type: 'approve_scan_send' },
    ];
    const actions = [...perType.values(), typical.filter((a) => !guardedByCaller.has(a.type))].flat();
    const repeated: string[] = [];
    let checked = 0;
    for (const state of ALL_STATES) {
      for (const sample of items) {
        const item = { ...sample, currentState: state, userId: ALICE_ID };
        for (const action of actions) {
          for (const actor of [ADMIN, ALICE]) {
            const first = decide(item, action, actor, NOW);
            if (!first.ok || !movesMoneyOrMails(first)) continue;
            checked += 1;
            if (decide(applyPatch(item, first), action, actor, NOW).ok)
              repeated.push(`${action.type} in ${state}`);
          }
        }
      }
    }
    expect([...new Set(repeated)]).toEqual([]);
    // It must have met such actions (approve_scan_send), or it proves nothing.
    expect(checked).toBeGreaterThan(10);
    // About 2 s alone; the whole unit run on a shared 2-core machine took it past vitest's default 5 s.
  }, 20_000);
});
