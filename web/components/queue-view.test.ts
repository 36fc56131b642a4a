// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { QueuePage } from '../../domain/contract/queues';
import type { QueueView } from '../api/queries';
import { EMPTY_FILTER } from './list-filter';
import {
  DEFAULT_ESCALATIONS_VIEW,
  DEFAULT_QUEUE_VIEW,
  ESCALATIONS_LIST,
  pageFromParams,
  queueCountText,
  queueViewFromParams,
  queueViewToParams,
  sortChange,
  useQueueView,
} from './queue-view';

const params = (query: string) => new URLSearchParams(query);

describe('pageFromParams', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=abc', 1],
    ['page=2.7', 2],
  ])('?%s is page %i', (query, page) => {
    expect(pageFromParams(params(query))).toBe(page);
  });
});

describe('queueViewFromParams', () => {
  it('is the default view for a bare URL', () => {
    expect(queueViewFromParams(params(''))).toEqual(DEFAULT_QUEUE_VIEW);
  });

  it('reads page, sort, direction and filter', () => {
    expect(queueViewFromParams(params('page=4&sort=customer&dir=desc&q=Smith&flag=overdue'))).toEqual({
      page: 4,
      sort: 'customer',
      dir: 'desc',
      filter: { ...EMPTY_FILTER, q: 'Smith', flag: ['overdue'] },
    });
  });

  it('ignores a sort or direction it does not know (an old or hand-edited link)', () => {
    expect(queueViewFromParams(params('sort=price&dir=down'))).toEqual(DEFAULT_QUEUE_VIEW);
    // escalated_at is the escalations desk's, not a queue's.
    expect(queueViewFromParams(params('sort=escalated_at'))).toEqual(DEFAULT_QUEUE_VIEW);
  });

  it('reads the escalations desk with its own sorts and default (oldest escalation first)', () => {
    expect(queueViewFromParams(params(''), ESCALATIONS_LIST)).toEqual(DEFAULT_ESCALATIONS_VIEW);
    expect(queueViewFromParams(params('sort=customer&dir=desc'), ESCALATIONS_LIST)).toMatchObject({
      sort: 'customer',
      dir: 'desc',
    });
    expect(queueViewToParams(DEFAULT_ESCALATIONS_VIEW, ESCALATIONS_LIST)).toEqual({});
    expect(queueViewToParams({ ...DEFAULT_ESCALATIONS_VIEW, sort: 'due' }, ESCALATIONS_LIST)).toEqual({
      sort: 'due',
    });
  });
});

describe('queueViewToParams', () => {
  it('leaves the defaults out, so the plain queue has a plain URL', () => {
    expect(queueViewToParams(DEFAULT_QUEUE_VIEW)).toEqual({});
  });

  it('writes what differs from the default', () => {
    expect(
      queueViewToParams({ page: 2, sort: 'ref', dir: 'desc', filter: { ...EMPTY_FILTER, q: '1002' } }),
    ).toEqual({
      page: '2',
      sort: 'ref',
      dir: 'desc',
      q: '1002',
    });
  });

  it('round-trips through the URL', () => {
    const view: QueueView = {
      page: 7,
      sort: 'value',
      dir: 'desc',
      filter: {
        ...EMPTY_FILTER,
        q: 'deed poll',
        group: ['waiting'],
        state: ['waiting_gro'],
        type: ['Adult Deed Poll'],
        due_from: '2026-01-01',
      },
    };
    expect(queueViewFromParams(new URLSearchParams(queueViewToParams(view)))).toEqual(view);
  });
});

describe('sortChange', () => {
  it('turns the sorted column round and goes back to page 1', () => {
    expect(sortChange({ ...DEFAULT_QUEUE_VIEW, page: 3 }, 'due')).toEqual({ dir: 'desc', page: 1 });
    expect(sortChange({ ...DEFAULT_QUEUE_VIEW, dir: 'desc' }, 'due')).toEqual({ dir: 'asc', page: 1 });
  });

  it('sorts another column ascending', () => {
    expect(sortChange({ ...DEFAULT_QUEUE_VIEW, dir: 'desc', page: 5 }, 'state')).toEqual({
      sort: 'state',
      dir: 'asc',
      page: 1,
    });
  });
});

describe('queueCountText', () => {
  const page = (over: Partial<QueuePage>): QueuePage => ({
    page: 1,
    per_page: 100,
    total_count: 0,
    total_pages: 0,
    order_items: [],
    ...over,
  });

  it('says when there are none, one, or a few', () => {
    expect(queueCountText(page({}), 0)).toBe('0 items');
    expect(queueCountText(page({ total_count: 1, total_pages: 1 }), 1)).toBe('1 item');
    expect(queueCountText(page({ total_count: 42, total_pages: 1 }), 42)).toBe('42 items');
  });

  it('gives the range shown when paged, with thousands separated', () => {
    expect(queueCountText(page({ page: 1, total_count: 1234, total_pages: 13 }), 100)).toBe(
      '1–100 of 1,234 items',
    );
    expect(queueCountText(page({ page: 13, total_count: 1234, total_pages: 13 }), 34)).toBe(
      '1,201–1,234 of 1,234 items',
    );
  });
});

describe('useQueueView', () => {
  const render = (url: string) =>
    renderHook(() => ({ queue: useQueueView(), location: useLocation(), how: useNavigationType() }), {
      wrapper: ({ children }: { children: ReactNode }) =>
        createElement(MemoryRouter, { initialEntries: [url] }, children),
    });

  it('reads the view from the URL; paging and sorting replace the current entry', () => {
    const hook = render('/my-queue?sort=ref&page=2');
    expect(hook.result.current.queue[0]).toEqual({ page: 2, sort: 'ref', dir: 'asc', filter: EMPTY_FILTER });

    act(() => hook.result.current.queue[1]({ page: 3 }));
    expect(hook.result.current.location.search).toBe('?page=3&sort=ref');
    // Replaced, not pushed: paging and sorting do not fill the back button's history.
    expect(hook.result.current.how).toBe('REPLACE');
    hook.unmount();
  });

  it('a filter change goes back to page 1 and is a new history entry (back undoes it)', () => {
    const hook = render('/my-queue?sort=ref&page=2');
    act(() => hook.result.current.queue[1]({ filter: { ...EMPTY_FILTER, q: 'Smith', group: ['waiting'] } }));
    expect(hook.result.current.location.search).toBe('?sort=ref&group=waiting&q=Smith');
    expect(hook.result.current.queue[0]).toEqual({
      page: 1,
      sort: 'ref',
      dir: 'asc',
      filter: { ...EMPTY_FILTER, q: 'Smith', group: ['waiting'] },
    });
    expect(hook.result.current.how).toBe('PUSH');
    hook.unmount();
  });
});
