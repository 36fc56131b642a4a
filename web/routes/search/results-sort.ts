/**
 * Sorting and summing up search results in the browser: the server answers the best matches (at most a few
 * hundred), so the table sorts what it has instead of asking again.
 */
import type { OrderItem } from '../../../domain/contract/order-item';
import type { SearchResults } from '../../../domain/contract/search';

export type ResultSortKey = 'ref' | 'type' | 'customer' | 'state' | 'assignee' | 'placed' | 'due' | 'value';
/** The column sorted by and its direction; null for the server's order (best match first). */
export type ResultSort = { key: ResultSortKey; dir: 'asc' | 'desc' } | null;

/** The names on the orderable: A, then B when there is one. */
export function namesOf(item: OrderItem): string {
  const o = item.orderable;
  const join = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
  return [join(o.firstname_a, o.surname_a), join(o.firstname_b, o.surname_b)].filter(Boolean).join(' / ');
}

/** Refs compare by order number, then by position: 100234-2 before 100234-10. */
export function refParts(ref: string): [number, number] {
  const [order, position] = ref.split('-');
  return [Number(order) || 0, Number(position) || 0];
}

const sortValue: Record<ResultSortKey, (i: OrderItem) => string | number> = {
  ref: (i) => refParts(i.ref)[0] * 10_000 + refParts(i.ref)[1],
  type: (i) => i.type,
  customer: (i) => i.order.customer_name.toLowerCase(),
  state: (i) => i.state_label,
  assignee: (i) => i.user?.name ?? '',
  placed: (i) => i.order.placed_at,
  // Items without a despatch date go last when sorting soonest first.
  due: (i) => i.despatch_due_on ?? '9999-12-31',
  value: (i) => i.net_value,
};

/** A click on a heading: ascending, then descending, then back to the server's order. */
export function nextResultSort(sort: ResultSort, key: ResultSortKey): ResultSort {
  if (sort?.key !== key) return { key, dir: 'asc' };
  return sort.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/** The results in the chosen order (a new array; ties keep the server's order), or as they came. */
export function sortResults(results: readonly OrderItem[], sort: ResultSort): readonly OrderItem[] {
  if (!sort) return results;
  const value = sortValue[sort.key];
  const factor = sort.dir === 'asc' ? 1 : -1;
  return [...results].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : 0) * factor;
  });
}

/** The line above the results: how many matched, and whether only the best of them are shown. */
export function resultsSummary(answer: SearchResults): string {
  const shown = answer.results.length;
  const total = answer.total;
  if (answer.total_capped) {
    return `More than ${total.toLocaleString('en-GB')} matches; showing the first ${shown}. Refine the search to narrow it down.`;
  }
  if (total > shown) {
    return `${total.toLocaleString('en-GB')} matches; showing the best ${shown}. Refine the search to narrow it down.`;
  }
  return `${total} ${total === 1 ? 'match' : 'matches'}`;
}
