import { describe, expect, it } from 'vitest';
import type { BulkResponse } from '../../domain/contract/lists';
import {
  type BulkState,
  bulkReducer,
  confirmationText,
  INITIAL_BULK,
  needsConfirmation,
  offerSelectAll,
  outcomeText,
  paletteActions,
  pendingRequest,
  readyToGo,
  selectionText,
  stillTicked,
  undoableText,
} from './bulk-model';

const result: BulkResponse = {
  results: [
    { id: 1, ref: '100-1', status: 'done', message: null },
    { id: 2, ref: '100-2', status: 'refused', message: 'The item is cancelled.' },
    { id: 3, ref: '100-3', status: 'done', message: null },
    { id: 4, ref: '100-4', status: 'refused', message: 'Someone else changed it.' },
  ],
  done: 2,
  refused: 2,
};

describe('the bulk bar', () => {
  it('says what is selected, and what "select all matching" took when capped', () => {
    expect(selectionText(3, null)).toBe('3 selected');
    expect(selectionText(240, { ids: [], total_count: 240, capped: false })).toBe(
      'All 240 items matching selected',
    );
    expect(selectionText(500, { ids: [], total_count: 1234, capped: true })).toBe(
      '500 selected: the first 500 of 1,234 items matching (a bulk action takes at most 500)',
    );
  });

  it('offers "select all matching" only when the list holds more than is ticked', () => {
    expect(offerSelectAll(0, 300, null)).toBe(false);
    expect(offerSelectAll(100, 300, null)).toBe(true);
    expect(offerSelectAll(3, 3, null)).toBe(false);
    expect(offerSelectAll(300, 300, { ids: [], total_count: 300, capped: false })).toBe(false);
  });

  it('confirms an action that reaches past the page on screen, with the count', () => {
    expect(needsConfirmation(new Set([1, 2]), [1, 2, 3])).toBe(false);
    expect(needsConfirmation(new Set([1, 99]), [1, 2, 3])).toBe(true);
    expect(confirmationText('flag', 240)).toBe('Flag 240 items?');
    expect(confirmationText('assign', 1)).toBe('Assign 1 item?');
  });

  it('reports done and refused, and keeps the refused ticked', () => {
    expect(outcomeText('flag', result)).toBe('Flag: 2 done, 2 refused.');
    expect([...stillTicked(result)]).toEqual([2, 4]);
  });

  it('says what the Undo would take back: only the items the action changed', () => {
    const flagged: BulkResponse = {
      results: [
        { id: 1, ref: '100-1', status: 'done', message: null },
        { id: 2, ref: '100-2', status: 'done', message: 'Already flagged; nothing changed.' },
        { id: 3, ref: '100-3', status: 'refused', message: 'Order item not found.' },
      ],
      done: 2,
      refused: 1,
    };
    expect(undoableText('flag', flagged, null)).toBe('Flagged 1 item.');
    expect(undoableText('unflag', result, null)).toBe('Unflagged 2 items.');
    expect(undoableText('assign', result, 'Alice Orderer')).toBe('Assigned 2 items to Alice Orderer.');
  });
});

describe('the bulk bar’s state', () => {
  const outcome = { action: 'flag' as const, result };
  const matching = { ids: [1, 2], total_count: 2, capped: false };

  it('runs flag, unflag and export at once unless the count must be stated; assign and note always ask', () => {
    const after = bulkReducer({ ...INITIAL_BULK, outcome }, { type: 'start', kind: 'flag', confirm: false });
    expect(after).toEqual(INITIAL_BULK);
    expect(bulkReducer(INITIAL_BULK, { type: 'start', kind: 'export', confirm: true }).pending).toEqual({
      kind: 'export',
      confirm: true,
      preselected: false,
    });
    expect(bulkReducer(INITIAL_BULK, { type: 'start', kind: 'note', confirm: false }).pending).toEqual({
      kind: 'note',
      confirm: false,
      preselected: false,
    });
  });

  it('takes the orderer chosen in the palette, and keeps the last one chosen otherwise', () => {
    const palette = bulkReducer(INITIAL_BULK, { type: 'start', kind: 'assign', confirm: false, orderer: 7 });
    expect(palette).toMatchObject({ ordererId: '7', pending: { kind: 'assign', preselected: true } });
    const again = bulkReducer(bulkReducer(palette, { type: 'closed' }), {
      type: 'start',
      kind: 'assign',
      confirm: true,
    });
    expect(again).toMatchObject({
      ordererId: '7',
      pending: { kind: 'assign', confirm: true, preselected: false },
    });
  });

  it('after an action: its outcome, the dialog closed, the note and "select all matching" forgotten', () => {
    const busy: BulkState = {
      ...INITIAL_BULK,
      matching,
      note: 'Called the customer.',
      pending: { kind: 'note', confirm: true, preselected: false },
    };
    expect(bulkReducer(busy, { type: 'done', action: 'flag', result })).toEqual({ ...INITIAL_BULK, outcome });
    expect(bulkReducer({ ...INITIAL_BULK, outcome }, { type: 'dismissed' }).outcome).toBeNull();
    expect(bulkReducer(INITIAL_BULK, { type: 'matched', found: matching }).matching).toBe(matching);
    expect(bulkReducer({ ...INITIAL_BULK, matching }, { type: 'cleared' }).matching).toBeNull();
  });

  it('goes only with an orderer to assign to or a note with text, and makes the request', () => {
    const assign: BulkState = {
      ...INITIAL_BULK,
      pending: { kind: 'assign', confirm: false, preselected: false },
    };
    expect(readyToGo(assign)).toBe(false);
    expect(pendingRequest(assign, [1, 2])).toBeNull();
    const chosen = bulkReducer(assign, { type: 'orderer', id: '3' });
    expect(pendingRequest(chosen, [1, 2])).toEqual({
      bulk: { action: 'assign', order_item_ids: [1, 2], orderer_id: 3 },
    });
    const note = bulkReducer(
      { ...INITIAL_BULK, pending: { kind: 'note', confirm: false, preselected: false } },
      { type: 'note', text: '  Chased.  ' },
    );
    expect(pendingRequest(note, [4])).toEqual({
      bulk: { action: 'note', order_item_ids: [4], body: 'Chased.' },
    });
    const flag: BulkState = { ...INITIAL_BULK, pending: { kind: 'flag', confirm: true, preselected: false } };
    expect(pendingRequest(flag, [5])).toEqual({ bulk: { action: 'flag', order_item_ids: [5] } });
    expect(
      pendingRequest({ ...flag, pending: { kind: 'export', confirm: true, preselected: false } }, [5]),
    ).toBeNull();
  });
});

describe('the bulk bar in the command palette', () => {
  const input = {
    count: 2,
    admin: true,
    orderers: [{ id: 3, name: 'Bob' }],
    selectAll: 240,
    start: () => {},
    selectAllMatching: () => {},
    clear: () => {},
  };

  it('offers each action on the selection, an assign per orderer for admins, select all and clear', () => {
    expect(paletteActions(input).map((a) => a.label)).toEqual([
      'Assign 2 selected to Bob…',
      'Flag 2 selected',
      'Unflag 2 selected',
      'Add a note to 2 selected…',
      'Export 2 selected as CSV',
      'Select all 240 matching',
      'Clear the selection',
    ]);
    expect(paletteActions({ ...input, admin: false, selectAll: null }).map((a) => a.id)).toEqual([
      'bulk:flag',
      'bulk:unflag',
      'bulk:note',
      'bulk:export',
      'bulk:clear',
    ]);
    expect(paletteActions({ ...input, count: 0 })).toEqual([]);
  });
});
