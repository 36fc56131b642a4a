/**
 * The view of an order-item queue as the URL keeps it (`?page=&sort=&dir=&q=`), so reload, back and shared
 * links show the same page: reading it, writing it back with the defaults left out, the next view when a
 * column heading is clicked, and the count line above the table.
 */
import { useSearchParams } from 'react-router';
import { QUEUE_SORTS, type QueuePage, type QueueSort } from '../../domain/contract/queues';
import type { QueueView } from '../api/queries';

/** The view a queue opens with: first page, by despatch date, soonest first, no filter. */
export const DEFAULT_QUEUE_VIEW: QueueView = { page: 1, sort: 'due', dir: 'asc', q: '' };

/** The `page` parameter as a page number: 1 when it is missing, not a number or below 1. */
export function pageFromParams(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/** The queue view a URL asks for; anything unknown or missing falls back to the default. */
export function queueViewFromParams(params: URLSearchParams): QueueView {
  const sort = params.get('sort');
  return {
    page: pageFromParams(params),
    sort: QUEUE_SORTS.includes(sort as QueueSort) ? (sort as QueueSort) : DEFAULT_QUEUE_VIEW.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    q: params.get('q') ?? '',
  };
}

/** The URL parameters of a view: only what differs from the default, so a plain queue has a plain URL. */
export function queueViewToParams(view: QueueView): Record<string, string> {
  const out: Record<string, string> = {};
  if (view.page > 1) out.page = String(view.page);
  if (view.sort !== DEFAULT_QUEUE_VIEW.sort) out.sort = view.sort;
  if (view.dir !== DEFAULT_QUEUE_VIEW.dir) out.dir = view.dir;
  if (view.q) out.q = view.q;
  return out;
}

/** A click on a column heading: the sorted column turns round, another sorts ascending; back to page 1. */
export function sortChange(view: QueueView, key: QueueSort): Partial<QueueView> {
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

/** The queue view of the current URL (`?page=&sort=&dir=&q=`) and a way to change it. */
export function useQueueView(): [QueueView, (next: Partial<QueueView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = queueViewFromParams(params);
  // Replace, not push: paging and sorting should not fill the back button's history.
  const change = (next: Partial<QueueView>) =>
    setParams(queueViewToParams({ ...view, ...next }), { replace: true });
  return [view, change];
}
