import { describe, expect, it } from 'vitest';
import { workItem } from '../testing/work-item';
import type { Actor } from './types';
import { ASSIGNMENT_UNDONE_KIND, itemBefore, undoItemAct } from './undo';

const ADMIN: Actor = { kind: 'user', id: 1, role: 'admin' };
const ORDERER: Actor = { kind: 'user', id: 2, role: 'orderer' };
const NOT_TOLD = { backTo: null, assigneeReadIt: false };

describe('itemBefore', () => {
  it('keeps exactly the columns the patch changes, as they were', () => {
    const item = workItem({ currentState: 'unassigned', userId: null, flagged: true });
    expect(itemBefore(item, { userId: 3, currentState: 'gro_order_required' })).toEqual({
      userId: null,
      currentState: 'unassigned',
    });
    expect(itemBefore(item, { flagged: false })).toEqual({ flagged: true });
  });
});

describe('undoItemAct', () => {
  it('puts an assignment back, with an undo event from the state it is in to the one it had', () => {
    const item = workItem({ currentState: 'gro_order_required', userId: 3 });
    const decision = undoItemAct(
      item,
      'assign',
      { userId: null, currentState: 'unassigned' },
      ADMIN,
      NOT_TOLD,
    );
    expect(decision).toMatchObject({
      ok: true,
      patch: { userId: null, currentState: 'unassigned' },
      events: [
        {
          action: 'undo',
          fromState: 'gro_order_required',
          toState: 'unassigned',
          payload: { undone: 'assign', ordererId: 3, back_to: null },
        },
      ],
      notifications: [],
      emails: [],
      refunds: [],
    });
  });

  it('tells the assignee it was undone only when they had read the assignment', () => {
    const item = workItem({ currentState: 'waiting_gro', userId: 3 });
    const told = undoItemAct(item, 'assign', { userId: 4, currentState: 'waiting_gro' }, ADMIN, {
      backTo: 'Bob',
      assigneeReadIt: true,
    });
    expect(told).toMatchObject({
      ok: true,
      notifications: [{ to: 3, kind: ASSIGNMENT_UNDONE_KIND }],
      events: [{ payload: { back_to: 'Bob' } }],
    });
  });

  it.each([
    [true, 'flag'],
    [false, 'unflag'],
  ])('names a flag undo by what was done (flagged now: %s → %s)', (flagged, undone) => {
    const item = workItem({ flagged });
    const decision = undoItemAct(item, 'flag', { flagged: !flagged }, ORDERER, NOT_TOLD);
    expect(decision).toMatchObject({
      ok: true,
      patch: { flagged: !flagged },
      events: [{ payload: { undone } }],
    });
  });

  it('holds the undo to the act’s own permission: an assignment needs an administrator, a flag anyone', () => {
    const item = workItem({ currentState: 'gro_order_required', userId: 3 });
    expect(undoItemAct(item, 'assign', { userId: null }, ORDERER, NOT_TOLD)).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(undoItemAct(item, 'flag', { flagged: false }, ORDERER, NOT_TOLD)).toMatchObject({ ok: true });
    expect(undoItemAct(item, 'flag', { flagged: false }, { kind: 'system' }, NOT_TOLD)).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
  });
});
