import { describe, expect, it } from 'vitest';
import type { BulkResponse } from '../../domain/contract/lists';
import {
  confirmationText,
  needsConfirmation,
  offerSelectAll,
  outcomeText,
  selectionText,
  stillTicked,
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
});
