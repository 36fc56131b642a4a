// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { DEFAULT_QUEUE_VIEW } from '../../components/queue-view';
import { stubApi } from '../../test/fetch';
import { teamListQuery } from './items-api';

afterEach(() => vi.unstubAllGlobals());

const page = {
  order_items: [],
  page: 2,
  per_page: 100,
  total_count: 0,
  total_pages: 0,
  counts: {
    open: 0,
    by_group: { in_progress: 0, waiting: 0, escalated: 0, on_hold: 0, done: 0, cancelled: 0 },
    overdue: 0,
  },
};

describe('the team list call', () => {
  it('asks for the page with its sort and filter (the unassigned as orderer=none), under order_items', async () => {
    const requests = stubApi({ '/api/v1/order_items/team.json': page });
    const client = new QueryClient();
    const view = {
      ...DEFAULT_QUEUE_VIEW,
      page: 2,
      sort: 'ref' as const,
      dir: 'desc' as const,
      filter: { ...DEFAULT_QUEUE_VIEW.filter, orderer: 'none' as const, state: ['waiting_gro' as const] },
    };
    const answer = await client.fetchQuery(teamListQuery(view));
    expect(answer.counts.open).toBe(0);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v1/order_items/team.json?page=2&sort=ref&dir=desc&state=waiting_gro&orderer=none',
    ]);
    const key = teamListQuery(view).queryKey;
    expect(key[0]).toBe(queryKeys.orderItems.all[0]);
    expect(key).toEqual(queryKeys.orderItems.team(view));
  });
});
