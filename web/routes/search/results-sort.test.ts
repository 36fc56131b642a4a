import { describe, expect, it } from 'vitest';
import { orderItem } from '../../test/fixtures';
import { namesOf, nextResultSort, refParts, resultsSummary, sortResults } from './results-sort';

describe('namesOf', () => {
  it('joins person A and person B, leaving out what is missing', () => {
    expect(namesOf(orderItem())).toBe('John Smith');
    expect(
      namesOf(orderItem({ orderable: { firstname_a: null, surname_a: 'Smith', firstname_b: 'Mary' } })),
    ).toBe('Smith / Mary');
    expect(namesOf(orderItem({ orderable: { firstname_a: null, surname_a: null } }))).toBe('');
  });
});

describe('refParts', () => {
  it('splits a ref into its order number and position', () => {
    expect(refParts('100234-10')).toEqual([100234, 10]);
    expect(refParts('100234')).toEqual([100234, 0]);
    expect(refParts('odd')).toEqual([0, 0]);
  });
});

describe('nextResultSort', () => {
  it('goes ascending, descending, then back to the best match first', () => {
    const asc = nextResultSort(null, 'ref');
    expect(asc).toEqual({ key: 'ref', dir: 'asc' });
    const desc = nextResultSort(asc, 'ref');
    expect(desc).toEqual({ key: 'ref', dir: 'desc' });
    expect(nextResultSort(desc, 'ref')).toBeNull();
    expect(nextResultSort(desc, 'value')).toEqual({ key: 'value', dir: 'asc' });
  });
});

describe('sortResults', () => {
  const a = orderItem({ id: 1, ref: '100234-10', net_value: 500, despatch_due_on: null });
  const b = orderItem({
    id: 2,
    ref: '100234-2',
    net_value: 900,
    despatch_due_on: '2026-03-01',
    user: { id: 3, name: 'Bob' },
    order: { customer_name: 'bert Adams' },
  });
  const c = orderItem({
    id: 3,
    ref: '99999-1',
    net_value: 100,
    despatch_due_on: '2026-04-01',
    order: { customer_name: 'Zoe Young' },
  });
  const ids = (list: readonly { id: number }[]) => list.map((i) => i.id);

  it('keeps the server order without a sort', () => {
    const results = [a, b, c];
    expect(sortResults(results, null)).toBe(results);
  });

  it('sorts refs by order number, then by position as a number', () => {
    expect(ids(sortResults([a, b, c], { key: 'ref', dir: 'asc' }))).toEqual([3, 2, 1]);
    expect(ids(sortResults([a, b, c], { key: 'ref', dir: 'desc' }))).toEqual([1, 2, 3]);
  });

  it('sorts money as numbers and customers without regard to case', () => {
    expect(ids(sortResults([a, b, c], { key: 'value', dir: 'asc' }))).toEqual([3, 1, 2]);
    // 'bert' sorts between 'Ann' and 'Zoe', not after both as a case-sensitive comparison would.
    expect(ids(sortResults([c, a, b], { key: 'customer', dir: 'asc' }))).toEqual([1, 2, 3]);
  });

  it('puts items without a despatch date last, soonest first', () => {
    expect(ids(sortResults([a, c, b], { key: 'due', dir: 'asc' }))).toEqual([2, 3, 1]);
  });

  it('sorts by type, state and the moment the order was placed as text', () => {
    const x = orderItem({ id: 1, type: 'Death Certificate', state_label: 'Waiting for GRO' });
    const y = orderItem({
      id: 2,
      type: 'Adult Deed Poll',
      state_label: 'Despatch required',
      order: { placed_at: '2026-02-01T09:00:00.000Z' },
    });
    expect(ids(sortResults([x, y], { key: 'type', dir: 'asc' }))).toEqual([2, 1]);
    expect(ids(sortResults([x, y], { key: 'state', dir: 'desc' }))).toEqual([1, 2]);
    expect(ids(sortResults([x, y], { key: 'placed', dir: 'asc' }))).toEqual([2, 1]);
  });

  it('sorts unassigned items first by assignee, and leaves the input alone', () => {
    const input = [b, a];
    expect(ids(sortResults(input, { key: 'assignee', dir: 'asc' }))).toEqual([1, 2]);
    expect(ids(input)).toEqual([2, 1]);
  });
});

describe('resultsSummary', () => {
  const answer = (total: number, shown: number, capped = false) => ({
    results: Array.from({ length: shown }, (_, i) => orderItem({ id: i + 1 })),
    total,
    total_capped: capped,
  });

  it('counts the matches', () => {
    expect(resultsSummary(answer(1, 1))).toBe('1 match');
    expect(resultsSummary(answer(3, 3))).toBe('3 matches');
  });

  it('says when only the best are shown, and when the count stopped', () => {
    expect(resultsSummary(answer(1200, 2))).toBe(
      '1,200 matches; showing the best 2. Refine the search to narrow it down.',
    );
    expect(resultsSummary(answer(500, 2, true))).toBe(
      'More than 500 matches; showing the first 2. Refine the search to narrow it down.',
    );
  });
});
