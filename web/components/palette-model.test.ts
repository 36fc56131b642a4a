import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import {
  actionScore,
  filterActions,
  moveActive,
  notFoundMessage,
  parseRef,
  pickItemForRef,
} from './palette-model';

describe('parseRef', () => {
  it.each([
    ['100316-2', { kind: 'item', ref: '100316-2' }],
    ['  100316-12 ', { kind: 'item', ref: '100316-12' }],
    ['#100316-2', { kind: 'item', ref: '100316-2' }],
    ['100316', { kind: 'order', ref: '100316' }],
    ['123', { kind: 'order', ref: '123' }],
  ])('%s is a ref', (text, parsed) => {
    expect(parseRef(text)).toEqual(parsed);
  });

  it.each(['', '12', 'Smith', 'smith@example.com', 'SW1A 1AA', '100316-', '-2', '100316-2a', '1003 16'])(
    '%j is not a ref',
    (text) => {
      expect(parseRef(text)).toBeNull();
    },
  );
});

describe('pickItemForRef', () => {
  const results = [{ ref: '100316-2' }, { ref: '1003161-1' }, { ref: '100316-10' }, { ref: '100316-1' }];

  it('finds an item ref only exactly, not an item whose ref begins with it', () => {
    expect(pickItemForRef({ kind: 'item', ref: '100316-1' }, results)).toEqual({ ref: '100316-1' });
    expect(pickItemForRef({ kind: 'item', ref: '100316-3' }, results)).toBeNull();
    expect(pickItemForRef({ kind: 'item', ref: '100316-1' }, [{ ref: '100316-10' }])).toBeNull();
  });

  it("opens an order's first item by number (not by text: -10 comes after -2)", () => {
    expect(pickItemForRef({ kind: 'order', ref: '100316' }, results)).toEqual({ ref: '100316-1' });
    expect(
      pickItemForRef({ kind: 'order', ref: '100316' }, [{ ref: '100316-10' }, { ref: '100316-2' }]),
    ).toEqual({
      ref: '100316-2',
    });
  });

  it('answers null for an order ref that only prefixes other orders', () => {
    expect(pickItemForRef({ kind: 'order', ref: '10031' }, results)).toBeNull();
    expect(pickItemForRef({ kind: 'order', ref: '100316' }, [])).toBeNull();
  });
});

describe('paths and messages', () => {
  it('builds the item page, the search page and the not-found sentence', () => {
    expect(paths.orderItem('100316-2')).toBe('/orders/100316-2');
    expect(paths.search('  Smith & Co ')).toBe('/search?q=Smith%20%26%20Co');
    expect(notFoundMessage('100316')).toBe('No item or order 100316');
  });
});

describe('filterActions', () => {
  const actions = [
    { id: 'modify', label: 'Modify Order panel', keywords: ['edit', 'change'] },
    { id: 'dispatch', label: 'Dispatch panel', keywords: ['despatch', 'send'] },
    { id: 'flag', label: 'Flag this item', keywords: ['unflag'] },
    { id: 'reassign-bob', label: 'Reassign to Bob Orderer…', keywords: ['assign', 'bob@demo.test'] },
    { id: 'escalate', label: 'Escalate…', keywords: ['problem'] },
  ];
  const ids = (text: string) => filterActions(actions, text).map((a) => a.id);

  it('keeps every action, in order, for no text', () => {
    expect(ids('')).toEqual(['modify', 'dispatch', 'flag', 'reassign-bob', 'escalate']);
    expect(ids('   ')).toHaveLength(5);
  });

  it('finds by label, by keyword and by the British spelling', () => {
    expect(ids('despatch')).toEqual(['dispatch']);
    expect(ids('flag')).toEqual(['flag']);
    expect(ids('edit')).toEqual(['modify']);
    expect(ids('bob')).toEqual(['reassign-bob']);
  });

  it('needs every word typed, in any order', () => {
    expect(ids('reassign bob')).toEqual(['reassign-bob']);
    expect(ids('bob reassign')).toEqual(['reassign-bob']);
    expect(ids('reassign alice')).toEqual([]);
  });

  it('ranks a label that starts with the text first', () => {
    const found = filterActions(
      [
        { label: 'Add Notes panel', keywords: ['comment'] },
        { label: 'Panel of notes', keywords: [] },
        { label: 'Notes', keywords: [] },
      ],
      'notes',
    ).map((a) => a.label);
    expect(found[0]).toBe('Notes');
  });

  it('puts the higher priority first among equals, for no text as for a text', () => {
    const ranked = [
      { label: 'Reassign to Bob', keywords: ['item'] },
      { label: 'Dispatch panel', keywords: ['item'], priority: 2 },
      { label: 'Flag this item', priority: 1 },
    ];
    expect(filterActions(ranked, '').map((a) => a.label)).toEqual([
      'Dispatch panel',
      'Flag this item',
      'Reassign to Bob',
    ]);
    expect(filterActions(ranked, 'item').map((a) => a.label)).toEqual([
      'Dispatch panel',
      'Flag this item',
      'Reassign to Bob',
    ]);
  });

  it('scores no match as 0 and matches inside words below word starts', () => {
    expect(actionScore({ label: 'Flag this item' }, 'zzz')).toBe(0);
    expect(actionScore({ label: 'Despatch' }, 'spat')).toBeLessThan(
      actionScore({ label: 'Despatch' }, 'desp'),
    );
  });
});

describe('moveActive', () => {
  it('wraps with the arrow keys', () => {
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
  });

  it('stops at the ends when moving a page', () => {
    expect(moveActive(1, 5, 3)).toBe(2);
    expect(moveActive(1, -5, 3)).toBe(0);
  });

  it('starts from the first or the last, and has nothing to move in an empty list', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
