/**
 * The view of an order-item list as the URL keeps it (`?page=&sort=&dir=` and the filter: `group=&state=&
 * flag=&type=&orderer=&due_from=&due_to=&q=`), so reload, back and shared links show the same page: reading
 * it, writing it back with the defaults left out, the next view when a column heading is clicked, and the
 * count line above the table.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { QUEUE_SORTS, type QueuePage } from '../../domain/contract/queues';
import type { ListSort, QueueView } from '../api/queries';
import { EMPTY_FILTER, filterFromParams, filterToParams } from './list-filter';

/** The view a queue opens with: first page, by despatch date, soonest first, no filter. */
export const DEFAULT_QUEUE_VIEW: QueueView = { page: 1, sort: 'due', dir: 'asc', filter: EMPTY_FILTER };

/** The sorts a list offers, and the one it opens with (the escalations desk adds `escalated_at`). */
export interface ListSorts {
  sorts: readonly ListSort[];
  defaults: Pick<QueueView, 'sort' | 'dir'>;
}
const QUEUE_LIST: ListSorts = { sorts: QUEUE_SORTS, defaults: { sort: 'due', dir: 'asc' } };

/** The escalations desk: the queue's sorts plus when the item was escalated, oldest escalation first. */
export const ESCALATIONS_LIST: ListSorts = {
  sorts: [...QUEUE_SORTS, 'escalated_at'],
  defaults: { sort: 'escalated_at', dir: 'asc' },
};
export const DEFAULT_ESCALATIONS_VIEW: QueueView = {
  ...DEFAULT_QUEUE_VIEW,
  ...ESCALATIONS_LIST.defaults,
};

/** The `page` parameter as a page number: 1 when it is missing, not a number or below 1. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** The queue view a URL asks for; anything unknown or missing falls back to the default. */
export function queueViewFromParams(params: URLSearchParams, list: ListSorts = QUEUE_LIST): QueueView {
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    page: pageFromParams(params),
    sort: list.sorts.includes(sort as ListSort) ? (sort as ListSort) : list.defaults.sort,
    dir: dir === 'desc' || dir === 'asc' ? dir : list.defaults.dir,
    filter: filterFromParams(params),
  };
}

/** The URL parameters of a view: only what differs from the default, so a plain queue has a plain URL. */
export function queueViewToParams(view: QueueView, list: ListSorts = QUEUE_LIST): Record<string, string> {
  const out: Record<string, string> = {};
  if (view.page > 1) out.page = String(view.page);
  if (view.sort !== list.defaults.sort) out.sort = view.sort;
  if (view.dir !== list.defaults.dir) out.dir = view.dir;
  return { ...out, ...filterToParams(view.filter) };
}

/** A click on a column heading: the sorted column turns round, another sorts ascending; back to page 1. */
export function sortChange(view: QueueView, key: ListSort): Partial<QueueView> {
  return view.sort === key
    ? { dir: view.dir === 'asc' ? 'desc' : 'asc', page: 1 }
    : { sort: key, dir: 'asc', page: 1 };
}

/** The line above the table: '1–100 of 1,234 items' when paged, else '3 items' (or '1 item'). */
export function queueCountText(data: QueuePage, shown: number): string {
  if (data.total_count === 0) return '0 items';
  const first = (data.page - 1) * data.per_page + 1;
  const all = data.total_count.toLocaleString('en-GB');
  return data.total_pages > 1
    ? `${first.toLocaleString('en-GB')}–${(first + shown - 1).toLocaleString('en-GB')} of ${all} items`
    : `${all} item${data.total_count === 1 ? '' : 's'}`;
}

/**
 * The queue view of the current URL and a way to change it. Paging and sorting replace the history entry
 * (they should not fill the back button); a filter change pushes one, so back undoes it. A filter change goes
 * back to page 1.
 */
export function useQueueView(list: ListSorts = QUEUE_LIST): [QueueView, (next: Partial<QueueView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = queueViewFromParams(params, list);
  const change = useCallback(
    (next: Partial<QueueView>) =>
      setParams(
        (current) => {
          const now = queueViewFromParams(current, list);
          const merged = { ...now, ...next, ...(next.filter ? { page: next.page ?? 1 } : {}) };
          return queueViewToParams(merged, list);
        },
        { replace: !next.filter },
      ),
    [setParams, list],
  );
  return [view, change];
}
